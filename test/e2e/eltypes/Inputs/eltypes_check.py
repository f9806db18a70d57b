#!/usr/bin/env python3
"""Checks the output of half.mlir / complex.mlir against numpy.

  eltypes_check.py half OUTPUT RANKS
  eltypes_check.py complex OUTPUT RANKS

OUTPUT is the program's output (dist.print with numpy or precision); every
printed value is compared, in order, with numpy's result for the same data:
data movement, min and max exactly (a printed half must read back as the
same half), sums, products and means within a tolerance (distc accumulates
f16 sums in f32 and rounds once; numpy rounds once per 8192-element block;
complex sums differ in the order of the additions). Prints
"all N values agree with numpy", or what differs, and exits 1.
"""
import re
import sys

import numpy as np


def tokens(text):
    """Every number of the output, in order ('[', ']' and newlines dropped)."""
    return text.replace("[", " ").replace("]", " ").split()


def to_bf16(x):
    """float32 values rounded to bfloat16 (nearest even), as float32."""
    bits = np.asarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    u = np.uint64
    bits = (bits + u(0x7FFF) + ((bits >> u(16)) & u(1))) >> u(16) << u(16)
    return bits.astype(np.uint32).view(np.float32)


def parse_complex(token):
    """'1+2j', '(1-2j)', '(-0+nanj)' -> complex."""
    t = token.strip("()")
    m = re.fullmatch(r"(.+?)([+-][^+-]*(?:e[+-]\d+)?)j", t)
    if not m:
        raise ValueError("not a complex number: %r" % token)
    return complex(float(m.group(1)), float(m.group(2)))


class Checker:
    def __init__(self, text, tail=0):
        """The last `tail` lines are compared as text (line())."""
        lines = text.splitlines()
        split = len(lines) - tail
        self.tokens = tokens("\n".join(lines[:split]))
        self.tail = lines[split:]
        self.pos = 0
        self.count = 0
        self.errors = []

    def line(self, what, expected):
        got = self.tail.pop(0) if self.tail else "(nothing)"
        self.count += 1
        if got != expected:
            self.errors.append("%s: printed %r, expected %r" % (what, got, expected))

    def take(self, n):
        got = self.tokens[self.pos:self.pos + n]
        self.pos += n
        if len(got) < n:
            self.errors.append("output ends early (wanted %d more values)" % n)
            raise SystemExit(self.report())
        return got

    def values(self, what, expected, parse, same):
        expected = np.ravel(expected)
        got = self.take(len(expected))
        for i, (g, e) in enumerate(zip(got, expected)):
            self.count += 1
            try:
                ok = same(parse(g), e)
            except ValueError:
                ok = False
            if not ok:
                self.errors.append("%s[%d]: printed %s, numpy %r" % (what, i, g, e))

    def report(self):
        if self.pos != len(self.tokens):
            self.errors.append("%d values more than expected" % (len(self.tokens) - self.pos))
        if self.errors:
            print("\n".join(self.errors))
            return 1
        print("all %d values agree with numpy" % self.count)
        return 0


def exact_half(g, e):
    return np.float16(g) == e or (np.isnan(e) and np.isnan(g))


def exact_bf16(g, e):
    return to_bf16(np.float32(g)) == e


def close(rtol, atol):
    return lambda g, e: abs(g - e) <= atol + rtol * abs(e)


