#!/usr/bin/env python3
"""Checks the output of scan.mlir, matvec.mlir and static-scan-matvec.mlir
(this directory) against numpy.

  grid_check.py scan OUTPUT
  grid_check.py matvec OUTPUT
  grid_check.py static OUTPUT

OUTPUT is what rank 0 printed: lines "<name> <dist.print of an array>", the
array as nested "( a, b, ... )". Every name of the test's table below must
appear, in that order, and every printed element must equal numpy's
(integers exactly, floats within 1e-6 relative; NaN where numpy has NaN).
The arrays are built here from the same closed forms as the program's
dist.generate bodies, independently of distc. Prints "all N values agree
with numpy", or what differs, and exits 1.
"""
import sys

import numpy as np


def ij(shape):
    return np.indices(shape)


# The arrays of scan.mlir.
def scan_inputs():
    i, j = ij((7, 10))
    v = ((7 * i + 3 * j + 5) % 11 - 5).astype(np.float64)
    vn = v.copy()
    vn[(10 * i + j) % 13 == 6] = np.nan
    f = np.array([1.0, 2.0, -1.0, 0.5])[(5 * i + j) % 4]
    i, j = ij((13, 5))
    d = ((5 * i + 2 * j) % 9 - 4).astype(np.float64)
    i, j, k = ij((5, 4, 7))
    t = (3 * i + 5 * j + 7 * k) % 13 - 6
    tf = np.array([1, 2, -1, 1])[(i + 2 * j + 3 * k) % 4]
    i, j = ij((7, 6))
    g = 7 * (10 * i + j + 1) % 23
    return v, vn, f, d, t, tf, g


def scan_table():
    v, vn, f, d, t, tf, g = scan_inputs()
    acc = {
        "sum": np.cumsum,
        "prod": np.cumprod,
        # dist.scan min/max propagate NaN (arith.minimumf), as
        # numpy.minimum.accumulate does (not fmin).
        "min": np.minimum.accumulate,
        "max": np.maximum.accumulate,
    }

    def scan(kind, a, axis, dtype=None):
        r = acc[kind](a, axis=axis)
        return r if dtype is None else r.astype(dtype)

    out = []
    # 7x10 f64 on grid = [?, ?], split = [0, 1].
    for axis in (0, 1):
        out.append(("v.sum%d" % axis, scan("sum", v, axis)))
        out.append(("f.prod%d" % axis, scan("prod", f, axis)))
        out.append(("vn.min%d" % axis, scan("min", vn, axis)))
        out.append(("vn.max%d" % axis, scan("max", vn, axis)))
        out.append(("vn.sum%d" % axis, scan("sum", vn, axis)))
    # 13x5 (run-time sizes) on grid = [?, ?], split = [1, 0].
    for axis in (0, 1):
        out.append(("d.sum%d" % axis, scan("sum", d, axis)))
        out.append(("d.max%d" % axis, scan("max", d, axis)))
    # 5x4x7 i64 on grid = [?, ?, ?], split = [0, 1, 2].
    for axis in (0, 1, 2):
        out.append(("t3.sum%d" % axis, scan("sum", t, axis)))
        out.append(("t3.min%d" % axis, scan("min", t, axis)))
        out.append(("t3.max%d" % axis, scan("max", t, axis)))
        out.append(("tf3.prod%d" % axis, scan("prod", tf, axis)))
    # 5x4x7 i32 on grid = [?, ?], split = [2, 0] (dimension 1 whole).
    for axis in (0, 1, 2):
        out.append(("t2.sum%d" % axis, scan("sum", t, axis)))
    # 7x10 f32 on grid = [1, ?], split = [0, 1]; i16 on [?, ?].
    out.append(("v32.sum1", scan("sum", v.astype(np.float32), 1)))
    out.append(("vn32.max1", scan("max", vn.astype(np.float32), 1)))
    out.append(("v16.min0", scan("min", v.astype(np.int16), 0)))
    out.append(("v16.sum0", scan("sum", v.astype(np.int16), 0)))
    # complex<f64> v + 1j f, f16, i8, i1 (v > 2, v > -4) on 7x10 grids.
    c = v + 1j * f
    for z in (np.cumsum(c, axis=0), np.cumprod(c, axis=1)):
        out.append(("c.re", z.real))
        out.append(("c.im", z.imag))
    vn16 = vn.astype(np.float16)
    out.append(("vn16.sum1", scan("sum", vn16, 1)))
    out.append(("vn16.max0", scan("max", vn16, 0)))
    out.append(("v8.min1", scan("min", v.astype(np.int8), 1)))
    flags = v > 2
    out.append(("b.or0", np.logical_or.accumulate(flags, axis=0)))
    out.append(("b.and1", np.logical_and.accumulate(v > -4, axis=1)))
    # 2x3x2x3x2 i64 on a grid of 5 axes.
    i, j, k, l, m = ij((2, 3, 2, 3, 2))
    t5 = (5 * i + 7 * j + 3 * k + 11 * l + 13 * m) % 9 - 4
    out.append(("t5.sum1", scan("sum", t5, 1)))
    out.append(("t5.max4", scan("max", t5, 4)))
    # 7x6 i64, irregular blocks (grid = [?, ?], split = [0, 1]).
    for axis in (0, 1):
        out.append(("gi.sum%d" % axis, scan("sum", g, axis)))
        out.append(("gi.max%d" % axis, scan("max", -g, axis)))
    return out


