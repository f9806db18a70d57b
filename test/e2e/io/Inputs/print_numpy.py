"""Arrays for print-numpy.mlir: `make DIR` writes them as .npy files,
`expect DIR` prints them with numpy's print() (what dist.print numpy must
print, in the same order as the program)."""
import sys

import numpy as np

rng = np.random.default_rng(19)
ARRAYS = [
    ("v1", np.arange(30)),                                   # wrapped at 75
    ("v2", np.arange(2000) - 1000),                          # summarised
    ("m1", np.arange(-5, 5).reshape(2, 5)),                  # negative
    ("m2", np.arange(2000).reshape(40, 50)),                 # summarised 2-D
    ("m3", rng.integers(-100, 100000, size=(7, 5))),
    ("c1", np.arange(1200).reshape(2, 3, 200)),              # summarised 3-D
    ("c2", np.arange(24).reshape(2, 3, 4)),
    ("f1", np.linspace(0, 1, 30)),                           # wrapped floats
    ("f2", np.array([1e-5, 1.5e10, -2.0])),                  # scientific
    ("f3", np.array([np.nan, 1.0, -np.inf])),
    ("f4", np.array([0.1 + 0.2, 1 / 3])),
    ("f5", rng.normal(size=(10, 7)) * 100),
    ("f6", np.arange(24.0).reshape(2, 3, 4) - 5),
    ("f7", rng.random((3, 4, 100))),                         # summarised
    ("f8", np.array([np.inf, 1e-20])),
    ("f9", np.array([-0.0, 0.0, 1e16])),
    ("f10", np.array([1.5, 2.25, 10.0, -7.125, 1000.5])),
    ("g1", np.linspace(0, 1, 7).astype(np.float32)),
    ("i1", (np.arange(12).reshape(3, 4) * 1000 - 5000).astype(np.int32)),
    ("b1", np.arange(10) % 3 == 0),
    ("b2", np.ones(4, dtype=bool)),
    ("e1", np.zeros(0)),
    ("m2c", np.arange(2000).reshape(40, 50)),                # printed split = 1
]

if __name__ == "__main__":
    mode, directory = sys.argv[1], sys.argv[2]
    for name, array in ARRAYS:
        if mode == "make":
            np.save(f"{directory}/{name}.npy", array)
        else:
            print(array)
