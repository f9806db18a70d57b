#!/usr/bin/env python3
"""Differential check of a `shard` program (docs/shard.md).

The output of a shard program on P ranks (P = its grid's size) must equal
the output of the same program with its shard annotations removed, compiled
by distc and run on one rank. This script

  1. strips the annotations: drops `shard.grid` and `shard.sharding` ops and
     replaces each `%x = shard.shard %y to ...` by `%y` (SPMD-level shard
     ops such as collectives cannot be stripped and are an error);
  2. compiles and runs the stripped program on one rank (the reference);
  3. for each requested grid shape (--ranks: `P` or `PxQ...`), sets the shape
     of the program's grid to it (`shape = 4` -> `shape = 2x2`), compiles the
     shard program and runs it on as many ranks as the grid has processes;
     every rank's standard output must equal the reference (a replicated
     result is printed by every rank).

With --levels (e.g. `0,1,2,3`) both programs are compiled at each of
those -O levels: the stripped program of every level must print what the
first level's prints on one rank (the reference), and so must every rank
of the shard program of every level and grid shape.

Exit status 0 when every run matches; otherwise the first difference is
printed. Each compile and run has --timeout seconds (a hang is ended with
every process it started).

  shard-differential.py --distc build/bin/distc --mpirun "mpirun -oversubscribe" \
      --ranks 2,3,4,2x2 --work /tmp/w program.mlir
  shard-differential.py ... --levels 0,1,2,3 --ranks 4,2x2 --work /tmp/w program.mlir
"""

import argparse
import os
import re
import shlex
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mpi_jobs import exit_on_sigterm, run_job  # noqa: E402

SHARD_RE = re.compile(
    r"^\s*(%[\w$.-]+)\s*=\s*shard\.shard\s+(%[\w$.-]+)\s+to\s+%[\w$.-]+.*$")
DROP_RE = re.compile(r"^\s*(shard\.grid\b|%[\w$.-]+\s*=\s*shard\.sharding\b)")
GRID_RE = re.compile(
    r"(shard\.grid\s+@[\w$.-]+\s*\(\s*shape\s*=\s*)(\d+(?:x\d+)*)(\s*\))")


def strip_annotations(text):
    """The program without its shard annotations, or raises ValueError."""
    renames = {}
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        code = line.split("//", 1)[0]
        if DROP_RE.match(code):
            continue
        m = SHARD_RE.match(code)
        if m:
            src = renames.get(m.group(2), m.group(2))
            renames[m.group(1)] = src
            continue
        if "shard." in code:
            raise ValueError("line %d: cannot strip SPMD-level shard op: %s" %
                             (number, line.strip()))
        out.append(line)
    result = "\n".join(out) + "\n"
    if renames:
        # Longest names first, and never inside a longer name.
        names = sorted(renames, key=len, reverse=True)
        pattern = re.compile("(" + "|".join(re.escape(n) for n in names) +
                             r")(?![\w$.-])")
        result = pattern.sub(lambda m: renames[m.group(1)], result)
    return result


# Seconds per compile and per run (--timeout).
LIMITS = {"timeout": 300}


def run(cmd, what):
    """The standard output of cmd; exits on failure or after --timeout
    seconds (the command runs in its own session, so that a hung mpirun is
    ended with every rank it started)."""
    rc, out, err = run_job(cmd, LIMITS["timeout"])
    status = "timed out after %d s" % LIMITS["timeout"] if rc == "timeout" else "exit %d" % rc
    if rc != 0:
        sys.stderr.write("%s failed (%s): %s\n%s%s" %
                         (what, status, " ".join(cmd), out, err))
        sys.exit(1)
    return out


