// An op the distruntime dialect does not have.
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:6:8: error: custom op 'distruntime.team_count' is unknown

func.func @main() {
  %n = distruntime.team_count {team = 1 : i64}
  return
}
