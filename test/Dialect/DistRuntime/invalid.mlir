// RUN: %distc-opt %s --split-input-file --verify-diagnostics

func.func @reshape_g_shape_count(%t: tensor<?x?xi64>, %i: index) {
  // expected-error @+1 {{expects one 'g_shape' value per dimension of the input tensor (2), but got 1}}
  %h, %o = distruntime.copy_reshape %t g_shape %i l_offs %i, %i to n_g_shape %i n_offs %i n_shape %i
    {team = 22 : i64} : (tensor<?x?xi64>, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xi64>)
  return
}

// -----

func.func @reshape_l_offs_count(%t: tensor<?x?xi64>, %i: index) {
  // expected-error @+1 {{expects one 'l_offs' value per dimension of the input tensor (2), but got 3}}
  %h, %o = distruntime.copy_reshape %t g_shape %i, %i l_offs %i, %i, %i to n_g_shape %i n_offs %i n_shape %i
    {team = 22 : i64} : (tensor<?x?xi64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xi64>)
  return
}

// -----

func.func @reshape_n_g_shape_count(%t: tensor<?x?xi64>, %i: index) {
  // expected-error @+1 {{expects one 'n_g_shape' value per dimension of the result tensor (1), but got 2}}
  %h, %o = distruntime.copy_reshape %t g_shape %i, %i l_offs %i, %i to n_g_shape %i, %i n_offs %i n_shape %i
    {team = 22 : i64} : (tensor<?x?xi64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xi64>)
  return
}

// -----

func.func @reshape_n_offs_count(%t: tensor<?x?xi64>, %i: index) {
  // expected-error @+1 {{expects one 'n_offs' value per dimension of the result tensor (1), but got 0}}
  %h, %o = distruntime.copy_reshape %t g_shape %i, %i l_offs %i, %i to n_g_shape %i n_offs n_shape %i
    {team = 22 : i64} : (tensor<?x?xi64>, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xi64>)
  return
}

// -----

func.func @reshape_n_shape_count(%t: tensor<?x?xi64>, %i: index) {
  // expected-error @+1 {{expects one 'n_shape' value per dimension of the result tensor (1), but got 2}}
  %h, %o = distruntime.copy_reshape %t g_shape %i, %i l_offs %i, %i to n_g_shape %i n_offs %i n_shape %i, %i
    {team = 22 : i64} : (tensor<?x?xi64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xi64>)
  return
}

// -----

func.func @reshape_element_type(%t: tensor<?x?xi64>, %i: index) {
  // expected-error @+1 {{failed to verify that all of {lArray, nlArray} have same element type}}
  %h, %o = distruntime.copy_reshape %t g_shape %i, %i l_offs %i, %i to n_g_shape %i n_offs %i n_shape %i
    {team = 22 : i64} : (tensor<?x?xi64>, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xf64>)
  return
}

// -----

func.func @reshape_count_mismatch(%t: tensor<?x?xi64>, %i: index) {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  // expected-error @+1 {{reshape changes the global element count from 6 ('g_shape') to 7 ('n_g_shape')}}
  %h, %o = distruntime.copy_reshape %t g_shape %c2, %c3 l_offs %i, %i to n_g_shape %c7 n_offs %i n_shape %i
    {team = 22 : i64} : (tensor<?x?xi64>, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xi64>)
  return
}

// -----

func.func @reshape_n_shape_contradicts(%t: tensor<?x?xi64>, %i: index) {
  %c3 = arith.constant 3 : index
  // expected-error @+1 {{'n_shape' value #0 (3) contradicts dimension 0 of the result tensor (4)}}
  %h, %o = distruntime.copy_reshape %t g_shape %i, %i l_offs %i, %i to n_g_shape %i n_offs %i n_shape %c3
    {team = 22 : i64} : (tensor<?x?xi64>, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<4xi64>)
  return
}

// -----

func.func @reshape_negative(%t: tensor<?x?xi64>, %i: index) {
  %m = arith.constant -1 : index
  // expected-error @+1 {{'g_shape' value #1 is negative (-1)}}
  %h, %o = distruntime.copy_reshape %t g_shape %i, %m l_offs %i, %i to n_g_shape %i n_offs %i n_shape %i
    {team = 22 : i64} : (tensor<?x?xi64>, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xi64>)
  return
}

// -----

