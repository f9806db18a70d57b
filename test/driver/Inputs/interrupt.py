#!/usr/bin/env python3
"""Interrupts a distc invocation once its temporary directory exists.

  interrupt.py SIGNAL DISTC ARGS...

Runs DISTC ARGS with TMPDIR set to a fresh directory, waits until distc has
created its `distc-*` directory there, sends SIGNAL (INT, TERM, HUP, SEGV,
...), and prints how distc ended and what it left in TMPDIR. With
WATCH=DIR:PREFIX in the environment, it waits for a file whose name starts
with PREFIX in DIR instead, and lists what is left in DIR:

  exit: signal INT
  leftovers: none
"""
import os
import signal
import subprocess
import sys
import tempfile
import time

sig = getattr(signal, "SIG" + sys.argv[1])
tmpdir = tempfile.mkdtemp(prefix="interrupt-")
env = dict(os.environ, TMPDIR=tmpdir)

def default_signals():
    # lit (like a shell's background jobs) may start commands with SIGINT
    # ignored, and distc keeps an ignored signal ignored. IGNORE=1 starts
    # distc that way on purpose.
    for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(s, signal.SIG_DFL)
    if os.environ.get("IGNORE"):
        signal.signal(signal.SIGINT, signal.SIG_IGN)


proc = subprocess.Popen(sys.argv[2:], env=env, stdout=subprocess.DEVNULL,
                        stderr=subprocess.PIPE, preexec_fn=default_signals)
watch_dir, prefix = tmpdir, "distc-"
if os.environ.get("WATCH"):
    watch_dir, prefix = os.environ["WATCH"].rsplit(":", 1)
deadline = time.monotonic() + 60
while time.monotonic() < deadline and proc.poll() is None:
    if any(name.startswith(prefix) for name in os.listdir(watch_dir)):
        proc.send_signal(sig)
        break
    time.sleep(0.0005)
else:
    print("distc ended before its temporary directory appeared")
_, err = proc.communicate()
code = proc.returncode
print("exit: signal " + signal.Signals(-code).name[3:] if code < 0
      else "exit: code %d" % code)
left = []
for root, dirs, files in os.walk(watch_dir):
    left += [os.path.relpath(os.path.join(root, n), watch_dir) for n in dirs + files]
print("leftovers: " + (" ".join(sorted(left)) if left else "none"))
sys.stdout.flush()
os.system("rm -rf " + tmpdir)
