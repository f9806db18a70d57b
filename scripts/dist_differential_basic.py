"""The basic program generator of dist-differential.py (--ops basic): random
dist programs of creation, element-wise ops on row blocks, column blocks
and run-time grids, fill and periodic shifts, slices, insert_slice,
concat, permute, reshape, repartition, reductions and scans, with the
numpy value each printed result must have. Every seed writes the same
program as before --ops existed (check-distc's seeds stay valid)."""

try:
    import numpy as np
except ImportError:  # the caller (lit) checks for numpy first
    np = None


# Distributions of a rank-1 and a rank-2 tensor (the type's suffix).
DISTS = {
    1: ["", ", grid = [?], split = [0]"],
    2: ["", ", split = 1", ", grid = [?, ?], split = [0, 1]",
        ", grid = [?, ?], split = [1, 0]"],
}


class Value:
    def __init__(self, name, array, dist, static):
        self.name, self.array, self.dist, self.static = name, array, dist, static

    @property
    def rank(self):
        return self.array.ndim

    def static_dims(self):
        """One bool per dimension: `static` is a bool (all or none) or,
        in extended programs, a tuple (a mixed shape such as ?x8)."""
        s = self.static
        if isinstance(s, tuple):
            return s if len(s) == self.rank else (all(s),) * self.rank
        return (bool(s),) * self.rank

    def type(self):
        dims = "x".join(str(d) if st else "?"
                        for d, st in zip(self.array.shape, self.static_dims()))
        return "!dist.tensor<%sxf64%s>" % (dims, self.dist)


def emit_mod_minus(prog, total, m, c, terminator):
    """The end of a generator body of the extended and opt generators:
    `total` (an index) mod m - c as f64, yielded by `terminator`."""
    prog.emit("  %%tm = arith.remui %s, %s : index" % (total, prog.index(m)))
    prog.emit("  %ti = arith.index_cast %tm : index to i64")
    prog.emit("  %tf = arith.sitofp %ti : i64 to f64")
    prog.emit("  %%tc = arith.constant %d.0 : f64" % c)
    prog.emit("  %tv = arith.subf %tf, %tc : f64")
    prog.emit("  %s %%tv : f64" % terminator)


