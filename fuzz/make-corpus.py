#!/usr/bin/env python3
"""Writes the seed corpus of distc-fuzz: every .mlir under test/, samples/ and fuzz/seeds/,
split on `// -----` lines (mlir-opt's --split-input-file marker) into one file
per chunk, named after its source and a content hash (so reruns do not
duplicate). Usage: make-corpus.py <srcroot> <outdir>"""
import hashlib
import os
import re
import sys

SPLIT = re.compile(r"^// -----\s*$", re.M)


def chunks(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    for part in SPLIT.split(text):
        if part.strip():
            yield part


def main():
    src, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    n = 0
    for top in ("test", "samples", "fuzz/seeds"):
        for dirpath, _, files in os.walk(os.path.join(src, top)):
            for name in sorted(files):
                if not name.endswith(".mlir"):
                    continue
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, src).replace(os.sep, "_")
                for part in chunks(path):
                    digest = hashlib.sha1(part.encode()).hexdigest()[:12]
                    with open(os.path.join(out, f"{rel}-{digest}"), "w") as f:
                        f.write(part)
                    n += 1
    print(f"make-corpus: {n} seeds in {out}")


if __name__ == "__main__":
    main()
