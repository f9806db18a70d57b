"""The ops of the optimizer-stressing generator of dist-differential.py
(--ops opt; the patterns that combine them and the program are OptProgram
in dist_differential_opt_patterns.py).

Random dist programs made of the patterns that optimizers get wrong, with
the numpy value of every print for every command line the program is run
with:

- a tensor printed (or saved with dist.save and loaded back with
  dist.load), then element-wise ops on it that could reuse its buffer,
  then the tensor printed again;
- chains that look like in-place updates (`%a1 = dist.add %a0, %b`, ...)
  after which the old values are read;
- scf.for loops carrying tensors (and f64 scalars), reading loop-invariant
  tensors created outside, printing inside, choosing with scf.if between
  two loop-invariant tensors or between the carried one and an invariant
  one, swapping two carried tensors (leapfrog), and building tensors with
  dist.from_local from irregular partitions that change per iteration
  (parts computed in the loop, or chosen by scf.if between two
  loop-invariant parts);
- scf.if between tensors on a condition from a reduction;
- reductions of every kind to scalars and along either axis (sum, prod,
  min, max, mean, argmin, argmax of f64; all, any, sum, prod of i1),
  including of empty tensors and along empty axes where docs/dist.md
  gives a result (min, max, argmin, argmax only where something is
  reduced);
- sizes from dist.param (`n`, `m`) and the trip count from `k`, so that a
  run can set them to 0 or 1 (`envs`: the command lines, the first one
  empty), and static sizes that no rank count divides.

All f64 data are small integers, so every order of summation gives the
same bits and every print can be compared exactly across -O levels, rank
counts and with numpy. This module holds the sizes, values and single ops
(creation, element-wise, i1, prints, reductions) of OptOps, each with the
numpy value it has in every run.
"""
from dist_differential_basic import emit_mod_minus, np

DISTS = {
    1: ["", ", grid = [?], split = [0]"],
    2: ["", ", split = 1", ", grid = [?, ?], split = [0, 1]",
        ", grid = [?, ?], split = [1, 0]", ", grid = [?, 1], split = [0, 1]",
        ", grid = [1, ?], split = [0, 1]", ", grid = [?], split = [1]"],
}
BOUND = 2.0 ** 40  # values kept below this stay exact through sums
# Patterns that --avoid can leave out (a campaign that should look past a
# miscompile already known): a tensor read again after a runtime print or
# save of it (its buffer reused by a later allocation); all/any (and i1
# sum/prod) of an empty tensor or along an empty axis; from_local in a loop
# of a part chosen by scf.if between two loop-invariant parts.
AVOIDABLE = ("read-after-print", "empty-all-any", "from-local-if")


class Size:
    """One global dimension: a static constant (`static`), a constant
    typed `?` (`dconst`), or a dist.param plus a constant (`param`, text =
    (name, constant)); `values` has its value in each run."""

    def __init__(self, kind, values, ssa=None, text=None):
        self.kind, self.values, self.ssa, self.text = kind, values, ssa, text

    def static(self):
        return self.kind == "static"


class OValue:
    """A distributed tensor of the program: its SSA name, one numpy array
    per run (envs), distribution suffix, dims (Size) and element type."""

    def __init__(self, name, arrays, dist, dims, elt="f64"):
        self.name, self.arrays, self.dist, self.dims, self.elt = name, arrays, dist, dims, elt

    @property
    def rank(self):
        return len(self.dims)

    def shapes(self):
        return tuple(a.shape for a in self.arrays)

    def type(self):
        dims = "x".join(str(d.values[0]) if d.static() else "?" for d in self.dims)
        return "!dist.tensor<%sx%s%s>" % (dims, self.elt, self.dist)

    def bound(self):
        return max([float(np.abs(a).max(initial=0)) for a in self.arrays] + [0.0])

    def nonempty(self):
        return all(a.size for a in self.arrays)


