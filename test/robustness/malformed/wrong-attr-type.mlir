// team must be an integer attribute (of any integer type, its value within 64 bits).
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:6:30: error: custom op 'distruntime.team_size' 'distruntime.team_size' op attribute 'team' failed to satisfy constraint: integer attribute whose value fits in 64 bits (the team id)

func.func @main() {
  %n = distruntime.team_size {team = "one"}
  return
}