func.func @reshape_local_box_outside(%t: tensor<4x?xi64>, %i: index) {
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  // expected-error @+1 {{the local input box exceeds 'g_shape' in dimension 0: offset 2 + size 4 > 5}}
  %h, %o = distruntime.copy_reshape %t g_shape %c5, %i l_offs %c2, %i to n_g_shape %i n_offs %i n_shape %i
    {team = 22 : i64} : (tensor<4x?xi64>, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xi64>)
  return
}

// -----

func.func @reshape_output_box_outside(%t: tensor<?x?xi64>, %i: index) {
  %c6 = arith.constant 6 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{the local output box exceeds the output global shape in dimension 0: offset 4 + size 4 > 6}}
  %h, %o = distruntime.copy_reshape %t g_shape %i, %i l_offs %i, %i to n_g_shape %c6 n_offs %c4 n_shape %c4
    {team = 22 : i64} : (tensor<?x?xi64>, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xi64>)
  return
}

// -----

func.func @reshape_missing_team(%t: tensor<?xi64>, %i: index) {
  // expected-error @+1 {{requires attribute 'team'}}
  %h, %o = distruntime.copy_reshape %t g_shape %i l_offs %i to n_g_shape %i n_offs %i n_shape %i
    : (tensor<?xi64>, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xi64>)
  return
}

// -----

func.func @reshape_team_not_integer(%t: tensor<?xi64>, %i: index) {
  // expected-error @+2 {{attribute 'team' failed to satisfy constraint: integer attribute whose value fits in 64 bits (the team id)}}
  %h, %o = distruntime.copy_reshape %t g_shape %i l_offs %i to n_g_shape %i n_offs %i n_shape %i
    {team = "a"} : (tensor<?xi64>, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xi64>)
  return
}

// -----

func.func @reshape_unranked(%t: tensor<*xi64>, %i: index) {
  // expected-error @+1 {{operand #0 must be ranked tensor or strided memref}}
  %h, %o = distruntime.copy_reshape %t g_shape %i l_offs %i to n_g_shape %i n_offs %i n_shape %i
    {team = 1 : i64} : (tensor<*xi64>, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xi64>)
  return
}

// -----

func.func @reshape_handle_type(%t: tensor<?xi64>, %i: index) {
  // expected-error @+1 {{result #0 must be}}
  %h, %o = distruntime.copy_reshape %t g_shape %i l_offs %i to n_g_shape %i n_offs %i n_shape %i
    {team = 1 : i64} : (tensor<?xi64>, index, index, index, index, index) -> (i64, tensor<?xi64>)
  return
}

// -----

func.func @reshape_shape_not_index(%t: tensor<?xi64>, %i: index, %j: i64) {
  // expected-error @+1 {{operand #1 must be variadic of index}}
  %h, %o = distruntime.copy_reshape %t g_shape %j l_offs %i to n_g_shape %i n_offs %i n_shape %i
    {team = 1 : i64} : (tensor<?xi64>, i64, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xi64>)
  return
}

// -----

func.func @permute_not_permutation(%t: tensor<?x?xi64>, %i: index) {
  // expected-error @+1 {{'axes' must be a permutation of [0, 2), got [0, 0]}}
  %h, %o = distruntime.copy_permute %t g_shape %i, %i l_offs %i, %i to n_offs %i, %i n_shape %i, %i axes [0, 0]
    {team = 22 : i64} : (tensor<?x?xi64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x?xi64>)
  return
}

// -----

func.func @permute_axes_out_of_range(%t: tensor<?x?xi64>, %i: index) {
  // expected-error @+1 {{'axes' must be a permutation of [0, 2), got [2, 0]}}
  %h, %o = distruntime.copy_permute %t g_shape %i, %i l_offs %i, %i to n_offs %i, %i n_shape %i, %i axes [2, 0]
    {team = 22 : i64} : (tensor<?x?xi64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x?xi64>)
  return
}

// -----

func.func @permute_axes_length(%t: tensor<?x?xi64>, %i: index) {
  // expected-error @+1 {{'axes' must be a permutation of [0, 2), got [1, 0, 2]}}
  %h, %o = distruntime.copy_permute %t g_shape %i, %i l_offs %i, %i to n_offs %i, %i n_shape %i, %i axes [1, 0, 2]
    {team = 22 : i64} : (tensor<?x?xi64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x?xi64>)
  return
}