class OptOps:
    def __init__(self, rng, avoid=()):
        self.rng = rng
        self.avoid = set(avoid)
        self.consts, self.const_lines = {}, []
        self.param_lines, self.lines = [], []
        self.indent = 1
        self.n = 0
        self.files = 0
        self.copies = 0
        self.used_params = set()
        self.defaults = {"n": rng.randint(4, 13), "m": rng.randint(2, 9), "k": rng.randint(1, 4)}
        alts = [{"n": 0}, {"n": 1}, {"m": 0}, {"k": 0}, {"n": 0, "m": 0},
                {"n": rng.randint(14, 17)}, {"n": 0, "k": 0}]
        picked = rng.sample(alts, rng.choice([1, 2, 2, 3]))
        self.env_values = [dict(self.defaults)]
        for alt in picked:
            e = dict(self.defaults)
            e.update(alt)
            self.env_values.append(e)
        self.E = len(self.env_values)
        self.expected = [[] for _ in range(self.E)]
        self.live, self.scalars = [], []
        self.pool = self.make_pool()

    # -- text ------------------------------------------------------------------
    def fresh(self, stem="v"):
        self.n += 1
        return "%%%s_%d" % (stem, self.n)

    def emit(self, text):
        self.lines.append("  " * self.indent + text)

    def index(self, k):
        if k not in self.consts:
            name = "%%c%d" % k if k >= 0 else "%%cm%d" % -k
            self.consts[k] = name
            self.const_lines.append("  %s = arith.constant %d : index" % (name, k))
        return self.consts[k]

    def flt(self, k):
        name = self.fresh("k")
        self.emit("%s = arith.constant %s : f64" % (name, repr(float(k))))
        return name

    def param(self, name):
        """The SSA value of dist.param `name` (emitted once, at the top)."""
        if name not in self.used_params:
            self.used_params.add(name)
            self.param_lines.append('  %%%s = dist.param "%s" default %d : index' % (
                name, name, self.defaults[name]))
        return "%" + name

    def make_pool(self):
        pool = []
        for k in [0, 1, 2, 3, 5, 7, 11, 13] + [self.rng.randint(2, 13) for _ in range(3)]:
            pool.append(Size("static", [k] * self.E))
        for k in [0, 1, 4, 6, 9]:
            pool.append(Size("dconst", [k] * self.E))
        for p in ("n", "m"):
            for add in (0, 0, 0, 1, 2, 3):
                pool.append(Size("param", [e[p] + add for e in self.env_values], text=(p, add)))
        return pool

    def size_ssa(self, s, like=None, dim=None):
        """An index value holding the run-time size s: its constant or
        parameter, or sometimes dist.global_dim of `like` (a tensor whose
        dimension `dim` has that size)."""
        if like is not None and self.rng.random() < 0.3:
            g = self.fresh("g")
            self.emit("%s = dist.global_dim %s, %d : %s" % (g, like.name, dim, like.type()))
            return g
        if s.kind != "param":
            return self.index(s.values[0])
        p, add = s.text
        base = self.param(p)
        if not add:
            return base
        if s.ssa is None:
            s.ssa = "%%%s_plus%d" % (p, add)
            self.param_lines.append("  %s = arith.addi %s, %s : index" % (s.ssa, base, self.index(add)))
        return s.ssa

    def sizes(self, dims, like=None):
        ops = [self.size_ssa(d, like, k) for k, d in enumerate(dims) if not d.static()]
        return " (%s)" % ", ".join(ops) if ops else ""

    def pick_dims(self, rank):
        for _ in range(20):
            dims = [self.rng.choice(self.pool) for _ in range(rank)]
            if max(int(np.prod([d.values[e] for d in dims])) for e in range(self.E)) <= 300:
                return dims
        return [Size("static", [3] * self.E) for _ in range(rank)]

    def empty_dims(self, rank):
        """Sizes of which at least one is 0 in some run (a static 0, or a
        parameter that a command line sets to 0), when there are any."""
        zero = [d for d in self.pool if 0 in d.values]
        dims = self.pick_dims(rank)
        if zero:
            dims[self.rng.randrange(rank)] = self.rng.choice(zero)
        return dims

    def relax(self, dims):
        """The same sizes, a static one sometimes typed `?` (a result may
        be less static than its operands)."""
        out = []
        for d in dims:
            if d.static() and self.rng.random() < 0.2:
                d = Size("dconst", d.values)
            out.append(d)
        return out

    def result_dist(self, x, p):
        """x's distribution with probability p (unless irregular: an op's
        result is balanced), else any."""
        if self.rng.random() < p and "irregular" not in x.dist:
            return x.dist
        return self.rng.choice(DISTS[x.rank])

    def value(self, arrays, dims, dist=None, elt="f64"):
        if dist is None:
            dist = self.rng.choice(DISTS[len(dims)])
        return OValue(self.fresh(), arrays, dist, dims, elt)

    # -- creation ------------------------------------------------------------
    def generate(self, dims, like=None, dist=None):
        rank = len(dims)
        coef = [self.rng.randint(1, 9) for _ in dims]
        m, c = self.rng.randint(3, 13), self.rng.randint(0, 6)
        arrays = []
        for e in range(self.E):
            shape = tuple(d.values[e] for d in dims)
            tot = sum(np.indices(shape)[k] * coef[k] for k in range(rank)) if rank else 0
            arrays.append((tot % m - c).astype(np.float64))
        v = self.value(arrays, dims, dist)
        self.emit("%s = dist.generate%s : %s {" % (v.name, self.sizes(dims, like), v.type()))
        self.emit("^bb0(%s):" % ", ".join("%%i%d: index" % k for k in range(rank)))
        self.formula(["%%i%d" % k for k in range(rank)], coef, m, c, "dist.yield")
        self.emit("}")
        return v

    def formula(self, idx, coef, m, c, terminator, extra=None):
        """(sum_k idx[k] * coef[k] + extra) mod m - c as f64."""
        total = None
        for k, g in enumerate(idx):
            self.emit("  %%t%d = arith.muli %s, %s : index" % (k, g, self.index(coef[k])))
            if total is None:
                total = "%%t%d" % k
            else:
                self.emit("  %%u%d = arith.addi %s, %%t%d : index" % (k, total, k))
                total = "%%u%d" % k
        if extra is not None:
            self.emit("  %%ux = arith.addi %s, %s : index" % (total, extra))
            total = "%ux"
        emit_mod_minus(self, total, m, c, terminator)

    def full(self, dims, like=None, elt="f64", dist=None):
        shapes = [tuple(d.values[e] for d in dims) for e in range(self.E)]
        if elt == "i1":
            k = self.rng.random() < 0.5
            f = self.fresh("b")
            self.emit("%s = arith.constant %s" % (f, "true" if k else "false"))
            arrays = [np.full(s, k) for s in shapes]
        else:
            k = self.rng.randint(-3, 3)
            f = self.flt(k)
            arrays = [np.full(s, float(k)) for s in shapes]
        v = self.value(arrays, dims, dist, elt)
        self.emit("%s = dist.full %s%s : %s" % (v.name, f, self.sizes(dims, like), v.type()))
        return v

    def arange(self, dims, dist=None):
        a, s = self.rng.randint(-5, 5), self.rng.randint(-2, 2)
        arrays = [a + s * np.arange(dims[0].values[e], dtype=np.float64) for e in range(self.E)]
        v = self.value(arrays, dims, dist)
        self.emit("%s = dist.arange %s, %s%s : %s" % (
            v.name, self.flt(a), self.flt(s), self.sizes(dims), v.type()))
        return v

    def create(self, dims=None, like=None, dist=None):
        if dims is None:
            dims = self.pick_dims(self.rng.choice([1, 1, 2, 2]))
        r = self.rng.random()
        if len(dims) == 1 and r < 0.2 and like is None:
            return self.arange(dims, dist)
        if r < 0.35:
            return self.full(dims, like, dist=dist)
        return self.generate(dims, like, dist)

    def same_type(self, v):
        """A fresh tensor of exactly v's type (scf.if and loop operands)."""
        if v.elt == "f64":
            return self.create(v.dims, like=v, dist=v.dist)
        return self.full(v.dims, like=v, elt=v.elt, dist=v.dist)

    def f64_operand(self, x):
        """x when it is a small balanced f64 tensor, else another live one
        or a new one."""
        def ok(y):
            return y.elt == "f64" and y.bound() < 2 ** 20 and "irregular" not in y.dist
        if ok(x):
            return x
        cands = [y for y in self.live if ok(y)]
        return self.rng.choice(cands) if cands else self.create()

    def partner(self, x, same_type=False):
        """A live f64 value of x's shapes (x's type when asked), or a new one."""
        cands = [y for y in self.live if y is not x and y.elt == "f64" and y.shapes() == x.shapes()
                 and y.bound() < 2 ** 20 and (not same_type or y.type() == x.type())
                 and (not same_type or "irregular" not in y.dist)]
        if cands and self.rng.random() < 0.6:
            return self.rng.choice(cands)
        return self.same_type(x) if same_type else self.create(x.dims, like=x)

    # -- element-wise specs: (body emitter, numpy function) --------------------
    def unary_spec(self, x, scalars=True, grow=True):
        """grow=False: no squares (the op runs in a loop)."""
        kinds = ["affine", "affine", "neg", "abs", "index"]
        if x.bound() < 2 ** 20 and grow:
            kinds += ["square", "square"]
        if self.scalars and scalars:
            kinds.append("scalar")
        kind = self.rng.choice(kinds)
        a, k = self.rng.choice([1, 2, -1, 3]), self.rng.randint(-3, 3)
        d, q = self.rng.randrange(x.rank), self.rng.randint(-2, 2)
        sc = self.rng.choice(self.scalars) if kind == "scalar" else None

        def body(ins):
            if kind == "affine":
                self.emit("  %%ca = arith.constant %d.0 : f64" % a)
                self.emit("  %%ck = arith.constant %d.0 : f64" % k)
                self.emit("  %%e1 = arith.mulf %s, %%ca : f64" % ins[0])
                self.emit("  %e2 = arith.addf %e1, %ck : f64")
                return "%e2"
            if kind == "square":
                self.emit("  %%e1 = arith.mulf %s, %s : f64" % (ins[0], ins[0]))
                return "%e1"
            if kind == "neg":
                self.emit("  %%e1 = arith.negf %s : f64" % ins[0])
                return "%e1"
            if kind == "abs":
                self.emit("  %%e1 = math.absf %s : f64" % ins[0])
                return "%e1"
            if kind == "index":
                self.emit("  %%di = dist.index %d : index" % d)
                self.emit("  %dc = arith.index_cast %di : index to i64")
                self.emit("  %df = arith.sitofp %dc : i64 to f64")
                self.emit("  %%dq = arith.constant %d.0 : f64" % q)
                self.emit("  %dm = arith.mulf %df, %dq : f64")
                self.emit("  %%e1 = arith.addf %s, %%dm : f64" % ins[0])
                return "%e1"
            self.emit("  %%e1 = arith.addf %s, %s : f64" % (ins[0], sc[0]))
            return "%e1"

        def ref(arr, e):
            if kind == "affine":
                return arr * a + k
            if kind == "square":
                return arr * arr
            if kind == "neg":
                return -arr
            if kind == "abs":
                return np.abs(arr)
            if kind == "index":
                return arr + q * np.indices(arr.shape)[d] if arr.ndim else arr
            return arr + sc[1][e]
        return body, ref

    def binary_spec(self, x, y, grow=True):
        kinds = ["add", "sub", "max", "min", "ew2"]
        if x.bound() < 2 ** 20 and y.bound() < 2 ** 20 and grow:
            kinds.append("mul")
        kind = self.rng.choice(kinds)
        a, b, k = self.rng.choice([1, -1, 2]), self.rng.choice([1, -1, 2]), self.rng.randint(-2, 2)
        fn = {"add": np.add, "sub": np.subtract, "max": np.maximum, "min": np.minimum,
              "mul": np.multiply}

        def ref(p, q, e):
            return a * p + b * q + k if kind == "ew2" else fn[kind](p, q)
        return kind, (a, b, k), ref

    def emit_unary(self, res, x, body):
        self.emit("%s = dist.elementwise %s : %s -> %s {" % (res.name, x.name, x.type(), res.type()))
        self.emit("^bb0(%a0: f64):")
        self.emit("  dist.yield %s : f64" % body(["%a0"]))
        self.emit("}")

    def emit_binary(self, res, x, y, kind, coefs):
        if kind != "ew2":
            self.emit("%s = dist.%s %s, %s : %s, %s -> %s" % (
                res.name, kind, x.name, y.name, x.type(), y.type(), res.type()))
            return
        a, b, k = coefs
        self.emit("%s = dist.elementwise %s, %s : %s, %s -> %s {" % (
            res.name, x.name, y.name, x.type(), y.type(), res.type()))
        self.emit("^bb0(%a0: f64, %a1: f64):")
        self.emit("  %%ca = arith.constant %d.0 : f64" % a)
        self.emit("  %%cb = arith.constant %d.0 : f64" % b)
        self.emit("  %%ck = arith.constant %d.0 : f64" % k)
        self.emit("  %m0 = arith.mulf %a0, %ca : f64")
        self.emit("  %m1 = arith.mulf %a1, %cb : f64")
        self.emit("  %s0 = arith.addf %m0, %m1 : f64")
        self.emit("  %s1 = arith.addf %s0, %ck : f64")
        self.emit("  dist.yield %s1 : f64")
        self.emit("}")

    def result_of(self, x, arrays, keep_type):
        """The result of an element-wise op on x: of x's type, or of x's
        shapes in any balanced distribution (irregular operands are moved)."""
        if keep_type and "irregular" not in x.dist:
            return OValue(self.fresh(), arrays, x.dist, x.dims, "f64")
        return self.value(arrays, self.relax(x.dims))

    def unary(self, x, keep_type=None, scalars=True):
        if keep_type is None:
            keep_type = self.rng.random() < 0.7
        body, ref = self.unary_spec(x, scalars)
        v = self.result_of(x, [ref(a, e) for e, a in enumerate(x.arrays)], keep_type)
        self.emit_unary(v, x, body)
        return v

    def binary(self, x, y=None, keep_type=None):
        y = y or self.partner(x)
        if keep_type is None:
            keep_type = self.rng.random() < 0.7
        kind, coefs, ref = self.binary_spec(x, y)
        v = self.result_of(x, [ref(a, b, e) for e, (a, b) in enumerate(zip(x.arrays, y.arrays))],
                           keep_type)
        self.emit_binary(v, x, y, kind, coefs)
        return v

    # -- i1 ----------------------------------------------------------------------
    def compare(self, x):
        pred, k = self.rng.choice(["olt", "ogt", "oeq", "oge", "one"]), self.rng.randint(-3, 3)
        fn = {"olt": np.less, "ogt": np.greater, "oeq": np.equal, "oge": np.greater_equal,
              "one": np.not_equal}[pred]
        v = self.value([fn(a, float(k)) for a in x.arrays], self.relax(x.dims),
                       self.result_dist(x, 0.6), "i1")
        self.emit("%s = dist.elementwise %s : %s -> %s {" % (v.name, x.name, x.type(), v.type()))
        self.emit("^bb0(%a0: f64):")
        self.emit("  %%ck = arith.constant %d.0 : f64" % k)
        self.emit("  %%b0 = arith.cmpf %s, %%a0, %%ck : f64" % pred)
        self.emit("  dist.yield %b0 : i1")
        self.emit("}")
        return v

    def bools(self, x):
        """An i1 tensor of x's shapes: a dist.full or a comparison, then
        maybe negated or combined with another (chains that fuse)."""
        b = self.full(x.dims, like=x, elt="i1") if self.rng.random() < 0.4 else self.compare(x)
        for _ in range(self.rng.randint(0, 2)):
            kind = self.rng.choice(["not", "and", "or", "xor"])
            other = None
            arrays = []
            if kind != "not":
                other = self.full(x.dims, like=x, elt="i1") if self.rng.random() < 0.5 else self.compare(x)
            for e in range(self.E):
                p = b.arrays[e]
                q = other.arrays[e] if other is not None else None
                arrays.append({"not": lambda: ~p, "and": lambda: p & q, "or": lambda: p | q,
                               "xor": lambda: p ^ q}[kind]())
            v = OValue(self.fresh(), arrays, b.dist if self.rng.random() < 0.7 else
                       self.rng.choice(DISTS[b.rank]), b.dims, "i1")
            ins = [b] + ([other] if other is not None else [])
            self.emit("%s = dist.elementwise %s : %s -> %s {" % (
                v.name, ", ".join(i.name for i in ins), ", ".join(i.type() for i in ins), v.type()))
            self.emit("^bb0(%s):" % ", ".join("%%a%d: i1" % j for j in range(len(ins))))
            if kind == "not":
                self.emit("  %t = arith.constant true")
                self.emit("  %b0 = arith.xori %a0, %t : i1")
            else:
                self.emit("  %%b0 = arith.%si %%a0, %%a1 : i1" % kind)
            self.emit("  dist.yield %b0 : i1")
            self.emit("}")
            b = v
        return b

    def select(self, x):
        x = self.f64_operand(x)
        b = self.bools(x)
        y = self.partner(x)
        v = self.value([np.where(bb, p, q) for bb, p, q in zip(b.arrays, x.arrays, y.arrays)],
                       self.relax(x.dims), self.result_dist(x, 0.5))
        self.emit("%s = dist.elementwise %s, %s, %s : %s, %s, %s -> %s {" % (
            v.name, b.name, x.name, y.name, b.type(), x.type(), y.type(), v.type()))
        self.emit("^bb0(%a0: i1, %a1: f64, %a2: f64):")
        self.emit("  %e1 = arith.select %a0, %a1, %a2 : f64")
        self.emit("  dist.yield %e1 : f64")
        self.emit("}")
        return v

    # -- output ------------------------------------------------------------------
    def record(self, arrays, where=None):
        """One print's values for each run (only the runs in `where`, for
        a print in a branch)."""
        for e, a in enumerate(arrays):
            if where is None or where[e]:
                self.expected[e].append([float(t) for t in np.asarray(a).ravel()])

    @staticmethod
    def integral(arrays):
        return all(np.all(a[a == a] == np.round(a[a == a])) for a in map(np.asarray, arrays))

    def print_opts(self, x):
        """Print options that show every value exactly: numpy's shortest
        form and vector.print's %g only for integers they print whole."""
        if x.elt == "f64":
            forms = ["numpy precision = 17", "numpy precision = 17", "precision = 17"]
            if self.integral(x.arrays):
                forms.append("numpy")
                if x.bound() < 1e5:
                    forms.append("")
        else:
            forms = ["numpy", "numpy", ""]
        opts = self.rng.choice(forms)
        return " " + opts if opts else ""

    def emit_print(self, name, typ, opts):
        self.emit("dist.print %s%s : %s" % (name, opts, typ))

    def shown(self, x, opts=" numpy"):
        """What a runtime print or save of x is given, and the numpy
        function of it: x itself, or with read-after-print avoided a
        value computed for that call alone (2x + k for f64, k + x for i1
        as f64, k different for each, so that no two of them are merged),
        so that nothing passed to such a call is read again."""
        if "read-after-print" not in self.avoid or not opts or x.elt == "i64":
            return x, lambda a: a
        self.copies += 1
        k = self.copies
        # No random choice here: with and without the avoidance a seed
        # writes the same program but for these copies, so that a failure
        # that goes away with it is this pattern's.
        c = OValue(self.fresh(), None, x.dist if "irregular" not in x.dist else "", x.dims, "f64")
        self.emit("%s = dist.elementwise %s : %s -> %s {" % (c.name, x.name, x.type(), c.type()))
        if x.elt == "f64":
            fn = lambda a: a * 2.0 + k
            self.emit("^bb0(%a0: f64):")
            self.emit("  %e1 = arith.addf %a0, %a0 : f64")
            self.emit("  %%ck = arith.constant %d.0 : f64" % k)
            self.emit("  %e2 = arith.addf %e1, %ck : f64")
        else:
            fn = lambda a: np.where(a, k + 1.0, float(k))
            self.emit("^bb0(%a0: i1):")
            self.emit("  %%q1 = arith.constant %d.0 : f64" % (k + 1))
            self.emit("  %%q0 = arith.constant %d.0 : f64" % k)
            self.emit("  %e2 = arith.select %a0, %q1, %q0 : f64")
        self.emit("  dist.yield %e2 : f64")
        self.emit("}")
        if x.arrays is not None:
            c.arrays = [fn(a) for a in x.arrays]
        return c, fn

    def print_value(self, x, where=None):
        opts = self.print_opts(x)
        x, _ = self.shown(x, opts)
        self.emit_print(x.name, x.type(), opts)
        self.record(x.arrays, where)

    def print_scalar(self, name, typ, values):
        opts = " precision = 17" if typ == "f64" and (
            self.rng.random() < 0.8 or max(abs(v) for v in values) >= 1e5
            or not self.integral([np.array(values)])) else ""
        self.emit("dist.print %s%s : %s" % (name, opts, typ))
        self.record(values)

    # -- reductions ------------------------------------------------------------------
    @staticmethod
    def prod_ok(arrays):
        for a in arrays:
            nz = np.abs(a[a != 0]).astype(np.float64)
            if nz.size and float(np.prod(nz)) >= 2 ** 50:
                return False
        return True

    def reduce_scalar(self, x):
        if x.elt == "i1" and "empty-all-any" in self.avoid and not x.nonempty():
            return None
        if x.elt == "i1":
            kind = self.rng.choice(["all", "any", "sum", "prod"])
            fn = {"all": np.all, "any": np.any, "sum": np.any, "prod": np.all}[kind]
            vals = [bool(fn(a)) for a in x.arrays]
            typ = "i1"
        else:
            kinds = ["sum", "sum", "mean"]
            if self.prod_ok(x.arrays):
                kinds.append("prod")
            if x.nonempty():
                kinds += ["min", "max", "argmin", "argmax"]
            kind = self.rng.choice(kinds)
            if kind in ("argmin", "argmax"):
                vals = [int(getattr(np, kind)(a)) for a in x.arrays]
                typ = "index"
            else:
                with np.errstate(all="ignore"):
                    vals = [float({"sum": np.sum, "prod": np.prod, "min": np.min, "max": np.max,
                                   "mean": lambda a: np.mean(a) if a.size else np.nan}[kind](a))
                            for a in x.arrays]
                typ = "f64"
        s = self.fresh("r")
        self.emit("%s = dist.reduce %s %s : %s -> %s" % (s, kind, x.name, x.type(), typ))
        self.print_scalar(s, typ, vals)
        if typ == "f64" and kind != "mean" and max(abs(v) for v in vals) < 2 ** 20:
            self.scalars.append((s, vals))
        return None

    def reduce_axis(self, x):
        if x.rank < 2:
            return self.reduce_scalar(x)
        axis = self.rng.randrange(2)
        dims = self.relax([x.dims[1 - axis]])
        nonempty_axis = all(a.shape[axis] for a in x.arrays)
        if x.elt == "i1" and "empty-all-any" in self.avoid and not (nonempty_axis and x.nonempty()):
            return None
        if x.elt == "i1":
            kind = self.rng.choice(["all", "any", "sum", "prod"])
            fn = {"all": np.all, "any": np.any, "sum": np.any, "prod": np.all}[kind]
            v = self.value([fn(a, axis=axis) for a in x.arrays], dims, elt="i1")
        else:
            kinds = ["sum", "mean", "sum"]
            if self.prod_ok(x.arrays):
                kinds.append("prod")
            if nonempty_axis:
                kinds += ["min", "max", "argmin", "argmax"]
            kind = self.rng.choice(kinds)
            with np.errstate(all="ignore"):
                if kind in ("argmin", "argmax"):
                    v = self.value([getattr(np, kind)(a, axis=axis) for a in x.arrays], dims, elt="i64")
                    self.emit("%s = dist.reduce %s %s axis %d : %s -> %s" % (
                        v.name, kind, x.name, axis, x.type(), v.type()))
                    if self.rng.random() < 0.6:
                        self.print_value(v)
                    return self.to_f64(v)
                elif kind == "mean":
                    v = self.value([np.sum(a, axis=axis) / a.shape[axis] if a.shape[axis] else
                                    np.full(a.shape[1 - axis], np.nan) for a in x.arrays], dims)
                else:
                    fn = {"sum": np.sum, "prod": np.prod, "min": np.min, "max": np.max}[kind]
                    v = self.value([fn(a, axis=axis).astype(np.float64) for a in x.arrays], dims)
        self.emit("%s = dist.reduce %s %s axis %d : %s -> %s" % (
            v.name, kind, x.name, axis, x.type(), v.type()))
        if x.elt != "i1" and kind == "mean" or self.rng.random() < 0.6:
            self.print_value(v)
        if x.elt == "i1" or kind != "mean":
            return v
        return None

    def to_f64(self, v):
        """An i64 tensor as f64 (a live value again)."""
        f = self.value([a.astype(np.float64) for a in v.arrays], v.dims, self.result_dist(v, 0.5))
        self.emit("%s = dist.elementwise %s : %s -> %s {" % (f.name, v.name, v.type(), f.type()))
        self.emit("^bb0(%a0: i64):")
        self.emit("  %e1 = arith.sitofp %a0 : i64 to f64")
        self.emit("  dist.yield %e1 : f64")
        self.emit("}")
        return f

    def scan(self, x):
        axis = self.rng.randrange(x.rank)
        kind = self.rng.choice(["sum", "max", "min"])
        fn = {"sum": np.cumsum, "max": np.maximum.accumulate, "min": np.minimum.accumulate}[kind]
        v = OValue(self.fresh(), [fn(a, axis=axis) for a in x.arrays], x.dist, x.dims)
        self.emit("%s = dist.scan %s %s axis %d : %s" % (v.name, kind, x.name, axis, x.type()))
        return v
