#!/usr/bin/env python3
"""Writes a deeply nested MLIR program to stdout.
  gen-nesting.py types N     tensor<tensor<...f64...>> N levels deep
  gen-nesting.py regions N   N nested scf.for loops
  gen-nesting.py ok N        N nested loops plus brackets in a comment and a string"""
import sys

kind, n = sys.argv[1], int(sys.argv[2])
out = []
if kind == "ok":
    out.append("// " + "(" * 1000)
out.append("func.func @main() {")
if kind == "types":
    out.append("  %t = tensor.empty() : " + "tensor<" * n + "f64" + ">" * n)
else:
    out.append("  %c0 = arith.constant 0 : index")
    out.append("  %c1 = arith.constant 1 : index")
    out += ["  scf.for %%i%d = %%c0 to %%c1 step %%c1 {" % k for k in range(n)]
    out += ["  }"] * n
if kind == "ok":
    out.append('  vector.print str "' + "[" * 1000 + '"')
out.append("  return")
out.append("}")
print("\n".join(out))
