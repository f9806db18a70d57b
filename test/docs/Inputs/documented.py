#!/usr/bin/env python3
"""Checks that a generated reference page documents every op or pass.

  documented.py ops DOC.md OPS.h.inc     every op named by TableGen's op
                                         declarations has a "### `name`" entry
  documented.py passes DOC.md Passes.td  every pass of the .td file has a
                                         "### `-name`" entry

Prints one line per entry checked ("documented: dist.add") and fails naming
what is missing, so that a reference that stopped being built, or a
generator that changed its format, does not pass silently."""
import re
import sys


def main():
    kind, doc_path, source_path = sys.argv[1:4]
    doc = open(doc_path).read()
    source = open(source_path).read()
    if kind == "ops":
        names = re.findall(
            r'getOperationName\(\) \{\s*return ::llvm::StringLiteral\("([^"]+)"\)', source)
        entry = "### `{}`"
    else:
        names = re.findall(r'^def \w+\s*:\s*(?:Interface)?Pass<\s*"([^"]+)"', source, re.M)
        entry = "### `-{}`"
    if not names:
        print(f"error: no {kind} found in {source_path}")
        return 1
    missing = [n for n in names if entry.format(n) not in doc]
    for n in names:
        print(("missing: " if n in missing else "documented: ") + n)
    print(f"{len(names) - len(missing)} of {len(names)} {kind} documented")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
