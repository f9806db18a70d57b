#!/usr/bin/env python3
"""Writes the seed corpus of distc-fuzz: every .mlir under test/, samples/ and fuzz/seeds/,
split on `// -----` lines (mlir-opt's --split-input-file marker) into one file
per chunk, named after its source and a content hash (so reruns do not
duplicate), plus recipes for the structured mode (fuzz/StructuredInput.h):
one per kind of piece, just below and just above distc's limits, and one
with every piece. Usage: make-corpus.py <srcroot> <outdir>"""
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
    n += structured_seeds(out)
    print(f"make-corpus: {n} seeds in {out}")


PIECES = 13  # Piece::Count in fuzz/StructuredInput.cpp


def structured_seeds(out):
    """A first byte with the top bit set selects the structured mode (the low
    bit the -O level); then three bytes per piece: kind, 16-bit count."""
    recipes = []
    for kind in range(PIECES):
        for count in (200, 300):
            recipes.append(bytes([0x80 | (kind & 1), kind, count & 255, count >> 8]))
    recipes.append(bytes([0x80] + [b for k in range(PIECES) for b in (k, 20, 0)]))
    for recipe in recipes:
        with open(os.path.join(out, "structured-" + recipe.hex()), "wb") as f:
            f.write(recipe)
    return len(recipes)


if __name__ == "__main__":
    main()