// -----

func.func @permute_negative_axis(%t: tensor<?x?xi64>, %i: index) {
  // expected-error @+1 {{'axes' must be a permutation of [0, 2), got [-1, 0]}}
  %h, %o = distruntime.copy_permute %t g_shape %i, %i l_offs %i, %i to n_offs %i, %i n_shape %i, %i axes [-1, 0]
    {team = 22 : i64} : (tensor<?x?xi64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x?xi64>)
  return
}

// -----

func.func @permute_rank(%t: tensor<?x?xi64>, %i: index) {
  // expected-error @+1 {{result rank (1) differs from input rank (2)}}
  %h, %o = distruntime.copy_permute %t g_shape %i, %i l_offs %i, %i to n_offs %i n_shape %i axes [1, 0]
    {team = 22 : i64} : (tensor<?x?xi64>, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xi64>)
  return
}

// -----

func.func @permute_n_offs_count(%t: tensor<?x?xi64>, %i: index) {
  // expected-error @+1 {{expects one 'n_offs' value per dimension of the result tensor (2), but got 1}}
  %h, %o = distruntime.copy_permute %t g_shape %i, %i l_offs %i, %i to n_offs %i n_shape %i, %i axes [1, 0]
    {team = 22 : i64} : (tensor<?x?xi64>, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x?xi64>)
  return
}

// -----

func.func @permute_g_shape_count(%t: tensor<?x?xi64>, %i: index) {
  // expected-error @+1 {{expects one 'g_shape' value per dimension of the input tensor (2), but got 3}}
  %h, %o = distruntime.copy_permute %t g_shape %i, %i, %i l_offs %i, %i to n_offs %i, %i n_shape %i, %i axes [1, 0]
    {team = 22 : i64} : (tensor<?x?xi64>, index, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x?xi64>)
  return
}

// -----

func.func @permute_element_type(%t: tensor<5x2xi64>, %i: index) {
  // expected-error @+1 {{failed to verify that all of {lArray, nlArray} have same element type}}
  %h, %o = distruntime.copy_permute %t g_shape %i, %i l_offs %i, %i to n_offs %i, %i n_shape %i, %i axes [1, 0]
    {team = 22 : i64} : (tensor<5x2xi64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<2x5xi32>)
  return
}

// -----

func.func @permute_n_shape_contradicts(%t: tensor<5x2xi64>, %i: index) {
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'n_shape' value #1 (4) contradicts dimension 1 of the result tensor (5)}}
  %h, %o = distruntime.copy_permute %t g_shape %i, %i l_offs %i, %i to n_offs %i, %i n_shape %i, %c4 axes [1, 0]
    {team = 22 : i64} : (tensor<5x2xi64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<2x5xi64>)
  return
}

// -----

// The accumulator is the result's destination: the same type.
func.func @permute_add_acc_type(%t: tensor<5x2xf64>, %acc: tensor<2x4xf64>, %i: index) {
  // expected-error @+1 {{accumulator ('add_into') type 'tensor<2x4xf64>' differs from the result type 'tensor<2x5xf64>' (it is the destination of the result)}}
  %h, %o = distruntime.copy_permute %t g_shape %i, %i l_offs %i, %i to n_offs %i, %i n_shape %i, %i axes [1, 0] add_into %acc
    {team = 22 : i64} : (tensor<5x2xf64>, index, index, index, index, index, index, index, index, tensor<2x4xf64>) -> (!distruntime.asynchandle, tensor<2x5xf64>)
  return
}

// -----

func.func @permute_add_acc_element_type(%t: tensor<?x?xf64>, %acc: tensor<?x?xf32>, %i: index) {
  // expected-error @+1 {{accumulator ('add_into') type 'tensor<?x?xf32>' differs from the result type 'tensor<?x?xf64>'}}
  %h, %o = distruntime.copy_permute %t g_shape %i, %i l_offs %i, %i to n_offs %i, %i n_shape %i, %i axes [1, 0] add_into %acc
    {team = 22 : i64} : (tensor<?x?xf64>, index, index, index, index, index, index, index, index, tensor<?x?xf32>) -> (!distruntime.asynchandle, tensor<?x?xf64>)
  return
}

// -----

