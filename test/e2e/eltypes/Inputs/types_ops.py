#!/usr/bin/env python3
"""Every element type of !dist.tensor with every dist op (types-ops.test).

  types_ops.py --distc DISTC --mpirun MPIRUN --work DIR [--ranks N] [TYPE...]

For each element type that docs/dist.md lists (i1, i8, i16, i32, i64,
index, f16, bf16, f32, f64, complex<f32>, complex<f64>; or the TYPEs given)
this writes one program that uses every op the type supports, compiles it
with distc and runs it on N ranks (default 2). The data are small integers
(exact in every type; a complex number k is k - kj), so the program checks
each result itself against a dist.generate of the expected values,
computed by other means (index arithmetic), and prints one line per check:
"<check> <number of wrong elements>". The printed tensors (dist.print in
the vector.print form and with `numpy`) are compared here with the values
they must hold. Prints "<type>: <n> checks pass" per type, or what failed,
and exits 1 if anything did: an op that does not compile or link for a
type (a missing runtime entry point) fails the test.
"""

import argparse
import os
import re
import shlex
import subprocess
import sys

TYPES = ["i1", "i8", "i16", "i32", "i64", "index", "f16", "bf16", "f32",
         "f64", "complex<f32>", "complex<f64>"]

ROWS, COLS = 5, 4  # the base array: a 5 x 4 matrix, no rank count divides 5


def base(i, j):
    """The integer of element (i, j) of the base array."""
    return (3 * i + j) % 7


class Type:
    def __init__(self, name):
        self.name = name
        self.complex = name.startswith("complex")
        self.part = name[8:-1] if self.complex else None
        self.half = name in ("f16", "bf16")
        self.float = name in ("f16", "bf16", "f32", "f64")
        self.i1 = name == "i1"
        self.index = name == "index"
        self.int = name.startswith("i") and not self.index
        # Ops each type has (docs/dist.md): ordered types have max/min and
        # arg*; i1 reduces with any/all and has no arithmetic sums; numpy
        # has no bf16 dtype and the verifier refuses index files and
        # products (convert to i64).
        self.ordered = not self.complex
        self.summable = not self.i1
        self.files = name not in ("bf16", "index")
        self.matmul = not self.i1 and not self.complex and not self.index
        self.arange = not self.i1 and not self.complex
        self.linspace = self.float

    def value(self, k):
        """The value the type holds for integer k (i1: its low bit)."""
        return k % 2 if self.i1 else k


