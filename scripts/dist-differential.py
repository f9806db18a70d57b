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

A program the verifier rejects is a failure too: the generator only writes
what docs/dist.md says is valid. Exit status 1 when any program failed;
each failure is reported with its seed, which regenerates it alone.
"""
import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile

# The generators live beside this script (its directory is on sys.path).
from dist_differential_basic import Program, np  # noqa: E402
from dist_differential_extended import ExtProgram  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def parse(output):
    """The printed values: one list per print (a numpy array may span
    several lines; a scalar is one line; the vector.print form of a tensor,
    `( ( 1, 2 ), ( 3, 4 ) )`, is one line)."""
    items, current, depth = [], "", 0
    for line in output.splitlines():
        current += " " + line
        depth += line.count("[") - line.count("]") + line.count("(") - line.count(")")
        if depth == 0:
            text = current
            for ch in "[](),":
                text = text.replace(ch, " ")
            items.append([float(t) for t in text.split()])
            current = ""
    return items


def run_rank(args, exe, p):
    """One mpirun: (returncode or "timeout", output). The job runs in its
    own session so that a hang is ended with every rank it started."""
    proc = subprocess.Popen(args.mpirun.split() + ["-n", str(p), exe],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=args.timeout)
        return proc.returncode, out, err
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)
        out, err = proc.communicate()
        return "timeout", out, err


def run_one(seed, args, workdir):
    """None when every rank count printed numpy's values, else a
    description of each failing rank count (all of them are run)."""
    rng = random.Random(seed)
    prog = ExtProgram(rng) if args.ops == "extended" else Program(rng)
    src = prog.build(args.steps)
    path = os.path.join(workdir, "prog%d.mlir" % seed)
    with open(path, "w") as f:
        f.write("// dist-differential.py --seed %d --steps %d%s\n" % (
            seed, args.steps, " --ops extended" if args.ops == "extended" else ""))
        f.write(src)
    exe = path[:-5]
    try:
        c = subprocess.run([args.distc] + args.flags + [path, "-o", exe],
                           capture_output=True, text=True, timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return "compile timed out", path, []
    if c.returncode != 0:
        return "compile failed:\n" + c.stderr[-3000:], path, []
    problems, bad = [], []
    for p in args.ranks:
        rc, out, err = run_rank(args, exe, p)
        if rc != 0:
            problems.append("P=%d: exit %s\n%s" % (p, rc, (out + err)[-1500:]))
            bad.append(p)
            continue
        try:
            got = parse(out)
        except ValueError as e:
            got = [str(e)]
        if got != prog.expected:
            bad.append(p)
            for k, (g, e) in enumerate(zip(got, prog.expected)):
                if g != e:
                    problems.append("P=%d: print #%d differs\n  got      %s\n  expected %s"
                                    % (p, k, g[:40], e[:40]))
                    break
            else:
                problems.append("P=%d: %d prints, expected %d" % (p, len(got), len(prog.expected)))
    if problems:
        return "\n".join(problems), path, bad
    return None, path, []


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1, help="first seed")
    ap.add_argument("--count", type=int, default=10, help="number of programs")
    ap.add_argument("--steps", type=int, default=6, help="ops per program")
    ap.add_argument("--ranks", default="1,2,3,4,5", help="comma-separated rank counts")
    ap.add_argument("--ops", choices=["basic", "extended"], default="basic",
                    help="basic: the original generator (same program per seed); "
                    "extended: also matmul, stencils, extend, gather/local/with_local, "
                    "from_local, full/arange/linspace, rank-3 grids, scalar reductions, loops")
    ap.add_argument("--flags", default="", help="extra distc flags, e.g. -O0")
    ap.add_argument("--distc", default=os.path.join(ROOT, "build", "bin", "distc"))
    ap.add_argument("--mpirun", default="mpirun --allow-run-as-root --oversubscribe --bind-to none")
    ap.add_argument("--timeout", type=int, default=120, help="seconds per run")
    ap.add_argument("--keep", help="directory that keeps every program")
    args = ap.parse_args()
    if np is None:
        sys.exit("dist-differential.py: needs numpy")
    args.ranks = [int(p) for p in args.ranks.split(",")]
    args.flags = args.flags.split()
    workdir = args.keep or tempfile.mkdtemp(prefix="dist-diff-")
    os.makedirs(workdir, exist_ok=True)
    failed = 0
    passed_per_rank = {p: 0 for p in args.ranks}
    try:
        for seed in range(args.seed, args.seed + args.count):
            problem, path, bad = run_one(seed, args, workdir)
            if problem:
                failed += 1
                print("FAIL seed %d (%s) ranks %s: %s" % (
                    seed, path, ",".join(map(str, bad)) or "-", problem), flush=True)
            else:
                print("ok   seed %d" % seed, flush=True)
            if not problem or bad:
                for p in args.ranks:
                    passed_per_rank[p] += p not in bad
    finally:
        if not args.keep and not failed:
            shutil.rmtree(workdir, ignore_errors=True)
    print("passed per rank count: %s" % ", ".join(
        "P=%d %d" % (p, n) for p, n in passed_per_rank.items()))
    print("%d passed, %d failed" % (args.count - failed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
