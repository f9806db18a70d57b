#!/usr/bin/env python3
"""Checks editor/distc.tmLanguage.json against the dialect references.

The grammar must be valid JSON with the scope and injection selector that
editors look for, and its op patterns must match every op of the dist and
distruntime dialects that DistDialect.md and DistRuntimeDialect.md (the
references generated from TableGen into build/docs/) document, and nothing
that is not an op of them. Usage: check-editor-grammar.py GRAMMAR DOCS_DIR
(build/docs, or share/doc/distc/docs of an install)
"""
import json
import re
import sys


def main():
    grammar_path, docs = sys.argv[1], sys.argv[2]
    grammar = json.load(open(grammar_path))
    assert grammar["scopeName"] == "source.mlir.distc", grammar["scopeName"]
    assert grammar["injectionSelector"].startswith("L:source.mlir")
    ops = [re.compile(p["match"]) for p in grammar["repository"]["ops"]["patterns"]]
    failures = []
    for name in ("DistDialect.md", "DistRuntimeDialect.md"):
        text = open(f"{docs}/{name}").read()
        documented = re.findall(r"^### `([a-z_]+\.[a-z_]+)`", text, re.M)
        assert documented, f"no ops found in {name}"
        for op in documented:
            if not any(p.fullmatch(op) for p in ops):
                failures.append(f"{op} (from {name}) is not highlighted")
    for bogus in ("dist.nonexistent", "distruntime.add"):
        if any(p.fullmatch(bogus) for p in ops):
            failures.append(f"{bogus} is highlighted but is no op")
    for failure in failures:
        print("error: " + failure)
    print(f"checked {grammar_path}: {'FAILED' if failures else 'ok'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
