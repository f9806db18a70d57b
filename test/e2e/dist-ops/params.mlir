// dist.param reads named parameters from the command line, the same on
// every rank: `--name=value` and `--name value`, defaults otherwise, `--flag`
// alone for an i1; `--help` lists them once (rank 0) and exits 0 on every
// rank; a bad value, an unknown option, a missing value or a value that does
// not fit the type stops the program naming the parameter. The size of the
// dist tensor comes from --n, so the result (numpy: arange(n).sum() =
// n(n-1)/2) checks that every rank took the same value. dist.wtime is
// monotonic and dist.allreduce max of a duration is not negative.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 --tag-output %t | FileCheck %s --check-prefix=DEFAULT --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 3 --tag-output %t | FileCheck %s --check-prefix=DEFAULT --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 4 --tag-output %t --n=4096 --x 2.5 --flag --k=-7 | FileCheck %s --check-prefix=GIVEN --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 5 --tag-output %t --n 4097 --flag=false --x=-1e-3 --k 2147483647 | FileCheck %s --check-prefix=GIVEN2 --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 2 --tag-output %t --flag true --n=7 --n=9 | FileCheck %s --check-prefix=LAST --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 3 --tag-output %t --help | FileCheck %s --check-prefix=HELP --match-full-lines --implicit-check-not='<stdout>'
// RUN: not %mpirun -n 2 %t --n=abc 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %mpirun -n 2 %t --n=-5x 2>&1 | FileCheck %s --check-prefix=BAD2
// RUN: not %mpirun -n 2 %t --k=2147483648 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: not %mpirun -n 2 %t --x=1.5.2 2>&1 | FileCheck %s --check-prefix=FLOAT
// RUN: not %mpirun -n 2 %t --flag=yes 2>&1 | FileCheck %s --check-prefix=FLAG
// RUN: not %mpirun -n 2 %t --m=3 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not %mpirun -n 2 %t --n 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not %mpirun -n 2 %t 12 2>&1 | FileCheck %s --check-prefix=STRAY

// DEFAULT: [1,0]<stdout>:n 1000
// DEFAULT-NEXT: [1,0]<stdout>:x 0.5
// DEFAULT-NEXT: [1,0]<stdout>:flag 0
// DEFAULT-NEXT: [1,0]<stdout>:k -3
// DEFAULT-NEXT: [1,0]<stdout>:sum 499500
// DEFAULT-NEXT: [1,0]<stdout>:time 1
// DEFAULT-NEXT: [1,0]<stdout>:slowest 1

// GIVEN: [1,0]<stdout>:n 4096
// GIVEN-NEXT: [1,0]<stdout>:x 2.5
// GIVEN-NEXT: [1,0]<stdout>:flag 1
// GIVEN-NEXT: [1,0]<stdout>:k -7
// GIVEN-NEXT: [1,0]<stdout>:sum 8386560
// GIVEN-NEXT: [1,0]<stdout>:time 1
// GIVEN-NEXT: [1,0]<stdout>:slowest 1

// GIVEN2: [1,0]<stdout>:n 4097
// GIVEN2-NEXT: [1,0]<stdout>:x -0.001
// GIVEN2-NEXT: [1,0]<stdout>:flag 0
// GIVEN2-NEXT: [1,0]<stdout>:k 2147483647
// GIVEN2-NEXT: [1,0]<stdout>:sum 8390656
// GIVEN2-NEXT: [1,0]<stdout>:time 1
// GIVEN2-NEXT: [1,0]<stdout>:slowest 1

// LAST: [1,0]<stdout>:n 9
// LAST-NEXT: [1,0]<stdout>:x 0.5
// LAST-NEXT: [1,0]<stdout>:flag 1
// LAST-NEXT: [1,0]<stdout>:k -3
// LAST-NEXT: [1,0]<stdout>:sum 36
// LAST-NEXT: [1,0]<stdout>:time 1
// LAST-NEXT: [1,0]<stdout>:slowest 1

// HELP: [1,0]<stdout>:usage: {{.*}} [--<name>=<value> | --<name> <value>]...
// HELP-NEXT: [1,0]<stdout>:parameters:
// HELP-NEXT: [1,0]<stdout>:  --flag=<i1>                  default false
// HELP-NEXT: [1,0]<stdout>:  --k=<i32>                    default -3
// HELP-NEXT: [1,0]<stdout>:  --n=<index>                  default 1000
// HELP-NEXT: [1,0]<stdout>:  --x=<f64>                    default 0.5
// HELP-NEXT: [1,0]<stdout>:  --help                       prints this list and exits

// BAD: idtr: error: parameter --n: 'abc' is not an integer (index)
// BAD2: idtr: error: parameter --n: '-5x' is not an integer (index)
// RANGE: idtr: error: parameter --k: 2147483648 does not fit i32
// FLOAT: idtr: error: parameter --x: '1.5.2' is not a number (f64)
// FLAG: idtr: error: parameter --flag: 'yes' is not an i1 value (true, false, 1 or 0)
// UNKNOWN: idtr: error: unknown option '--m' (the program's parameters: --flag, --k, --n, --x)
// MISSING: idtr: error: parameter --n: missing value (index)
// STRAY: idtr: error: unexpected argument '12'

func.func @main() {
  %n = dist.param "n" default 1000 : index
  %x = dist.param "x" default 0.5 : f64
  %flag = dist.param "flag" default false : i1
  %k = dist.param "k" default -3 : i32
  // The same parameter again: the same value.
  %n2 = dist.param "n" default 1000 : index
  %t0 = dist.wtime : f64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %a = dist.arange %c0, %c1 (%n2) : !dist.tensor<?xi64>
  %s = dist.reduce sum %a : !dist.tensor<?xi64> -> i64
  %t1 = dist.wtime : f64
  %dt = arith.subf %t1, %t0 : f64
  %zero = arith.constant 0.0 : f64
  %ok = arith.cmpf oge, %dt, %zero : f64
  %slowest = dist.allreduce %dt max : f64
  %ok2 = arith.cmpf oge, %slowest, %zero : f64
  %okBoth = arith.andi %ok, %ok2 : i1
  %c0i = arith.constant 0 : index
  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0i : index
  scf.if %root {
    vector.print str "n "
  }
  dist.print %n : index
  scf.if %root {
    vector.print str "x "
  }
  dist.print %x : f64
  scf.if %root {
    vector.print str "flag "
  }
  dist.print %flag : i1
  scf.if %root {
    vector.print str "k "
  }
  dist.print %k : i32
  scf.if %root {
    vector.print str "sum "
  }
  dist.print %s : i64
  scf.if %root {
    vector.print str "time "
  }
  dist.print %ok : i1
  scf.if %root {
    vector.print str "slowest "
  }
  dist.print %okBoth : i1
  return
}
