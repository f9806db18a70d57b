# Reads mpicount's per-rank lines (bench/pmpi/mpicount.c) and checks the
# counted region of K calls: at most COLLECTIVES collective calls per call
# (default 0), at most MAX messages per call
# sent and received per rank. Prints "counts: ok" or one "counts: bad" line
# per violation.
/mpicount: rank [0-9]+ scope=region/ {
  ranks++
  for (i = 1; i <= NF; i++) {
    split($i, kv, "=")
    v[kv[1]] = kv[2]
  }
  if (v["collectives"] > COLLECTIVES * K)
    { print "counts: bad: " $0 " (collectives)"; bad++ }
  if (v["p2p_sent"] > MAX * K || v["p2p_recv"] > MAX * K)
    { print "counts: bad: " $0 " (more than " MAX " messages per call)"; bad++ }
}
END {
  if (!ranks) { print "counts: bad: no region counted"; exit }
  if (!bad) print "counts: ok"
}
