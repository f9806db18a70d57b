// RUN: %distc-opt %s --lower-distruntime-to-idtr --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @copy_reshape
// CHECK-SAME: (%[[L:.*]]: tensor<?x?xi64>, %[[G0:.*]]: index, %[[G1:.*]]: index, %[[O0:.*]]: index, %[[O1:.*]]: index, %[[NG:.*]]: index, %[[NO:.*]]: index, %[[NS:.*]]: index)
// CHECK: %[[OUT:.*]] = memref.alloc(%[[NS]]) : memref<?xi64>
// CHECK: %[[TEAM:.*]] = arith.constant 22 : i64
// CHECK: memref.store %[[G0]], %[[GS:.*]][%{{.*}}] : memref<2xindex>
// CHECK: memref.store %[[G1]], %[[GS]][%{{.*}}] : memref<2xindex>
// CHECK: %[[GSU:.*]] = memref.cast %[[GS]] : memref<2xindex> to memref<*xindex>
// CHECK: %[[IN:.*]] = bufferization.to_buffer %[[L]] read_only : tensor<?x?xi64> to memref<?x?xi64, strided<[?, ?], offset: ?>>
// CHECK: %[[INU:.*]] = memref.cast %[[IN]] : memref<?x?xi64, strided<[?, ?], offset: ?>> to memref<*xi64>
// CHECK: %[[OUTU:.*]] = memref.cast %[[OUT]] : memref<?xi64> to memref<*xi64>
// CHECK: %[[H:.*]] = call @_idtr_copy_reshape_i64(%[[TEAM]], %[[GSU]], %{{.*}}, %[[INU]], %{{.*}}, %{{.*}}, %[[OUTU]]) : (i64, memref<*xindex>, memref<*xindex>, memref<*xi64>, memref<*xindex>, memref<*xindex>, memref<*xi64>) -> i64
// The output's tensor is defined after the wait (a tensor-level rewrite
// may move its pure users up to its definition).
// CHECK: call @_idtr_wait(%[[H]]) : (i64) -> ()
// CHECK: %[[T:.*]] = bufferization.to_tensor %[[OUT]] restrict writable : memref<?xi64> to tensor<?xi64>
// CHECK: return %[[T]]
func.func @copy_reshape(%local: tensor<?x?xi64>, %g0: index, %g1: index, %o0: index, %o1: index,
                        %ng0: index, %no0: index, %ns0: index) -> tensor<?xi64> {
  %h, %out = distruntime.copy_reshape %local
    g_shape %g0, %g1 l_offs %o0, %o1
    to n_g_shape %ng0 n_offs %no0 n_shape %ns0
    {team = 22 : i64}
    : (tensor<?x?xi64>, index, index, index, index, index, index, index)
    -> (!distruntime.asynchandle, tensor<?xi64>)
  distruntime.wait %h : !distruntime.asynchandle
  return %out : tensor<?xi64>
}

// CHECK: func.func private @_idtr_nprocs(i64) -> i64
// CHECK: func.func private @_idtr_prank(i64) -> i64
// CHECK: func.func private @_idtr_wait(i64)
// CHECK: func.func private @_idtr_copy_reshape_f64(i64, memref<*xindex>, memref<*xindex>, memref<*xf64>, memref<*xindex>, memref<*xindex>, memref<*xf64>) -> i64
// CHECK: func.func private @_idtr_copy_permute_f64(i64, memref<*xindex>, memref<*xindex>, memref<*xf64>, memref<*xindex>, memref<*xf64>, memref<*xindex>) -> i64
// CHECK: func.func private @_idtr_update_halo_f64(i64, memref<*xindex>, memref<*xindex>, memref<*xf64>, memref<*xindex>, memref<*xindex>, memref<*xf64>, memref<*xf64>, i64) -> i64
// CHECK: func.func private @_idtr_allreduce_f64(i64, memref<*xf64>, memref<*xf64>, i32) -> i64
// CHECK: func.func private @_idtr_reduce_all_f64(memref<*xf64>, i32)
// CHECK: func.func private @_idtr_reduce_all_i1(memref<*xi1>, i32)

// -----

