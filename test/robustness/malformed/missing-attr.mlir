// A misspelled required attribute.
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:6:8: error: 'distruntime.team_size' op requires attribute 'team'

func.func @main() {
  %n = distruntime.team_size {teem = 1 : i64}
  return
}
