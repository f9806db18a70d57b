// Malformed process-grid distributions and the ops that do not support them
// yet are located errors.
// RUN: %distc-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{!dist.tensor grid has 2 axes but 1 split dimensions (one per grid axis)}}
func.func @count(%a: !dist.tensor<4x4xf64, grid = [?, ?], split = [0]>) { return }

// -----

// expected-error @+1 {{dimension 0 is split over two grid axes}}
func.func @twice(%a: !dist.tensor<4x4xf64, grid = [?, ?], split = [0, 0]>) { return }

// -----

// expected-error @+1 {{split dimension 2 is out of range for rank 2}}
func.func @range(%a: !dist.tensor<4x4xf64, grid = [?, ?], split = [0, 2]>) { return }

// -----

// expected-error @+1 {{!dist.tensor grid extents must be positive or '?', got 0}}
func.func @extent(%a: !dist.tensor<4x4xf64, grid = [0, ?], split = [0, 1]>) { return }

// -----

// expected-error @+1 {{a 'grid' needs a list of split dimensions, one per grid axis (split = [...])}}
func.func @no_list(%a: !dist.tensor<4x4xf64, grid = [?, ?]>) { return }

// -----

// expected-error @+1 {{a list of split dimensions needs a 'grid'}}
func.func @no_grid(%a: !dist.tensor<4x4xf64, split = [0, 1]>) { return }

// -----

func.func @from_local(%p: tensor<?x?xf64>, %o: index) {
  // expected-error @+1 {{expects 2 offsets (one per grid axis), got 1}}
  %a = dist.from_local %p offset %o : tensor<?x?xf64> -> !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
  return
}

// -----

func.func @from_local_1d(%p: tensor<?x?xf64>, %o: index) {
  // expected-error @+1 {{expects 1 offset, got 2}}
  %a = dist.from_local %p offset %o, %o : tensor<?x?xf64> -> !dist.tensor<?x?xf64, irregular>
  return
}

// -----

// The sizes per axis are exchanged on sub-grid teams, whose ids encode
// static extents below 4096.
func.func @from_local_wide(%p: tensor<?x?xf64>, %o: index) {
  // expected-error @+1 {{needs a grid of at most 4 axes with static extents below 4096}}
  %a = dist.from_local %p offset %o, %o : tensor<?x?xf64> -> !dist.tensor<?x?xf64, grid = [4096, ?], split = [0, 1], irregular>
  return
}

// -----

// A wrapped halo finds the neighbours with the balanced formula.
func.func @periodic_extend_irregular(%a: !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1], irregular>) {
  %z = arith.constant 0.0 : f64
  // expected-error @+1 {{periodic halos need a balanced partition}}
  %e = dist.extend %a low [1, 1] high [1, 1] fill %z periodic : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1], irregular> -> tensor<?x?xf64>
  return
}

// -----


// The ops whose lowering handles one split dimension only say so for grid
// tensors (instead of treating the first split dimension as the only one).
func.func @slice_on_grid(%a: !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>) {
  // expected-error @+1 {{'dist.slice' op does not support tensors distributed over a process grid yet}}
  %s = dist.slice %a [1:-1, 1:-1] : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]> -> !dist.tensor<?x?xf64>
  return
}

// -----

// dist.matmul on grids: a matrix is on a grid of 2 axes (SUMMA, or the
// grid matrix-vector product); only vectors may have a grid of one axis.
func.func @matvec_one_axis_matrix(%a: !dist.tensor<?x?xf64, grid = [4], split = [1]>, %x: !dist.tensor<?xf64>) {
  // expected-error @+1 {{'dist.matmul' op on a process grid needs a grid of 2 axes, got '!dist.tensor<?x?xf64, grid = [4], split = [1]>'}}
  %y = dist.matmul %a, %x : !dist.tensor<?x?xf64, grid = [4], split = [1]>, !dist.tensor<?xf64> -> !dist.tensor<?xf64>
  return
}

// -----

func.func @matmul_one_axis_result(%a: !dist.tensor<?x?xf64>, %b: !dist.tensor<?x?xf64>) {
  // expected-error @+1 {{'dist.matmul' op on a process grid needs a grid of 2 axes, got '!dist.tensor<?x?xf64, grid = [2], split = [0]>'}}
  %c = dist.matmul %a, %b : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64, grid = [2], split = [0]>
  return
}

// -----

// The vector of a grid matrix-vector product must have the matrix's rows.
func.func @matvec_grid_rows(%a: !dist.tensor<7x10xf64, grid = [?, ?], split = [0, 1]>, %x: !dist.tensor<10xf64>) {
  // expected-error @+1 {{'dist.matmul' op result has 8 rows, the first operand 7}}
  %y = dist.matmul %a, %x : !dist.tensor<7x10xf64, grid = [?, ?], split = [0, 1]>, !dist.tensor<10xf64> -> !dist.tensor<8xf64>
  return
}

// -----

func.func @matvec_grid_irregular_result(%a: !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>, %x: !dist.tensor<?xf64>) {
  // expected-error @+1 {{'dist.matmul' op result must be balanced, got '!dist.tensor<?xf64, irregular>'}}
  %y = dist.matmul %a, %x : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>, !dist.tensor<?xf64> -> !dist.tensor<?xf64, irregular>
  return
}

// -----

func.func @save_grid(%a: !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>) {
  // expected-error @+1 {{'dist.save' op does not support tensors distributed over a process grid yet}}
  dist.save %a, "out.npy" : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
  return
}