// n_shape is the accumulator's box too: a constant that contradicts it is
// reported against the result type, which the accumulator shares.
func.func @permute_add_n_shape_contradicts(%t: tensor<?x?xf64>, %acc: tensor<?x5xf64>, %i: index) {
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'n_shape' value #1 (4) contradicts dimension 1 of the result tensor (5)}}
  %h, %o = distruntime.copy_permute %t g_shape %i, %i l_offs %i, %i to n_offs %i, %i n_shape %i, %c4 axes [1, 0] add_into %acc
    {team = 22 : i64} : (tensor<?x?xf64>, index, index, index, index, index, index, index, index, tensor<?x5xf64>) -> (!distruntime.asynchandle, tensor<?x5xf64>)
  return
}

// -----

func.func @permute_output_outside(%t: tensor<?x?xi64>, %i: index) {
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  // The output dimension 0 has the size of input dimension 1 (3).
  // expected-error @+1 {{the local output box exceeds the output global shape in dimension 0: offset 3 + size 3 > 3}}
  %h, %o = distruntime.copy_permute %t g_shape %c8, %c3 l_offs %i, %i to n_offs %c3, %i n_shape %c3, %i axes [1, 0]
    {team = 22 : i64} : (tensor<?x?xi64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x?xi64>)
  return
}

// -----

func.func @permute_negative_offset(%t: tensor<?x?xi64>, %i: index) {
  %m = arith.constant -4 : index
  // expected-error @+1 {{'n_offs' value #0 is negative (-4)}}
  %h, %o = distruntime.copy_permute %t g_shape %i, %i l_offs %i, %i to n_offs %m, %i n_shape %i, %i axes [1, 0]
    {team = 22 : i64} : (tensor<?x?xi64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x?xi64>)
  return
}

// -----

func.func @permute_missing_axes(%t: tensor<?x?xi64>, %i: index) {
  // expected-error @+2 {{expected 'axes'}}
  %h, %o = distruntime.copy_permute %t g_shape %i, %i l_offs %i, %i to n_offs %i, %i n_shape %i, %i
    {team = 22 : i64} : (tensor<?x?xi64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x?xi64>)
  return
}

// -----

func.func @wait_not_handle(%i: index) {
  // expected-error @+1 {{invalid kind of type specified}}
  distruntime.wait %i : index
  return
}

// -----

func.func @team_size_missing_team() {
  // expected-error @+1 {{requires attribute 'team'}}
  %n = distruntime.team_size
  return
}

// -----

func.func @team_member_bad_team() {
  // expected-error @+1 {{attribute 'team' failed to satisfy constraint: integer attribute whose value fits in 64 bits (the team id)}}
  %n = distruntime.team_member {team = 1.0 : f32}
  return
}

// -----

// Any integer type, but the value must fit in 64 bits.
func.func @team_too_wide() {
  // expected-error @+1 {{attribute 'team' failed to satisfy constraint: integer attribute whose value fits in 64 bits (the team id)}}
  %n = distruntime.team_member {team = 18446744073709551616 : i128}
  return
}

// -----

func.func @allreduce_kind(%x: tensor<4xf64>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'kind' [max, mean, min, prod, sum, any, all, argmin, argmax, band, bor, bxor]}}
  %h, %s = distruntime.allreduce avg %x {team = 22 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  return
}

// -----

func.func @allreduce_shape(%x: tensor<4xf64>) {
  // expected-error @+1 {{result type 'tensor<5xf64>' does not have the shape of the input type 'tensor<4xf64>'}}
  %h, %s = distruntime.allreduce sum %x {team = 22 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<5xf64>)
  return
}

// -----