class Program:
    """One random program and the numpy values of what it prints."""

    def __init__(self, rng):
        self.rng = rng
        self.lines = []
        self.values = []
        self.expected = []  # one flat list of floats per print
        self.n = 0
        self.consts = {}

    def fresh(self, stem="v"):
        self.n += 1
        return "%%%s%d" % (stem, self.n)

    def emit(self, text):
        self.lines.append("  " + text)

    def index(self, k):
        if k not in self.consts:
            name = "%%c%d" % k if k >= 0 else "%%cm%d" % -k
            self.consts[k] = name
            self.lines.insert(0, "  %s = arith.constant %d : index" % (name, k))
        return self.consts[k]

    def pick_dist(self, rank):
        return self.rng.choice(DISTS[rank])

    def result(self, array, rank=None, static=None):
        dist = self.pick_dist(array.ndim)
        if static is None:
            static = self.rng.random() < 0.5
        return Value(self.fresh(), array, dist, static)

    def sizes(self, v):
        """`(%s0, %s1)` for a run-time shape, "" for a static one."""
        if v.static:
            return ""
        return " (%s)" % ", ".join(self.index(d) for d in v.array.shape)

    # -- the ops ----------------------------------------------------------
    def generate(self, shape):
        a, b, m, c = (self.rng.randint(1, 9), self.rng.randint(1, 9),
                      self.rng.randint(5, 13), self.rng.randint(0, 6))
        idx = np.indices(shape)
        if len(shape) == 1:
            ref = (idx[0] * a) % m - c
        else:
            ref = (idx[0] * a + idx[1] * b) % m - c
        v = self.result(ref.astype(np.float64))
        args = ", ".join("%%i%d: index" % k for k in range(len(shape)))
        self.emit("%s = dist.generate%s : %s {" % (v.name, self.sizes(v), v.type()))
        self.emit("^bb0(%s):" % args)
        self.emit("  %%ta = arith.muli %%i0, %s : index" % self.index(a))
        total = "%ta"
        if len(shape) == 2:
            self.emit("  %%tb = arith.muli %%i1, %s : index" % self.index(b))
            self.emit("  %ts = arith.addi %ta, %tb : index")
            total = "%ts"
        self.emit("  %%tm = arith.remui %s, %s : index" % (total, self.index(m)))
        self.emit("  %ti = arith.index_cast %tm : index to i64")
        self.emit("  %tf = arith.sitofp %ti : i64 to f64")
        self.emit("  %%tc = arith.constant %d.0 : f64" % c)
        self.emit("  %tv = arith.subf %tf, %tc : f64")
        self.emit("  dist.yield %tv : f64")
        self.emit("}")
        return v

    def binary(self, x, y):
        kind = self.rng.choice(["add", "sub", "mul", "max", "min"])
        ref = {"add": np.add, "sub": np.subtract, "mul": np.multiply,
               "max": np.maximum, "min": np.minimum}[kind](x.array, y.array)
        v = self.result(ref, static=x.static)
        self.emit("%s = dist.%s %s, %s : %s, %s -> %s" % (
            v.name, kind, x.name, y.name, x.type(), y.type(), v.type()))
        return v

    def elementwise(self, x):
        k = self.rng.randint(-3, 3)
        v = self.result(x.array * 2.0 + k, static=x.static)
        self.emit("%s = dist.elementwise %s : %s -> %s {" % (v.name, x.name, x.type(), v.type()))
        self.emit("^bb0(%x: f64):")
        self.emit("  %e2 = arith.addf %x, %x : f64")
        self.emit("  %%ek = arith.constant %d.0 : f64" % k)
        self.emit("  %ey = arith.addf %e2, %ek : f64")
        self.emit("  dist.yield %ey : f64")
        self.emit("}")
        return v

    def shift(self, x):
        periodic = self.rng.random() < 0.5
        offs = [self.rng.randint(-min(2, d), min(2, d)) for d in x.array.shape]
        ref = x.array
        if periodic:
            for d, o in enumerate(offs):
                ref = np.roll(ref, -o, axis=d)
        else:
            fill = float(self.rng.randint(-2, 2))
            ref = np.full_like(x.array, fill)
            src = [slice(max(0, o), d + min(0, o)) for d, o in zip(x.array.shape, offs)]
            dst = [slice(max(0, -o), d - max(0, o)) for d, o in zip(x.array.shape, offs)]
            ref[tuple(dst)] = x.array[tuple(src)]
        v = Value(self.fresh(), ref, x.dist, x.static)
        offsets = "[%s]" % ", ".join(str(o) for o in offs)
        if periodic:
            self.emit("%s = dist.shift %s offsets %s periodic : %s" % (
                v.name, x.name, offsets, x.type()))
        else:
            f = self.fresh("f")
            self.emit("%s = arith.constant %.1f : f64" % (f, fill))
            self.emit("%s = dist.shift %s offsets %s fill %s : %s" % (
                v.name, x.name, offsets, f, x.type()))
        return v

    def ranges(self, shape, steps, margin):
        """Random numpy basic slices of `shape` (bounds up to `margin` past
        either end, None for omitted ones): the index tuple and its text."""
        texts, index = [], []
        for d in shape:
            step = self.rng.choice(steps)
            lo = self.rng.choice([None, self.rng.randint(-d - margin, d + margin)])
            hi = self.rng.choice([None, self.rng.randint(-d - margin, d + margin)])
            index.append(slice(lo, hi, step))
            text = "%s:%s" % ("" if lo is None else lo, "" if hi is None else hi)
            if step != 1:
                text += ":%d" % step
            texts.append(text)
        return tuple(index), ", ".join(texts)

    def slice(self, x):
        index, ranges = self.ranges(x.array.shape, [1, 1, 2, 3, -1, -2], 2)
        ref = x.array[index]
        v = self.result(ref)
        self.emit("%s = dist.slice %s [%s] : %s -> %s" % (
            v.name, x.name, ranges, x.type(), v.type()))
        return v

    def insert_slice(self, x):
        index, ranges = self.ranges(x.array.shape, [1, 1, 2, -1, -3], 1)
        src = self.generate(x.array[index].shape)
        ref = x.array.copy()
        ref[index] = src.array
        v = self.result(ref, static=x.static)
        # The result has the destination's type (docs/dist.md, Slices).
        v.dist = x.dist
        self.emit("%s = dist.insert_slice %s into %s [%s] : %s into %s" % (
            v.name, src.name, x.name, ranges, src.type(), x.type()))
        return v

    def concat(self, x):
        axis = self.rng.randrange(x.rank)
        shape = list(x.array.shape)
        shape[axis] = self.rng.randint(0, 5)
        y = self.generate(tuple(shape))
        ref = np.concatenate([x.array, y.array], axis=axis)
        v = self.result(ref)
        self.emit("%s = dist.concat %s, %s axis %d : %s, %s -> %s" % (
            v.name, x.name, y.name, axis, x.type(), y.type(), v.type()))
        return v

    def permute(self, x):
        v = self.result(x.array.T.copy(), static=x.static)
        self.emit("%s = dist.permute %s axes [1, 0] : %s -> %s" % (
            v.name, x.name, x.type(), v.type()))
        return v

    def reshape(self, x):
        total = x.array.size
        if x.rank == 2:
            shape = (total,)
        else:
            divisors = [k for k in range(1, total + 1) if total % k == 0] or [1]
            r = self.rng.choice(divisors)
            shape = (r, total // r) if total else (0, self.rng.randint(1, 4))
        v = self.result(x.array.reshape(shape))
        self.emit("%s = dist.reshape %s%s : %s -> %s" % (
            v.name, x.name, self.sizes(v), x.type(), v.type()))
        return v

    def repartition(self, x):
        v = self.result(x.array, static=x.static)
        self.emit("%s = dist.repartition %s : %s -> %s" % (v.name, x.name, x.type(), v.type()))
        return v

    def reduce_axis(self, x):
        axis = self.rng.randrange(x.rank)
        kind = self.rng.choice(["sum", "max", "min", "prod"])
        if x.array.shape[axis] == 0 and kind in ("max", "min"):
            kind = "sum"
        ref = {"sum": np.sum, "max": np.max, "min": np.min, "prod": np.prod}[kind](
            x.array, axis=axis)
        v = self.result(ref, static=x.static)
        self.emit("%s = dist.reduce %s %s axis %d : %s -> %s" % (
            v.name, kind, x.name, axis, x.type(), v.type()))
        return v

    def scan(self, x):
        axis = self.rng.randrange(x.rank)
        kind = self.rng.choice(["sum", "max", "min"])
        ref = {"sum": np.cumsum, "max": np.maximum.accumulate,
               "min": np.minimum.accumulate}[kind](x.array, axis=axis)
        # A scan keeps the source's type (docs/dist.md, Reductions).
        v = Value(self.fresh(), ref, x.dist, x.static)
        self.emit("%s = dist.scan %s %s axis %d : %s" % (v.name, kind, x.name, axis, x.type()))
        return v

    # -- output -----------------------------------------------------------
    def print_value(self, x):
        """Prints x exactly: moved to row blocks (formatted printing takes
        one split dimension), all 17 digits."""
        rows = Value(self.fresh(), x.array, "", x.static)
        self.emit("%s = dist.repartition %s : %s -> %s" % (rows.name, x.name, x.type(), rows.type()))
        self.emit("dist.print %s numpy precision = 17 : %s" % (rows.name, rows.type()))
        self.expected.append([float(e) for e in x.array.ravel()])
        s = self.fresh("s")
        self.emit("%s = dist.reduce sum %s : %s -> f64" % (s, x.name, x.type()))
        self.emit("dist.print %s precision = 17 : f64" % s)
        self.expected.append([float(x.array.sum())])

    def build(self, steps):
        rank = self.rng.choice([1, 2, 2])
        shape = tuple(self.rng.randint(1, 13) for _ in range(rank))
        live = [self.generate(shape)]
        for _ in range(steps):
            x = self.rng.choice(live)
            ops = [self.elementwise, self.shift, self.slice, self.insert_slice,
                   self.concat, self.repartition, self.scan, self.reshape]
            if x.rank == 2:
                ops += [self.permute, self.reduce_axis]
            partners = [y for y in live if y.array.shape == x.array.shape and y is not x]
            if partners:
                ops.append(lambda x: self.binary(x, self.rng.choice(partners)))
            op = self.rng.choice(ops)
            v = op(x)
            # Keep the data small: products of products outgrow exactness.
            if np.abs(v.array).max(initial=0) < 2 ** 40:
                live.append(v)
        for v in self.rng.sample(live, min(3, len(live))):
            self.print_value(v)
        body = "\n".join(self.lines)
        return "func.func @main() {\n%s\n  return\n}\n" % body

