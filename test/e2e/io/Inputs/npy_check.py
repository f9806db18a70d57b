"""Helpers of the .npy tests, run with %numpy-python.

  npy_check.py make <file> <dtype> <shape,...>    writes arange(prod).reshape
                                                  (as numpy.save does)
  npy_check.py check <file> <dtype> <shape,...>   checks the file holds
                                                  arange(prod).reshape * 2 + 1
  npy_check.py roundtrip <dir> <n>               checks a<n>.npy ... d<n>.npy
                                                  of npy-roundtrip.mlir
  npy_check.py fortran <file>                     a Fortran-order 3x4 f64 array
  npy_check.py bigendian <file>                   a big-endian 5-element f64
  npy_check.py truncate <file> <bytes>            cuts the file's last bytes
"""
import sys
import numpy as np


def shape_of(text):
    return tuple(int(s) for s in text.split(",") if s)


ROUNDTRIP = [("a", "float64", "7,5"), ("b", "int32", "11"),
             ("c", "float32", "3,5,4"), ("d", "bool", "10")]


def main():
    cmd = sys.argv[1]
    path = sys.argv[2]
    if cmd == "roundtrip":
        n = sys.argv[3]
        for name, dtype, shape in ROUNDTRIP:
            sys.argv[1:] = ["check", "%s/%s%s.npy" % (path, name, n), dtype, shape]
            main()
    elif cmd == "make":
        dtype, shape = sys.argv[3], shape_of(sys.argv[4])
        a = np.arange(int(np.prod(shape))).reshape(shape)
        if dtype == "bool":
            a = a % 3 == 0
        np.save(path, a.astype(dtype))
    elif cmd == "check":
        dtype, shape = sys.argv[3], shape_of(sys.argv[4])
        a = np.load(path)
        want = (np.arange(int(np.prod(shape))).reshape(shape) * 2 + 1).astype(dtype)
        if dtype == "bool":
            want = np.arange(int(np.prod(shape))).reshape(shape) % 3 != 0
        assert a.dtype == np.dtype(dtype), (a.dtype, dtype)
        assert a.shape == shape, (a.shape, shape)
        assert not np.isfortran(a) or a.ndim < 2
        assert np.array_equal(a, want), (a, want)
        print("ok", a.dtype, a.shape)
    elif cmd == "fortran":
        np.save(path, np.asfortranarray(np.arange(12.0).reshape(3, 4)))
    elif cmd == "bigendian":
        np.save(path, np.arange(5.0).astype(">f8"))
    elif cmd == "truncate":
        with open(path, "rb") as f:
            data = f.read()
        with open(path, "wb") as f:
            f.write(data[: len(data) - int(sys.argv[3])])
    else:
        raise SystemExit("unknown command " + cmd)


main()