def half(c, ranks):
    f32 = np.float32
    i, j = np.meshgrid(np.arange(7), np.arange(5), indexing="ij")
    k = (3 * (5 * i + j) + 1) % 17
    a32 = k.astype(f32) * f32(0.1) + f32(-0.7)
    a = a32.astype(np.float16)
    w = a.astype(f32)
    c.values("a", a, float, exact_half)
    c.values("a.T", a.T, float, exact_half)
    c.values("reshape", a.reshape(35), float, exact_half)
    c.values("a + 1", (w + f32(1)).astype(np.float16), float, exact_half)
    north = np.vstack([np.zeros((1, 5), f32), w[:-1]])
    south = np.vstack([w[1:], np.zeros((1, 5), f32)])
    c.values("stencil", (north + south).astype(np.float16), float, exact_half)
    c.values("gather", a.T, float, exact_half)
    # numpy's float16 reductions (float32 inside, rounded to float16).
    c.values("sum", np.sum(a), float, close(2e-3, 2e-3))
    c.values("mean", np.mean(a), float, close(2e-3, 1e-3))
    c.values("min", a.min(), float, exact_half)
    c.values("max", a.max(), float, exact_half)
    q = (w * f32(0.1) + f32(1)).astype(np.float16)
    c.values("prod", np.prod(q), float, close(5e-3, 1e-3))
    c.values("sum(axis=0)", np.sum(a, axis=0), float, close(2e-3, 2e-3))
    c.values("sum(axis=1)", np.sum(a, axis=1), float, close(2e-3, 2e-3))
    c.values("max(axis=0)", a.max(axis=0), float, exact_half)
    c.values("argmax", np.argmax(a), int, lambda g, e: g == e)
    per_rank = ((np.arange(ranks) + 1) * 0.5).astype(np.float16)
    c.values("allreduce sum", per_rank.astype(f32).sum(), float, exact_half)
    c.values("allreduce max", per_rank.max(), float, exact_half)
    kb = (3 * np.arange(23) + 1) % 17
    b = to_bf16(kb.astype(f32) * f32(0.1) + f32(-0.7))
    c.values("bf16", b, float, exact_bf16)
    c.values("bf16 roll", np.roll(b, -1), float, exact_bf16)
    c.values("bf16 sum", b.sum(dtype=f32), float, close(1e-2, 1e-2))
    c.values("bf16 max", b.max(), float, exact_bf16)
    c.values("bf16 allreduce", to_bf16(per_rank.astype(f32).sum()), float, exact_bf16)


def complex_(c, ranks):
    n = np.arange(23)
    z = ((n % 7) - 3 + 1j * ((2 * n) % 5 - 2)) * 0.5
    z64 = z.astype(np.complex64)
    exact = lambda g, e: g == e
    c.values("z", z, parse_complex, exact)
    c.values("z * z + z", z * z + z, parse_complex, exact)
    c.values("abs", np.abs(z), float, close(1e-15, 0))
    c.values("re, im", np.concatenate([z.real, z.imag]), float, exact)
    c.values("roll", np.roll(z, -2), parse_complex, exact)
    m = z[:21].reshape(3, 7)
    c.values("reshape", m, parse_complex, exact)
    c.values("m.T", m.T, parse_complex, exact)
    c.values("gather", m.T, parse_complex, exact)
    tol = lambda r: (lambda g, e: abs(g - e) <= r * max(1.0, abs(e)))
    c.values("sum", np.sum(z), parse_complex, tol(1e-14))
    c.values("mean", np.mean(z), parse_complex, tol(1e-14))
    c.values("prod", np.prod(z[:9]), parse_complex, tol(1e-14))
    c.values("sum(axis=0)", np.sum(m, axis=0), parse_complex, tol(1e-14))
    c.values("sum(axis=1)", np.sum(m, axis=1), parse_complex, tol(1e-14))
    c.values("mean(axis=1)", np.mean(m, axis=1), parse_complex, tol(1e-14))
    c.values("cumsum", np.cumsum(z), parse_complex, tol(1e-14))
    c.values("c64 sum", np.sum(z64), parse_complex, tol(1e-6))
    c.values("c64 z", z64, parse_complex, exact)
    per_rank = np.array([complex(r, 1) for r in range(ranks)])
    c.values("allreduce sum", per_rank.sum(), parse_complex, exact)
    c.values("allreduce prod", np.prod(per_rank), parse_complex, exact)
    # dist.full in vector.print's layout, the from_local sum as a scalar.
    c.line("full", "( (1+2j), (1+2j), (1+2j), (1+2j), (1+2j) )")
    c.line("from_local sum", "(%d+%dj)" % (2 * ranks, 4 * ranks))


def main():
    mode, path, ranks = sys.argv[1], sys.argv[2], int(sys.argv[3])
    c = Checker(open(path).read(), tail=2 if mode == "complex" else 0)
    {"half": half, "complex": complex_}[mode](c, ranks)
    sys.exit(c.report())


if __name__ == "__main__":
    main()
