"""Checks test/e2e/grid/star-halo.mlir: its printed results against the
stencils' definition, and the messages and bytes every rank sent for each
stencil's halo (its IDTR_PROFILE file, by the source line marked
`site: <label>`) against what the other ranks' stencils read of its block.

  check-grid-halo.py SOURCE P OUTPUT PROFILE

The grid is MPI_Dims_create's for two axes (docs/dist.md): P = a x b with
a >= b as close as possible. Blocks are balanced per axis. A rank t reads,
for every element of its block and every shift of the stencil, the shifted
position; the positions outside its block (inside the array, or wrapped
around it on the torus) come from their owners, one message per owner with
all of them. Nothing here looks at the runtime's slabs."""
import json
import re
import sys

source, P, output, profile = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
N0, N1, STEPS, FILL = 13, 11, 3, 1
STAR = {(-1, 0): 1, (1, 0): 2, (0, -1): 3, (0, 1): 5, (0, 0): 7}
BOX = {(-1, -1): 1, (-1, 0): 2, (-1, 1): 3, (0, -1): 4, (0, 1): 5,
       (1, -1): 6, (1, 0): 7, (1, 1): 8, (0, 0): 9}
CASES = {"r5": (STAR, False), "r9": (BOX, False), "rp": (STAR, True)}

# The grid: the most square factoring, larger extent first.
grid = max(((P // b, b) for b in range(1, P + 1) if P % b == 0 and P // b >= b),
           key=lambda g: g[1])


def balanced(n, parts, c):
    q, r = divmod(n, parts)
    return c * q + min(c, r), q + (c < r)


def block(rank):
    (o0, s0), (o1, s1) = balanced(N0, grid[0], rank // grid[1]), balanced(N1, grid[1], rank % grid[1])
    return o0, o0 + s0, o1, o1 + s1


def owner(i, j):
    for r in range(P):
        a0, b0, a1, b1 = block(r)
        if a0 <= i < b0 and a1 <= j < b1:
            return r
    raise AssertionError((i, j))


def step(u, weights, periodic):
    v = [[0] * N1 for _ in range(N0)]
    for i in range(N0):
        for j in range(N1):
            total = 0
            for (di, dj), w in weights.items():
                x, y = i + di, j + dj
                if periodic:
                    total += w * u[x % N0][y % N1]
                elif 0 <= x < N0 and 0 <= y < N1:
                    total += w * u[x][y]
                else:
                    total += w * FILL
            v[i][j] = total
    return v


def reads(weights, periodic):
    """sent[r][t]: how many elements rank t's stencil reads of r's block."""
    sent = [[0] * P for _ in range(P)]
    for t in range(P):
        a0, b0, a1, b1 = block(t)
        positions = set()
        for i in range(a0, b0):
            for j in range(a1, b1):
                for di, dj in weights:
                    x, y = i + di, j + dj
                    if a0 <= x < b0 and a1 <= y < b1:
                        continue
                    if not periodic and not (0 <= x < N0 and 0 <= y < N1):
                        continue
                    positions.add((x, y))
        for x, y in positions:
            r = owner(x % N0, y % N1)
            if r != t:
                sent[r][t] += 1
    return sent


lines = open(source).read().splitlines()
sites = {}
for number, line in enumerate(lines, 1):
    m = re.search(r"// site: (\w+)", line)
    if m:
        sites[m.group(1)] = number
printed = {}
for line in open(output):
    m = re.match(r"(\w+) (\(.*\))$", line.strip())
    if m:
        printed[m.group(1)] = [int(v) for v in re.findall(r"-?\d+", m.group(2))]
with open(profile) as f:
    prof = json.load(f)
assert prof["ranks"] == P, prof["ranks"]

for label, (weights, periodic) in CASES.items():
    u = [[100 * i + j + 1 for j in range(N1)] for i in range(N0)]
    for _ in range(STEPS):
        u = step(u, weights, periodic)
    expected = [v for row in u for v in row]
    assert printed.get(label) == expected, (label, printed.get(label), expected)
    line = sites[label]
    entries = [s for s in prof["sites"] if s["kind"] == "update_grid_halo"
               and re.search(r":%d:\d+$" % line, s["location"])]
    assert len(entries) == 1, (label, line, [s["location"] for s in prof["sites"]])
    site = entries[0]
    sent = reads(weights, periodic)
    messages = [STEPS * sum(1 for t in range(P) if sent[r][t]) for r in range(P)]
    nbytes = [STEPS * 8 * sum(sent[r]) for r in range(P)]
    assert site["calls"]["ranks"] == [STEPS] * P, (label, site["calls"])
    assert site["messages_sent"]["ranks"] == messages, (label, grid, site["messages_sent"], messages)
    assert site["bytes_sent"]["ranks"] == nbytes, (label, grid, site["bytes_sent"], nbytes)
    print(f"{label}: values ok, messages and bytes ok (grid {grid[0]}x{grid[1]}, "
          f"messages {messages}, bytes {nbytes})")
