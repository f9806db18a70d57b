#!/usr/bin/env python3
"""Compares the runtime ABI table (distc-opt --distc-print-idtr-abi) with
what is written elsewhere (abi-table.test).

  header FILE         the prototypes of the `_idtr_*` functions in FILE, the
                      preprocessed idtr.h, one per line, normalized and
                      sorted ("int64_t _idtr_nprocs(int64_t team)")
  once TABLE MODULE   every runtime symbol of TABLE (format=mlir) is declared
                      at most once in MODULE, and no declaration there is a
                      renamed copy of one (`@_idtr_wait_0`)
"""
import re
import sys


def normalize(text):
    text = " ".join(text.split())
    return re.sub(r"\s*\*\s*", " *", text)


def header(path):
    text = open(path).read()
    # Drop the bodies of the static inline helpers: declarations remain.
    while True:
        stripped = re.sub(r"\{[^{}]*\}", ";", text)
        if stripped == text:
            break
        text = stripped
    prototypes = []
    for chunk in text.split(";"):
        match = re.search(r"([\w\s\*]*?)\b(_idtr_\w+)\s*\(([^()]*)\)\s*$", chunk)
        if not match:
            continue
        result, name, params = match.groups()
        params = ", ".join(normalize(p) for p in params.split(","))
        prototypes.append("%s%s%s(%s)" % (
            normalize(result), "" if result.rstrip().endswith("*") else " ",
            name, params))
    for line in sorted(prototypes):
        print(line)


def once(table_path, module_path):
    names = set(re.findall(r"^func\.func private @(\w+)", open(table_path).read(), re.M))
    decls = re.findall(r"^\s*(?:func\.func private|llvm\.func) @(\w+)",
                       open(module_path).read(), re.M)
    status = 0
    for name in sorted(set(decls)):
        base = re.sub(r"_\d+$", "", name)
        if name in names and decls.count(name) > 1:
            print("%s is declared %d times" % (name, decls.count(name)))
            status = 1
        elif name not in names and base in names:
            print("%s is a renamed copy of %s" % (name, base))
            status = 1
    found = sorted(set(decls) & names)
    print("declared once: %d runtime functions" % len(found))
    for name in found:
        print(name)
    sys.exit(status)


if __name__ == "__main__":
    if sys.argv[1] == "header":
        header(sys.argv[2])
    else:
        once(sys.argv[2], sys.argv[3])