class Program:
    """Builds the text of one program; `fresh` names SSA values."""

    def __init__(self, t):
        self.t = t
        self.lines = []
        self.count = 0
        self.checks = []
        self.prints = []

    def fresh(self, stem="v"):
        self.count += 1
        return "%%%s%d" % (stem, self.count)

    def emit(self, line, indent=2):
        self.lines.append(" " * indent + line)

    def tensor(self, shape, part=""):
        return "!dist.tensor<%sx%s%s>" % ("x".join(map(str, shape)),
                                         self.t.name, part)

    # Scalar code, emitted at `indent` (also inside bodies).
    def conv(self, k, indent):
        """The value of T for the index value `k` (>= 0)."""
        t = self.t
        if t.index:
            return k
        if t.int:
            v = self.fresh()
            self.emit("%s = arith.index_cast %s : index to %s" % (v, k, t.name),
                      indent)
            return v
        i64 = self.fresh()
        self.emit("%s = arith.index_cast %s : index to i64" % (i64, k), indent)
        fty = t.part if t.complex else ("f32" if t.half else t.name)
        f = self.fresh()
        self.emit("%s = arith.sitofp %s : i64 to %s" % (f, i64, fty), indent)
        if t.half:
            h = self.fresh()
            self.emit("%s = arith.truncf %s : f32 to %s" % (h, f, t.name),
                      indent)
            return h
        if t.complex:
            n = self.fresh()
            self.emit("%s = arith.negf %s : %s" % (n, f, fty), indent)
            c = self.fresh()
            self.emit("%s = complex.create %s, %s : %s" % (c, f, n, t.name),
                      indent)
            return c
        return f

    def const(self, k, indent=2):
        c = self.fresh("c")
        self.emit("%s = arith.constant %d : index" % (c, k), indent)
        return self.conv(c, indent)

    def differs(self, a, b, indent):
        """An i1 that is true when the T values a and b differ."""
        t = self.t
        r = self.fresh()
        if t.int or t.index:
            self.emit("%s = arith.cmpi ne, %s, %s : %s" % (r, a, b, t.name),
                      indent)
        elif t.complex:
            parts = []
            for op in ("re", "im"):
                x, y, d = self.fresh(), self.fresh(), self.fresh()
                self.emit("%s = complex.%s %s : %s" % (x, op, a, t.name), indent)
                self.emit("%s = complex.%s %s : %s" % (y, op, b, t.name), indent)
                self.emit("%s = arith.cmpf une, %s, %s : %s" % (d, x, y, t.part),
                          indent)
                parts.append(d)
            self.emit("%s = arith.ori %s, %s : i1" % (r, parts[0], parts[1]),
                      indent)
        else:
            if t.half:
                a2, b2 = self.fresh(), self.fresh()
                self.emit("%s = arith.extf %s : %s to f32" % (a2, a, t.name),
                          indent)
                self.emit("%s = arith.extf %s : %s to f32" % (b2, b, t.name),
                          indent)
                a, b, fty = a2, b2, "f32"
            else:
                fty = t.name
            self.emit("%s = arith.cmpf une, %s, %s : %s" % (r, a, b, fty), indent)
        return r

    def add(self, a, b, indent):
        t = self.t
        r = self.fresh()
        if t.int or t.index:  # i1: addition modulo 2
            self.emit("%s = arith.addi %s, %s : %s" % (r, a, b, t.name), indent)
        elif t.complex:
            self.emit("%s = complex.add %s, %s : %s" % (r, a, b, t.name), indent)
        elif t.half:
            a2, b2, s = self.fresh(), self.fresh(), self.fresh()
            self.emit("%s = arith.extf %s : %s to f32" % (a2, a, t.name), indent)
            self.emit("%s = arith.extf %s : %s to f32" % (b2, b, t.name), indent)
            self.emit("%s = arith.addf %s, %s : f32" % (s, a2, b2), indent)
            self.emit("%s = arith.truncf %s : f32 to %s" % (r, s, t.name), indent)
        else:
            self.emit("%s = arith.addf %s, %s : %s" % (r, a, b, t.name), indent)
        return r

    # Index arithmetic in bodies.
    def idx(self, op, a, b, indent):
        r = self.fresh("k")
        self.emit("%s = arith.%s %s, %s : index" % (r, op, a, b), indent)
        return r

    def cidx(self, k, indent):
        c = self.fresh("c")
        self.emit("%s = arith.constant %d : index" % (c, k), indent)
        return c

    def base_k(self, i, j, indent):
        """(3 i + j) mod 7 as index code."""
        t3 = self.idx("muli", i, self.cidx(3, indent), indent)
        s = self.idx("addi", t3, j, indent)
        return self.idx("remui", s, self.cidx(7, indent), indent)

    def generate(self, shape, part, body):
        """dist.generate whose element is conv(body(indices, indent))."""
        r = self.fresh("g")
        self.emit("%s = dist.generate : %s {" % (r, self.tensor(shape, part)))
        args = [self.fresh("i") for _ in shape]
        self.emit("^bb0(%s):" % ", ".join("%s: index" % a for a in args))
        k = body(args, 4)
        v = self.conv(k, 4)
        self.emit("dist.yield %s : %s" % (v, self.t.name), 4)
        self.emit("}")
        return r

    def label(self, text):
        """Prints `text ` on rank 0, before a dist.print of a scalar."""
        self.emit("scf.if %root {")
        self.emit('vector.print str "%s "' % text, 4)
        self.emit("}")

    def check(self, name, value, vtype, expected, etype):
        """Counts the elements where two tensors of one global shape differ."""
        shape = re.search(r"<([0-9x]+)x", vtype).group(1)
        part = vtype[vtype.index(self.t.name) + len(self.t.name):-1]
        mask = self.fresh("m")
        self.emit("%s = dist.elementwise %s, %s : %s, %s -> "
                  "!dist.tensor<%sxi64%s> {" % (mask, value, expected, vtype,
                                                etype, shape, part))
        x, y = self.fresh("x"), self.fresh("y")
        self.emit("^bb0(%s: %s, %s: %s):" % (x, self.t.name, y, self.t.name))
        d = self.differs(x, y, 4)
        z = self.fresh()
        self.emit("%s = arith.extui %s : i1 to i64" % (z, d), 4)
        self.emit("dist.yield %s : i64" % z, 4)
        self.emit("}")
        n = self.fresh("n")
        self.emit("%s = dist.reduce sum %s : !dist.tensor<%sxi64%s> -> i64" %
                  (n, mask, shape, part))
        self.report(name, n)

    def check_scalar(self, name, value, expected_k):
        e = self.const(expected_k)
        d = self.differs(value, e, 2)
        z = self.fresh()
        self.emit("%s = arith.extui %s : i1 to i64" % (z, d))
        self.report(name, z)

    def report(self, name, count):
        self.checks.append(name)
        self.label(name)
        self.emit("dist.print %s : i64" % count)

    def print_marker(self, name, expected):
        """The next dist.print prints `expected` (row-major values)."""
        self.prints.append((name, expected))
        self.emit("scf.if %root {")
        self.emit('vector.print str "print %s\\n"' % name, 4)
        self.emit("}")