// CHECK-LABEL: func.func @copy_permute
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<2x5xf32>
// CHECK: memref.cast %[[OUT]] :
// CHECK: %[[A0:.*]] = arith.constant 1 : index
// CHECK: %[[A1:.*]] = arith.constant 0 : index
// CHECK: memref.store %[[A0]], %[[AXES:.*]][%{{.*}}]
// CHECK: memref.store %[[A1]], %[[AXES]][%{{.*}}]
// CHECK: %[[AXESU:.*]] = memref.cast %[[AXES]] : memref<2xindex> to memref<*xindex>
// CHECK: %[[H:.*]] = call @_idtr_copy_permute_f32(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[AXESU]]) : (i64, memref<*xindex>, memref<*xindex>, memref<*xf32>, memref<*xindex>, memref<*xf32>, memref<*xindex>) -> i64
// CHECK: call @_idtr_wait(%[[H]])
// CHECK: bufferization.to_tensor %[[OUT]] restrict writable : memref<2x5xf32> to tensor<2x5xf32>
func.func @copy_permute(%local: tensor<5x2xf32>, %g0: index, %g1: index, %o0: index, %o1: index,
                        %no0: index, %no1: index, %ns0: index, %ns1: index) -> tensor<2x5xf32> {
  %h, %out = distruntime.copy_permute %local
    g_shape %g0, %g1 l_offs %o0, %o1
    to n_offs %no0, %no1 n_shape %ns0, %ns1 axes [1, 0]
    {team = 7 : i64}
    : (tensor<5x2xf32>, index, index, index, index, index, index, index, index)
    -> (!distruntime.asynchandle, tensor<2x5xf32>)
  distruntime.wait %h : !distruntime.asynchandle
  return %out : tensor<2x5xf32>
}

// -----

// CHECK-LABEL: func.func @team
// CHECK: %[[T:.*]] = arith.constant 3 : i64
// CHECK: %[[N:.*]] = call @_idtr_nprocs(%[[T]]) : (i64) -> i64
// CHECK: %[[NI:.*]] = arith.index_cast %[[N]] : i64 to index
// CHECK: %[[T2:.*]] = arith.constant 3 : i64
// CHECK: %[[R:.*]] = call @_idtr_prank(%[[T2]]) : (i64) -> i64
// CHECK: %[[RI:.*]] = arith.index_cast %[[R]] : i64 to index
// CHECK: return %[[NI]], %[[RI]]
func.func @team() -> (index, index) {
  %n = distruntime.team_size {team = 3 : i64}
  %r = distruntime.team_member {team = 3 : i64}
  return %n, %r : index, index
}

// -----

// Reduction codes are IDTR's: MAX=0, MIN=2, PROD=3, SUM=4.
// CHECK-LABEL: func.func @allreduce
// CHECK: %[[OUT:.*]] = memref.alloc(%{{.*}}) : memref<?xi32>
// CHECK: %[[SUM:.*]] = arith.constant 4 : i32
// CHECK: call @_idtr_allreduce_i32(%{{.*}}, %{{.*}}, %{{.*}}, %[[SUM]]) : (i64, memref<*xi32>, memref<*xi32>, i32) -> i64
// CHECK: arith.constant 3 : i32
// CHECK: call @_idtr_allreduce_i8
// CHECK: arith.constant 2 : i32
// CHECK: call @_idtr_allreduce_f64
// CHECK: arith.constant 0 : i32
// CHECK: call @_idtr_allreduce_i1
func.func @allreduce(%x: tensor<?xi32>, %y: tensor<i8>, %z: tensor<2x2xf64>, %b: tensor<3xi1>) {
  %h, %s = distruntime.allreduce sum %x {team = 22 : i64} : (tensor<?xi32>) -> (!distruntime.asynchandle, tensor<?xi32>)
  distruntime.wait %h : !distruntime.asynchandle
  %h1, %p = distruntime.allreduce prod %y {team = 22 : i64} : (tensor<i8>) -> (!distruntime.asynchandle, tensor<i8>)
  distruntime.wait %h1 : !distruntime.asynchandle
  %h2, %m = distruntime.allreduce min %z {team = 22 : i64} : (tensor<2x2xf64>) -> (!distruntime.asynchandle, tensor<2x2xf64>)
  distruntime.wait %h2 : !distruntime.asynchandle
  %h3, %mx = distruntime.allreduce max %b {team = 22 : i64} : (tensor<3xi1>) -> (!distruntime.asynchandle, tensor<3xi1>)
  distruntime.wait %h3 : !distruntime.asynchandle
  return
}

// -----