# The arrays of matvec.mlir: A[i, j] = (3 i + 5 j) % 7 - 3,
# x[j] = (2 j + 1) % 5 - 2 (integers: the sums are exact in any order).
def matvec_table():
    out = []
    for m, k in ((7, 10), (13, 5)):
        i, j = ij((m, k))
        a = (3 * i + 5 * j) % 7 - 3
        x = (2 * np.arange(k) + 1) % 5 - 2
        y = a @ x
        for name in ("g", "t", "gi", "i", "s", "v"):
            out.append((name, y))
    return out


# static-scan-matvec.mlir, with the closed forms of the two above.
def static_table():
    v, vn, f = scan_inputs()[:3]
    a = (7 * np.arange(23) + 5) % 23 % 10
    out = [("v.sum0", np.cumsum(v, axis=0)),
           ("vn.max1", np.maximum.accumulate(vn, axis=1)),
           ("f.prod1", np.cumprod(f, axis=1)),
           ("a.sum0", np.cumsum(a))]
    for name, (m, k) in (("m23", (7, 10)), ("m23v", (13, 5)), ("rows6", (7, 10))):
        i, j = ij((m, k))
        x = (2 * np.arange(k) + 1) % 5 - 2
        out.append((name, ((3 * i + 5 * j) % 7 - 3) @ x))
    return out


def parse(text):
    lines = []
    for line in text.splitlines():
        name, _, rest = line.partition(" ")
        values = rest.replace("(", " ").replace(")", " ").replace(",", " ").split()
        lines.append((name, values))
    return lines


def same(printed, expected):
    try:
        got = float(printed)
    except ValueError:
        return False
    if np.isnan(expected):
        return np.isnan(got)
    if float(expected).is_integer() and abs(expected) < 2**53:
        return got == expected
    return abs(got - expected) <= 1e-6 * max(1.0, abs(expected))


def main():
    table = {"scan": scan_table, "matvec": matvec_table,
             "static": static_table}[sys.argv[1]]()
    printed = parse(open(sys.argv[2]).read())
    errors, count = [], 0
    if [n for n, _ in printed] != [n for n, _ in table]:
        errors.append("printed arrays %s, expected %s"
                      % ([n for n, _ in printed], [n for n, _ in table]))
    for (name, values), (_, expected) in zip(printed, table):
        expected = np.ravel(np.asarray(expected, dtype=np.float64))
        if len(values) != len(expected):
            errors.append("%s: %d values printed, numpy has %d"
                          % (name, len(values), len(expected)))
            continue
        for n, (g, e) in enumerate(zip(values, expected)):
            count += 1
            if not same(g, e):
                errors.append("%s[%d]: printed %s, numpy %r" % (name, n, g, e))
    if errors:
        print("\n".join(errors[:20]))
        sys.exit(1)
    print("all %d values agree with numpy" % count)


if __name__ == "__main__":
    main()