PARTS = [("rows", ""), ("columns", ", split = 1"),
         ("grid", ", grid = [?, ?], split = [0, 1]")]


def build(t, work):
    p = Program(t)
    R, C = ROWS, COLS
    T = lambda shape, part="": p.tensor(shape, part)
    p.lines.append("func.func @main() {")
    p.emit("%c0 = arith.constant 0 : index")
    p.emit("%me = dist.team_member")
    p.emit("%root = arith.cmpi eq, %me, %c0 : index")

    def base_body(args, ind):
        return p.base_k(args[0], args[1], ind)

    # Creation.
    a = {}
    for name, part in PARTS:
        a[name] = p.generate([R, C], part, base_body)
    A = a["rows"]
    three = p.const(3)
    full = p.fresh("full")
    p.emit("%s = dist.full %s : %s" % (full, three, T([R, C])))
    p.check("full", full, T([R, C]),
            p.generate([R, C], "", lambda args, ind: p.cidx(3, ind)), T([R, C]))
    for name, part in PARTS[1:]:
        p.check("generate/" + name, a[name], T([R, C], part), A, T([R, C]))
    if t.arange:
        r = p.fresh("r")
        p.emit("%s = dist.arange %s, %s : %s" % (r, p.const(0), p.const(1),
                                                 T([6])))
        p.check("arange", r, T([6]), p.generate([6], "", lambda a_, i: a_[0]),
                T([6]))
    if t.linspace:
        r = p.fresh("r")
        p.emit("%s = dist.linspace %s, %s : %s" % (r, p.const(0), p.const(5),
                                                   T([6])))
        p.check("linspace", r, T([6]), p.generate([6], "", lambda a_, i: a_[0]),
                T([6]))
    local = p.fresh("l")
    p.emit("%s = dist.local %s : %s -> tensor<?x%dx%s>" % (local, A, T([R, C]),
                                                          C, t.name))
    wl = p.fresh("w")
    p.emit("%s = dist.with_local %s, %s : %s, tensor<?x%dx%s> -> %s" %
           (wl, A, local, T([R, C]), C, t.name, T([R, C])))
    p.check("local/with_local", wl, T([R, C]), A, T([R, C]))
    off = p.fresh("off")
    p.emit("%s = dist.local_offset %s, 0 : %s" % (off, A, T([R, C])))
    fl = p.fresh("fl")
    p.emit("%s = dist.from_local %s offset %s : tensor<?x%dx%s> -> %s" %
           (fl, local, off, C, t.name, T([R, C], ", irregular")))
    p.check("from_local", fl, T([R, C], ", irregular"), A, T([R, C]))

    def twice(args, ind):
        return p.idx("muli", base_body(args, ind), p.cidx(2, ind), ind)

    # Element-wise.
    e = p.fresh("e")
    p.emit("%s = dist.elementwise %s : %s -> %s {" % (e, A, T([R, C]),
                                                      T([R, C])))
    x = p.fresh("x")
    p.emit("^bb0(%s: %s):" % (x, t.name))
    s = p.add(x, x, 4)
    p.emit("dist.yield %s : %s" % (s, t.name), 4)
    p.emit("}")
    p.check("elementwise", e, T([R, C]), p.generate([R, C], "", twice), T([R, C]))
    for name, part in PARTS:
        s = p.fresh("s")
        p.emit("%s = dist.add %s, %s : %s, %s -> %s" %
               (s, A, a[name], T([R, C]), T([R, C], part), T([R, C], part)))
        p.check("add/" + name, s, T([R, C], part),
                p.generate([R, C], "", twice), T([R, C]))
    s = p.fresh("s")
    p.emit("%s = dist.sub %s, %s : %s" % (s, A, A, T([R, C])))
    p.check("sub", s, T([R, C]), p.generate([R, C], "",
                                            lambda a_, i: p.cidx(0, i)), T([R, C]))
    if t.ordered and not t.i1:
        s = p.fresh("s")
        p.emit("%s = dist.max %s, %s : %s" % (s, A, full, T([R, C])))
        p.check("max", s, T([R, C]), p.generate(
            [R, C], "", lambda a_, i: p.idx("maxui", base_body(a_, i),
                                            p.cidx(3, i), i)), T([R, C]))

    # Reductions.
    values = [t.value(base(i, j)) for i in range(R) for j in range(C)]
    for name, part in PARTS:
        src, sty = a[name], T([R, C], part)
        kinds = []
        if t.summable:
            kinds.append(("sum", sum(values)))
        if t.ordered:
            kinds += [("max", max(values)), ("min", min(values))]
        if t.i1:
            kinds += [("any", max(values)), ("all", min(values))]
        for kind, expected in kinds:
            r = p.fresh("red")
            p.emit("%s = dist.reduce %s %s : %s -> %s" % (r, kind, src, sty,
                                                         t.name))
            p.check_scalar("reduce-%s/%s" % (kind, name), r, expected)
        if t.ordered and not t.i1:
            r = p.fresh("arg")
            p.emit("%s = dist.reduce argmax %s : %s -> index" % (r, src, sty))
            d = p.fresh()
            p.emit("%s = arith.cmpi ne, %s, %s : index" %
                   (d, r, p.cidx(values.index(max(values)), 2)))
            z = p.fresh()
            p.emit("%s = arith.extui %s : i1 to i64" % (z, d))
            p.report("reduce-argmax/" + name, z)
        if t.summable:
            for axis in (0, 1):
                r = p.fresh("ax")
                shape = [C] if axis == 0 else [R]
                p.emit("%s = dist.reduce sum %s axis %d : %s -> %s" %
                       (r, src, axis, sty, T(shape)))

                def axis_sum(args, ind, axis=axis):
                    # The sum over the reduced index, as an scf.for.
                    acc = p.fresh("acc")
                    it = p.fresh("it")
                    n = ROWS if axis == 0 else COLS
                    p.emit("%s = scf.for %s = %s to %s step %s iter_args(%%sum%s = "
                           "%s) -> (index) {" % (acc, it, p.cidx(0, ind),
                                                 p.cidx(n, ind), p.cidx(1, ind),
                                                 acc[1:], p.cidx(0, ind)), ind)
                    i, j = (it, args[0]) if axis == 0 else (args[0], it)
                    k = p.base_k(i, j, ind + 2)
                    nxt = p.idx("addi", "%sum" + acc[1:], k, ind + 2)
                    p.emit("scf.yield %s : index" % nxt, ind + 2)
                    p.emit("}", ind)
                    return acc

                p.check("reduce-sum-axis%d/%s" % (axis, name), r, T(shape),
                        p.generate(shape, "", axis_sum), T(shape))
    # The mean of integer-valued elements with an integer mean.
    if t.float or t.complex:
        r = p.fresh("mean")
        p.emit("%s = dist.reduce mean %s : %s -> %s" % (r, full, T([R, C]),
                                                       t.name))
        p.check_scalar("reduce-mean", r, 3)
    # Cumulative sums along both axes (split and not).
    if t.summable:
        for axis in (0, 1):
            r = p.fresh("scan")
            p.emit("%s = dist.scan sum %s axis %d : %s" % (r, A, axis, T([R, C])))

            def prefix(args, ind, axis=axis):
                acc, it = p.fresh("acc"), p.fresh("it")
                upto = p.idx("addi", args[axis], p.cidx(1, ind), ind)
                p.emit("%s = scf.for %s = %s to %s step %s iter_args(%%sum%s = "
                       "%s) -> (index) {" % (acc, it, p.cidx(0, ind), upto,
                                             p.cidx(1, ind), acc[1:],
                                             p.cidx(0, ind)), ind)
                i, j = (it, args[1]) if axis == 0 else (args[0], it)
                k = p.base_k(i, j, ind + 2)
                nxt = p.idx("addi", "%sum" + acc[1:], k, ind + 2)
                p.emit("scf.yield %s : index" % nxt, ind + 2)
                p.emit("}", ind)
                return acc

            p.check("scan-axis%d" % axis, r, T([R, C]),
                    p.generate([R, C], "", prefix), T([R, C]))
    # A per-rank scalar combined over the team.
    one = p.const(1)
    r = p.fresh("all")
    kind = "max" if t.i1 else "sum"
    p.emit("%s = dist.allreduce %s %s : %s" % (r, one, kind, t.name))
    size = p.fresh("P")
    p.emit("%s = dist.team_size" % size)
    expected = one if t.i1 else p.conv(size, 2)
    d = p.differs(r, expected, 2)
    z = p.fresh()
    p.emit("%s = arith.extui %s : i1 to i64" % (z, d))
    p.report("allreduce", z)

    # Stencils: shifts with a fill, periodic shifts and a halo of four
    # shifts, on row blocks, column blocks and a process grid; each also
    # read whole (a repartition of it) besides element-wise.
    fill = p.const(5)
    zero = p.const(0)
    for name, part in PARTS:
        src, sty = a[name], T([R, C], part)
        sh = p.fresh("sh")
        p.emit("%s = dist.shift %s offsets [1, -1] fill %s : %s" % (sh, src,
                                                                   fill, sty))

        def shifted(args, ind):
            i1 = p.idx("addi", args[0], p.cidx(1, ind), ind)
            inside_i = p.fresh()
            p.emit("%s = arith.cmpi ult, %s, %s : index" %
                   (inside_i, i1, p.cidx(ROWS, ind)), ind)
            inside_j = p.fresh()
            p.emit("%s = arith.cmpi uge, %s, %s : index" %
                   (inside_j, args[1], p.cidx(1, ind)), ind)
            inside = p.fresh()
            p.emit("%s = arith.andi %s, %s : i1" % (inside, inside_i, inside_j),
                   ind)
            jm = p.idx("subi", args[1], p.cidx(1, ind), ind)
            ci = p.fresh()
            p.emit("%s = arith.select %s, %s, %s : index" %
                   (ci, inside, i1, p.cidx(0, ind)), ind)
            cj = p.fresh()
            p.emit("%s = arith.select %s, %s, %s : index" %
                   (cj, inside, jm, p.cidx(0, ind)), ind)
            k = p.base_k(ci, cj, ind)
            r = p.fresh()
            p.emit("%s = arith.select %s, %s, %s : index" %
                   (r, inside, k, p.cidx(5, ind)), ind)
            return r

        expected = p.generate([R, C], "", shifted)
        p.check("shift-fill/" + name, sh, sty, expected, T([R, C]))
        whole = p.fresh("wh")
        other = PARTS[(PARTS.index((name, part)) + 1) % len(PARTS)][1]
        p.emit("%s = dist.repartition %s : %s -> %s" % (whole, sh, sty,
                                                        T([R, C], other)))
        p.check("shift-fill-whole/" + name, whole, T([R, C], other), expected,
                T([R, C]))
        per = p.fresh("per")
        p.emit("%s = dist.shift %s offsets [1, -1] periodic : %s" % (per, src,
                                                                    sty))

        def wrapped(args, ind):
            i = p.idx("remui", p.idx("addi", args[0], p.cidx(1, ind), ind),
                      p.cidx(ROWS, ind), ind)
            j = p.idx("remui", p.idx("addi", args[1], p.cidx(COLS - 1, ind),
                                     ind), p.cidx(COLS, ind), ind)
            return p.base_k(i, j, ind)

        p.check("shift-periodic/" + name, per, sty,
                p.generate([R, C], "", wrapped), T([R, C]))
        shifts = []
        for off in ([1, 0], [-1, 0], [0, 1], [0, -1]):
            v = p.fresh("nb")
            p.emit("%s = dist.shift %s offsets [%d, %d] fill %s : %s" %
                   (v, src, off[0], off[1], zero, sty))
            shifts.append(v)
        h = p.fresh("halo")
        p.emit("%s = dist.elementwise %s : %s -> %s {" %
               (h, ", ".join(shifts), ", ".join([sty] * 4), sty))
        xs = [p.fresh("x") for _ in shifts]
        p.emit("^bb0(%s):" % ", ".join("%s: %s" % (x, t.name) for x in xs))
        acc = xs[0]
        for x in xs[1:]:
            acc = p.add(acc, x, 4)
        p.emit("dist.yield %s : %s" % (acc, t.name), 4)
        p.emit("}")

        def neighbours(args, ind):
            total = p.cidx(0, ind)
            for di, dj in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                # The neighbour's k, or 0 outside (the fill); an index of
                # -1 is beyond the array as an unsigned number.
                i, j = args
                if di:
                    i = p.idx("addi" if di > 0 else "subi", i, p.cidx(1, ind),
                              ind)
                if dj:
                    j = p.idx("addi" if dj > 0 else "subi", j, p.cidx(1, ind),
                              ind)
                ok_i, ok_j, ok = p.fresh(), p.fresh(), p.fresh()
                p.emit("%s = arith.cmpi ult, %s, %s : index" %
                       (ok_i, i, p.cidx(ROWS, ind)), ind)
                p.emit("%s = arith.cmpi ult, %s, %s : index" %
                       (ok_j, j, p.cidx(COLS, ind)), ind)
                p.emit("%s = arith.andi %s, %s : i1" % (ok, ok_i, ok_j), ind)
                ci, cj = p.fresh(), p.fresh()
                p.emit("%s = arith.select %s, %s, %s : index" %
                       (ci, ok, i, p.cidx(0, ind)), ind)
                p.emit("%s = arith.select %s, %s, %s : index" %
                       (cj, ok, j, p.cidx(0, ind)), ind)
                k = p.base_k(ci, cj, ind)
                term = p.fresh()
                p.emit("%s = arith.select %s, %s, %s : index" %
                       (term, ok, k, p.cidx(0, ind)), ind)
                total = p.idx("addi", total, term, ind)
            return total

        p.check("halo/" + name, h, sty, p.generate([R, C], "", neighbours),
                T([R, C]))
        extend(p, name, src, sty, zero)

    # Moving data.
    rs = p.fresh("rs")
    p.emit("%s = dist.reshape %s : %s -> %s" % (rs, A, T([R, C]), T([C, R])))

    def reshaped(args, ind):
        f = p.idx("addi", p.idx("muli", args[0], p.cidx(ROWS, ind), ind),
                  args[1], ind)
        return p.base_k(p.idx("divui", f, p.cidx(COLS, ind), ind),
                        p.idx("remui", f, p.cidx(COLS, ind), ind), ind)

    p.check("reshape", rs, T([C, R]), p.generate([C, R], "", reshaped), T([C, R]))
    pm = p.fresh("pm")
    p.emit("%s = dist.permute %s axes [1, 0] : %s -> %s" % (pm, A, T([R, C]),
                                                          T([C, R])))
    p.check("permute", pm, T([C, R]),
            p.generate([C, R], "", lambda a_, i: p.base_k(a_[1], a_[0], i)),
            T([C, R]))
    for name, part in PARTS[1:]:
        rp = p.fresh("rp")
        p.emit("%s = dist.repartition %s : %s -> %s" % (rp, A, T([R, C]),
                                                        T([R, C], part)))
        p.check("repartition/" + name, rp, T([R, C], part), A, T([R, C]))
    for name, part in (PARTS[0], PARTS[2]):
        g = p.fresh("ga")
        p.emit("%s = dist.gather %s : %s -> tensor<%dx%dx%s>" %
               (g, a[name], T([R, C], part), R, C, t.name))
        count = p.fresh()
        p.emit("%s = arith.constant 0 : i64" % count)
        for i, j in ((0, 0), (4, 3), (2, 1), (3, 2)):
            v = p.fresh()
            p.emit("%s = tensor.extract %s[%s, %s] : tensor<%dx%dx%s>" %
                   (v, g, p.cidx(i, 2), p.cidx(j, 2), R, C, t.name))
            d = p.differs(v, p.const(base(i, j)), 2)
            z = p.fresh()
            p.emit("%s = arith.extui %s : i1 to i64" % (z, d))
            n = p.fresh()
            p.emit("%s = arith.addi %s, %s : i64" % (n, count, z))
            count = n
        p.report("gather/" + name, count)
    sl = p.fresh("sl")
    p.emit("%s = dist.slice %s [1:4, ::2] : %s -> %s" % (sl, a["grid"],
                                                        T([R, C], PARTS[2][1]),
                                                        T([3, 2])))
    p.check("slice", sl, T([3, 2]), p.generate(
        [3, 2], "", lambda a_, i: p.base_k(
            p.idx("addi", a_[0], p.cidx(1, i), i),
            p.idx("muli", a_[1], p.cidx(2, i), i), i)), T([3, 2]))
    small = p.fresh("small")
    p.emit("%s = dist.full %s : %s" % (small, fill, T([2, 2])))
    ins = p.fresh("ins")
    p.emit("%s = dist.insert_slice %s into %s [1:3, 1:3] : %s into %s" %
           (ins, small, A, T([2, 2]), T([R, C])))

    def inserted(args, ind):
        flags = []
        for arg in args:
            lo, hi = p.fresh(), p.fresh()
            p.emit("%s = arith.cmpi uge, %s, %s : index" %
                   (lo, arg, p.cidx(1, ind)), ind)
            p.emit("%s = arith.cmpi ult, %s, %s : index" %
                   (hi, arg, p.cidx(3, ind)), ind)
            flags += [lo, hi]
        inside = flags[0]
        for f in flags[1:]:
            n = p.fresh()
            p.emit("%s = arith.andi %s, %s : i1" % (n, inside, f), ind)
            inside = n
        k = p.base_k(args[0], args[1], ind)
        r = p.fresh()
        p.emit("%s = arith.select %s, %s, %s : index" %
               (r, inside, p.cidx(5, ind), k), ind)
        return r

    p.check("insert_slice", ins, T([R, C]), p.generate([R, C], "", inserted),
            T([R, C]))
    cat = p.fresh("cat")
    p.emit("%s = dist.concat %s, %s axis 0 : %s, %s -> %s" %
           (cat, A, a["columns"], T([R, C]), T([R, C], PARTS[1][1]),
            T([2 * R, C])))
    p.check("concat", cat, T([2 * R, C]), p.generate(
        [2 * R, C], "", lambda a_, i: p.base_k(
            p.idx("remui", a_[0], p.cidx(ROWS, i), i), a_[1], i)), T([2 * R, C]))
    if t.matmul:
        b = p.generate([C, 3], "", base_body)
        for name, part in (PARTS[0], PARTS[2]):
            mm = p.fresh("mm")
            p.emit("%s = dist.matmul %s, %s : %s, %s -> %s" %
                   (mm, a[name], b, T([R, C], part), T([C, 3]), T([R, 3])))

            def product(args, ind):
                acc, it = p.fresh("acc"), p.fresh("it")
                p.emit("%s = scf.for %s = %s to %s step %s iter_args(%%sum%s = "
                       "%s) -> (index) {" % (acc, it, p.cidx(0, ind),
                                             p.cidx(COLS, ind), p.cidx(1, ind),
                                             acc[1:], p.cidx(0, ind)), ind)
                x = p.base_k(args[0], it, ind + 2)
                y = p.base_k(it, args[1], ind + 2)
                nxt = p.idx("addi", "%sum" + acc[1:],
                            p.idx("muli", x, y, ind + 2), ind + 2)
                p.emit("scf.yield %s : index" % nxt, ind + 2)
                p.emit("}", ind)
                return acc

            p.check("matmul/" + name, mm, T([R, 3]),
                    p.generate([R, 3], "", product), T([R, 3]))

    # Files.
    if t.files:
        for name, part in (PARTS[0], PARTS[2]):
            path = os.path.join(work, "%s-%s.npy" % (safe(t.name), name))
            p.emit('dist.save %s, "%s" : %s' % (a[name], path, T([R, C], part)))
            ld = p.fresh("ld")
            p.emit('%s = dist.load "%s" : %s' % (ld, path, T([R, C], part)))
            p.check("save-load/" + name, ld, T([R, C], part), A, T([R, C]))

    # Printing, last: the checks above are one line each.
    matrix = [t.value(base(i, j)) for i in range(R) for j in range(C)]
    p.print_marker("default", matrix)
    p.emit("dist.print %s : %s" % (A, T([R, C])))
    p.print_marker("numpy", matrix)
    p.emit("dist.print %s numpy : %s" % (A, T([R, C])))
    p.print_marker("numpy-grid", matrix)
    p.emit("dist.print %s numpy : %s" % (a["grid"], T([R, C], PARTS[2][1])))
    p.print_marker("scalar", [t.value(3)])
    p.emit("dist.print %s : %s" % (three, t.name))
    p.emit("return")
    p.lines.append("}")
    return p