func.func @allreduce_bitwise_float(%x: tensor<4xf64>) {
  // expected-error @+1 {{bitwise reduction bxor needs integer elements, not 'f64'}}
  %h, %s = distruntime.allreduce bxor %x {team = 22 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  return
}

// -----

func.func @allreduce_element_type(%x: tensor<4xf64>) {
  // expected-error @+1 {{failed to verify that all of {input, result} have same element type}}
  %h, %s = distruntime.allreduce sum %x {team = 22 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf32>)
  return
}

// -----

func.func @halo_rank0(%t: tensor<f64>) {
  // expected-error @+1 {{expects an input tensor of rank >= 1 (partitioned along dimension 0)}}
  %h, %l, %r = distruntime.update_halo %t g_shape l_offs bb_offs bb_sizes
    {team = 22 : i64} : (tensor<f64>) -> (!distruntime.asynchandle, tensor<f64>, tensor<f64>)
  return
}

// -----

func.func @halo_rank(%t: tensor<?x?xf64>, %i: index) {
  // expected-error @+1 {{the right halo has rank 1, but the input tensor has rank 2}}
  %h, %l, %r = distruntime.update_halo %t g_shape %i, %i l_offs %i, %i bb_offs %i, %i bb_sizes %i, %i
    {team = 22 : i64} : (tensor<?x?xf64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x?xf64>, tensor<?xf64>)
  return
}

// -----

func.func @halo_bb_offs_count(%t: tensor<?x?xf64>, %i: index) {
  // expected-error @+1 {{expects one 'bb_offs' value per dimension of the input tensor (2), but got 1}}
  %h, %l, %r = distruntime.update_halo %t g_shape %i, %i l_offs %i, %i bb_offs %i bb_sizes %i, %i
    {team = 22 : i64} : (tensor<?x?xf64>, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x?xf64>, tensor<?x?xf64>)
  return
}

// -----

func.func @halo_bb_sizes_count(%t: tensor<?x?xf64>, %i: index) {
  // expected-error @+1 {{expects one 'bb_sizes' value per dimension of the input tensor (2), but got 3}}
  %h, %l, %r = distruntime.update_halo %t g_shape %i, %i l_offs %i, %i bb_offs %i, %i bb_sizes %i, %i, %i
    {team = 22 : i64} : (tensor<?x?xf64>, index, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x?xf64>, tensor<?x?xf64>)
  return
}

// -----

func.func @halo_l_offs_count(%t: tensor<?x?xf64>, %i: index) {
  // expected-error @+1 {{expects one 'l_offs' value per dimension of the input tensor (2), but got 1}}
  %h, %l, %r = distruntime.update_halo %t g_shape %i, %i l_offs %i bb_offs %i, %i bb_sizes %i, %i
    {team = 22 : i64} : (tensor<?x?xf64>, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x?xf64>, tensor<?x?xf64>)
  return
}

// -----

func.func @halo_element_type(%t: tensor<?x?xf64>, %i: index) {
  // expected-error @+1 {{failed to verify that all of {lArray, lHalo, rHalo} have same element type}}
  %h, %l, %r = distruntime.update_halo %t g_shape %i, %i l_offs %i, %i bb_offs %i, %i bb_sizes %i, %i
    {team = 22 : i64} : (tensor<?x?xf64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x?xf32>, tensor<?x?xf64>)
  return
}

// -----

func.func @halo_bb_sizes_contradict(%t: tensor<?x?xf64>, %i: index) {
  %c3 = arith.constant 3 : index
  // expected-error @+1 {{'bb_sizes' value #1 (3) contradicts dimension 1 of the left halo (4)}}
  %h, %l, %r = distruntime.update_halo %t g_shape %i, %i l_offs %i, %i bb_offs %i, %i bb_sizes %i, %c3
    {team = 22 : i64} : (tensor<?x?xf64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x4xf64>, tensor<?x?xf64>)
  return
}

// -----

func.func @halo_box_outside(%t: tensor<?x?xf64>, %i: index) {
  %c10 = arith.constant 10 : index
  %c8 = arith.constant 8 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{the bounding box exceeds 'g_shape' in dimension 0: offset 8 + size 4 > 10}}
  %h, %l, %r = distruntime.update_halo %t g_shape %c10, %i l_offs %i, %i bb_offs %c8, %i bb_sizes %c4, %i
    {team = 22 : i64} : (tensor<?x?xf64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x?xf64>, tensor<?x?xf64>)
  return
}

// -----

func.func @halo_negative(%t: tensor<?x?xf64>, %i: index) {
  %m = arith.constant -2 : index
  // expected-error @+1 {{'bb_offs' value #0 is negative (-2)}}
  %h, %l, %r = distruntime.update_halo %t g_shape %i, %i l_offs %i, %i bb_offs %m, %i bb_sizes %i, %i
    {team = 22 : i64} : (tensor<?x?xf64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x?xf64>, tensor<?x?xf64>)
  return
}

// -----

func.func @halo_key_type(%t: tensor<?x?xf64>, %i: index) {
  // expected-error @+2 {{attribute 'key' failed to satisfy constraint: 64-bit signless integer attribute}}
  %h, %l, %r = distruntime.update_halo %t g_shape %i, %i l_offs %i, %i bb_offs %i, %i bb_sizes %i, %i
    {team = 22 : i64, key = "k"} : (tensor<?x?xf64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x?xf64>, tensor<?x?xf64>)
  return
}

