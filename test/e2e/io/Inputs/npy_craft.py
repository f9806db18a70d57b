"""Writes .npy files whose headers lie about their sizes (plain Python, no
numpy needed).

  npy_craft.py huge-length <file>  a version 2.0 header whose length field
                                   is 0xFFFFFFFF, in a 928-byte file
  npy_craft.py long-v1 <file>      a version 1.0 header announcing 1000
                                   bytes, in a 200-byte file
  npy_craft.py wrapping <file>     shape (2**60 - 1,) of '<f8': 2**63 - 8
                                   bytes, with 800 bytes of data
"""
import struct
import sys


def header(major, text):
    """The preamble and the padded dict, 64-aligned as numpy writes it."""
    fixed = 8 + (2 if major == 1 else 4)
    total = (fixed + len(text) + 1 + 63) // 64 * 64
    pad = total - fixed - len(text) - 1
    length = struct.pack("<H" if major == 1 else "<I", total - fixed)
    return b"\x93NUMPY" + bytes([major, 0]) + length + text.encode() + b" " * pad + b"\n"


def main():
    kind, path = sys.argv[1], sys.argv[2]
    if kind == "huge-length":
        data = b"\x93NUMPY\x02\x00" + struct.pack("<I", 0xFFFFFFFF)
        data += b"{'descr': '<f8', 'fortran_order': False, 'shape': (100,), }\n"
        data += b"\0" * (928 - len(data))
    elif kind == "long-v1":
        data = b"\x93NUMPY\x01\x00" + struct.pack("<H", 1000)
        data += b"{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }\n"
        data += b"\0" * (200 - len(data))
    elif kind == "wrapping":
        text = "{'descr': '<f8', 'fortran_order': False, 'shape': (%d,), }" % (2**60 - 1)
        data = header(1, text) + b"\0" * 800
    else:
        raise SystemExit("unknown kind " + kind)
    with open(path, "wb") as f:
        f.write(data)


main()
