#!/usr/bin/env python3
"""Random differential testing of the dist dialect against numpy.

Generates random dist programs (creation, element-wise ops on mixed
distributions, fill and periodic shifts, slices with any steps,
insert_slice, concat,
permute, reshape, repartition, reductions and scans along any axis, on row
and column blocks and run-time process grids, with static and run-time
sizes that the rank counts do not divide), computes what each printed value
must be with numpy, compiles each program with distc, runs it on every rank
count asked for, and compares every printed element exactly (the data are
small integers held in f64, so every order of summation gives the same
bits).

  dist-differential.py --seed 1 --count 20                 # 20 programs, P = 1..5
  dist-differential.py --seed 7 --count 1 --keep out/      # keep the program
  dist-differential.py --seed 1 --count 5 --ranks 2,3 --distc build/bin/distc
  dist-differential.py --ops extended --seed 1 --count 50 --ranks 1,2,3,4,5,6
  dist-differential.py --ops extended --flags=-O0 --seed 1 --count 20
  dist-differential.py --ops opt --seed 1 --count 20      # -O0..-O3, P = 1..5
  dist-differential.py --ops opt --seed 100 --time-budget 600
  dist-differential.py --ops extended --levels 0,2 --seed 1 --count 5

--ops basic (the default) is the original generator: every seed writes the
same program as before --ops existed (check-distc's seeds stay valid).
--ops extended (ExtProgram, dist_differential_extended.py) writes different programs from the same
seeds and adds: dist.matmul (row blocks, column blocks, SUMMA on grids,
static grids with an extent of 1, matrix-vector products, sizes 0..13 and
30..70), stencils (one element-wise op over 1-5 fill and/or periodic
shifts of widths up to 3 with diagonal offsets, on 1-D, column and grid
distributions, rank 1-3), scf.for loops carrying a tensor through a
stencil, dist.extend read back with dist.local, tensor.extract_slice and
dist.with_local, dist.gather with dist.local_offset, dist.from_local
(irregular 1-D, column and grid partitions), dist.full (sizes from
dist.global_dim), arange, linspace, div, dist.index and scalars of earlier
reductions in bodies, reductions to scalars (sum, prod, min, max, mean,
argmin, argmax), reductions and scans of every kind along any axis of
rank-3 tensors on 1-, 2- and 3-axis grids, free (irregular) slices,
shapes with static and run-time dimensions mixed, and printing from any
distribution (numpy layout, `precision = 17` for arrays numpy would
summarise, vector.print). Each run of each rank count has --timeout
seconds (a hang kills the job's process group); every rank count is run
and the failing ones are listed.

--ops opt (OptProgram, dist_differential_opt.py and
dist_differential_opt_patterns.py) writes programs of what optimizers get
wrong: a tensor printed or saved and loaded back around element-wise ops
that could reuse its buffer, in-place-looking chains whose old values are
read again, scf.for loops with loop-invariant and carried tensors, prints
inside, scf.if between tensors (also between two loop-invariant ones),
from_local partitions that change per iteration, calls, reductions of
every kind (also of i1, of empty tensors and along empty axes), sizes and
trip counts from dist.param, and runs each program with its default
parameters and with some of them set to 0, 1 or a larger size.

--levels (default 0,1,2,3 for --ops opt, none otherwise: one compile with
--flags alone) compiles each program at each of those -O levels (with
--flags added) and runs each on every rank count of --ranks and with
every command line of the program: every run's output must equal every
other's line for line (a NaN's sign aside), and numpy's values. A
failure lists the levels and rank counts whose output differs, with the
first line that differs, and the command that regenerates the program.
--time-budget SECONDS stops starting programs when the next one would
not finish in time (--count is then unbounded unless given). --avoid
leaves out patterns of miscompiles already known (AVOIDABLE in
dist_differential_opt.py) so that a campaign looks past them.

A program the verifier rejects is a failure too: the generator only writes
what docs/dist.md says is valid. Exit status 1 when any program failed;
each failure is reported with its seed, which regenerates it alone.
"""
import argparse
import math
import os
import random
import re
import shlex
import shutil
import sys
import tempfile
import time

