"""Checks the IDTR_PROFILE file of profile-by-location.mlir: valid JSON,
one entry per (location, op, kind) with max/mean/per-rank values."""
import json
import sys

path, ranks = sys.argv[1], int(sys.argv[2])
with open(path) as f:
    profile = json.load(f)
assert profile["version"] == 1, profile["version"]
assert profile["ranks"] == ranks, profile["ranks"]
sites = {(s["op"], s["kind"]): s for s in profile["sites"]}
assert set(sites) == {("dist.reduce", "allreduce"), ("dist.shift", "update_halo"),
                      ("dist.gather", "copy_reshape")}, sorted(sites)
gather = sites[("dist.gather", "copy_reshape")]
assert gather["location"].endswith("profile.mlir:41:10"), gather["location"]
assert gather["calls"] == {"max": 3, "mean": 3, "ranks": [3] * ranks}, gather["calls"]
assert gather["waits"]["ranks"] == [3] * ranks, gather["waits"]
assert gather["plan_hits"]["ranks"] == [2] * ranks, gather["plan_hits"]
assert gather["plan_builds"]["max"] == 1, gather["plan_builds"]
for site in profile["sites"]:
    for name in ("messages_sent", "bytes_sent", "bytes_received", "pack_seconds",
                 "wait_seconds", "transfer_seconds", "runtime_seconds"):
        value = site[name]
        assert len(value["ranks"]) == ranks, (name, value)
        assert value["max"] == max(value["ranks"]), (name, value)
        assert abs(value["mean"] - sum(value["ranks"]) / ranks) < 1e-6, (name, value)
# Every rank gathers the 16 doubles it does not own, each time.
received = gather["bytes_received"]["ranks"]
assert sum(received) == 3 * 16 * 8 * (ranks - 1), received
assert profile["total"]["calls"]["max"] == 5, profile["total"]["calls"]
print("profile ok")
