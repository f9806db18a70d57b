"""Helpers of the process-grid .npy and printing tests (npy-grid*.mlir),
run with %numpy-python.

  npy_grid.py make <dir>            writes the inputs (as numpy.save does)
  npy_grid.py check <dir> <P>       checks a-out<P>.npy and c-out<P>.npy are
                                    byte for byte numpy.save(2 * x + 1)
  npy_grid.py print <dir> <out>     checks npy-grid.mlir's output: the grid
                                    half equals the 1-D half, whose head is
                                    what numpy computes (see below)
  npy_grid.py halves <out>          checks the two halves of <out> are equal
  npy_grid.py irregular <dir> <n>   checks g1.npy ... g<n>.npy and out1.txt ...
                                    of npy-grid-irregular.mlir
"""
import io
import sys

import numpy as np

# npy-grid.mlir: fractional values, so that 17 digits matter.
MAIN = {
    "a": (np.arange(70).reshape(7, 10) / 7.0 - 3.0).astype(np.float64),
    "c": (np.arange(60).reshape(5, 3, 4) / 3.0 - 7.0).astype(np.float32),
    "m": (np.arange(41 * 53).reshape(41, 53) * 7 - 5000).astype(np.int64),
}

# npy-grid-eltypes.mlir: every other element type, 2-D and 3-D.
N2, N3 = np.arange(70).reshape(7, 10), np.arange(60).reshape(5, 3, 4)
ELTYPES = {
    "h": (N2 / 8.0 - 4.0).astype(np.float16),
    "l": (N3 * 123456789012 - 10**12).astype(np.int64),
    "i": (N2 * 1000003 - 30000000).astype(np.int32),
    "s": (N3 * 997 - 30000).astype(np.int16),
    "b": (N2 * 37 % 251 - 125).astype(np.int8),
    "t": N3 % 3 == 0,
    "z": (N2 / 4.0 + 1j * (N2 % 5 - 2)).astype(np.complex128),
    "w": (N3 / 2.0 - 1j * (N3 % 7)).astype(np.complex64),
}


def saved(array):
    f = io.BytesIO()
    np.save(f, array)
    return f.getvalue()


def vector(a, fmt):
    """dist.print's text without numpy: ( ( x, y ), ( z, w ) )."""
    if a.ndim == 0:
        return fmt % float(a)
    return "( " + ", ".join(vector(x, fmt) for x in a) + " )"


def halves(path):
    with open(path) as f:
        lines = f.read().split("\n")
    assert lines[-1] == "", "no newline at the end"
    lines = lines[:-1]
    n = len(lines) // 2
    if len(lines) % 2 or lines[:n] != lines[n:]:
        for i in range(min(n, len(lines) - n)):
            if lines[i] != lines[n + i]:
                raise SystemExit("grid and 1-D output differ at line %d:\n%s\n%s"
                                 % (i + 1, lines[i], lines[n + i]))
        raise SystemExit("odd number of lines %d" % len(lines))
    return lines[:n]


def main():
    cmd = sys.argv[1]
    if cmd == "make":
        for name, array in list(MAIN.items()) + list(ELTYPES.items()):
            np.save("%s/%s.npy" % (sys.argv[2], name), array)
    elif cmd == "check":
        directory, p = sys.argv[2], sys.argv[3]
        for name in ("a", "c"):
            x = MAIN[name]
            want = (x * x.dtype.type(2) + x.dtype.type(1)).astype(x.dtype)
            with open("%s/%s-out%s.npy" % (directory, name, p), "rb") as f:
                data = f.read()
            assert data == saved(want), "%s-out%s.npy is not numpy.save's" % (name, p)
            print("ok", name, want.dtype, want.shape)
    elif cmd == "print":
        # The head of each half: 17 digits and "%+.5f" without numpy's
        # layout, then numpy's own print() (shortest digits, summarised).
        lines = halves(sys.argv[3])
        a2 = MAIN["a"] * 2 + 1
        c2 = (MAIN["c"] * np.float32(2) + np.float32(1)).astype(np.float32)
        m = MAIN["m"]
        out = io.StringIO()
        for x in (a2, c2):
            print(vector(x, "%.17g"), file=out)
        for x in (a2, c2):
            print(vector(x, "%+.5f"), file=out)
        for x in (a2, c2, m):
            print(x, file=out)
        want = out.getvalue().split("\n")[:-1]
        if lines[: len(want)] != want:
            for i, (got, exp) in enumerate(zip(lines, want)):
                if got != exp:
                    raise SystemExit("line %d differs from numpy:\n%s\n%s" % (i + 1, got, exp))
        print("ok print", len(lines), "lines,", len(want), "from numpy")
    elif cmd == "irregular":
        directory, n = sys.argv[2], int(sys.argv[3])
        g = (np.arange(7).reshape(7, 1) * 100 + np.arange(10)).astype(np.int64)
        text = io.StringIO()
        print(g, file=text)
        print(vector(g, "%5d"), file=text)
        for p in range(1, n + 1):
            with open("%s/g%d.npy" % (directory, p), "rb") as f:
                assert f.read() == saved(g), "g%d.npy is not numpy.save's" % p
            with open("%s/out%d.txt" % (directory, p)) as f:
                out = f.read()
            assert out == text.getvalue(), "out%d.txt:\n%s\nnumpy:\n%s" % (p, out, text.getvalue())
        print("ok irregular 1-%d" % n)
    elif cmd == "halves":
        print("ok halves", len(halves(sys.argv[2])), "lines")
    else:
        raise SystemExit("unknown command " + cmd)


main()
