// RUN: %distc-opt %s --distruntime-check-waits --split-input-file --verify-diagnostics

func.func @never_waited(%x: tensor<4xf64>) {
  // expected-error @+1 {{async handle is never waited on}}
  %h, %s = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  return
}

// -----

func.func @waited_twice(%x: tensor<4xf64>) {
  %h, %s = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  // expected-note @+1 {{first wait here}}
  distruntime.wait %h : !distruntime.asynchandle
  // expected-error @+1 {{async handle is waited on more than once}}
  distruntime.wait %h : !distruntime.asynchandle
  return
}

// -----

func.func @use_before_wait(%x: tensor<4xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %h, %s = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  // expected-error @+1 {{value produced by 'distruntime.allreduce' is used before its 'distruntime.wait'}}
  %v = tensor.extract %s[%c0] : tensor<4xf64>
  // expected-note @+1 {{the wait is here}}
  distruntime.wait %h : !distruntime.asynchandle
  return %v : f64
}

// -----

func.func @halo_use_in_region_before_wait(%x: tensor<?x?xf64>, %i: index, %c: i1) {
  %h, %l, %r = distruntime.update_halo %x g_shape %i, %i l_offs %i, %i bb_offs %i, %i bb_sizes %i, %i
    {team = 1 : i64} : (tensor<?x?xf64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x?xf64>, tensor<?x?xf64>)
  scf.if %c {
    // expected-error @+1 {{value produced by 'distruntime.update_halo' is used before its 'distruntime.wait'}}
    %e = tensor.extract %r[%i, %i] : tensor<?x?xf64>
  }
  // expected-note @+1 {{the wait is here}}
  distruntime.wait %h : !distruntime.asynchandle
  return
}

// -----

// Correct programs pass: shape-only uses before the wait, waits in another
// function, waits in both branches.
func.func @shape_only(%x: tensor<?xf64>, %i: index) -> index {
  %c0 = arith.constant 0 : index
  %h, %o = distruntime.copy_reshape %x g_shape %i l_offs %i to n_g_shape %i n_offs %i n_shape %i
    {team = 1 : i64} : (tensor<?xf64>, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xf64>)
  %d = tensor.dim %o, %c0 : tensor<?xf64>
  distruntime.wait %h : !distruntime.asynchandle
  return %d : index
}
func.func private @wait_elsewhere(!distruntime.asynchandle)
func.func @escapes(%x: tensor<4xf64>) {
  %h, %s = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  call @wait_elsewhere(%h) : (!distruntime.asynchandle) -> ()
  return
}
func.func @branches(%x: tensor<4xf64>, %c: i1) {
  %h, %s = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  scf.if %c {
    distruntime.wait %h : !distruntime.asynchandle
  } else {
    distruntime.wait %h : !distruntime.asynchandle
  }
  return
}

// -----

// Waited on in both branches: every path waits once.
func.func @waited_in_both_branches(%x: tensor<4xf64>, %c: i1) {
  %h, %s = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  scf.if %c {
    distruntime.wait %h : !distruntime.asynchandle
  } else {
    distruntime.wait %h : !distruntime.asynchandle
  }
  return
}

// -----

func.func @waited_in_one_branch(%x: tensor<4xf64>, %c: i1) {
  // expected-error @+1 {{async handle is not waited on every path}}
  %h, %s = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  scf.if %c {
    // expected-note @+1 {{waited on here only on some paths}}
    distruntime.wait %h : !distruntime.asynchandle
  }
  return
}

// -----

func.func @waited_in_nested_branches(%x: tensor<4xf64>, %c: i1, %d: i1) {
  // expected-error @+1 {{async handle is not waited on every path}}
  %h, %s = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  scf.if %c {
    // expected-note @+1 {{waited on here only on some paths}}
    distruntime.wait %h : !distruntime.asynchandle
  } else {
    scf.if %d {
      distruntime.wait %h : !distruntime.asynchandle
    }
  }
  return
}

// -----

func.func @waited_in_a_loop(%x: tensor<4xf64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-note @+1 {{the handle is produced here}}
  %h, %s = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  scf.for %i = %c0 to %n step %c1 {
    // expected-error @+1 {{async handle is waited on inside a loop that its operation is outside of}}
    distruntime.wait %h : !distruntime.asynchandle
  }
  return
}

// -----

// Started and waited in the same loop iteration: fine.
func.func @started_and_waited_in_a_loop(%x: tensor<4xf64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %h, %s = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
    distruntime.wait %h : !distruntime.asynchandle
  }
  return
}

// -----

func.func @waited_in_a_branch_and_after(%x: tensor<4xf64>, %c: i1) {
  %h, %s = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  scf.if %c {
    // expected-error @+1 {{async handle is waited on more than once on the paths through this wait}}
    distruntime.wait %h : !distruntime.asynchandle
  }
  // expected-note @+1 {{also waited on here, on every path}}
  distruntime.wait %h : !distruntime.asynchandle
  return
}
