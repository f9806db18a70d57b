"""smooth_check.py <input.npy> <output.npy> <steps>: the smoothing of
samples/io.mlir in numpy; prints the largest difference to the output."""
import sys
import numpy as np

u = np.load(sys.argv[1])
for _ in range(int(sys.argv[3])):
    p = np.pad(u, 1)
    u = (p[1:-1, 1:-1] + p[:-2, 1:-1] + p[2:, 1:-1] + p[1:-1, :-2] + p[1:-1, 2:]) * 0.2
out = np.load(sys.argv[2])
assert out.shape == u.shape and out.dtype == u.dtype, (out.shape, out.dtype)
print("max difference", abs(out - u).max())
