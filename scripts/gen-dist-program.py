#!/usr/bin/env python3
"""Generates dist programs of a chosen size, to measure and test how distc's
compile time grows with the program (docs/performance.md, "Compile time").

  gen-dist-program.py --collectives N [--kind K]   N communicating dist ops
  gen-dist-program.py --ops N                      N dist ops of every kind

--collectives: one block of N ops that each start and wait for communication
(allreduce, permute, reshape, halo, or all four in turn with --kind mix), each
reading the previous result, plus a checksum: the shape that made the overlap
pass cubic (every start and wait scanned the block, once per fixpoint round).

--ops: N dist ops in a round robin of element-wise ops, stencils (shifts
along both dimensions), reductions, permutes and reshapes: what a larger
application looks like to LLVM (stencil frames, fused loop nests).

The program prints one checksum; it is valid input for distc at any -O.
"""
import argparse
import sys

TY = "!dist.tensor<?x?xf64>"
STATIC = False
TY1 = "!dist.tensor<?xf64>"


class Gen:
    def __init__(self):
        self.lines = []
        self.n = 0

    def fresh(self, stem):
        self.n += 1
        return "%%%s%d" % (stem, self.n)

    def emit(self, text):
        self.lines.append("  " + text)

    # -- the ops ----------------------------------------------------------
    def allreduce(self, x, acc):
        s = self.fresh("s")
        self.emit("%s = dist.reduce sum %s : %s -> f64" % (s, x, TY))
        a = self.fresh("acc")
        self.emit("%s = arith.addf %s, %s : f64" % (a, acc, s))
        return x, a

    def permute(self, x, acc):
        p = self.fresh("p")
        self.emit("%s = dist.permute %s axes [1, 0] : %s -> %s" % (p, x, TY, TY))
        return p, acc

    def reshape(self, x, acc):
        # Square tensors: the reshape to the same global shape repartitions
        # nothing but still exchanges (the runtime decides at run time).
        f = self.fresh("f")
        sizes = "" if STATIC else " (%nn)"
        self.emit("%s = dist.reshape %s%s : %s -> %s" % (f, x, sizes, TY, TY1))
        r = self.fresh("r")
        sizes = "" if STATIC else " (%n, %n)"
        self.emit("%s = dist.reshape %s%s : %s -> %s" % (r, f, sizes, TY1, TY))
        return r, acc

    def halo(self, x, acc):
        up = self.fresh("up")
        self.emit("%s = dist.shift %s offsets [-1, 0] fill %%zero : %s"
                  % (up, x, TY))
        h = self.fresh("h")
        self.emit("%s = dist.add %s, %s : %s" % (h, x, up, TY))
        return h, acc

    def elementwise(self, x, acc):
        e = self.fresh("e")
        self.emit("%s = dist.elementwise %s : %s -> %s {" % (e, x, TY, TY))
        self.emit("^bb0(%v: f64):")
        self.emit("  %w = arith.mulf %v, %half : f64")
        self.emit("  %y = arith.addf %w, %one : f64")
        self.emit("  dist.yield %y : f64")
        self.emit("}")
        return e, acc

    def stencil(self, x, acc):
        # A 5-point stencil: one halo exchange, an interior and a frame.
        names = []
        for offs in ("[-1, 0]", "[1, 0]", "[0, -1]", "[0, 1]"):
            t = self.fresh("sh")
            self.emit("%s = dist.shift %s offsets %s fill %%zero : %s"
                      % (t, x, offs, TY))
            names.append(t)
        st = self.fresh("st")
        self.emit("%s = dist.elementwise %s : %s -> %s {"
                  % (st, ", ".join(names), ", ".join([TY] * 4), TY))
        self.emit("^bb0(%a: f64, %b: f64, %c: f64, %d: f64):")
        self.emit("  %ab = arith.addf %a, %b : f64")
        self.emit("  %cd = arith.addf %c, %d : f64")
        self.emit("  %t = arith.addf %ab, %cd : f64")
        self.emit("  %y = arith.mulf %t, %quarter : f64")
        self.emit("  dist.yield %y : f64")
        self.emit("}")
        return st, acc


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    what = ap.add_mutually_exclusive_group(required=True)
    what.add_argument("--collectives", type=int, metavar="N")
    what.add_argument("--ops", type=int, metavar="N")
    ap.add_argument("--kind", default="mix",
                    choices=["mix", "allreduce", "permute", "reshape", "halo"],
                    help="which collective --collectives repeats (default: mix)")
    ap.add_argument("--size", type=int, default=16,
                    help="global size n of the n x n tensors (default 16)")
    ap.add_argument("--static", action="store_true",
                    help="static shapes (n x n in the types) instead of ?x?")
    args = ap.parse_args()
    global TY, TY1, STATIC
    STATIC = args.static
    if STATIC:
        TY = "!dist.tensor<%dx%dxf64>" % (args.size, args.size)
        TY1 = "!dist.tensor<%dxf64>" % (args.size * args.size)

    g = Gen()
    if args.collectives is not None:
        kinds = {"allreduce": [g.allreduce], "permute": [g.permute],
                 "reshape": [g.reshape], "halo": [g.halo],
                 "mix": [g.allreduce, g.permute, g.reshape, g.halo]}[args.kind]
        count = args.collectives
    else:
        kinds = [g.elementwise, g.stencil, g.allreduce, g.elementwise,
                 g.permute, g.stencil, g.reshape, g.halo]
        count = args.ops

    out = sys.stdout
    out.write("// Generated by scripts/gen-dist-program.py %s\n"
              % " ".join(sys.argv[1:]))
    out.write("func.func @main() {\n")
    for line in ["%%n = arith.constant %d : index" % args.size,
                 "%%nn = arith.constant %d : index" % (args.size * args.size),
                 "%zero = arith.constant 0.0 : f64",
                 "%one = arith.constant 1.0 : f64",
                 "%half = arith.constant 0.5 : f64",
                 "%quarter = arith.constant 0.25 : f64",
                 "%x0 = dist.generate " + ("" if STATIC else "(%n, %n) ")
                 + ": " + TY + " {",
                 "^bb0(%i: index, %j: index):",
                 "  %ij = arith.addi %i, %j : index",
                 "  %v = arith.index_cast %ij : index to i64",
                 "  %f = arith.sitofp %v : i64 to f64",
                 "  dist.yield %f : f64",
                 "}"]:
        g.emit(line)
    x, acc = "%x0", "%zero"
    for k in range(count):
        x, acc = kinds[k % len(kinds)](x, acc)
    g.emit("%%total = dist.reduce sum %s : %s -> f64" % (x, TY))
    g.emit("%%result = arith.addf %%total, %s : f64" % acc)
    g.emit("dist.print %result : f64")
    g.emit("return")
    out.write("\n".join(g.lines) + "\n}\n")


if __name__ == "__main__":
    main()
