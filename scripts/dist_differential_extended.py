"""The extended program generator of dist-differential.py (--ops extended):
everything of the basic one (dist_differential_basic.Program) plus matmul,
stencils and loops, extend/local/with_local, gather, from_local, grids of
up to 3 axes and more creation ops (see dist-differential.py)."""
import re

from dist_differential_basic import Program, Value, emit_mod_minus, np


# -- extended programs (--ops extended) --------------------------------------
# Distributions of the extended generator: those above plus process grids
# with a static extent of 1 (valid on any P), 1-axis grids of another
# dimension, and rank-3 tensors on 1-, 2- and 3-axis grids.
DISTS_EXT = {
    1: ["", ", grid = [?], split = [0]"],
    2: ["", ", split = 1", ", grid = [?, ?], split = [0, 1]",
        ", grid = [?, ?], split = [1, 0]", ", grid = [?, 1], split = [0, 1]",
        ", grid = [1, ?], split = [0, 1]", ", grid = [?], split = [1]"],
    3: ["", ", split = 1", ", split = 2", ", grid = [?, ?], split = [0, 1]",
        ", grid = [?, ?], split = [2, 0]", ", grid = [?, ?], split = [1, 2]",
        ", grid = [?, ?, ?], split = [0, 1, 2]"],
}


def split_dims(dist):
    """The tensor dimensions a distribution suffix splits, in grid-axis
    order."""
    m = re.search(r"split = \[([^\]]*)\]", dist)
    if m:
        return [int(t) for t in m.group(1).split(",")]
    m = re.search(r"split = (\d+)", dist)
    return [int(m.group(1))] if m else [0]


def balanced(dist):
    return dist.replace(", irregular", "")


def shift_ref(a, offs, fill=None):
    """result[i] = a[i + offs] inside the array, fill outside (fill None:
    periodic, numpy.roll(a, -offs))."""
    if fill is None:
        ref = a
        for d, o in enumerate(offs):
            if a.shape[d]:
                ref = np.roll(ref, -o, axis=d)
        return ref.copy()
    ref = np.full_like(a, fill)
    src, dst = [], []
    for n, o in zip(a.shape, offs):
        lo, hi = max(0, -o), min(n, n - o)  # destination range
        if hi <= lo:
            return ref
        dst.append(slice(lo, hi))
        src.append(slice(lo + o, hi + o))
    ref[tuple(dst)] = a[tuple(src)]
    return ref


def exact_bound(*arrays):
    return max([float(np.abs(a).max(initial=0)) for a in arrays] + [0.0])


