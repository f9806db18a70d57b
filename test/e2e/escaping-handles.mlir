// Handles that leave the block of their operation: returned from a function,
// yielded from scf.if, carried through a loop. The block that allocated an
// output frees it (ownership-based deallocation) before the wait; the
// runtime must defer that free until the wait returns (docs/runtime.md,
// "Buffer lifetimes"), or it writes into freed memory: blocks of 800 kB,
// which glibc unmaps when they are freed, and blocks of 1.6 MB, which the
// allocator hands out again to the next copy. Each rank receives the block
// of the next rank, filled with 10 x (that rank's number + 1) by the copy
// whose output is read, and with other values by the others.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 %t | env LC_ALL=C sort | FileCheck %s --check-prefix=N1
// RUN: %mpirun -n 2 %t | env LC_ALL=C sort | FileCheck %s --check-prefix=N2
// RUN: %mpirun -n 3 %t | env LC_ALL=C sort | FileCheck %s --check-prefix=N3
// RUN: env IDTR_DIRECT=0 %mpirun -n 2 %t | env LC_ALL=C sort | FileCheck %s --check-prefix=N2

// N1-COUNT-1: done
// N1-NEXT: returned: received 10 from the next rank
// N1-NEXT: returned: received 10 from the next rank
// N2-COUNT-2: done
// N2-NEXT: returned: received 10 from the next rank
// N2-NEXT: returned: received 10 from the next rank
// N2-NEXT: returned: received 20 from the next rank
// N2-NEXT: returned: received 20 from the next rank
// N3-COUNT-3: done
// N3-NEXT: returned: received 10 from the next rank
// N3-NEXT: returned: received 10 from the next rank
// N3-NEXT: returned: received 20 from the next rank
// N3-NEXT: returned: received 20 from the next rank
// N3-NEXT: returned: received 30 from the next rank
// N3-NEXT: returned: received 30 from the next rank

// Starts the copy; its output is never read, so it is freed right here.
func.func @start(%x: tensor<?xf64>, %g: index, %lo: index, %no: index, %n: index)
    -> !distruntime.asynchandle {
  %h, %o = distruntime.copy_reshape %x g_shape %g l_offs %lo to n_g_shape %g n_offs %no n_shape %n {team = 0 : i64}
    : (tensor<?xf64>, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xf64>)
  return %h : !distruntime.asynchandle
}

// Starts the copy and returns its output with the handle.
func.func @startWithOutput(%x: tensor<?xf64>, %g: index, %lo: index, %no: index, %n: index)
    -> (!distruntime.asynchandle, tensor<?xf64>) {
  %h, %o = distruntime.copy_reshape %x g_shape %g l_offs %lo to n_g_shape %g n_offs %no n_shape %n {team = 0 : i64}
    : (tensor<?xf64>, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xf64>)
  return %h, %o : !distruntime.asynchandle, tensor<?xf64>
}

// Copies the block of the next rank twice: first with the output unused
// (freed before the wait), then with the output returned and checked.
func.func @roundTrip(%n: index, %last: index) {
  %P = distruntime.team_size {team = 0 : i64}
  %r = distruntime.team_member {team = 0 : i64}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %N = arith.muli %P, %n : index
  %lo = arith.muli %r, %n : index
  %r1 = arith.addi %r, %c1 : index
  %next = arith.remui %r1, %P : index
  %no = arith.muli %next, %n : index
  %ri = arith.index_cast %r1 : index to i64
  %rf = arith.sitofp %ri : i64 to f64
  %ten = arith.constant 10.0 : f64
  %rf10 = arith.mulf %rf, %ten : f64
  %x = tensor.splat %rf[%n] : tensor<?xf64>
  %x10 = tensor.splat %rf10[%n] : tensor<?xf64>
  %h1 = call @start(%x, %N, %lo, %no, %n) : (tensor<?xf64>, index, index, index, index) -> !distruntime.asynchandle
  %h2, %o2 = call @startWithOutput(%x10, %N, %lo, %no, %n) : (tensor<?xf64>, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xf64>)
  distruntime.wait %h1 : !distruntime.asynchandle
  distruntime.wait %h2 : !distruntime.asynchandle
  %first = tensor.extract %o2[%c0] : tensor<?xf64>
  %end = tensor.extract %o2[%last] : tensor<?xf64>
  %same = arith.cmpf oeq, %first, %end : f64
  scf.if %same {
    %v = arith.fptosi %first : f64 to i64
    vector.print str "returned: received "
    vector.print %v : i64 punctuation <no_punctuation>
    vector.print str " from the next rank\n"
  }
  return
}

func.func @main() {
  %P = distruntime.team_size {team = 0 : i64}
  %r = distruntime.team_member {team = 0 : i64}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %small = arith.constant 100000 : index
  %smallLast = arith.constant 99999 : index
  call @roundTrip(%small, %smallLast) : (index, index) -> ()
  %n = arith.constant 200000 : index
  %last = arith.constant 199999 : index
  call @roundTrip(%n, %last) : (index, index) -> ()

  %N = arith.muli %P, %n : index
  %lo = arith.muli %r, %n : index
  %r1 = arith.addi %r, %c1 : index
  %next = arith.remui %r1, %P : index
  %no = arith.muli %next, %n : index
  %ri = arith.index_cast %r1 : index to i64
  %rf = arith.sitofp %ri : i64 to f64
  %x = tensor.splat %rf[%n] : tensor<?xf64>

  // Handle yielded from scf.if.
  %true = arith.cmpi sge, %r, %c0 : index
  %h3 = scf.if %true -> !distruntime.asynchandle {
    %a, %oa = distruntime.copy_reshape %x g_shape %N l_offs %lo to n_g_shape %N n_offs %no n_shape %n {team = 0 : i64}
      : (tensor<?xf64>, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xf64>)
    scf.yield %a : !distruntime.asynchandle
  } else {
    %b, %ob = distruntime.copy_reshape %x g_shape %N l_offs %lo to n_g_shape %N n_offs %no n_shape %n {team = 0 : i64}
      : (tensor<?xf64>, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xf64>)
    scf.yield %b : !distruntime.asynchandle
  }
  distruntime.wait %h3 : !distruntime.asynchandle

  // Carried through a loop: each iteration waits on the previous copy and
  // starts the next.
  %h4 = call @start(%x, %N, %lo, %no, %n) : (tensor<?xf64>, index, index, index, index) -> !distruntime.asynchandle
  %h5 = scf.for %i = %c0 to %c4 step %c1 iter_args(%h = %h4) -> (!distruntime.asynchandle) {
    distruntime.wait %h : !distruntime.asynchandle
    %hn = func.call @start(%x, %N, %lo, %no, %n) : (tensor<?xf64>, index, index, index, index) -> !distruntime.asynchandle
    scf.yield %hn : !distruntime.asynchandle
  }
  distruntime.wait %h5 : !distruntime.asynchandle
  vector.print str "done\n"
  return
}