def extend(p, name, src, sty, fill):
    """dist.extend by 1 on every side: each rank compares its extended
    block (its neighbours' rows and columns, the fill outside the array)
    with the base array, and the team adds the differences up."""
    t = p.t
    ext = p.fresh("ext")
    lty = "tensor<?x?x%s>" % t.name
    p.emit("%s = dist.extend %s low [1, 1] high [1, 1] fill %s : %s -> %s" %
           (ext, src, fill, sty, lty))
    offsets, sizes = [], []
    for d in (0, 1):
        o = p.fresh("off")
        p.emit("%s = dist.local_offset %s, %d : %s" % (o, src, d, sty))
        offsets.append(o)
        n = p.fresh("dim")
        p.emit("%s = tensor.dim %s, %s : %s" % (n, ext, p.cidx(d, 2), lty))
        sizes.append(n)
    none = p.fresh()
    p.emit("%s = arith.constant 0 : i64" % none)
    outer, r = p.fresh("acc"), p.fresh("it")
    p.emit("%s = scf.for %s = %s to %s step %s iter_args(%%sum%s = %s) -> "
           "(i64) {" % (outer, r, p.cidx(0, 2), sizes[0], p.cidx(1, 2),
                        outer[1:], none))
    inner, c = p.fresh("acc"), p.fresh("it")
    p.emit("%s = scf.for %s = %s to %s step %s iter_args(%%sum%s = %%sum%s) "
           "-> (i64) {" % (inner, c, p.cidx(0, 4), sizes[1], p.cidx(1, 4),
                           inner[1:], outer[1:]), 4)
    ind = 6
    # Global (o + r - 1, o + c - 1); -1 is beyond the array unsigned.
    gi = p.idx("subi", p.idx("addi", offsets[0], r, ind), p.cidx(1, ind), ind)
    gj = p.idx("subi", p.idx("addi", offsets[1], c, ind), p.cidx(1, ind), ind)
    ok_i, ok_j, ok = p.fresh(), p.fresh(), p.fresh()
    p.emit("%s = arith.cmpi ult, %s, %s : index" % (ok_i, gi, p.cidx(ROWS, ind)),
           ind)
    p.emit("%s = arith.cmpi ult, %s, %s : index" % (ok_j, gj, p.cidx(COLS, ind)),
           ind)
    p.emit("%s = arith.andi %s, %s : i1" % (ok, ok_i, ok_j), ind)
    ci, cj = p.fresh(), p.fresh()
    p.emit("%s = arith.select %s, %s, %s : index" % (ci, ok, gi, p.cidx(0, ind)),
           ind)
    p.emit("%s = arith.select %s, %s, %s : index" % (cj, ok, gj, p.cidx(0, ind)),
           ind)
    k = p.base_k(ci, cj, ind)
    kk = p.fresh()
    p.emit("%s = arith.select %s, %s, %s : index" % (kk, ok, k, p.cidx(0, ind)),
           ind)
    want = p.conv(kk, ind)
    got = p.fresh()
    p.emit("%s = tensor.extract %s[%s, %s] : %s" % (got, ext, r, c, lty), ind)
    d = p.differs(got, want, ind)
    z, nxt = p.fresh(), p.fresh()
    p.emit("%s = arith.extui %s : i1 to i64" % (z, d), ind)
    p.emit("%s = arith.addi %%sum%s, %s : i64" % (nxt, inner[1:], z), ind)
    p.emit("scf.yield %s : i64" % nxt, ind)
    p.emit("}", 4)
    p.emit("scf.yield %s : i64" % inner, 4)
    p.emit("}")
    total = p.fresh("n")
    p.emit("%s = dist.allreduce %s sum : i64" % (total, outer))
    p.report("extend/" + name, total)