# The generators live beside this script (its directory is on sys.path).
from dist_differential_basic import Program, np  # noqa: E402
from dist_differential_extended import ExtProgram  # noqa: E402
from dist_differential_opt import AVOIDABLE  # noqa: E402
from mpi_jobs import exit_on_sigterm, run_job  # noqa: E402
from dist_differential_opt_patterns import OptProgram  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GENERATORS = {"basic": Program, "extended": ExtProgram, "opt": OptProgram}


def parse(output):
    """The printed values: one list per print (a numpy array may span
    several lines; a scalar is one line; the vector.print form of a tensor,
    `( ( 1, 2 ), ( 3, 4 ) )`, is one line). i1 values are 0 and 1."""
    items, current, depth = [], "", 0
    for line in output.splitlines():
        current += " " + line
        depth += line.count("[") - line.count("]") + line.count("(") - line.count(")")
        if depth == 0:
            text = current
            for ch in "[](),":
                text = text.replace(ch, " ")
            items.append([{"True": 1.0, "False": 0.0}.get(t) if t in ("True", "False")
                          else float(t) for t in text.split()])
            current = ""
    return items


def same(a, b):
    """Equal lists of printed values, NaN equal to NaN."""
    return len(a) == len(b) and all(
        x == y or (isinstance(x, float) and isinstance(y, float) and math.isnan(x) and math.isnan(y))
        for x, y in zip(a, b))


def normalized(text):
    # The sign of a NaN is not a value: 0/0 is -nan on x86 and nan folded.
    return text.replace("-nan", "nan")


# What mpirun prints when it could not start the job (a machine shared
# with other jobs): not the program's failure, so the run is repeated.
STARTUP_FAILURES = ("ORTE_ERROR_LOG", "A call to mkdir was unable", "orte_ess_init failed",
                    "ORTE was unable to reliably start")


def run_program(args, cmd, rundir):
    """One mpirun in a fresh directory (files that dist.save writes must
    not be left for another run's dist.load) with its own Open MPI session
    directory in it, repeated up to 3 times when the job did not start."""
    env = dict(os.environ, OMPI_MCA_orte_tmpdir_base=rundir)
    for attempt in range(3):
        shutil.rmtree(rundir, ignore_errors=True)
        os.makedirs(rundir)
        rc, out, err = run_job(cmd, args.timeout, cwd=rundir, env=env)
        if rc == 0 or out or not any(s in err for s in STARTUP_FAILURES):
            break
        time.sleep(1 + attempt)
    return rc, out, err


def level_name(level):
    """-O2, or nothing for the one compile with --flags alone."""
    return "-O%s " % level if level is not None else ""


def regenerate(args, seed):
    cmd = ["scripts/dist-differential.py", "--ops", args.ops, "--seed", str(seed),
           "--count", "1", "--steps", str(args.steps),
           "--ranks", ",".join(map(str, args.ranks))]
    if args.levels != [None]:
        cmd += ["--levels", ",".join(args.levels)]
    if args.flags:
        cmd += ["--flags=" + " ".join(args.flags)]
    if args.avoid:
        cmd += ["--avoid", ",".join(args.avoid)]
    return " ".join(shlex.quote(c) for c in cmd + ["--keep", "DIR"])


def failure(rc, err):
    """What a failed run says: its exit status and first error line
    (without the rank, which differs between rank counts)."""
    line = next((ln for ln in err.splitlines() if "error:" in ln), "")
    line = line.split(" (rank ")[0]
    return ("timed out" if rc == "timeout" else "exit %s" % rc) + (": " + line if line else "")


def first_difference(a, b):
    la, lb = a.splitlines(), b.splitlines()
    for k in range(max(len(la), len(lb))):
        x = la[k] if k < len(la) else "<no line>"
        y = lb[k] if k < len(lb) else "<no line>"
        if x != y:
            return k + 1, x, y
    return None


def describe(labels):
    """-O2 P=1,2,3: the runs of one level together."""
    by_level = {}
    for level, p in labels:
        by_level.setdefault(level, []).append(p)
    return ", ".join("%sP=%s" % (level_name(level), ",".join(map(str, ps)))
                     for level, ps in by_level.items())


