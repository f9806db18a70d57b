#!/usr/bin/env python3
"""Runs a command with a 32 KiB tmpfs mounted on DIR, then unmounts it.

  on-tiny-fs.py DIR COMMAND...

PREVIOUS=text writes DIR/prog first, FILL=N fills DIR up to N free bytes.
Prints the command's stderr, then `exit: code N` or `exit: signal NAME`,
then the files left in DIR (`files: ...`). The mount is removed whatever
happens.
"""
import os
import signal
import subprocess
import sys

mount_dir, command = sys.argv[1], sys.argv[2:]
os.makedirs(mount_dir, exist_ok=True)
subprocess.check_call(["mount", "-t", "tmpfs", "-o", "size=32k", "tmpfs", mount_dir])
try:
    if os.environ.get("PREVIOUS"):
        with open(os.path.join(mount_dir, "prog"), "w") as f:
            f.write(os.environ["PREVIOUS"] + "\n")
    if os.environ.get("FILL"):  # leave only this many bytes free
        with open(os.path.join(mount_dir, "fill"), "wb") as f:
            f.write(b"x" * (32 * 1024 - int(os.environ["FILL"])))
    proc = subprocess.run(command, stderr=subprocess.PIPE, text=True)
    sys.stdout.write(proc.stderr)
    code = proc.returncode
    print("exit: signal " + signal.Signals(-code).name[3:] if code < 0
          else "exit: code %d" % code)
    print("files: " + (" ".join(sorted(os.listdir(mount_dir))) or "none"))
    if os.environ.get("PREVIOUS"):
        print("prog: " + open(os.path.join(mount_dir, "prog")).read().strip())
finally:
    subprocess.call(["umount", mount_dir])
