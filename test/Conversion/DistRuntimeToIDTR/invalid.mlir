// RUN: %distc-opt %s --lower-distruntime-to-idtr --split-input-file --verify-diagnostics

// expected-error @+1 {{conflicting declaration of runtime function '_idtr_wait': expected type '(i64) -> ()', found '(i32) -> ()'}}
func.func private @_idtr_wait(i32)

// -----

// expected-error @+1 {{symbol '_idtr_nprocs' is reserved for the IDTR runtime but is not a func.func}}
memref.global "private" @_idtr_nprocs : memref<i64>

// -----

func.func @f8(%x: tensor<4xf8E5M2>) {
  // expected-error @+1 {{element type 'f8E5M2' has no IDTR runtime entry point (supported: f64, f32, i64, i32, i16, i8, i1, f16, bf16, complex<f32>, complex<f64>)}}
  %h, %s = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xf8E5M2>) -> (!distruntime.asynchandle, tensor<4xf8E5M2>)
  distruntime.wait %h : !distruntime.asynchandle
  return
}

// -----

func.func @f128(%x: tensor<?xf128>, %i: index) {
  // expected-error @+1 {{element type 'f128' has no IDTR runtime entry point}}
  %h, %o = distruntime.copy_reshape %x g_shape %i l_offs %i to n_g_shape %i n_offs %i n_shape %i
    {team = 1 : i64} : (tensor<?xf128>, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xf128>)
  distruntime.wait %h : !distruntime.asynchandle
  return
}


// -----

func.func @complex(%x: tensor<?x?xcomplex<f16>>, %i: index) {
  // expected-error @+1 {{element type 'complex<f16>' has no IDTR runtime entry point}}
  %h, %l, %r = distruntime.update_halo %x g_shape %i, %i l_offs %i, %i bb_offs %i, %i bb_sizes %i, %i
    {team = 1 : i64} : (tensor<?x?xcomplex<f16>>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x?xcomplex<f16>>, tensor<?x?xcomplex<f16>>)
  distruntime.wait %h : !distruntime.asynchandle
  return
}

// -----

func.func @unsigned(%x: tensor<4xui32>) {
  // expected-error @+1 {{element type 'ui32' has no IDTR runtime entry point}}
  %h, %s = distruntime.allreduce max %x {team = 1 : i64} : (tensor<4xui32>) -> (!distruntime.asynchandle, tensor<4xui32>)
  distruntime.wait %h : !distruntime.asynchandle
  return
}

// -----

// Calls of a declaration with llvm.emit_c_interface would go to
// `_mlir_ciface__idtr_...`, which the runtime does not provide.
// expected-error @+1 {{conflicting declaration of runtime function '_idtr_allreduce_f64': it must not carry 'llvm.emit_c_interface'}}
func.func private @_idtr_allreduce_f64(i64, memref<*xf64>, memref<*xf64>, i32) -> i64 attributes {llvm.emit_c_interface}

// -----

// An llvm.func of an entry point's name (distc's --emit=mlir output) must
// have the entry point's lowered type: the memref arguments as (rank, ptr).
// expected-error @+1 {{conflicting declaration of runtime function '_idtr_reduce_all_f64': expected type '!llvm.func<void (i64, ptr, i32)>', found '!llvm.func<void (ptr, i32)>'}}
llvm.func @_idtr_reduce_all_f64(!llvm.ptr, i32)

// -----

// An entry point declared only where it is used (the panel broadcast) is
// not declared for an element type the runtime lacks: the op is reported.
func.func @panel_f128(%a: tensor<?x?xf128>, %k: index, %k0: index, %m: index, %w: index) {
  // expected-error @+1 {{element type 'f128' has no IDTR runtime entry point}}
  %h, %p = distruntime.bcast_panel %a extent %k start %k0 sizes(%m, %w)
    {dim = 1 : i64, team = 1 : i64} : tensor<?x?xf128> -> tensor<?x?xf128>
  distruntime.wait %h : !distruntime.asynchandle
  return
}