def compare_env(env, expected, runs):
    """Problems of the runs of one command line: (level, P) -> (rc, out,
    err). Every output must be the same text and numpy's values."""
    problems, bad = [], set()
    label = " ".join(env) or "defaults"
    groups, failures = {}, {}
    for key, (rc, out, err) in runs.items():
        if rc != 0:
            what = failure(rc, err)
            failures.setdefault(re.sub(r"\d+", "#", what), (what, []))[1].append((key, out + err))
            bad.add(key)
            continue
        groups.setdefault(normalized(out), []).append(key)
    for what, runs_of in failures.values():
        # One line per kind of failure (the end of the output of its first
        # run when it names no error).
        tail = "" if "error:" in what else "\n".join(runs_of[0][1].splitlines()[-8:])
        tail = "\n" + tail if tail else ""
        problems.append("[%s] %s: %s%s" % (label, describe([k for k, _ in runs_of]), what, tail))
    if not groups:
        return problems, bad
    # The reference text: the one of the first level's first run, if it ran.
    ordered = sorted(groups.items(), key=lambda g: min(g[1]))
    ref_text, ref_keys = ordered[0]
    for text, keys in ordered:
        try:
            got = parse(text)
        except ValueError as e:
            got = [str(e)]
        if expected is not None and not same_prints(got, expected):
            k = next((k for k, (g, e) in enumerate(zip(got, expected)) if not same(g, e)), None)
            if k is None:
                detail = "%d prints, numpy %d" % (len(got), len(expected))
            else:
                detail = "print #%d: got %s, numpy %s" % (k, got[k][:40], expected[k][:40])
            problems.append("[%s] %s differ from numpy: %s" % (label, describe(keys), detail))
            bad.update(keys)
        if text != ref_text:
            line, x, y = first_difference(text, ref_text)
            problems.append("[%s] %s print other text than %s: line %d: %r, not %r" % (
                label, describe(keys), describe(ref_keys), line, x, y))
            bad.update(keys)
    return problems, bad


def same_prints(got, expected):
    return len(got) == len(expected) and all(same(g, e) for g, e in zip(got, expected))


