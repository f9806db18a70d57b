#!/usr/bin/env python3
"""Writes a deeply nested MLIR program to stdout.
  gen-nesting.py types N       tensor<tensor<...f64...>> N levels deep
  gen-nesting.py regions N     N nested scf.for loops
  gen-nesting.py ok N          N nested loops plus brackets in a comment and a string
  gen-nesting.py minus N       an affine_map of N unary minus signs
  gen-nesting.py affine-if N   N nested affine.if, each with an inline affine_set
                               whose `>=` looks like a closing bracket
  gen-nesting.py attr-alias N  N attribute aliases, each an array of the previous
  gen-nesting.py type-alias N  N type aliases, each a tuple of the previous
  gen-nesting.py sum N         an affine_map whose result is a sum of N terms
  gen-nesting.py mod N         an affine_map whose result is d0 mod 2 mod 2 ... (N)"""
import sys

kind, n = sys.argv[1], int(sys.argv[2])
out = []
if kind == "ok":
    out.append("// " + "(" * 1000)
if kind == "attr-alias":
    out.append("#a0 = [0]")
    out += ["#a%d = [#a%d]" % (k, k - 1) for k in range(1, n)]
if kind == "type-alias":
    out.append("!t0 = tuple<i32>")
    out += ["!t%d = tuple<!t%d>" % (k, k - 1) for k in range(1, n)]
if kind == "minus":
    out.append("#map = affine_map<(d0) -> (" + "-" * n + "d0)>")
if kind == "sum":
    out.append("#map = affine_map<(d0) -> (" + " + ".join(["d0"] * n) + ")>")
if kind == "mod":
    out.append("#map = affine_map<(d0) -> (d0" + " mod 2" * n + ")>")
if kind == "attr-alias":
    out.append("func.func @main() attributes {deep = #a%d} {" % (n - 1))
elif kind == "type-alias":
    out.append("func.func private @f(!t%d)" % (n - 1))
    out.append("func.func @main() {")
else:
    out.append("func.func @main() {")
if kind == "types":
    out.append("  %t = tensor.empty() : " + "tensor<" * n + "f64" + ">" * n)
elif kind in ("minus", "sum", "mod"):
    out.append("  %c0 = arith.constant 0 : index")
    out.append("  %x = affine.apply #map(%c0)")
    out.append("  vector.print %x : index")
elif kind == "affine-if":
    out.append("  %c0 = arith.constant 0 : index")
    out += ["  affine.if affine_set<(d0) : (d0 >= 0)>(%c0) {"] * n
    out += ["  }"] * n
elif kind in ("regions", "ok"):
    out.append("  %c0 = arith.constant 0 : index")
    out.append("  %c1 = arith.constant 1 : index")
    out += ["  scf.for %%i%d = %%c0 to %%c1 step %%c1 {" % k for k in range(n)]
    out += ["  }"] * n
if kind == "ok":
    out.append('  vector.print str "' + "[" * 1000 + '"')
out.append("  return")
out.append("}")
print("\n".join(out))
