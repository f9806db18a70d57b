#!/usr/bin/env bash
# kill-rank.sh MPIRUN PROGRAM: runs PROGRAM on 3 ranks, SIGKILLs rank 1's
# process once the ranks are running, and reports how mpirun ended:
#   mpirun-exit=<status> seconds=<time from the kill to mpirun's exit> leftover=<processes>
# Exits 1 if mpirun hangs for more than 60 s after the kill (then kills it).
set -u
mpirun=$1 prog=$2
token="kill-rank-$$-$RANDOM"
out=$(mktemp)
$mpirun -n 3 "$prog" 120 "$token" > "$out" 2>&1 &
mpirun_pid=$!
for _ in $(seq 600); do
  grep -q ready "$out" && break
  sleep 0.1
done
pids=$(pgrep -f -- "^$prog 120 $token" | sort -n)
[ "$(echo $pids | wc -w)" -eq 3 ] || { echo "expected 3 ranks, found: $pids"; cat "$out"; kill -9 $mpirun_pid $pids; exit 1; }
victim=$(echo "$pids" | sed -n 2p)
kill -9 "$victim"
t0=$(date +%s.%N)
status=timeout
for _ in $(seq 600); do
  if ! kill -0 $mpirun_pid 2>/dev/null; then wait $mpirun_pid; status=$?; break; fi
  sleep 0.1
done
t1=$(date +%s.%N)
if [ "$status" = timeout ]; then kill -9 $mpirun_pid; fi
sleep 1
leftover=$(pgrep -f -- "$token" | wc -l)
pgrep -f -- "$token" | xargs -r kill -9
rm -f "$out"
printf 'mpirun-exit=%s seconds=%.0f leftover=%s\n' "$status" "$(echo "$t1 - $t0" | bc)" "$leftover"
[ "$status" != timeout ]
