"""Running compilers and mpirun jobs with a time limit, for the
differential testers (dist-differential.py, shard-differential.py)."""
import os
import signal
import subprocess
import sys


def run_job(cmd, timeout, cwd=None, env=None):
    """(returncode or "timeout", stdout, stderr). The job runs in its own
    session so that a hang is ended with every process it started."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, cwd=cwd, env=env)
    try:
        out, err = proc.communicate(timeout=timeout)
        return proc.returncode, out, err
    except subprocess.TimeoutExpired:
        kill_session(proc.pid)
        out, err = proc.communicate()
        return "timeout", out, err
    except BaseException:
        # Interrupted (SIGINT, or SIGTERM made SystemExit by
        # exit_on_sigterm): the job must not outlive the tester.
        kill_session(proc.pid)
        raise


def exit_on_sigterm():
    """SIGTERM raises SystemExit, so that the running job is killed and
    the temporary files are removed as on SIGINT."""
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))


def kill_session(sid):
    """SIGKILL to every process of session sid: mpirun puts each rank in a
    process group of its own, so killing mpirun's group would leave them."""
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % pid) as f:
                # The fields after the command name (in parentheses, which
                # may hold spaces): state, ppid, pgrp, session.
                fields = f.read().rsplit(")", 1)[1].split()
            if int(fields[3]) == sid:
                os.kill(int(pid), signal.SIGKILL)
        except (OSError, IndexError, ValueError):
            pass
