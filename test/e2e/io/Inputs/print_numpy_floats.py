"""Float arrays for print-numpy-floats.mlir: `make DIR` writes them as .npy
files, `expect DIR` prints them with numpy's print() (what dist.print numpy
must print, in the program's order: every f16 array, then f32, then f64).

Each dtype gets the same values, as that dtype rounds them: 1e-5 (whose
f32 neighbour prints as 9.9999997e-06 among 7-digit mantissas), 0.1, 1/3,
large and tiny magnitudes (scientific notation, f16's overflow to inf and
underflow to subnormals or 0), mixed magnitudes, negative zero, inf and
nan, integers (f16's 65504 and 60000, positional with all their digits),
magnitude ratios that are 1000 only in the dtype's own arithmetic,
random values of many magnitudes, random bits (every f16 that is finite),
a matrix and a summarised array.
"""
import sys
import warnings

import numpy as np

rng = np.random.default_rng(7)
VALUES = [
    [1e-5, 1.5],
    [1e-5, 0.1, 1 / 3, 1e10, -0.0, np.inf, np.nan],
    [0.1, 0.2, 0.3, 0.7],
    [1 / 3, 2 / 3, 1.0, -1 / 3],
    [1e10, 12345.678, 65504.0, 3.0],
    [1e-30, 6e-8, 2.5e-3, 1e-40],
    [-0.0, 0.0, 1.5],
    [np.inf, -np.inf, np.nan, 1.0, -2.5],
    [100.0, 2049.0, 65504.0, 60000.0, 12345.0],
    # max / min just above 1000, but 1000 in the dtype's own division
    # (f16, then f32): positional, as numpy decides in that dtype.
    [1.0009765625, 1001.0],
    [float(np.float32(1.0000001)), float(np.float32(1000.0001))],
    [0.0001, 0.001, 0.1001, 1000.4],
    list(rng.normal(size=23) * 100),
    list(10.0 ** rng.uniform(-7, 7, size=31) * rng.choice([-1, 1], size=31)),
]
DTYPES = [np.float16, np.float32, np.float64]
BITS = {np.float16: np.uint16, np.float32: np.uint32, np.float64: np.uint64}


def arrays(dtype):
    out = [np.array(v).astype(dtype) for v in VALUES]
    # Random bit patterns that are finite in this dtype.
    bits = rng.integers(0, np.iinfo(BITS[dtype]).max, size=200, dtype=BITS[dtype],
                        endpoint=True).view(dtype)
    out.append(bits[np.isfinite(bits)][:40])
    out.append((rng.normal(size=(4, 6)) * 30).astype(dtype))   # a matrix
    out.append(np.linspace(-3, 7, 1500).astype(dtype))         # summarised
    return out


if __name__ == "__main__":
    mode, directory = sys.argv[1], sys.argv[2]
    warnings.simplefilter("ignore")  # float16(1e10) overflows to inf
    for dtype in DTYPES:
        name = np.dtype(dtype).name
        for k, array in enumerate(arrays(dtype)):
            if mode == "make":
                np.save(f"{directory}/{name}_{k}.npy", array)
            else:
                print(array)
