"""The patterns and programs of dist-differential.py --ops opt: OptProgram
combines the ops of OptOps (dist_differential_opt.py) into what
optimizers get wrong (prints and saves before updates that could reuse a
buffer, in-place-looking chains, loops with loop-invariant and carried
tensors, scf.if choices, from_local partitions that change per
iteration, calls) and writes the program with its command lines."""
from dist_differential_opt import BOUND, DISTS, OptOps, OValue, np


class OptProgram(OptOps):

    # -- a tensor read after an op that could overwrite it ---------------------
    def print_update_print(self, x):
        """print x; y = f(x) (same type: the buffer could be reused); print
        x again."""
        x = self.f64_operand(x)
        self.print_value(x)
        y = self.unary(x, keep_type=self.rng.random() < 0.8) if self.rng.random() < 0.7 \
            else self.binary(x, keep_type=True)
        if self.rng.random() < 0.3:
            y = self.unary(y, keep_type=True)
        if self.rng.random() < 0.5:
            self.reduce_scalar(x)
        self.print_value(x)
        if self.rng.random() < 0.6:
            self.print_value(y)
        return y

    def save_load(self, x):
        """dist.save x, maybe update x's buffer, dist.load the file back."""
        if x.elt == "i64":
            x = self.f64_operand(x)
        self.files += 1
        path = "dd%d.npy" % self.files
        param = ' param "file%d"' % self.files if self.rng.random() < 0.3 else ""
        saved, _ = self.shown(x)
        self.emit('dist.save %s, "%s"%s : %s' % (saved.name, path, param, saved.type()))
        y = None
        if x.elt == "f64" and self.rng.random() < 0.8:
            y = self.unary(x, keep_type=True)
            if self.rng.random() < 0.4:
                y = self.binary(y, keep_type=True)
        back = OValue(self.fresh(), saved.arrays, self.rng.choice(DISTS[x.rank]), x.dims, saved.elt)
        self.emit('%s = dist.load "%s"%s : %s' % (back.name, path, param, back.type()))
        if self.rng.random() < 0.7:
            self.print_value(back)
        else:
            self.reduce_scalar(back)
        if self.rng.random() < 0.5:
            self.print_value(x)
        if y is not None and self.rng.random() < 0.5:
            self.print_value(y)
        return y or back

    def chain(self, x):
        """a1 = a0 + b, a2 = a1 - b, ...: each result could take its
        operand's buffer; then a0 (and a1) are read."""
        x = self.f64_operand(x)
        cur, made = x, []
        for _ in range(self.rng.randint(2, 4)):
            cur = self.binary(cur, self.partner(x), keep_type=self.rng.random() < 0.85)
            made.append(cur)
        if self.rng.random() < 0.5:
            self.print_value(x)
        else:
            self.reduce_scalar(x)
        if len(made) > 1 and self.rng.random() < 0.5:
            self.print_value(made[0])
        self.print_value(cur)
        return cur

    def alias(self, x):
        """A tensor that may share x's buffer: x's own block through
        dist.local and dist.with_local, or a repartition to x's type; then
        an element-wise op of the same type on it, and x read again."""
        x = self.f64_operand(x)
        t = x.type()
        if self.rng.random() < 0.6:
            lt = self.local_type(x.rank)
            blk = self.fresh("blk")
            self.emit("%s = dist.local %s : %s -> %s" % (blk, x.name, t, lt))
            y = OValue(self.fresh(), x.arrays, x.dist, x.dims)
            self.emit("%s = dist.with_local %s, %s : %s, %s -> %s" % (y.name, x.name, blk, t, lt, t))
        else:
            y = OValue(self.fresh(), x.arrays, x.dist if self.rng.random() < 0.6 else
                       self.rng.choice(DISTS[x.rank]), x.dims)
            self.emit("%s = dist.repartition %s : %s -> %s" % (y.name, x.name, t, y.type()))
        z = self.unary(y, keep_type=True) if self.rng.random() < 0.6 else \
            self.binary(y, self.partner(y), keep_type=True)
        if self.rng.random() < 0.5:
            self.print_value(y)
        self.print_value(x)
        if self.rng.random() < 0.5:
            self.print_value(z)
        return z

    def bool_reduce(self, x):
        """An i1 tensor (fill or comparison chains that fuse), reduced to a
        scalar or along an axis, also when empty."""
        if self.rng.random() < 0.5:
            # Nothing to reduce in some run: all/any have identities.
            x = self.create(self.empty_dims(self.rng.choice([1, 2])))
        b = self.bools(self.f64_operand(x) if x.elt != "f64" else x)
        if self.rng.random() < 0.3:
            self.print_value(b)
        if b.rank == 2 and self.rng.random() < 0.5:
            return self.reduce_axis(b) or b
        self.reduce_scalar(b)
        return b

    # -- control flow -------------------------------------------------------------
    def scalar_condition(self, x):
        """An i1 that is the same on every rank: a reduction of x against
        a threshold that splits the runs when it can."""
        s = self.fresh("r")
        self.emit("%s = dist.reduce sum %s : %s -> f64" % (s, x.name, x.type()))
        vals = [float(a.sum()) for a in x.arrays]
        k = sorted(vals)[len(vals) // 2] if self.rng.random() < 0.7 else self.rng.randint(-5, 5)
        c = self.fresh("c")
        self.emit("%s = arith.cmpf oge, %s, %s : f64" % (c, s, self.flt(k)))
        return c, [v >= k for v in vals]

    def if_choice(self, x):
        """scf.if between f(x) computed in the branch and another tensor of
        x's type."""
        x = self.f64_operand(x)
        c, taken = self.scalar_condition(x)
        z = self.partner(x, same_type=True)
        t = x.type()
        r = OValue(self.fresh(), None, x.dist, x.dims)
        self.emit("%s = scf.if %s -> (%s) {" % (r.name, c, t))
        self.indent += 1
        if self.rng.random() < 0.3:
            self.print_value(x, where=taken)
        y = self.unary(x, keep_type=True)
        self.emit("scf.yield %s : %s" % (y.name, t))
        self.indent -= 1
        self.emit("} else {")
        self.emit("  scf.yield %s : %s" % (z.name, t))
        self.emit("}")
        r.arrays = [ya if k else za for k, ya, za in zip(taken, y.arrays, z.arrays)]
        if self.rng.random() < 0.5:
            self.print_value(x)
        if self.rng.random() < 0.5:
            self.print_value(r)
        return r

    def call(self, x):
        """func.call of a function computing from its arguments (and maybe
        returning one of them); x read afterwards."""
        x = self.f64_operand(x)
        y = self.partner(x)
        fname = "@f%d" % (len(self.funcs) + 1)
        saved, self.lines, indent, self.indent = self.lines, [], self.indent, 1
        a = OValue("%arg0", x.arrays, x.dist, x.dims)
        b = OValue("%arg1", y.arrays, y.dist, y.dims)
        r = self.binary(a, b, keep_type=True) if self.rng.random() < 0.5 \
            else self.unary(a, keep_type=True, scalars=False)
        both = self.rng.random() < 0.3
        rets = [r.name] + ([a.name] if both else [])
        types = [x.type()] * len(rets)
        self.emit("return %s : %s" % (", ".join(rets), ", ".join(types)))
        body, self.lines, self.indent = self.lines, saved, indent
        self.funcs.append("func.func %s(%%arg0: %s, %%arg1: %s) -> (%s) {\n%s\n}\n" % (
            fname, x.type(), y.type(), ", ".join(types), "\n".join(body)))
        res = self.fresh("call")
        self.emit("%s%s = func.call %s(%s, %s) : (%s, %s) -> (%s)" % (
            res, ":2" if both else "", fname, x.name, y.name, x.type(), y.type(), ", ".join(types)))
        v = OValue(res + ("#0" if both else ""), r.arrays, x.dist, x.dims)
        if self.rng.random() < 0.6:
            self.print_value(x)
        if both and self.rng.random() < 0.5:
            self.print_value(OValue(res + "#1", x.arrays, x.dist, x.dims))
        self.print_value(v)
        return v

    # -- from_local ---------------------------------------------------------------
    def offset(self, formula, c, E, n):
        """Where part c of E starts when n rows are split by `formula`
        (every formula is 0 at c = 0, n at c = E, and grows with c)."""
        t = [self.fresh("x") for _ in range(4)]
        if formula == 0:    # n c^2 / E^2: the first parts small
            self.emit("%s = arith.muli %s, %s : index" % (t[0], c, c))
            self.emit("%s = arith.muli %s, %s : index" % (t[1], t[0], n))
            self.emit("%s = arith.muli %s, %s : index" % (t[2], E, E))
            self.emit("%s = arith.divui %s, %s : index" % (t[3], t[1], t[2]))
        elif formula == 1:  # n - n (E - c) / E: the last parts large
            self.emit("%s = arith.subi %s, %s : index" % (t[0], E, c))
            self.emit("%s = arith.muli %s, %s : index" % (t[1], t[0], n))
            self.emit("%s = arith.divui %s, %s : index" % (t[2], t[1], E))
            self.emit("%s = arith.subi %s, %s : index" % (t[3], n, t[2]))
        elif formula == 2:  # everything on the last part
            self.emit("%s = arith.divui %s, %s : index" % (t[2], c, E))
            self.emit("%s = arith.muli %s, %s : index" % (t[3], t[2], n))
        elif formula == 3:  # n c / E, rounded down (balanced rounds the other way)
            self.emit("%s = arith.muli %s, %s : index" % (t[2], c, n))
            self.emit("%s = arith.divui %s, %s : index" % (t[3], t[2], E))
        else:               # everything on the first part
            self.emit("%s = arith.minui %s, %s : index" % (t[2], c, self.index(1)))
            self.emit("%s = arith.muli %s, %s : index" % (t[3], t[2], n))
        return t[3]

    def team(self):
        P, me, me1 = self.fresh("P"), self.fresh("me"), self.fresh("me")
        self.emit("%s = dist.team_size" % P)
        self.emit("%s = dist.team_member" % me)
        self.emit("%s = arith.addi %s, %s : index" % (me1, me, self.index(1)))
        return P, me, me1

    def part(self, x, like, bounds, select=None, it=None):
        """This rank's rows of an irregular partition of x's shape: bounds
        = (formula a, formula b) chosen by `select` (an i1) when given;
        data (sum_k idx_k coef_k (+ it)) mod m - c. Returns (part, offset,
        data spec)."""
        P, me, me1 = self.team()
        n = self.size_ssa(x.dims[0], like, 0)
        fa, fb = bounds
        lo, hi = self.offset(fa, me, P, n), self.offset(fa, me1, P, n)
        if select is not None:
            lob, hib = self.offset(fb, me, P, n), self.offset(fb, me1, P, n)
            l2, h2 = self.fresh("lo"), self.fresh("hi")
            self.emit("%s = arith.select %s, %s, %s : index" % (l2, select, lo, lob))
            self.emit("%s = arith.select %s, %s, %s : index" % (h2, select, hi, hib))
            lo, hi = l2, h2
        cnt = self.fresh("cnt")
        self.emit("%s = arith.subi %s, %s : index" % (cnt, hi, lo))
        ext = [cnt] + [self.size_ssa(d, like, k + 1) for k, d in enumerate(x.dims[1:])]
        coef = [self.rng.randint(1, 9) for _ in x.dims]
        m, c = self.rng.randint(3, 13), self.rng.randint(0, 6)
        part = self.fresh("part")
        self.emit("%s = tensor.generate %s {" % (part, ", ".join(ext)))
        self.emit("^bb0(%s):" % ", ".join("%%i%d: index" % k for k in range(x.rank)))
        self.emit("  %%g0 = arith.addi %%i0, %s : index" % lo)
        self.formula(["%g0"] + ["%%i%d" % k for k in range(1, x.rank)], coef, m, c,
                     "tensor.yield", extra=it)
        self.emit("} : %s" % self.local_type(x.rank))
        return part, lo, (coef, m, c)

    def local_type(self, rank):
        return "tensor<%sxf64>" % "x".join(["?"] * rank)

    @staticmethod
    def data(shape, spec, it=0):
        coef, m, c = spec
        tot = sum(np.indices(shape)[k] * coef[k] for k in range(len(shape))) + it
        return (tot % m - c).astype(np.float64)

    def from_local(self, x):
        """A tensor of x's shape from an irregular partition (rows)."""
        x = self.f64_operand(x)
        part, lo, spec = self.part(x, x, (self.rng.randrange(5), 0))
        v = OValue(self.fresh(), [self.data(a.shape, spec) for a in x.arrays],
                   ", irregular", x.dims)
        self.emit("%s = dist.from_local %s offset %s : %s -> %s" % (
            v.name, part, lo, self.local_type(x.rank), v.type()))
        if self.rng.random() < 0.5:
            self.print_value(v)
        return self.binary(v, x, keep_type=False) if self.rng.random() < 0.5 else v

    # -- loops ----------------------------------------------------------------------
    def loop(self, x):
        """scf.for carrying x (maybe also a second tensor, swapped with x
        as in a leapfrog, and an f64 sum), updating it from loop-invariant
        tensors (or an op of them in the body), with prints inside, scf.if between two invariant tensors
        or between the carried and an invariant one, and from_local tensors
        whose partition changes per iteration (computed in the loop, or
        chosen by scf.if between two invariant parts)."""
        rng = self.rng
        x = self.f64_operand(x)
        if rng.random() < 0.35:
            trip, trips = self.param("k"), [e["k"] for e in self.env_values]
        else:
            k = rng.choice([0, 1, 2, 2, 3, 3, 4])
            trip, trips = self.index(k), [k] * self.E
        use_if = rng.choice([None, "inv", "inv", "carried"])
        if rng.random() < 0.25:
            z1 = x  # the carried tensor's first value is read in every iteration
        else:
            z1 = self.partner(x, same_type=use_if == "carried" or rng.random() < 0.5)
        z2 = self.partner(z1, same_type=True) if use_if == "inv" else None
        cond, j = rng.choice(["parity", "lt"]), rng.randint(0, 3)
        fl = rng.choice([None, None, "select"] + (["if"] if "from-local-if" not in self.avoid else []))
        lt = self.local_type(x.rank)
        if fl == "if":
            fa, fb = rng.sample(range(5), 2)
            pa, pb = self.part(x, x, (fa, 0)), self.part(x, x, (fb, 0))
        w_kind = rng.choice([None, None, "swap", "other"])
        w0 = None
        if w_kind == "swap":
            w0 = self.partner(x, same_type=True)
        elif w_kind == "other":
            w0 = self.f64_operand(rng.choice(self.live))
        acc = rng.random() < 0.4
        acc0 = self.flt(0) if acc else None
        print_u, print_z, red = rng.random() < 0.4, rng.random() < 0.2, rng.random() < 0.4
        # A save in every iteration, loaded after the loop (which must then
        # run at least once).
        save = None
        if min(trips) > 0 and rng.random() < 0.25:
            self.files += 1
            save = "dd%d.npy" % self.files
        kind, coefs, bref = self.binary_spec(x, z1, grow=False)
        # An element-wise op of the (loop-invariant, without scf.if) operand
        # in the body: what loop-invariant code motion may hoist.
        hoist = self.unary_spec(z1, grow=False) if rng.random() < 0.3 else None
        if w_kind == "other":
            w_body, w_ref = self.unary_spec(w0, grow=False)

        t_u = x.type()
        carried = [("u", x.name, t_u)]
        if w0 is not None:
            carried.append(("w", w0.name, w0.type()))
        if acc:
            carried.append(("acc", acc0, "f64"))
        names = {key: self.fresh(key) for key, _, _ in carried}
        types = ", ".join(t for _, _, t in carried)
        it, res = self.fresh("it"), self.fresh("loop")
        multi = len(carried) > 1
        self.emit("%s%s = scf.for %s = %s to %s step %s iter_args(%s) -> (%s) {" % (
            res, ":%d" % len(carried) if multi else "", it, self.index(0), trip, self.index(1),
            ", ".join("%s = %s" % (names[key], init) for key, init, _ in carried), types))
        self.indent += 1
        u = OValue(names["u"], x.arrays, x.dist, x.dims)
        even = c = None
        if use_if or fl:
            par, even = self.fresh("par"), self.fresh("even")
            self.emit("%s = arith.remui %s, %s : index" % (par, it, self.index(2)))
            self.emit("%s = arith.cmpi eq, %s, %s : index" % (even, par, self.index(0)))
            c = even
            if cond == "lt":
                c = self.fresh("lt")
                self.emit("%s = arith.cmpi ult, %s, %s : index" % (c, it, self.index(j)))
        # Under --avoid read-after-print the prints and the save show a
        # function of the value (shown()).
        seen = {}
        if print_u:
            opts = self.print_opts(x)
            shown, seen["u"] = self.shown(u, opts)
            self.emit_print(shown.name, shown.type(), opts)
        operand = z1
        if use_if:
            first, second = (z1, z2) if use_if == "inv" else (u, z1)
            ty = first.type()
            sel = self.fresh("sel")
            self.emit("%s = scf.if %s -> (%s) {" % (sel, c, ty))
            self.emit("  scf.yield %s : %s" % (first.name, ty))
            self.emit("} else {")
            self.emit("  scf.yield %s : %s" % (second.name, ty))
            self.emit("}")
            operand = OValue(sel, z1.arrays, first.dist, z1.dims)
        if hoist:
            moved = OValue(self.fresh(), z1.arrays, operand.dist, z1.dims)
            self.emit_unary(moved, operand, hoist[0])
            operand = moved
        cur = OValue(self.fresh(), x.arrays, x.dist, x.dims)
        self.emit_binary(cur, u, operand, kind, coefs)
        if print_z:
            opts = self.print_opts(z1)
            shown, seen["z"] = self.shown(z1, opts)
            self.emit_print(shown.name, shown.type(), opts)
        if fl:
            if fl == "if":
                pp = self.fresh("pp")
                self.emit("%s:2 = scf.if %s -> (%s, index) {" % (pp, even, lt))
                self.emit("  scf.yield %s, %s : %s, index" % (pa[0], pa[1], lt))
                self.emit("} else {")
                self.emit("  scf.yield %s, %s : %s, index" % (pb[0], pb[1], lt))
                self.emit("}")
                part, lo, specs = pp + "#0", pp + "#1", (pa[2], pb[2])
            else:
                part, lo, spec = self.part(x, u, rng.sample(range(5), 2), select=even, it=it)
                specs = (spec, spec)
            tv = OValue(self.fresh(), x.arrays, ", irregular", x.dims)
            self.emit("%s = dist.from_local %s offset %s : %s -> %s" % (tv.name, part, lo, lt, tv.type()))
            nxt = OValue(self.fresh(), x.arrays, x.dist, x.dims)
            self.emit("%s = dist.add %s, %s : %s, %s -> %s" % (
                nxt.name, cur.name, tv.name, t_u, tv.type(), t_u))
            cur = nxt
        yields = [cur.name]
        if save:
            saved, seen["save"] = self.shown(cur)
            self.emit('dist.save %s, "%s" : %s' % (saved.name, save, saved.type()))
        if red:
            rs = self.fresh("r")
            self.emit("%s = dist.reduce sum %s : %s -> f64" % (rs, cur.name, t_u))
            self.emit_print(rs, "f64", " precision = 17")
        if w_kind == "swap":
            yields.append(u.name)
        elif w_kind == "other":
            w1 = OValue(self.fresh(), w0.arrays, w0.dist, w0.dims)
            self.emit_unary(w1, OValue(names["w"], w0.arrays, w0.dist, w0.dims), w_body)
            yields.append(w1.name)
        if acc:
            if red:
                a1 = self.fresh("acc")
                self.emit("%s = arith.addf %s, %s : f64" % (a1, names["acc"], rs))
                yields.append(a1)
            else:
                yields.append(names["acc"])
        self.emit("scf.yield %s : %s" % (", ".join(yields), types))
        self.indent -= 1
        self.emit("}")

        # The reference: the loop run in numpy, once per command line.
        outs = {"u": [], "w": [], "acc": []}
        for e in range(self.E):
            ua = x.arrays[e]
            wa = w0.arrays[e] if w0 is not None else None
            total, prints = 0.0, []
            for i in range(trips[e]):
                cv = i % 2 == 0 if cond == "parity" else i < j
                if print_u:
                    prints.append(seen["u"](ua))
                if use_if == "inv":
                    sa = z1.arrays[e] if cv else z2.arrays[e]
                elif use_if == "carried":
                    sa = ua if cv else z1.arrays[e]
                else:
                    sa = z1.arrays[e]
                if hoist:
                    sa = hoist[1](sa, e)
                na = bref(ua, sa, e)
                if print_z:
                    prints.append(seen["z"](z1.arrays[e]))
                if fl:
                    spec = specs[0] if fl == "select" or i % 2 == 0 else specs[1]
                    na = na + self.data(ua.shape, spec, i if fl == "select" else 0)
                if red:
                    prints.append(np.array(float(na.sum())))
                    total += float(na.sum())
                if w_kind == "swap":
                    wa = ua
                elif w_kind == "other":
                    wa = w_ref(wa, e)
                ua = na
            for pr in prints:
                self.expected[e].append([float(t) for t in np.asarray(pr).ravel()])
            outs["u"].append(ua)
            outs["w"].append(wa)
            outs["acc"].append(total)
        result = lambda key: res + ("#%d" % [k for k, _, _ in carried].index(key) if multi else "")
        r_u = OValue(result("u"), outs["u"], x.dist, x.dims)
        if w0 is not None:
            r_w = OValue(result("w"), outs["w"], w0.dist, w0.dims)
            if rng.random() < 0.5:
                self.print_value(r_w)
            self.live.append(r_w)
        if acc:
            self.print_scalar(result("acc"), "f64", outs["acc"])
        if save:
            back = OValue(self.fresh(), [seen["save"](a) for a in outs["u"]],
                          rng.choice(DISTS[x.rank]), x.dims)
            self.emit('%s = dist.load "%s" : %s' % (back.name, save, back.type()))
            self.print_value(back)
        if rng.random() < 0.5:
            self.print_value(x)
        if rng.random() < 0.3:
            self.print_value(z1)
        if rng.random() < 0.7:
            self.print_value(r_u)
        return r_u

    # -- the program --------------------------------------------------------------------
    def checkpoint(self):
        return (len(self.lines), [len(x) for x in self.expected], list(self.live),
                list(self.scalars), len(self.funcs), self.indent)

    def rollback(self, cp):
        lines, exp, live, scalars, funcs, indent = cp
        del self.lines[lines:]
        for x, k in zip(self.expected, exp):
            del x[k:]
        self.live, self.scalars, self.indent = live, scalars, indent
        del self.funcs[funcs:]

    def too_large(self, cp):
        """Values beyond BOUND would no longer be exact in every order."""
        for x, k in zip(self.expected, cp[1]):
            for item in x[k:]:
                if any(abs(t) >= BOUND for t in item if t == t):
                    return True
        return any(v.bound() >= BOUND for v in self.live[len(cp[2]):])

    def build(self, steps):
        self.funcs = []
        self.live = [self.create()]
        if self.rng.random() < 0.5:
            self.live.append(self.create())
        f64 = self.f64_operand
        patterns = [(self.print_update_print, 4), (self.save_load, 3), (self.chain, 2),
                    (self.loop, 5), (self.if_choice, 1), (self.call, 1), (self.bool_reduce, 3),
                    (self.reduce_scalar, 2), (self.reduce_axis, 2), (self.alias, 2),
                    (lambda x: self.unary(f64(x)), 1), (lambda x: self.binary(f64(x)), 1),
                    (self.select, 1), (lambda x: self.scan(f64(x)), 1),
                    (lambda x: self.create(), 1), (self.from_local, 1)]
        ops = [p for p, w in patterns for _ in range(w)]
        for _ in range(steps):
            x = self.rng.choice(self.live)
            cp = self.checkpoint()
            v = self.rng.choice(ops)(x)
            if v is not None:
                self.live.append(v)
            if self.too_large(cp):
                self.rollback(cp)
        for v in self.rng.sample(self.live, min(2, len(self.live))):
            self.print_value(v)
        self.finish_envs()
        main = "func.func @main() {\n%s\n  return\n}\n" % "\n".join(
            self.const_lines + self.param_lines + self.lines)
        return "".join(f + "\n" for f in self.funcs) + main

    def finish_envs(self):
        """The command lines of the runs: none for the defaults, then one
        per other setting of the parameters the program reads (settings
        that differ only in unread parameters are dropped)."""
        self.envs, expected, seen = [], [], set()
        for vals, exp in zip(self.env_values, self.expected):
            args = tuple("--%s=%d" % (p, vals[p]) for p in sorted(self.used_params)
                         if vals[p] != self.defaults[p])
            if args in seen:
                continue
            seen.add(args)
            self.envs.append(list(args))
            expected.append(exp)
        self.expected = expected