def rank_outputs(tagged, ranks):
    """Splits `--tag-output` lines ([1,r]<stdout>:text) per rank."""
    per_rank = {r: [] for r in range(ranks)}
    for line in tagged.splitlines():
        m = re.match(r"^\[\d+,(\d+)\]<stdout>:(.*)$", line)
        if not m:
            raise ValueError("untagged output line: %r" % line)
        per_rank[int(m.group(1))].append(m.group(2))
    return {r: "\n".join(lines) for r, lines in per_rank.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--distc", required=True)
    parser.add_argument("--mpirun", required=True,
                        help="the mpirun command line, without -n")
    parser.add_argument("--ranks", default="",
                        help="comma-separated grid shapes to run (4, 2x2, "
                        "...); default: the program's own grid shape")
    parser.add_argument("--work", required=True, help="directory for files")
    parser.add_argument("--levels", default="",
                        help="comma-separated -O levels to compile both "
                        "programs at and compare (default: distc's own)")
    parser.add_argument("--timeout", type=int, default=LIMITS["timeout"],
                        help="seconds per compile and per run")
    parser.add_argument("--print-stripped", action="store_true")
    parser.add_argument("program")
    args = parser.parse_args()
    LIMITS["timeout"] = args.timeout
    exit_on_sigterm()
    levels = [lv.strip().lstrip("-O") for lv in args.levels.split(",")] \
        if args.levels else [None]

    def flags(level):
        return ["-O" + level] if level is not None else []

    def at(level):
        return "" if level is None else " at -O" + level

    def suffix(level):
        return "" if level is None else ".O" + level

    with open(args.program) as f:
        text = f.read()
    os.makedirs(args.work, exist_ok=True)
    base = os.path.join(args.work, os.path.basename(args.program))
    try:
        stripped = strip_annotations(text)
    except ValueError as e:
        sys.stderr.write("%s: %s\n" % (args.program, e))
        return 1
    if args.print_stripped:
        sys.stdout.write(stripped)
        return 0
    with open(base + ".ref.mlir", "w") as f:
        f.write(stripped)
    mpirun = shlex.split(args.mpirun)
    reference = None
    for level in levels:
        exe = base + ".ref" + suffix(level)
        run([args.distc] + flags(level) + [base + ".ref.mlir", "-o", exe],
            "compiling the stripped program" + at(level))
        out = run(mpirun + ["-n", "1", exe], "the reference run" + at(level))
        out = out.rstrip("\n")
        if reference is None:
            reference = out
            if not reference:
                sys.stderr.write("%s: the reference prints nothing\n" % args.program)
                return 1
        elif out != reference:
            sys.stderr.write(
                "%s: the stripped program%s differs from the reference%s\n"
                "--- reference\n%s\n---%s\n%s\n" %
                (args.program, at(level), at(levels[0]), reference, at(level), out))
            return 1

    grids = [m.group(2) for m in GRID_RE.finditer(text)]
    if args.ranks:
        shapes = args.ranks.split(",")
        if len(grids) != 1:
            sys.stderr.write("%s: --ranks needs exactly one static grid\n" %
                             args.program)
            return 1
    else:
        if not grids:
            sys.stderr.write("%s: no static grid found\n" % args.program)
            return 1
        shapes = [grids[0]]
    for shape in shapes:
        p = 1
        for extent in shape.split("x"):
            p *= int(extent)
        program = GRID_RE.sub(lambda m: m.group(1) + shape + m.group(3), text)
        source = "%s.p%s.mlir" % (base, shape)
        with open(source, "w") as f:
            f.write(program)
        for level in levels:
            exe = "%s.p%s%s" % (base, shape, suffix(level))
            run([args.distc] + flags(level) + [source, "-o", exe],
                "compiling for %d ranks%s" % (p, at(level)))
            tagged = run(mpirun + ["-n", str(p), "--tag-output", exe],
                         "the run on %d ranks%s" % (p, at(level)))
            for r, out in sorted(rank_outputs(tagged, p).items()):
                if out != reference:
                    sys.stderr.write(
                        "%s: rank %d of %d%s differs from the 1-rank reference%s\n"
                        "--- reference\n%s\n--- rank %d\n%s\n" %
                        (args.program, r, p, at(level), at(levels[0]), reference, r, out))
                    return 1
            print("%s: %d ranks match the reference%s%s" %
                  (os.path.basename(args.program), p,
                   "" if shape == str(p) else " (grid %s)" % shape, at(level)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
