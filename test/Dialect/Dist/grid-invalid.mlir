// Malformed process-grid distributions, the cases that do not support them
// yet (a scan along a split dimension, matrix-vector products, files) and
// malformed ops on grids are located errors.
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


// Slices and concatenations take grid tensors (and mix them with 1-D
// ones); their verifiers check the same sizes, ranks and teams as for 1-D.
func.func @slice_on_grid_size(%a: !dist.tensor<7x10xf64, grid = [?, ?], split = [0, 1]>) {
  // expected-error @+1 {{'dist.slice' op result size along dimension 1 must be 4, got 5}}
  %s = dist.slice %a [1:-1, ::-3] : !dist.tensor<7x10xf64, grid = [?, ?], split = [0, 1]> -> !dist.tensor<5x5xf64, grid = [?, ?], split = [1, 0]>
  return
}

// -----

func.func @insert_slice_on_grid_team(%a: !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>, %b: !dist.tensor<?x?xf64, team = 1, grid = [?, ?], split = [0, 1]>) {
  // expected-error @+1 {{'dist.insert_slice' op source must be held by team 0, got '!dist.tensor<?x?xf64, team = 1, grid = [?, ?], split = [0, 1]>'}}
  %r = dist.insert_slice %b into %a [1:, :] : !dist.tensor<?x?xf64, team = 1, grid = [?, ?], split = [0, 1]> into !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
  return
}

// -----

func.func @concat_on_grid_size(%a: !dist.tensor<4x6xf64, grid = [2, ?], split = [1, 0]>, %b: !dist.tensor<4x3xf64>) {
  // expected-error @+1 {{'dist.concat' op result size along the axis (dimension 1) must be the sum of the inputs' 9, got 10}}
  %c = dist.concat %a, %b axis 1 : !dist.tensor<4x6xf64, grid = [2, ?], split = [1, 0]>, !dist.tensor<4x3xf64> -> !dist.tensor<4x10xf64, grid = [?, ?], split = [0, 1]>
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
