// team must be a 64-bit integer.
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:6:30: error: custom op 'distruntime.team_size' 'distruntime.team_size' op attribute 'team' failed to satisfy constraint: 64-bit signless integer attribute

func.func @main() {
  %n = distruntime.team_size {team = "one"}
  return
}
