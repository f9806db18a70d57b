// Seed for distc-fuzz: local parts, offsets and dynamic shapes at the dist level.
func.func @main() {
  %zero = arith.constant 0.0 : f64
  %n = arith.constant 10 : index
  %a = dist.full %zero (%n) : !dist.tensor<?x8xf64>
  %d = dist.global_dim %a, 0 : !dist.tensor<?x8xf64>
  %o = dist.local_offset %a, 0 : !dist.tensor<?x8xf64>
  %part = dist.local %a : !dist.tensor<?x8xf64> -> tensor<?x8xf64>
  %b = dist.with_local %a, %part
    : !dist.tensor<?x8xf64>, tensor<?x8xf64> -> !dist.tensor<?x8xf64>
  %ext = dist.extend %b low [1, 1] high [1, 1] fill %zero
    : !dist.tensor<?x8xf64> -> tensor<?x?xf64>
  %f = dist.from_local %part offset %o
    : tensor<?x8xf64> -> !dist.tensor<?x8xf64, irregular>
  %m = dist.team_member
  %p = dist.team_size
  dist.print %f : !dist.tensor<?x8xf64, irregular>
  return
}