// -----

// expected-error @+1 {{unknown  type `foo` in dialect `distruntime`}}
func.func @bad_type(%h: !distruntime.foo) {
  return
}

// -----

// The handle type is opaque: a parameter list is an error, not dropped.
// expected-error @+1 {{'!distruntime.asynchandle' has no parameters}}
func.func @handle_with_parameters(%h: !distruntime.asynchandle<1>) {
  return
}

// -----

// expected-error @+1 {{'!distruntime.asynchandle' has no parameters}}
func.func @handle_with_empty_parameters(%h: !distruntime.asynchandle<>) {
  return
}

// -----

// Own rows [2, 4) of 8, box rows [1, 6): 1 row before, 2 rows after.
func.func @halo_left_rows(%t: tensor<2x8xf64>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{the left halo has 2 rows, but the bounding box has 1 rows before this rank's own rows}}
  %h, %l, %r = distruntime.update_halo %t g_shape %c8, %c8 l_offs %c2, %c0 bb_offs %c1, %c0 bb_sizes %c5, %c8 {team = 1 : i64}
      : (tensor<2x8xf64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<2x8xf64>, tensor<2x8xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  return
}

// -----

func.func @halo_right_rows(%t: tensor<2x8xf64>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{the right halo has 3 rows, but the bounding box has 2 rows after this rank's own rows}}
  %h, %l, %r = distruntime.update_halo %t g_shape %c8, %c8 l_offs %c2, %c0 bb_offs %c1, %c0 bb_sizes %c5, %c8 {team = 1 : i64}
      : (tensor<2x8xf64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<1x8xf64>, tensor<3x8xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  return
}

// -----

// Own rows [2, 4) of 8, box rows [1, 6): widths [1, 2] would make it.
func.func @halo_widths_box(%t: tensor<2x8xf64>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{the bounding box has rows [1, 6), but 'widths' = [2, 2] make rows [0, 6)}}
  %h, %l, %r = distruntime.update_halo %t g_shape %c8, %c8 l_offs %c2, %c0 bb_offs %c1, %c0 bb_sizes %c5, %c8 {team = 1 : i64, widths = array<i64: 2, 2>}
      : (tensor<2x8xf64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<1x8xf64>, tensor<2x8xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  return
}

// -----

func.func @halo_widths_count(%t: tensor<?x8xf64>, %i: index) {
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{expects 'widths' = [low, high], got 3 values}}
  %h, %l, %r = distruntime.update_halo %t g_shape %i, %c8 l_offs %i, %i bb_offs %i, %i bb_sizes %i, %c8 {team = 1 : i64, widths = array<i64: 1, 1, 1>}
      : (tensor<?x8xf64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x8xf64>, tensor<?x8xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  return
}

// -----

func.func @halo_widths_negative(%t: tensor<?x8xf64>, %i: index) {
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{halo widths must be >= 0, got -1}}
  %h, %l, %r = distruntime.update_halo %t g_shape %i, %c8 l_offs %i, %i bb_offs %i, %i bb_sizes %i, %c8 {team = 1 : i64, widths = array<i64: -1, 1>}
      : (tensor<?x8xf64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x8xf64>, tensor<?x8xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  return
}

// -----

// The reduction kinds are shared with dist, but the runtime reduces only
// with max, min, prod and sum.
func.func @allreduce_mean(%x: tensor<4xf64>) {
  // expected-error @+1 {{'distruntime.allreduce' op attribute 'kind' failed to satisfy constraint: reduction kind whose value is max, min, prod, sum, band, bor or bxor}}
  %h, %s = distruntime.allreduce mean %x {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  return
}

// -----

func.func @save_g_shape_count(%t: tensor<?x?xf64>, %i: index) {
  // expected-error @+1 {{needs one g_shape value per dimension of the array (2), got 1}}
  distruntime.npy_save %t "a.npy" g_shape %i l_offs %i, %i {team = 0 : i64} : tensor<?x?xf64>
  return
}

// -----

func.func @save_bad_param(%t: tensor<?xf64>, %i: index) {
  // expected-error @+1 {{parameter name "-out" must be non-empty}}
  distruntime.npy_save %t "a.npy" param "-out" g_shape %i l_offs %i {team = 0 : i64} : tensor<?xf64>
  return
}

// -----

func.func @header_result_count() {
  // expected-error @+1 {{needs one global_shape result value per dimension of the array (2), got 1}}
  %o, %m = distruntime.npy_read_header "a.npy" {team = 0 : i64} : tensor<?x?xf64> -> i64, index
  return
}

// -----

func.func @load_sizes_count(%o: i64, %i: index) {
  // expected-error @+1 {{needs one l_sizes value per dynamic dimension of the result (2), got 1}}
  %l = distruntime.npy_load "a.npy" data_offset %o g_shape %i, %i l_offs %i, %i l_sizes %i {team = 0 : i64} : tensor<?x?xf64>
  return
}

// -----

func.func @param_help() {
  // expected-error @+1 {{parameter name "help" is reserved}}
  %p = distruntime.param "help" default 1 : index
  return
}

// -----

func.func @param_type() {
  // expected-error @+1 {{the default 1 : i32 does not have the result type 'i64'}}
  %p = "distruntime.param"() {name = "n", default_value = 1 : i32} : () -> i64
  return
}

// -----

func.func @check_values(%c: i1, %i: index) {
  // expected-error @+1 {{reports at most 2 values, got 3}}
  distruntime.check %c, "three" (%i, %i, %i) : index, index, index
  return
}

// -----

func.func @factor_axis(%p: index) {
  // expected-error @+1 {{axis 2 is out of range for a grid of 2 axes}}
  %e = distruntime.grid_factor %p axes 2 axis 2
  return
}

// -----

// A bufferized op has memrefs for all its arrays, not some.
func.func @mixed_array_forms(%t: memref<4xf64>, %i: index) {
  // expected-error @+1 {{mixes tensors and memrefs: its arrays are all tensors, or all memrefs once bufferized}}
  %h, %o = distruntime.copy_reshape %t g_shape %i l_offs %i to n_g_shape %i n_offs %i n_shape %i
      {team = 0 : i64}
      : (memref<4xf64>, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  return
}

// -----

func.func @mixed_accumulator(%t: tensor<4xf64>, %acc: memref<4xf64>, %c0: index, %c4: index) {
  // expected-error @+1 {{mixes tensors and memrefs}}
  %h, %o = distruntime.copy_permute %t g_shape %c4 l_offs %c0 to n_offs %c0 n_shape %c4 axes [0]
      add_into %acc {team = 0 : i64}
      : (tensor<4xf64>, index, index, index, index, memref<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  return
}

// -----

func.func @copy_rows_element_types(%a: memref<2x3xf32>, %b: memref<2x3xf64>) {
  // expected-error @+1 {{source element type 'f32' differs from target element type 'f64'}}
  distruntime.copy_rows %a, %b : memref<2x3xf32> to memref<2x3xf64>
  return
}

// -----

func.func @copy_rows_shapes(%a: memref<2x3xf64>, %b: memref<3x2xf64>) {
  // expected-error @+1 {{source shape differs from target shape}}
  distruntime.copy_rows %a, %b : memref<2x3xf64> to memref<3x2xf64>
  return
}

// -----

func.func @copy_rows_strided_rows(%a: memref<2x3xf64, strided<[8, 2]>>, %b: memref<2x3xf64>) {
  // expected-error @+1 {{source 'memref<2x3xf64, strided<[8, 2]>>' does not have contiguous rows (innermost stride 1)}}
  distruntime.copy_rows %a, %b : memref<2x3xf64, strided<[8, 2]>> to memref<2x3xf64>
  return
}

// -----

func.func @copy_rows_bits(%a: memref<2x3xi1>, %b: memref<2x3xi1>) {
  // expected-error @+1 {{source 'memref<2x3xi1>' does not have elements of whole bytes}}
  distruntime.copy_rows %a, %b : memref<2x3xi1> to memref<2x3xi1>
  return
}

// -----

func.func @copy_rows_memory_space(%a: memref<2x3xf32, 1>, %b: memref<2x3xf32, 1>) {
  // expected-error @+1 {{source 'memref<2x3xf32, 1>' is not in the default memory space}}
  distruntime.copy_rows %a, %b : memref<2x3xf32, 1> to memref<2x3xf32, 1>
  return
}