def safe(name):
    return re.sub(r"[^a-z0-9]", "", name)


def parse_number(token):
    token = token.strip("(),")
    if token in ("True", "true"):
        return 1
    if token in ("False", "false"):
        return 0
    m = re.fullmatch(r"([-+]?[0-9.e+-]+?)([+-][0-9.e+-]*)j", token)
    if m:
        return complex(float(m.group(1)), float(m.group(2)))
    return float(token)


def expected_number(t, k):
    return complex(k, -k) if t.complex else k


def verify(t, p, output):
    """Errors of one run's output, and the number of checks it passed."""
    errors = []
    lines = output.splitlines()
    counts = {}
    sections = {}
    current = None
    for line in lines:
        if line.startswith("print "):
            current = line[6:].strip()
            sections[current] = []
            continue
        if current is not None:
            sections[current].append(line)
            continue
        m = re.fullmatch(r"(\S+) (-?\d+)", line.strip())
        if m:
            counts[m.group(1)] = int(m.group(2))
        else:
            errors.append("unexpected output line %r" % line)
    passed = 0
    for name in p.checks:
        if name not in counts:
            errors.append("%s: no result printed" % name)
        elif counts[name] != 0:
            errors.append("%s: %d wrong element(s)" % (name, counts[name]))
        else:
            passed += 1
    for name, values in p.prints:
        text = " ".join(sections.get(name, []))
        tokens = [tok for tok in re.split(r"[\s\[\](),]+", text) if tok]
        try:
            got = [parse_number(tok) for tok in tokens]
        except ValueError:
            errors.append("print %s: not numbers: %r" % (name, text))
            continue
        want = [expected_number(t, v) for v in values]
        if got != want:
            errors.append("print %s: printed %r, expected the values %r" %
                          (name, text, want))
        else:
            passed += 1
    return errors, passed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--distc", required=True)
    parser.add_argument("--mpirun", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--ranks", type=int, default=2)
    parser.add_argument("--distc-args", default="")
    parser.add_argument("types", nargs="*", default=TYPES)
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    failed = False
    for name in args.types:
        t = Type(name)
        p = build(t, args.work)
        stem = os.path.join(args.work, safe(name))
        with open(stem + ".mlir", "w") as f:
            f.write("\n".join(p.lines) + "\n")
        compile_cmd = ([args.distc, stem + ".mlir", "-o", stem] +
                       shlex.split(args.distc_args))
        result = subprocess.run(compile_cmd, capture_output=True, text=True)
        if result.returncode != 0:
            print("%s: does not compile (%s):\n%s" % (name, " ".join(compile_cmd),
                                                     result.stderr))
            failed = True
            continue
        run_cmd = shlex.split(args.mpirun) + ["-n", str(args.ranks), stem]
        result = subprocess.run(run_cmd, capture_output=True, text=True,
                                timeout=300)
        if result.returncode != 0:
            print("%s: the program fails (%s):\n%s%s" % (name, " ".join(run_cmd),
                                                        result.stdout,
                                                        result.stderr))
            failed = True
            continue
        errors, passed = verify(t, p, result.stdout)
        if errors:
            print("%s: %s" % (name, "; ".join(errors)))
            failed = True
        else:
            print("%s: %d checks pass" % (name, passed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
