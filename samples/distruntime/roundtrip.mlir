func.func @f(%local: tensor<?x?xi64>, %g0: index, %g1: index, %o0: index, %o1: index, %ng0: index, %no0: index, %ns0: index, %p: tensor<5x2xi64>, %x: tensor<4xf64>, %hl: tensor<?x?xf64>) {
  %h, %out = distruntime.copy_reshape %local
    g_shape %g0, %g1 l_offs %o0, %o1
    to n_g_shape %ng0 n_offs %no0 n_shape %ns0
    {team = 22 : i64}
    : (tensor<?x?xi64>, index, index, index, index, index, index, index)
    -> (!distruntime.asynchandle, tensor<?xi64>)
  distruntime.wait %h : !distruntime.asynchandle
  %h2, %out2 = distruntime.copy_permute %p
    g_shape %g0, %g1 l_offs %o0, %o1
    to n_offs %o0, %o1 n_shape %g0, %g1 axes [1, 0]
    {team = 22 : i64}
    : (tensor<5x2xi64>, index, index, index, index, index, index, index, index)
    -> (!distruntime.asynchandle, tensor<2x5xi64>)
  distruntime.wait %h2 : !distruntime.asynchandle
  %n = distruntime.team_size {team = 22 : i64}
  %r = distruntime.team_member {team = 22 : i64}
  %h3, %sum = distruntime.allreduce sum %x {team = 22 : i64}
    : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  distruntime.wait %h3 : !distruntime.asynchandle
  %h4, %lh, %rh = distruntime.update_halo %hl
    g_shape %g0, %g1 l_offs %o0, %o1 bb_offs %o0, %o1 bb_sizes %g0, %g1
    {team = 22 : i64}
    : (tensor<?x?xf64>, index, index, index, index, index, index, index, index)
    -> (!distruntime.asynchandle, tensor<?x?xf64>, tensor<?x?xf64>)
  distruntime.wait %h4 : !distruntime.asynchandle
  return
}