// CHECK-LABEL: func.func @update_halo
// CHECK-SAME: (%[[L:.*]]: tensor<?x?xf64>, %{{.*}}: index, %{{.*}}: index, %[[O0:.*]]: index, %{{.*}}: index, %[[B0:.*]]: index, %{{.*}}: index, %[[S0:.*]]: index, %[[S1:.*]]: index)
// CHECK: %[[END:.*]] = arith.addi %[[B0]], %[[S0]] : index
// CHECK: %[[ROWS:.*]] = tensor.dim %[[L]], %{{.*}} : tensor<?x?xf64>
// CHECK: %[[OWNEND:.*]] = arith.addi %[[O0]], %[[ROWS]] : index
// CHECK: %[[LEND:.*]] = arith.minsi %[[O0]], %[[END]] : index
// CHECK: %[[LDIFF:.*]] = arith.subi %[[LEND]], %[[B0]] : index
// CHECK: %[[LROWS:.*]] = arith.maxsi %[[LDIFF]], %{{.*}} : index
// CHECK: %[[RBEGIN:.*]] = arith.maxsi %[[OWNEND]], %[[B0]] : index
// CHECK: %[[RDIFF:.*]] = arith.subi %[[END]], %[[RBEGIN]] : index
// CHECK: %[[RROWS:.*]] = arith.maxsi %[[RDIFF]], %{{.*}} : index
// CHECK: %[[LH:.*]] = memref.alloc(%[[LROWS]], %[[S1]]) : memref<?x?xf64>
// CHECK: %[[RH:.*]] = memref.alloc(%[[RROWS]], %[[S1]]) : memref<?x?xf64>
// CHECK: %[[KEY:.*]] = arith.constant -1 : i64
// CHECK: %[[H:.*]] = call @_idtr_update_halo_f64(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[KEY]]) : (i64, memref<*xindex>, memref<*xindex>, memref<*xf64>, memref<*xindex>, memref<*xindex>, memref<*xf64>, memref<*xf64>, i64) -> i64
// CHECK: call @_idtr_wait(%[[H]])
// CHECK: bufferization.to_tensor %[[LH]] restrict writable
// CHECK: bufferization.to_tensor %[[RH]] restrict writable
// CHECK: arith.constant 9 : i64
// CHECK: call @_idtr_update_halo_f64
func.func @update_halo(%local: tensor<?x?xf64>, %g0: index, %g1: index, %o0: index, %o1: index,
                       %b0: index, %b1: index, %s0: index, %s1: index) -> (tensor<?x?xf64>, tensor<?x?xf64>) {
  %h, %lh, %rh = distruntime.update_halo %local
    g_shape %g0, %g1 l_offs %o0, %o1 bb_offs %b0, %b1 bb_sizes %s0, %s1
    {team = 22 : i64}
    : (tensor<?x?xf64>, index, index, index, index, index, index, index, index)
    -> (!distruntime.asynchandle, tensor<?x?xf64>, tensor<?x?xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  %h2, %lh2, %rh2 = distruntime.update_halo %local
    g_shape %g0, %g1 l_offs %o0, %o1 bb_offs %b0, %b1 bb_sizes %s0, %s1
    {team = 22 : i64, key = 9 : i64}
    : (tensor<?x?xf64>, index, index, index, index, index, index, index, index)
    -> (!distruntime.asynchandle, tensor<?x?xf64>, tensor<?x?xf64>)
  distruntime.wait %h2 : !distruntime.asynchandle
  return %lh, %rh : tensor<?x?xf64>, tensor<?x?xf64>
}

// -----

// Handles become i64 also across function boundaries and scf regions.
// CHECK-LABEL: func.func @wait_elsewhere(%{{.*}}: i64)
// CHECK: call @_idtr_wait(%{{.*}}) : (i64) -> ()
func.func @wait_elsewhere(%h: !distruntime.asynchandle) {
  distruntime.wait %h : !distruntime.asynchandle
  return
}
// CHECK-LABEL: func.func @handle_through_if
// CHECK: %[[H:.*]] = call @_idtr_allreduce_f64
// CHECK: %[[SEL:.*]] = scf.if %{{.*}} -> (i64) {
// CHECK:   scf.yield %[[H]] : i64
// CHECK: call @wait_elsewhere(%[[SEL]]) : (i64) -> ()
func.func @handle_through_if(%x: tensor<4xf64>, %c: i1) -> tensor<4xf64> {
  %h, %s = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  %sel = scf.if %c -> (!distruntime.asynchandle) {
    scf.yield %h : !distruntime.asynchandle
  } else {
    scf.yield %h : !distruntime.asynchandle
  }
  call @wait_elsewhere(%sel) : (!distruntime.asynchandle) -> ()
  return %s : tensor<4xf64>
}

// -----

// Shape buffers live in the function's entry block, not in the loop body.
// CHECK-LABEL: func.func @in_loop
// CHECK-COUNT-4: memref.alloca() : memref<1xindex>
// CHECK: scf.for
// CHECK-NOT: memref.alloca
// CHECK: call @_idtr_copy_reshape_f64
func.func @in_loop(%x: tensor<?xf64>, %n: index, %i: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %k = %c0 to %n step %c1 {
    %h, %o = distruntime.copy_reshape %x g_shape %i l_offs %i to n_g_shape %i n_offs %i n_shape %i
      {team = 1 : i64} : (tensor<?xf64>, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xf64>)
    distruntime.wait %h : !distruntime.asynchandle
  }
  return
}

// -----

// A 0-d input passes empty shape lists.
// CHECK-LABEL: func.func @scalar
// CHECK: memref.alloca() : memref<0xindex>
// CHECK: call @_idtr_copy_reshape_i8
func.func @scalar(%s: tensor<i8>, %a: index, %b: index, %c: index) -> tensor<?xi8> {
  %h, %out = distruntime.copy_reshape %s g_shape l_offs to n_g_shape %a n_offs %b n_shape %c
    {team = 1 : i64} : (tensor<i8>, index, index, index) -> (!distruntime.asynchandle, tensor<?xi8>)
  distruntime.wait %h : !distruntime.asynchandle
  return %out : tensor<?xi8>
}

// -----

// A handle that leaves its block (here: returned) has no wait to define the
// output after: the output's tensor is defined right after the call, as
// the value that travels with the handle.
// CHECK-LABEL: func.func @escaping_handle
// CHECK: %[[H:.*]] = call @_idtr_copy_reshape_f64
// CHECK-NEXT: %[[T:.*]] = bufferization.to_tensor
// CHECK: return %[[H]], %[[T]] : i64, tensor<?xf64>
func.func @escaping_handle(%local: tensor<?xf64>, %g0: index, %o0: index, %n0: index)
    -> (!distruntime.asynchandle, tensor<?xf64>) {
  %h, %out = distruntime.copy_reshape %local g_shape %g0 l_offs %o0
    to n_g_shape %g0 n_offs %o0 n_shape %n0 {team = 0 : i64}
    : (tensor<?xf64>, index, index, index, index, index)
    -> (!distruntime.asynchandle, tensor<?xf64>)
  return %h, %out : !distruntime.asynchandle, tensor<?xf64>
}

// -----

// update_grid_halo passes its periodic mask and corners (1, or 0 for a
// star stencil's faces) before the site key.
// CHECK-LABEL: func.func @grid_halo_corners
// CHECK: %[[P:.*]] = arith.constant 3 : i64
// CHECK: %[[C:.*]] = arith.constant 0 : i64
// CHECK: call @_idtr_update_grid_halo_f64({{.*}}, %[[P]], %[[C]], %{{.*}}) : (i64, memref<*xindex>, memref<*xindex>, memref<*xf64>, memref<*xindex>, memref<*xindex>, memref<*xindex>, memref<*xf64>, i64, i64, i64) -> i64
func.func @grid_halo_corners(%t: tensor<?x?xf64>, %i: index) -> tensor<?xf64> {
  %h, %halo = distruntime.update_grid_halo %t g_shape %i, %i l_offs %i, %i grid %i, %i size %i
    {team = 0 : i64, split = array<i64: 0, 1>, low = array<i64: 1, 1>, high = array<i64: 1, 1>, periodic = 3 : i64, corners = false}
    : (tensor<?x?xf64>, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  return %halo : tensor<?xf64>
}

// -----

// A pure user of the output between the op and its wait (a tensor.cast)
// moves below the wait, so that the output's tensor is still defined after
// the wait (a copy that bufferization put at the definition read the
// buffer before the runtime had filled it).
// CHECK-LABEL: func.func @cast_before_wait
// CHECK: %[[H:.*]] = call @_idtr_copy_reshape_f64
// CHECK-NEXT: call @_idtr_wait(%[[H]]) : (i64) -> ()
// CHECK-NEXT: %[[T:.*]] = bufferization.to_tensor %{{.*}} restrict writable : memref<?xf64> to tensor<?xf64>
// CHECK-NEXT: %[[C:.*]] = tensor.cast %[[T]] : tensor<?xf64> to tensor<4xf64>
// CHECK: return %[[C]]
func.func @cast_before_wait(%local: tensor<?xf64>, %g: index, %o: index, %no: index,
                            %ns: index) -> tensor<4xf64> {
  %h, %out = distruntime.copy_reshape %local
    g_shape %g l_offs %o
    to n_g_shape %g n_offs %no n_shape %ns
    {team = 0 : i64}
    : (tensor<?xf64>, index, index, index, index, index)
    -> (!distruntime.asynchandle, tensor<?xf64>)
  %c = tensor.cast %out : tensor<?xf64> to tensor<4xf64>
  distruntime.wait %h : !distruntime.asynchandle
  return %c : tensor<4xf64>
}
