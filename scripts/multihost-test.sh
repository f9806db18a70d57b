#!/usr/bin/env bash
# Runs a compiled sample across two "hosts" on this machine and checks that
# every rank's output equals the single-host run:
#
#   scripts/multihost-test.sh [sample.mlir ...]   (default: samples/*.mlir)
#   NP=3 scripts/multihost-test.sh ...            (ranks, default 4)
#
# The two hosts are network namespaces (ip netns) linked by a veth pair,
# 10.R.0.1 and 10.R.0.2, each with its own UTS namespace (own host name).
# mpirun runs in the first; Open MPI starts its daemon (orted) on the second
# through an rsh agent script that enters that namespace instead of using
# ssh. MPI traffic goes over TCP only (--mca btl tcp,self), out-of-band and
# MPI both on the veth subnet. docs/cluster.md shows the same on real hosts.
# Needs root (namespaces), iproute2 (installed if missing) and build/bin/distc.
set -euo pipefail
cd "$(dirname "$0")/.."
samples=("$@")
[ ${#samples[@]} -gt 0 ] || samples=(samples/*.mlir)
np=${NP:-4}
BUILD_DIR=${BUILD_DIR:-build}
if ! command -v ip >/dev/null || ! command -v unshare >/dev/null; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q iproute2 util-linux >/dev/null
fi

id=$$
net=$((100 + id % 100))          # 10.<net>.0.0/24, unlikely to clash
nsA=distc-mh-$id-a nsB=distc-mh-$id-b
ifA=dmh${id}a ifB=dmh${id}b      # at most 15 characters
ipA=10.$net.0.1 ipB=10.$net.0.2
work=$(mktemp -d)
cleanup() {
  ip netns del "$nsA" 2>/dev/null || true
  ip netns del "$nsB" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

ip netns add "$nsA"
ip netns add "$nsB"
ip link add "$ifA" type veth peer name "$ifB"
ip link set "$ifA" netns "$nsA"
ip link set "$ifB" netns "$nsB"
ip -n "$nsA" addr add "$ipA/24" dev "$ifA"
ip -n "$nsB" addr add "$ipB/24" dev "$ifB"
for ns in "$nsA" "$nsB"; do ip -n "$ns" link set lo up; done
ip -n "$nsA" link set "$ifA" up
ip -n "$nsB" link set "$ifB" up

# The rsh agent: Open MPI calls `agent <host> <command for a remote shell>`.
cat > "$work/netns-rsh" <<AGENT
#!/bin/sh
host=\$1; shift
case \$host in
  $ipA) ns=$nsA name=hostA ;;
  $ipB) ns=$nsB name=hostB ;;
  *) echo "netns-rsh: unknown host \$host" >&2; exit 255 ;;
esac
exec ip netns exec "\$ns" unshare --uts sh -c "hostname \$name; \$*"
AGENT
chmod +x "$work/netns-rsh"
printf '%s slots=%d\n%s slots=%d\n' "$ipA" $(((np + 1) / 2)) "$ipB" $((np / 2)) > "$work/hostfile"

export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpi=(mpirun --hostfile "$work/hostfile" -n "$np" --bind-to none
     --mca plm_rsh_agent "$work/netns-rsh"
     --mca btl tcp,self
     --mca btl_tcp_if_include "10.$net.0.0/24"
     --mca oob_tcp_if_include "10.$net.0.0/24"
     --tag-output)
inA() { ip netns exec "$nsA" unshare --uts sh -c 'hostname hostA; exec "$@"' sh "$@"; }
echo "== where the ranks run"
inA timeout -k 5 120 "${mpi[@]}" hostname | LC_ALL=C sort | tee "$work/hosts.txt"
grep -q hostA "$work/hosts.txt" && grep -q hostB "$work/hosts.txt" ||
  { echo "multihost-test: FAIL: ranks did not run on both hosts"; exit 1; }

# --tag-output tags each chunk of output that mpirun forwards; a line written
# in two pieces ("max " and the value) may arrive as one chunk or two, so the
# tags inside a line are dropped before comparing (the leading tag sorts by rank).
untag() { sed -E 's/(.)\[[0-9]+,[0-9]+\]<std(out|err)>:/\1/g' | LC_ALL=C sort; }

status=0
for sample in "${samples[@]}"; do
  "$BUILD_DIR/bin/distc" "$sample" -o "$work/prog"
  # -wdir: the programs' files (samples/io.mlir's .npy) go to the scratch
  # directory, not to the checkout.
  timeout -k 5 120 mpirun --oversubscribe --bind-to none -n "$np" -wdir "$work" --tag-output "$work/prog" \
    | untag > "$work/single.txt"
  inA timeout -k 5 300 "${mpi[@]}" -wdir "$work" "$work/prog" | untag > "$work/multi.txt" || true
  if [ -s "$work/multi.txt" ] && diff -u "$work/single.txt" "$work/multi.txt"; then
    echo "multihost-test: PASS $sample on $np ranks, 2 hosts, TCP ($(wc -l < "$work/multi.txt") output lines equal to the single-host run)"
  else
    echo "multihost-test: FAIL $sample: output differs from the single-host run"
    status=1
  fi
done
exit $status
