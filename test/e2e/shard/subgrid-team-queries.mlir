// distruntime.team_size / team_member of a sub-grid team answer for the
// team, not for the world: on a 2x3 grid, the team along axis 1 has 3
// members numbered by the grid index along axis 1, the team along axes
// [1, 0] has 6 numbered row-major along axis 1 then axis 0 (no
// communicator is made for the queries).
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 6 --tag-output %t | FileCheck %s --match-full-lines

// Rank r = grid index (r / 3, r mod 3): (size, member) along axis 1, along
// axis 0, along [1, 0], and of the world.
// CHECK-DAG: [1,0]<stdout>:( 3, 0, 2, 0, 6, 0, 6, 0 )
// CHECK-DAG: [1,1]<stdout>:( 3, 1, 2, 0, 6, 2, 6, 1 )
// CHECK-DAG: [1,2]<stdout>:( 3, 2, 2, 0, 6, 4, 6, 2 )
// CHECK-DAG: [1,3]<stdout>:( 3, 0, 2, 1, 6, 1, 6, 3 )
// CHECK-DAG: [1,4]<stdout>:( 3, 1, 2, 1, 6, 3, 6, 4 )
// CHECK-DAG: [1,5]<stdout>:( 3, 2, 2, 1, 6, 5, 6, 5 )

func.func @main() {
  distruntime.define_subgrid_team {team = 7 : i64, grid_shape = array<i64: 2, 3>, axes = array<i64: 1>}
  distruntime.define_subgrid_team {team = 8 : i64, grid_shape = array<i64: 2, 3>, axes = array<i64: 0>}
  distruntime.define_subgrid_team {team = 9 : i64, grid_shape = array<i64: 2, 3>, axes = array<i64: 1, 0>}
  %n1 = distruntime.team_size {team = 7 : i64}
  %m1 = distruntime.team_member {team = 7 : i64}
  %n0 = distruntime.team_size {team = 8 : i64}
  %m0 = distruntime.team_member {team = 8 : i64}
  %n2 = distruntime.team_size {team = 9 : i64}
  %m2 = distruntime.team_member {team = 9 : i64}
  %nw = distruntime.team_size {team = 0 : i64}
  %mw = distruntime.team_member {team = 0 : i64}
  %v = vector.from_elements %n1, %m1, %n0, %m0, %n2, %m2, %nw, %mw : vector<8xindex>
  vector.print %v : vector<8xindex>
  return
}
