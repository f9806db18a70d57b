"""The expected output of ../slices.mlir (and with `static`, of
../slices-static.mlir), computed independently of distc:
numpy's basic slicing, assignment into a slice and numpy.concatenate on
nested lists. Python's own slice objects are the reference for one
dimension: `range(n)[lo:hi:step]` normalises bounds exactly as numpy
does (PySlice_AdjustIndices: negative from the end, clamping, either sign
of the step). Prints FileCheck lines for the program's output (only rank
0 prints; not through `mpirun --tag-output`, which may split long lines).
Usage: slices_ref.py [LO STEP | static]."""
import copy
import sys


def array(shape, value):
    """A nested list of `shape` with `value(index tuple)` in each element."""
    def build(prefix):
        if len(prefix) == len(shape):
            return value(*prefix)
        return [build(prefix + (i,)) for i in range(shape[len(prefix)])]
    return build(())


def take(a, *ranges):
    """a[ranges] (one slice per dimension)."""
    first, rest = ranges[0], ranges[1:]
    return [take(x, *rest) if rest else x for x in a[first]]


def put(a, value, *ranges):
    """A copy of `a` with a[ranges] = value (value has the slice's shape)."""
    out = copy.deepcopy(a)

    def assign(dest, src, first, *rest):
        for k, i in enumerate(range(len(dest))[first]):
            if rest:
                assign(dest[i], src[k], *rest)
            else:
                dest[i] = src[k]
    assign(out, value, *ranges)
    return out


def cat(axis, *arrays):
    """numpy.concatenate(arrays, axis)."""
    if axis == 0:
        return [copy.deepcopy(x) for a in arrays for x in a]
    return [cat(axis - 1, *rows) for rows in zip(*arrays)]


def neg(a):
    return [neg(x) for x in a] if isinstance(a, list) else -a


def shift(a, *offsets):
    """dist.shift ... periodic: element i of the result is a[(i + k) % n]
    along each dimension (numpy.roll by -k)."""
    k, rest = offsets[0], offsets[1:]
    n = len(a)
    rows = [a[(i + k) % n] for i in range(n)]
    return [shift(x, *rest) for x in rows] if rest else rows


def dims(a):
    out = []
    while isinstance(a, list):
        out.append(len(a))
        a = a[0] if a else None
    return out


def fmt(a):
    if not isinstance(a, list):
        return str(a)
    return "( " + ", ".join(fmt(x) for x in a) + " )"


S = slice


def emit(out):
    for k, (name, value) in enumerate(out):
        directive = "CHECK" if k == 0 else "CHECK-NEXT"
        text = value if isinstance(value, str) else fmt(value)
        print(f"// {directive}: {name} {text}")


if sys.argv[1:2] == ["static"]:
    # ../slices-static.mlir: 13 x 5 on grids [2, 3], [3, 2] and [2, ?].
    a = array((13, 5), lambda i, j: 10 * i + j + 1)
    t2 = take(a, S(None, None, -2), S(1, None))
    emit([
        ("t1", take(a, S(1, -1), S(1, -1))),
        ("t2", t2),
        ("t3", cat(0, take(a, S(2, 11), S(None)), a)),
        ("t4", put(a, neg(t2), S(None, None, -2), S(1, None))),
        ("t5", cat(1, a, take(a, S(None), S(None, None, -1)))),
    ])
    sys.exit(0)

lo, step = (int(v) for v in sys.argv[1:3]) if len(sys.argv) > 2 else (2, -2)
g = array((7, 10), lambda i, j: 10 * i + j + 1)
q = array((13, 5), lambda i, j: 10 * i + j + 1)
h = array((4, 7, 5), lambda i, j, k: 100 * i + 10 * j + k + 1)
zeros = array((7, 10), lambda i, j: 0)
s2 = take(g, S(1, -1), S(1, -1))
s9 = take(q, S(lo, None), S(None, None, step))
out = [
    ("s1", take(g, S(1, -1), S(1, -1))),
    ("s2", s2),
    ("s3", take(g, S(None, None, 2), S(None, None, -3))),
    ("s4", take(g, S(-2, 1, -2), S(3, None))),
    ("s5", g),
    ("s6", take(g, S(1, 6), S(None, None, 3))),
    ("s7", take(g, S(-20, 20), S(2, 3))),
    ("n8", str(len(range(7)[5:2]))),
    ("n8c", "10"),
    ("s9", s9),
    ("s10", take(g, S(1, None, 3), S(-3, None))),
    ("s11", take(s2, S(None, None, 2), S(1, None))),
    ("s12", take(s2, S(-1, None, -2), S(1, None))),
    ("s13", take(s2, S(1, None), S(2, -1))),
    ("s14", take(h, S(1, None), S(None, None, 2), S(-1, None, -2))),
    ("s15", take(h, S(None), S(1, -1), S(None))),
    ("s16", take(g, S(1, -1), S(2, None))),
    ("i1", put(zeros, take(g, S(1, -1), S(1, -1)), S(1, -1), S(1, -1))),
    ("i2", put(g, array((4, 3), lambda i, j: -1), S(None, None, 2),
               S(1, None, 3))),
    ("i3", put(g, neg(g), S(None), S(None))),
    ("i4", put(g, take(neg(g), S(1, -1), S(2, -2)), S(1, -1), S(2, -2))),
    ("i5", put(q, neg(s9), S(lo, None), S(None, None, step))),
    ("i6", put(h, take(neg(h), S(1, 3), S(None, None, 3), S(1, None)),
               S(1, 3), S(None, None, 3), S(1, None))),
    ("i7", put(g, take(neg(g), S(0, 3), S(None)), S(2, 5), S(None))),
    ("i8", put(h, take(neg(h), S(None), S(4, 1, -1), S(None)), S(None),
               S(2, 5), S(None))),
    ("c1", cat(0, g, take(g, S(None, 2), S(None)))),
    ("c2", cat(1, g, take(g, S(None), S(7, None)))),
    ("c3", cat(0, g, g)),
    ("c4", cat(1, g, g)),
    ("c5", cat(1, q, take(q, S(None), S(None, None, -1)))),
    ("c6", cat(1, h, h)),
    ("c7", cat(2, h, take(h, S(None), S(None), S(None, 2)))),
    ("c8", cat(0, g, take(g, S(None, None, -1), S(None)))),
    ("r1", shift(s2, 2, -3)),
    ("r2", shift(take(s2, S(None, None, 2), S(1, None)), -1, 0)),
    ("r3", shift(take(h, S(None), S(1, None), S(None)), 1, 2, -1)),
]
emit(out)