def run_one(seed, args, workdir):
    """(None or a description of what failed, program path, failing
    (level, P) pairs). Every level, command line and rank count is run."""
    rng = random.Random(seed)
    prog = OptProgram(rng, args.avoid) if args.ops == "opt" else GENERATORS[args.ops](rng)
    src = prog.build(args.steps)
    envs = getattr(prog, "envs", [[]])
    expected = prog.expected if args.ops == "opt" else [prog.expected]
    path = os.path.join(workdir, "prog%d.mlir" % seed)
    with open(path, "w") as f:
        f.write("// %s\n" % regenerate(args, seed))
        for env in envs[1:]:
            f.write("// also run with: %s\n" % " ".join(env))
        f.write(src)
    problems, bad, exes = [], set(), {}
    for level in args.levels:
        exe = "%s.%s" % (path[:-5], "O%s" % level if level is not None else "exe")
        flags = (["-O%s" % level] if level is not None else []) + args.flags
        rc, out, err = run_job([args.distc] + flags + [path, "-o", exe], args.timeout)
        if rc != 0:
            problems.append("%scompile %s:\n%s" % (
                level_name(level), "timed out" if rc == "timeout" else "failed", err[-3000:]))
            bad.update((level, p) for p in args.ranks)
            continue
        exes[level] = exe
    rundir = os.path.join(workdir, "run%d" % seed)
    for env, exp in zip(envs, expected):
        runs = {}
        for level, exe in exes.items():
            for p in args.ranks:
                runs[(level, p)] = run_program(
                    args, args.mpirun.split() + ["-n", str(p), exe] + env, rundir)
        more, worse = compare_env(env, exp, runs)
        problems += more
        bad |= worse
    shutil.rmtree(rundir, ignore_errors=True)
    for exe in exes.values():
        os.remove(exe)
    if problems:
        problems.append("regenerate: " + regenerate(args, seed))
        return "\n".join(problems), path, bad
    return None, path, set()


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1, help="first seed")
    ap.add_argument("--count", type=int, help="number of programs (default 10, "
                    "unbounded with --time-budget)")
    ap.add_argument("--steps", type=int, default=6, help="ops per program")
    ap.add_argument("--ranks", default="1,2,3,4,5", help="comma-separated rank counts")
    ap.add_argument("--ops", choices=sorted(GENERATORS), default="basic",
                    help="basic: the original generator (same program per seed); "
                    "extended: also matmul, stencils, extend, gather/local/with_local, "
                    "from_local, full/arange/linspace, rank-3 grids, scalar reductions, loops; "
                    "opt: what optimizers get wrong (prints, saves and in-place updates, "
                    "loops, scf.if, from_local per iteration, reductions of empty tensors, "
                    "dist.param sizes)")
    ap.add_argument("--levels", help="comma-separated -O levels to compile at and compare "
                    "(default 0,1,2,3 for --ops opt; otherwise one compile with --flags)")
    ap.add_argument("--avoid", default="", help="--ops opt: comma-separated patterns to "
                    "leave out (%s, or `known`: all of them), so that a campaign "
                    "looks past miscompiles already known" % ", ".join(AVOIDABLE))
    ap.add_argument("--flags", default="", help="extra distc flags, e.g. -O0")
    ap.add_argument("--distc", default=os.path.join(ROOT, "build", "bin", "distc"))
    ap.add_argument("--mpirun", default="mpirun --allow-run-as-root --oversubscribe --bind-to none")
    ap.add_argument("--timeout", type=int, default=120, help="seconds per compile and per run")
    ap.add_argument("--time-budget", type=float, help="seconds: start no program that would "
                    "not end within them (estimated from the programs before)")
    ap.add_argument("--keep", help="directory that keeps every program")
    args = ap.parse_args()
    exit_on_sigterm()
    if np is None:
        sys.exit("dist-differential.py: needs numpy")
    args.ranks = [int(p) for p in args.ranks.split(",")]
    args.flags = args.flags.split()
    args.avoid = list(AVOIDABLE) if args.avoid == "known" else \
        [a for a in args.avoid.split(",") if a]
    for a in args.avoid:
        if a not in AVOIDABLE:
            sys.exit("dist-differential.py: --avoid: unknown pattern '%s' (known: %s)"
                     % (a, ", ".join(AVOIDABLE)))
    if args.levels is None and args.ops == "opt":
        args.levels = "0,1,2,3"
    args.levels = [lv.strip().lstrip("-O") for lv in args.levels.split(",")] if args.levels else [None]
    count = args.count if args.count is not None else (10 if args.time_budget is None else 10 ** 9)
    workdir = args.keep or tempfile.mkdtemp(prefix="dist-diff-")
    os.makedirs(workdir, exist_ok=True)
    failed = done = 0
    passed = {(lv, p): 0 for lv in args.levels for p in args.ranks}
    start = time.monotonic()
    try:
        for seed in range(args.seed, args.seed + count):
            elapsed = time.monotonic() - start
            if args.time_budget is not None and done and \
                    elapsed + elapsed / done > args.time_budget:
                break
            problem, path, bad = run_one(seed, args, workdir)
            done += 1
            if problem:
                failed += 1
                print("FAIL seed %d (%s) runs %s:\n%s" % (
                    seed, path, describe(sorted(bad, key=str)) or "-", problem), flush=True)
            else:
                print("ok   seed %d" % seed, flush=True)
                if not args.keep:
                    os.remove(path)
            for key in passed:
                passed[key] += key not in bad
    finally:
        if not args.keep and not failed:
            shutil.rmtree(workdir, ignore_errors=True)
    print("passed per level and rank count: %s" % ", ".join(
        "%sP=%d %d" % (level_name(lv), p, n) for (lv, p), n in passed.items()))
    if args.time_budget is not None:
        print("%d programs in %.0f s" % (done, time.monotonic() - start))
    print("%d passed, %d failed" % (done - failed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
