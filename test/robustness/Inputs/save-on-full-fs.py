#!/usr/bin/env python3
"""Runs a command with a small tmpfs mounted on DIR, then unmounts it.

  save-on-full-fs.py DIR SIZE COMMAND...

Before the command, DIR/out.npy holds numpy's arange(10.0) (the previous
file of a save). Prints the command's error lines (those with "error:"),
then `exit: code N`, the files left in DIR (dot files too: a save's
temporary must not stay), and what DIR/out.npy holds then: its shape and
sum as numpy reads it. The mount is removed whatever happens.
"""
import os
import subprocess
import sys

import numpy as np

mount_dir, size, command = sys.argv[1], sys.argv[2], sys.argv[3:]
os.makedirs(mount_dir, exist_ok=True)
subprocess.check_call(["mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", mount_dir])
try:
    out = os.path.join(mount_dir, "out.npy")
    np.save(out, np.arange(10.0))
    proc = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    for line in proc.stderr.splitlines():
        if "error:" in line:
            print(line)
    print("exit: code %d" % proc.returncode)
    print("files: " + " ".join(sorted(os.listdir(mount_dir))))
    try:
        a = np.load(out)
        print("out.npy: shape %s sum %r" % (a.shape, float(a.sum())))
    except Exception as e:  # a short file: what numpy says
        print("out.npy: %s: %s" % (type(e).__name__, e))
finally:
    subprocess.call(["umount", mount_dir])
