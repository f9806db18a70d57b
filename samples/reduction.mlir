// reduction: every rank contributes a vector, every rank gets the sum.
//
// Rank r holds x_r[i] = 4*r + i (i = 0..3). After `allreduce sum`, every rank
// holds sum_r x_r[i] = 4*P*(P-1)/2 + P*i for P ranks; `allreduce max` gives
// x_{P-1}. Each rank prints both with its rank:
//   rank 1 of 2: sum ( 4, 6, 8, 10 ) max ( 4, 5, 6, 7 )
//
//   distc samples/reduction.mlir -o reduction && mpirun -n 4 ./reduction
func.func @main() {
  %n = distruntime.team_size {team = 1 : i64}
  %r = distruntime.team_member {team = 1 : i64}
  %c4 = arith.constant 4 : index
  %base = arith.muli %r, %c4 : index
  %x = tensor.generate {
  ^bb0(%i: index):
    %g = arith.addi %base, %i : index
    %gi = arith.index_cast %g : index to i64
    %v = arith.sitofp %gi : i64 to f64
    tensor.yield %v : f64
  } : tensor<4xf64>

  %h, %sum = distruntime.allreduce sum %x {team = 1 : i64}
    : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  %h2, %max = distruntime.allreduce max %x {team = 1 : i64}
    : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  distruntime.wait %h2 : !distruntime.asynchandle

  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f64
  %vsum = vector.transfer_read %sum[%c0], %pad : tensor<4xf64>, vector<4xf64>
  %vmax = vector.transfer_read %max[%c0], %pad : tensor<4xf64>, vector<4xf64>
  vector.print str "rank "
  vector.print %r : index punctuation <no_punctuation>
  vector.print str " of "
  vector.print %n : index punctuation <no_punctuation>
  vector.print str ": sum "
  vector.print %vsum : vector<4xf64> punctuation <no_punctuation>
  vector.print str " max "
  vector.print %vmax : vector<4xf64>
  return
}
