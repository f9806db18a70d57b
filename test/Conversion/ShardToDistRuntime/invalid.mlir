// RUN: %distc-opt %s --convert-shard-to-distruntime --split-input-file --verify-diagnostics

// What convert-shard-to-distruntime does not lower is a located error, never
// a crash or a silent miscompile.

shard.grid @gridq(shape = 2x?)

func.func @dynamic_grid(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{only grids of static shape are supported; grid @gridq has shape 2x?}}
  %r = shard.all_reduce %x on @gridq grid_axes = [0] : tensor<4xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

shard.grid @grid2d(shape = 2x2)

func.func @neighbors_two_axes(%i: index, %j: index) -> (index, index) {
  // expected-error @+1 {{neighbors_linear_indices along more than one grid axis is not supported}}
  %d, %u = shard.neighbors_linear_indices on @grid2d[%i, %j] split_axes = [0, 1] : index, index
  return %d, %u : index, index
}

// -----

shard.grid @grid0(shape = 4)

func.func @bitwise_float(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{reduction <bitwise_xor> of 'f32' is not supported yet}}
  %r = shard.all_reduce %x on @grid0 grid_axes = [0] reduction = bitwise_xor : tensor<4xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

shard.grid @grid0(shape = 4)

func.func @accumulate_complex(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f64>> {
  // expected-error @+1 {{all_reduce from 'complex<f32>' to 'complex<f64>' is not supported (accumulation types convert between integers and floats only)}}
  %r = shard.all_reduce %x on @grid0 grid_axes = [0] : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f64>>
  return %r : tensor<4xcomplex<f64>>
}

// -----

shard.grid @grid0(shape = 4)

func.func @same_axes_uneven(%x: tensor<6x2xf32>) -> tensor<6x2xf32> {
  // expected-error @+1 {{all_to_all with split_axis == concat_axis needs a static size along it that the group's 4 processes divide (6)}}
  %r = shard.all_to_all %x on @grid0 grid_axes = [0] split_axis = 0 concat_axis = 0 : tensor<6x2xf32> -> tensor<6x2xf32>
  return %r : tensor<6x2xf32>
}

// -----

shard.grid @grid0(shape = 4)

func.func @broadcast_rank0(%x: tensor<i8>) -> tensor<i8> {
  // expected-error @+1 {{distc: broadcast of a rank-0 tensor is not supported yet}}
  %r = shard.broadcast %x on @grid0 grid_axes = [0] root = [0] : (tensor<i8>) -> tensor<i8>
  return %r : tensor<i8>
}

// -----

shard.grid @grid0(shape = 4)

// Annotations are the business of distc-shard-partition.
func.func @annotation(%x: tensor<8xf32>) -> tensor<8xf32> {
  %s = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  // expected-error @+1 {{'shard.shard' is not supported by distc's shard lowering yet (sharding annotations must be partitioned first: distc-shard-partition)}}
  %r = shard.shard %x to %s : tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

shard.grid @grid0(shape = 4)

func.func @halo_memref(%t: memref<6x4xf64>) -> memref<6x4xf64> {
  // expected-error @+1 {{update_halo on memrefs is not supported}}
  %h = shard.update_halo %t on @grid0 split_axes = [[0]] halo_sizes = [1, 1] : memref<6x4xf64>
  return %h : memref<6x4xf64>
}

// -----

shard.grid @grid0(shape = 4)

func.func @halo_too_big(%t: tensor<2x4xf64>) -> tensor<2x4xf64> {
  // expected-error @+1 {{the shard has 2 elements along dimension 0, fewer than its halos (2 + 1)}}
  %h = shard.update_halo %t on @grid0 split_axes = [[0]] halo_sizes = [2, 1] : tensor<2x4xf64>
  return %h : tensor<2x4xf64>
}

// -----

shard.grid @grid0(shape = 4)

func.func @average_int(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{reduction <average> of 'i32' is not supported yet}}
  %r = shard.all_reduce %x on @grid0 grid_axes = [0] reduction = average : tensor<4xi32> -> tensor<4xi32>
  return %r : tensor<4xi32>
}

// -----

shard.grid @grid0(shape = 4)

func.func @shift_dynamic(%x: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{shift of a tensor whose dimension 0 is dynamic is not supported yet}}
  %s = shard.shift %x on @grid0 grid_axes = [0] shift_axis = 0 offset = 1 : tensor<?xf32> -> tensor<?xf32>
  return %s : tensor<?xf32>
}

// -----

shard.grid @grid0(shape = 4)

func.func @send_negative(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{distc: send destination coordinate 0 is -1, outside grid axis 0 of extent 4}}
  %s = shard.send %x on @grid0 grid_axes = [0] destination = [-1] : (tensor<4xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

shard.grid @grid0(shape = 2x2)

func.func @recv_out_of_range(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{distc: recv source coordinate 1 is -3, outside grid axis 0 of extent 2}}
  %s = shard.recv %x on @grid0 grid_axes = [1, 0] source = [1, -3] : (tensor<4xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

shard.grid @grid0(shape = 4)

func.func @recv_any_source(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{distc: recv without a source (from any process) is not supported yet}}
  %s = shard.recv %x on @grid0 grid_axes = [0] : (tensor<4xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}
