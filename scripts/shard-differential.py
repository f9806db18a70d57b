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

Exit status 0 when every run matches; otherwise the first difference is
printed.

  shard-differential.py --distc build/bin/distc --mpirun "mpirun -oversubscribe" \
      --ranks 2,3,4,2x2 --work /tmp/w program.mlir
"""

import argparse
import os
import re
import shlex
import subprocess
import sys

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


def run(cmd, what):
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True)
    if proc.returncode != 0:
        sys.stderr.write("%s failed (exit %d): %s\n%s%s" %
                         (what, proc.returncode, " ".join(cmd), proc.stdout,
                          proc.stderr))
        sys.exit(1)
    return proc.stdout


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
    parser.add_argument("--print-stripped", action="store_true")
    parser.add_argument("program")
    args = parser.parse_args()

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
    run([args.distc, base + ".ref.mlir", "-o", base + ".ref"], "compiling the "
        "stripped program")
    reference = run(mpirun + ["-n", "1", base + ".ref"], "the reference run")
    reference = reference.rstrip("\n")
    if not reference:
        sys.stderr.write("%s: the reference prints nothing\n" % args.program)
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
        exe = "%s.p%s" % (base, shape)
        run([args.distc, source, "-o", exe], "compiling for %d ranks" % p)
        tagged = run(mpirun + ["-n", str(p), "--tag-output", exe],
                     "the run on %d ranks" % p)
        for r, out in sorted(rank_outputs(tagged, p).items()):
            if out != reference:
                sys.stderr.write(
                    "%s: rank %d of %d differs from the 1-rank reference\n"
                    "--- reference\n%s\n--- rank %d\n%s\n" %
                    (args.program, r, p, reference, r, out))
                return 1
        print("%s: %d ranks match the reference%s" %
              (os.path.basename(args.program), p,
               "" if shape == str(p) else " (grid %s)" % shape))
    return 0


if __name__ == "__main__":
    sys.exit(main())