class ExtProgram(Program):
    """The extended generator: every op of Program plus matmul (row blocks,
    column blocks, SUMMA on grids, matrix-vector products), stencils (fill
    and periodic shifts of widths up to 3, diagonal offsets, mixed in one
    element-wise op), explicit dist.extend read back through dist.local /
    tensor.extract_slice / dist.with_local, dist.gather + dist.local_offset,
    dist.from_local (irregular 1-D and grid partitions), dist.full,
    arange, linspace, global_dim, div, dist.index in bodies, scalars
    from reductions used in bodies, reductions to scalars (sum, prod, min,
    max, mean, argmin, argmax) and along axes of rank-3 grid tensors, scans
    of any kind, loops carrying a dist tensor through a stencil, and
    printing from any distribution."""

    def __init__(self, rng):
        Program.__init__(self, rng)
        self.scalars = []  # (name, value) of reductions usable from above

    def fresh(self, stem="v"):
        # With an underscore: never one of the names in op bodies.
        self.n += 1
        return "%%%s_%d" % (stem, self.n)

    def pick_dist(self, rank):
        return self.rng.choice(DISTS_EXT[rank])

    def static_mask(self, rank):
        r = self.rng.random()
        if r < 0.4:
            return True
        if r < 0.8:
            return False
        return tuple(self.rng.random() < 0.5 for _ in range(rank))

    def result(self, array, rank=None, static=None):
        dist = self.pick_dist(array.ndim)
        if static is None or (isinstance(static, tuple) and len(static) != array.ndim):
            static = self.static_mask(array.ndim)
        return Value(self.fresh(), array, dist, static)

    def dyn(self, v):
        return [not t for t in v.static_dims()]

    def sizes(self, v):
        dims = [d for d, dy in zip(v.array.shape, self.dyn(v)) if dy]
        if not dims:
            return ""
        return " (%s)" % ", ".join(self.index(d) for d in dims)

    def flt(self, k):
        name = self.fresh("k")
        self.emit("%s = arith.constant %s : f64" % (name, repr(float(k))))
        return name

    def local_type(self, rank):
        return "tensor<%s>" % "x".join(["?"] * rank + ["f64"])

    # -- creation ------------------------------------------------------------
    def generate(self, shape, small=False):
        rank = len(shape)
        coef = [self.rng.randint(1, 9) for _ in range(rank)]
        m = self.rng.randint(3, 6) if small else self.rng.randint(5, 13)
        c = self.rng.randint(0, m // 2) if small else self.rng.randint(0, 6)
        idx = np.indices(shape) if rank else None
        tot = sum(idx[k] * coef[k] for k in range(rank))
        ref = (tot % m - c).astype(np.float64)
        v = self.result(ref)
        args = ", ".join("%%i%d: index" % k for k in range(rank))
        self.emit("%s = dist.generate%s : %s {" % (v.name, self.sizes(v), v.type()))
        self.emit("^bb0(%s):" % args)
        self.emit_formula(rank, lambda k: "%%i%d" % k, coef, m, c, "dist.yield")
        self.emit("}")
        return v

    def emit_formula(self, rank, index, coef, m, c, terminator):
        """The body of a generator region: (sum_k index(k) * coef[k]) mod m
        - c, as f64, yielded by `terminator`; index(k) names the k-th
        global index (and may emit what computes it)."""
        terms = []
        for k in range(rank):
            g = index(k)
            self.emit("  %%t%d = arith.muli %s, %s : index" % (k, g, self.index(coef[k])))
            terms.append("%%t%d" % k)
        total = terms[0]
        for k in range(1, rank):
            self.emit("  %%u%d = arith.addi %s, %s : index" % (k, total, terms[k]))
            total = "%%u%d" % k
        emit_mod_minus(self, total, m, c, terminator)

    def full(self, shape, like=None):
        k = self.rng.randint(-3, 3)
        v = self.result(np.full(shape, float(k)))
        f = self.flt(k)
        if like is not None and any(self.dyn(v)):
            dims = []
            for d, dy in enumerate(self.dyn(v)):
                if dy:
                    g = self.fresh("g")
                    self.emit("%s = dist.global_dim %s, %d : %s" % (g, like.name, d, like.type()))
                    dims.append(g)
            self.emit("%s = dist.full %s (%s) : %s" % (v.name, f, ", ".join(dims), v.type()))
        else:
            self.emit("%s = dist.full %s%s : %s" % (v.name, f, self.sizes(v), v.type()))
        return v

    def arange(self, n):
        a, s = self.rng.randint(-5, 5), self.rng.randint(-2, 2)
        v = self.result(a + s * np.arange(n, dtype=np.float64))
        self.emit("%s = dist.arange %s, %s%s : %s" % (
            v.name, self.flt(a), self.flt(s), self.sizes(v), v.type()))
        return v

    def linspace(self, n):
        a, s = self.rng.randint(-5, 5), self.rng.randint(-2, 2)
        b = a + s * max(n - 1, 0)
        if n <= 1:
            b = a + self.rng.randint(-3, 3)
        v = self.result(np.linspace(float(a), float(b), n))
        self.emit("%s = dist.linspace %s, %s%s : %s" % (
            v.name, self.flt(a), self.flt(b), self.sizes(v), v.type()))
        return v

    def from_local(self, shape):
        """An irregular tensor: each rank builds its block with
        tensor.generate at offsets from a skewed partition formula."""
        rank = len(shape)
        dist = self.pick_dist(rank)
        splits = split_dims(dist)
        grid = "grid" in dist
        coef = [self.rng.randint(1, 9) for _ in range(rank)]
        m, c = self.rng.randint(5, 13), self.rng.randint(0, 6)
        tot = sum(np.indices(shape)[k] * coef[k] for k in range(rank))
        ref = (tot % m - c).astype(np.float64)
        v = Value(self.fresh(), ref, dist + ", irregular",
                  self.rng.choice([False, False, True]))
        formula = self.rng.randrange(3)
        P, me = self.fresh("P"), self.fresh("me")
        self.emit("%s = dist.team_size" % P)
        coords, extents = [], []
        if not grid:
            self.emit("%s = dist.team_member" % me)
            coords, extents = [me], [P]
        else:
            zero = self.flt(0)
            h = Value(self.fresh("h"), np.zeros([1] * rank), balanced(dist), False)
            htype = h.type()
            self.emit("%s = dist.full %s (%s) : %s" % (h.name, zero, ", ".join([P] * rank), htype))
            hl = self.fresh("hl")
            self.emit("%s = dist.local %s : %s -> %s" % (hl, h.name, htype, self.local_type(rank)))
            for d in splits:
                b, o, e, k = (self.fresh("b"), self.fresh("o"), self.fresh("e"), self.fresh("q"))
                self.emit("%s = tensor.dim %s, %s : %s" % (b, hl, self.index(d), self.local_type(rank)))
                self.emit("%s = dist.local_offset %s, %d : %s" % (o, h.name, d, htype))
                self.emit("%s = arith.divui %s, %s : index" % (e, P, b))
                self.emit("%s = arith.divui %s, %s : index" % (k, o, b))
                coords.append(k)
                extents.append(e)

        def off(cv, ev, n):
            nn = self.index(n)
            if formula == 0:    # n c^2 / E^2: the first blocks small
                t1, t2, t3, t4 = [self.fresh("x") for _ in range(4)]
                self.emit("%s = arith.muli %s, %s : index" % (t1, cv, cv))
                self.emit("%s = arith.muli %s, %s : index" % (t2, t1, nn))
                self.emit("%s = arith.muli %s, %s : index" % (t3, ev, ev))
                self.emit("%s = arith.divui %s, %s : index" % (t4, t2, t3))
                return t4
            if formula == 1:    # n - n (E - c) / E: the last blocks large
                t1, t2, t3, t4 = [self.fresh("x") for _ in range(4)]
                self.emit("%s = arith.subi %s, %s : index" % (t1, ev, cv))
                self.emit("%s = arith.muli %s, %s : index" % (t2, t1, nn))
                self.emit("%s = arith.divui %s, %s : index" % (t3, t2, ev))
                self.emit("%s = arith.subi %s, %s : index" % (t4, nn, t3))
                return t4
            t1, t2 = self.fresh("x"), self.fresh("x")  # all on the last one
            self.emit("%s = arith.divui %s, %s : index" % (t1, cv, ev))
            self.emit("%s = arith.muli %s, %s : index" % (t2, t1, nn))
            return t2

        offs, counts = {}, {}
        for cv, ev, d in zip(coords, extents, splits):
            lo = off(cv, ev, shape[d])
            c1 = self.fresh("x")
            self.emit("%s = arith.addi %s, %s : index" % (c1, cv, self.index(1)))
            hi = off(c1, ev, shape[d])
            cnt = self.fresh("n")
            self.emit("%s = arith.subi %s, %s : index" % (cnt, hi, lo))
            offs[d], counts[d] = lo, cnt
        lt = self.local_type(rank)
        part = self.fresh("part")
        ext = [counts.get(d, self.index(shape[d])) for d in range(rank)]
        self.emit("%s = tensor.generate %s {" % (part, ", ".join(ext)))
        self.emit("^bb0(%s):" % ", ".join("%%i%d: index" % k for k in range(rank)))
        def global_index(k):
            # The local index plus this rank's offset along a split dimension.
            if k not in offs:
                return "%%i%d" % k
            self.emit("  %%g%d = arith.addi %%i%d, %s : index" % (k, k, offs[k]))
            return "%%g%d" % k

        self.emit_formula(rank, global_index, coef, m, c, "tensor.yield")
        self.emit("} : %s" % lt)
        self.emit("%s = dist.from_local %s offset %s : %s -> %s" % (
            v.name, part, ", ".join(offs[d] for d in splits), lt, v.type()))
        return v

    def create(self, shape, small=False):
        r = self.rng.random()
        if not small and r < 0.15:
            return self.from_local(shape)
        if len(shape) == 1 and r > 0.75:
            return self.rng.choice([self.arange, self.linspace])(shape[0])
        if not small and r < 0.25:
            return self.full(shape)
        return self.generate(shape, small)

    # -- element-wise ----------------------------------------------------------
    def elementwise(self, x):
        """2x + k, plus q * (global index along d) (dist.index), plus a
        scalar from an earlier reduction, plus other operands of x's shape
        in other distributions."""
        k = self.rng.randint(-3, 3)
        ref = x.array * 2.0 + k
        partners = [y for y in self.live if y.array.shape == x.array.shape and y is not x]
        others = self.rng.sample(partners, min(len(partners), self.rng.randint(0, 2)))
        for y in others:
            ref = ref + y.array
        d = q = None
        if x.rank and self.rng.random() < 0.4:
            d, q = self.rng.randrange(x.rank), self.rng.randint(-2, 2)
            ref = ref + q * np.indices(x.array.shape)[d]
        sc = None
        if self.scalars and self.rng.random() < 0.3:
            sc = self.rng.choice(self.scalars)
            ref = ref + sc[1]
        v = self.result(ref, static=x.static if self.rng.random() < 0.5 else None)
        ins = [x] + others
        self.emit("%s = dist.elementwise %s : %s -> %s {" % (
            v.name, ", ".join(y.name for y in ins), ", ".join(y.type() for y in ins), v.type()))
        self.emit("^bb0(%s):" % ", ".join("%%a%d: f64" % j for j in range(len(ins))))
        self.emit("  %e2 = arith.addf %a0, %a0 : f64")
        self.emit("  %%ek = arith.constant %d.0 : f64" % k)
        self.emit("  %ey = arith.addf %e2, %ek : f64")
        acc = "%ey"
        for j in range(1, len(ins)):
            self.emit("  %%ep%d = arith.addf %s, %%a%d : f64" % (j, acc, j))
            acc = "%%ep%d" % j
        if d is not None:
            self.emit("  %%di = dist.index %d : index" % d)
            self.emit("  %dc = arith.index_cast %di : index to i64")
            self.emit("  %df = arith.sitofp %dc : i64 to f64")
            self.emit("  %%dq = arith.constant %d.0 : f64" % q)
            self.emit("  %dm = arith.mulf %df, %dq : f64")
            self.emit("  %%dy = arith.addf %s, %%dm : f64" % acc)
            acc = "%dy"
        if sc is not None:
            self.emit("  %%sy = arith.addf %s, %s : f64" % (acc, sc[0]))
            acc = "%sy"
        self.emit("  dist.yield %s : f64" % acc)
        self.emit("}")
        return v

    def divide(self, x):
        k = self.rng.choice([2.0, -2.0, 4.0, 0.5, -1.0])
        y = self.full_value(x.array.shape, k)
        v = self.result(x.array / k, static=x.static)
        self.emit("%s = dist.div %s, %s : %s, %s -> %s" % (
            v.name, x.name, y.name, x.type(), y.type(), v.type()))
        return v

    def full_value(self, shape, k):
        v = self.result(np.full(shape, float(k)))
        self.emit("%s = dist.full %s%s : %s" % (v.name, self.flt(k), self.sizes(v), v.type()))
        return v

    # -- stencils ---------------------------------------------------------------
    def random_offsets(self, x, periodic, width):
        offs = []
        for n in x.array.shape:
            w = width if not periodic else min(width, n)
            offs.append(self.rng.randint(-w, w) if self.rng.random() < 0.8 else 0)
        return offs

    def emit_shift(self, x, offs, fill_name, fill_value, periodic):
        ref = shift_ref(x.array, offs, None if periodic else fill_value)
        v = Value(self.fresh(), ref, x.dist, x.static)
        offsets = "[%s]" % ", ".join(str(o) for o in offs)
        if periodic:
            self.emit("%s = dist.shift %s offsets %s periodic : %s" % (v.name, x.name, offsets, x.type()))
        else:
            self.emit("%s = dist.shift %s offsets %s fill %s : %s" % (
                v.name, x.name, offsets, fill_name, x.type()))
        return v

    def stencil(self, x, width=None):
        """An element-wise op over 1-5 shifts of x (one fill, two fills,
        periodic, or mixed; widths up to 3; diagonal offsets), x itself,
        and maybe another operand: distc-form-stencils makes it a stencil
        with halo exchanges."""
        mode = self.rng.choice(["fill", "fill", "periodic", "periodic", "mixed", "twofill"])
        width = width or self.rng.choice([1, 1, 2, 3])
        fills = [self.rng.randint(-2, 2), self.rng.randint(-2, 2)]
        fnames = [self.flt(f) for f in fills]
        shifts = []
        for j in range(self.rng.randint(1, 5)):
            periodic = mode == "periodic" or (mode == "mixed" and self.rng.random() < 0.5)
            which = 1 if mode == "twofill" and self.rng.random() < 0.5 else 0
            offs = self.random_offsets(x, periodic, width)
            shifts.append(self.emit_shift(x, offs, fnames[which], fills[which], periodic))
        ins = list(shifts)
        if self.rng.random() < 0.5:
            ins.append(x)
        partners = [y for y in self.live if y.array.shape == x.array.shape and y is not x]
        if partners and self.rng.random() < 0.3:
            ins.append(self.rng.choice(partners))
        self.rng.shuffle(ins)
        weights = [self.rng.choice([-2, -1, 1, 1, 2]) for _ in ins]
        ref = sum(w * y.array for w, y in zip(weights, ins))
        if self.rng.random() < 0.8:
            v = Value(self.fresh(), ref, x.dist, x.static)
            if "irregular" in v.dist:
                v.dist = balanced(v.dist)
        else:
            v = self.result(ref, static=x.static)
        self.emit_weighted(v, ins, weights)
        # Sometimes a shift is read whole too (the extended block assembled).
        if self.rng.random() < 0.3:
            self.live.append(self.rng.choice(shifts))
        return v

    def emit_weighted(self, v, ins, weights):
        if len(ins) == 2 and weights in ([1, 1], [1, -1]) and self.rng.random() < 0.5:
            op = "add" if weights[1] == 1 else "sub"
            self.emit("%s = dist.%s %s, %s : %s, %s -> %s" % (
                v.name, op, ins[0].name, ins[1].name, ins[0].type(), ins[1].type(), v.type()))
            return
        self.emit("%s = dist.elementwise %s : %s -> %s {" % (
            v.name, ", ".join(y.name for y in ins), ", ".join(y.type() for y in ins), v.type()))
        self.emit("^bb0(%s):" % ", ".join("%%a%d: f64" % j for j in range(len(ins))))
        acc = None
        for j, w in enumerate(weights):
            self.emit("  %%w%d = arith.constant %d.0 : f64" % (j, w))
            self.emit("  %%m%d = arith.mulf %%a%d, %%w%d : f64" % (j, j, j))
            if acc is None:
                acc = "%%m%d" % j
            else:
                self.emit("  %%s%d = arith.addf %s, %%m%d : f64" % (j, acc, j))
                acc = "%%s%d" % j
        self.emit("  dist.yield %s : f64" % acc)
        self.emit("}")

    def loop(self, x):
        """scf.for carrying x through a stencil 1-3 times."""
        if "irregular" in x.dist:
            return self.stencil(x)
        iters = self.rng.randint(1, 3)
        periodic = self.rng.random() < 0.5
        fill = self.rng.randint(-1, 1)
        fname = self.flt(fill)
        nsh = self.rng.randint(1, 3)
        offs = [self.random_offsets(x, periodic, self.rng.choice([1, 2])) for _ in range(nsh)]
        weights = [self.rng.choice([-1, 1]) for _ in range(nsh + 1)]
        ref = x.array
        for _ in range(iters):
            sh = [shift_ref(ref, o, None if periodic else fill) for o in offs]
            ref = weights[0] * ref + sum(w * s for w, s in zip(weights[1:], sh))
        v = Value(self.fresh(), ref, x.dist, x.static)
        t = x.type()
        u, it = self.fresh("u"), self.fresh("it")
        self.emit("%s = scf.for %s = %s to %s step %s iter_args(%s = %s) -> (%s) {" % (
            v.name, it, self.index(0), self.index(iters), self.index(1), u, x.name, t))
        uv = Value(u, x.array, x.dist, x.static)
        ins = [uv] + [self.emit_shift(uv, o, fname, fill, periodic) for o in offs]
        y = Value(self.fresh(), None, x.dist, x.static)
        y.array = x.array  # for type() only
        self.emit_weighted(y, ins, weights)
        self.emit("scf.yield %s : %s" % (y.name, t))
        self.emit("}")
        return v

    def extend(self, x):
        """dist.extend read back: the slice of the extended block at an
        offset o is shift(x, o), made distributed again by with_local."""
        periodic = "irregular" not in x.dist and self.rng.random() < 0.4
        low, high = [], []
        for n in x.array.shape:
            w = 3 if not periodic else min(3, n)
            low.append(self.rng.randint(0, w))
            high.append(self.rng.randint(0, w))
        offs = [self.rng.randint(-l, h) for l, h in zip(low, high)]
        fill = self.rng.randint(-2, 2)
        fname = self.flt(fill)
        rank, lt, t = x.rank, self.local_type(x.rank), x.type()
        e, l = self.fresh("ext"), self.fresh("loc")
        self.emit("%s = dist.extend %s low [%s] high [%s] fill %s%s : %s -> %s" % (
            e, x.name, ", ".join(map(str, low)), ", ".join(map(str, high)), fname,
            " periodic" if periodic else "", t, lt))
        self.emit("%s = dist.local %s : %s -> %s" % (l, x.name, t, lt))
        dims = []
        for d in range(rank):
            dn = self.fresh("d")
            self.emit("%s = tensor.dim %s, %s : %s" % (dn, l, self.index(d), lt))
            dims.append(dn)
        s = self.fresh("blk")
        self.emit("%s = tensor.extract_slice %s[%s][%s][%s] : %s to %s" % (
            s, e, ", ".join(str(a + o) for a, o in zip(low, offs)), ", ".join(dims),
            ", ".join(["1"] * rank), lt, lt))
        v = Value(self.fresh(), shift_ref(x.array, offs, None if periodic else fill), x.dist, x.static)
        self.emit("%s = dist.with_local %s, %s : %s, %s -> %s" % (v.name, x.name, s, t, lt, t))
        return v

    # -- gather, local ------------------------------------------------------------
    def gather(self, x):
        """dist.gather, then each rank cuts its block of a `like` tensor out
        of the whole array (dist.local_offset, tensor.dim) and with_local
        makes it distributed again."""
        rank, lt = x.rank, self.local_type(x.rank)
        g = self.fresh("all")
        self.emit("%s = dist.gather %s : %s -> %s" % (g, x.name, x.type(), lt))
        if (self.rng.random() < 0.15 and exact_bound(x.array) < 1e5 and x.array.size < 200
                and np.all(x.array == np.round(x.array))):
            self.emit("dist.print %s : %s" % (g, lt))
            self.expected.append([float(e) for e in x.array.ravel()])
        if self.rng.random() < 0.3:
            like = x
        else:
            like = self.full(x.array.shape, like=x if self.rng.random() < 0.5 else None)
        l = self.fresh("loc")
        self.emit("%s = dist.local %s : %s -> %s" % (l, like.name, like.type(), lt))
        dims, offs = [], []
        for d in range(rank):
            dn, on = self.fresh("d"), self.fresh("o")
            self.emit("%s = tensor.dim %s, %s : %s" % (dn, l, self.index(d), lt))
            self.emit("%s = dist.local_offset %s, %d : %s" % (on, like.name, d, like.type()))
            dims.append(dn)
            offs.append(on)
        s = self.fresh("blk")
        self.emit("%s = tensor.extract_slice %s[%s][%s][%s] : %s to %s" % (
            s, g, ", ".join(offs), ", ".join(dims), ", ".join(["1"] * rank), lt, lt))
        v = Value(self.fresh(), x.array, like.dist, like.static)
        self.emit("%s = dist.with_local %s, %s : %s, %s -> %s" % (
            v.name, like.name, s, like.type(), lt, v.type()))
        return v

    # -- matmul ------------------------------------------------------------------
    def matmul(self, x):
        """C = A B or y = A x with A = x (or a fresh small matrix of its
        shape when x's values are too large for exact sums)."""
        M, K = x.array.shape
        a = x
        vector = self.rng.random() < 0.35
        if vector:
            cands = [y for y in self.live if y.array.shape == (K,)]
            b = self.rng.choice(cands) if cands and self.rng.random() < 0.5 else self.create((K,), small=self.rng.random() < 0.7)
        else:
            N = self.rng.choice([0, 1, 2, 3, 5, 7, 8, 11, 13, self.rng.randint(0, 13)])
            if max(M, K) >= 20 and self.rng.random() < 0.5:
                N = self.rng.randint(30, 70)
            cands = [y for y in self.live if y.array.shape == (K, N)]
            b = self.rng.choice(cands) if cands and self.rng.random() < 0.5 else self.create((K, N), small=self.rng.random() < 0.7)
        if exact_bound(a.array) * exact_bound(b.array) * max(K, 1) > 2 ** 45:
            a = self.create((M, K), small=True)
        if exact_bound(a.array) * exact_bound(b.array) * max(K, 1) > 2 ** 45:
            b = self.create(b.array.shape, small=True)
        ref = a.array @ b.array
        v = self.result(ref)
        self.emit("%s = dist.matmul %s, %s : %s, %s -> %s" % (
            v.name, a.name, b.name, a.type(), b.type(), v.type()))
        return v

    # -- reductions ----------------------------------------------------------------
    def prod_ok(self, arr):
        nz = np.abs(arr[arr != 0])
        return float(np.prod(nz, dtype=np.float64)) < 2 ** 50 if nz.size else True

    def reduce_all(self, x):
        kinds = ["sum", "max", "min", "mean", "argmin", "argmax", "prod"]
        kind = self.rng.choice(kinds)
        if x.array.size == 0:
            kind = "sum"
        if kind == "prod" and not self.prod_ok(x.array):
            kind = "sum"
        s = self.fresh("r")
        if kind in ("argmin", "argmax"):
            val = float(getattr(np, kind)(x.array))
            self.emit("%s = dist.reduce %s %s : %s -> index" % (s, kind, x.name, x.type()))
            self.emit("dist.print %s : index" % s)
            self.expected.append([val])
            return None
        val = float({"sum": np.sum, "max": np.max, "min": np.min, "mean": np.mean,
                     "prod": np.prod}[kind](x.array))
        self.emit("%s = dist.reduce %s %s : %s -> f64" % (s, kind, x.name, x.type()))
        self.emit("dist.print %s precision = 17 : f64" % s)
        self.expected.append([val])
        if kind != "mean" and abs(val) < 2 ** 30:
            self.scalars.append((s, val))
        return None

    def reduce_axis(self, x):
        if x.rank < 2:
            return self.reduce_all(x)
        axis = self.rng.randrange(x.rank)
        kind = self.rng.choice(["sum", "max", "min", "prod", "mean", "argmin", "argmax"])
        if x.array.shape[axis] == 0 and kind != "sum":
            kind = "sum"
        if kind == "prod" and not self.prod_ok(x.array):
            kind = "sum"
        if kind in ("argmin", "argmax"):
            ref = getattr(np, kind)(x.array, axis=axis).astype(np.float64)
            it = self.result(ref)
            ityp = it.type().replace("xf64", "xi64")
            self.emit("%s = dist.reduce %s %s axis %d : %s -> %s" % (
                it.name, kind, x.name, axis, x.type(), ityp))
            v = self.result(ref, static=it.static)
            self.emit("%s = dist.elementwise %s : %s -> %s {" % (v.name, it.name, ityp, v.type()))
            self.emit("^bb0(%xi: i64):")
            self.emit("  %xf = arith.sitofp %xi : i64 to f64")
            self.emit("  dist.yield %xf : f64")
            self.emit("}")
            return v
        ref = {"sum": np.sum, "max": np.max, "min": np.min, "prod": np.prod,
               "mean": np.mean}[kind](x.array, axis=axis)
        v = self.result(ref)
        self.emit("%s = dist.reduce %s %s axis %d : %s -> %s" % (
            v.name, kind, x.name, axis, x.type(), v.type()))
        if kind == "mean":  # not integral: printed, not computed on or summed
            self.print_value(v, with_sum=False)
            return None
        return v

    def scan(self, x):
        if x.rank == 0:
            return None
        axis = self.rng.randrange(x.rank)
        kind = self.rng.choice(["sum", "max", "min", "prod"])
        if kind == "prod" and not (self.prod_ok(x.array) and exact_bound(x.array) <= 3):
            kind = "sum"
        ref = {"sum": np.cumsum, "max": np.maximum.accumulate, "prod": np.cumprod,
               "min": np.minimum.accumulate}[kind](x.array, axis=axis)
        v = Value(self.fresh(), ref, x.dist, x.static)
        self.emit("%s = dist.scan %s %s axis %d : %s" % (v.name, kind, x.name, axis, x.type()))
        return v

    # -- moving data ------------------------------------------------------------------
    def permute(self, x):
        axes = list(range(x.rank))
        self.rng.shuffle(axes)
        v = self.result(np.transpose(x.array, axes).copy(),
                        static=x.static if not isinstance(x.static, tuple) else None)
        self.emit("%s = dist.permute %s axes [%s] : %s -> %s" % (
            v.name, x.name, ", ".join(map(str, axes)), x.type(), v.type()))
        return v

    def reshape(self, x):
        total = x.array.size
        rank = self.rng.choice([1, 2, 3])
        shape = []
        rest = total
        for _ in range(rank - 1):
            if rest == 0:
                shape.append(self.rng.randint(0, 4))
                continue
            divs = [k for k in range(1, rest + 1) if rest % k == 0]
            k = self.rng.choice(divs)
            shape.append(k)
            rest //= k
        if total == 0 and rank > 1 and 0 not in shape:
            shape[0] = 0
        shape.append(rest if total else self.rng.randint(0, 4) if 0 in shape else 0)
        shape = tuple(shape)
        v = self.result(x.array.reshape(shape))
        self.emit("%s = dist.reshape %s%s : %s -> %s" % (
            v.name, x.name, self.sizes(v), x.type(), v.type()))
        return v

    def slice(self, x):
        index, ranges = self.ranges(x.array.shape, [1, 1, 2, 3, -1, -2], 2)
        ref = x.array[index]
        v = self.result(ref)
        if self.rng.random() < 0.25:  # the free form: irregular, the source's split
            v.dist = balanced(x.dist) + ", irregular"
        self.emit("%s = dist.slice %s [%s] : %s -> %s" % (
            v.name, x.name, ranges, x.type(), v.type()))
        return v

    def insert_slice(self, x):
        index, ranges = self.ranges(x.array.shape, [1, 1, 2, -1, -3], 1)
        src = self.generate(x.array[index].shape)
        ref = x.array.copy()
        ref[index] = src.array
        v = Value(self.fresh(), ref, x.dist, x.static)
        self.emit("%s = dist.insert_slice %s into %s [%s] : %s into %s" % (
            v.name, src.name, x.name, ranges, src.type(), x.type()))
        return v

    def concat(self, x):
        axis = self.rng.randrange(x.rank)
        shape = list(x.array.shape)
        shape[axis] = self.rng.randint(0, 5)
        y = self.create(tuple(shape))
        ref = np.concatenate([x.array, y.array], axis=axis)
        v = self.result(ref)
        self.emit("%s = dist.concat %s, %s axis %d : %s, %s -> %s" % (
            v.name, x.name, y.name, axis, x.type(), y.type(), v.type()))
        return v

    # -- output --------------------------------------------------------------------------
    def print_value(self, x, with_sum=True):
        """Printed from row blocks (as Program does, with the sum) or from
        its own distribution; in numpy's layout, or all elements with
        `precision = 17` (arrays numpy would summarise, over 1000
        elements), or vector.print's `%g` (small integers only)."""
        target = x
        if self.rng.random() < 0.5:
            target = Value(self.fresh(), x.array, "", x.static)
            self.emit("%s = dist.repartition %s : %s -> %s" % (
                target.name, x.name, x.type(), target.type()))
        r = self.rng.random()
        plain = exact_bound(x.array) < 1e5 and np.all(x.array == np.round(x.array))
        if x.array.size > 1000 or r < 0.15:
            opts = " precision = 17"
        elif r < 0.3 and plain:
            opts = ""
        else:
            opts = " numpy precision = 17"
        self.emit("dist.print %s%s : %s" % (target.name, opts, target.type()))
        self.expected.append([float(e) for e in x.array.ravel()])
        if target is not x and with_sum:
            s = self.fresh("s")
            self.emit("%s = dist.reduce sum %s : %s -> f64" % (s, x.name, x.type()))
            self.emit("dist.print %s precision = 17 : f64" % s)
            self.expected.append([float(x.array.sum())])

    def build(self, steps):
        theme = self.rng.choice(["mixed", "mixed", "matmul", "stencil", "grid3"])
        if theme == "grid3":
            rank = 3
            shape = tuple(self.rng.randint(0, 7) for _ in range(3))
        elif theme == "matmul":
            rank = 2
            big = self.rng.random() < 0.3
            shape = tuple(self.rng.randint(30, 70) if big else self.rng.randint(0, 13)
                          for _ in range(2))
        else:
            rank = self.rng.choice([1, 2, 2, 3])
            hi = 13 if rank < 3 else 6
            shape = tuple(self.rng.choice([0, 1] + [self.rng.randint(2, hi)] * 8)
                          for _ in range(rank))
        self.live = [self.create(shape, small=theme == "matmul")]
        for _ in range(steps):
            x = self.rng.choice(self.live)
            ops = [self.elementwise, self.shift, self.slice, self.insert_slice,
                   self.concat, self.repartition, self.scan, self.reshape,
                   self.stencil, self.stencil, self.extend, self.gather,
                   self.reduce_all, self.divide, self.loop]
            if x.rank >= 2:
                ops += [self.permute, self.reduce_axis, self.reduce_axis]
            if x.rank == 2:
                ops += [self.matmul, self.matmul]
                if theme == "matmul":
                    ops += [self.matmul] * 6
            if theme in ("stencil", "grid3"):
                ops += [self.stencil, self.stencil, self.extend, self.loop]
            partners = [y for y in self.live if y.array.shape == x.array.shape and y is not x]
            if partners:
                ops.append(lambda x: self.binary(x, self.rng.choice(partners)))
            op = self.rng.choice(ops)
            v = op(x)
            if v is not None and exact_bound(v.array) < 2 ** 40:
                self.live.append(v)
        for v in self.rng.sample(self.live, min(3, len(self.live))):
            self.print_value(v)
        body = "\n".join(self.lines)
        return "func.func @main() {\n%s\n  return\n}\n" % body


