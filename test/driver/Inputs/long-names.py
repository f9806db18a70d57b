"""Writes every kind of distc output under names of 250 to 255 bytes (255 is
NAME_MAX) and reports, per kind and length, whether the output appeared
under exactly that name and nothing else was left in the directory (no
temporary). Also links an input whose own name is 255 bytes long.

usage: long-names.py DISTC DIR SOURCE [KIND...]
"""
import os
import shutil
import subprocess
import sys

distc, workdir, source = sys.argv[1:4]
kinds = sys.argv[4:] or ["obj", "asm", "llvm", "bc", "mlir", "header", "exe"]
flags = {
    "obj": ["-c"],
    "asm": ["-S"],
    "llvm": ["--emit=llvm"],
    "bc": ["--emit=bc"],
    "mlir": ["--emit=mlir"],
    "header": ["--emit=header"],
    "exe": [],
}


def fresh(path):
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)


for kind in kinds:
    for length in range(250, 256):
        out_dir = os.path.join(workdir, kind, str(length))
        fresh(out_dir)
        name = "o" * length
        proc = subprocess.run([distc, source, "-o", os.path.join(out_dir, name)]
                              + flags[kind], capture_output=True, text=True)
        left = sorted(os.listdir(out_dir))
        ok = proc.returncode == 0 and left == [name]
        print("%s %d: %s" % (kind, length, "ok" if ok else "FAILED"))
        if not ok:
            print(proc.stderr, end="")
            print("left:", [len(f) for f in left])

if "exe" in kinds:
    in_dir = os.path.join(workdir, "long-input")
    fresh(in_dir)
    long_input = os.path.join(in_dir, "i" * 250 + ".mlir")
    shutil.copy(source, long_input)
    proc = subprocess.run([distc, long_input, "-o", os.path.join(in_dir, "prog")],
                          capture_output=True, text=True)
    print("255-byte input: %s" % ("ok" if proc.returncode == 0 else "FAILED"))
    print(proc.stderr, end="")
