#!/usr/bin/env python3
"""Overwrite the first instruction of kernel fault_illegal in an AMDGPU code
object with the word 0xbf9f0000 (SOPP opcode 31: not an instruction on any
GCN generation).  Usage: patch_illegal.py FILE.co"""
import struct
import sys

WORD = 0xbf9f0000
KERNEL = b"fault_illegal"


def main(path):
    data = bytearray(open(path, "rb").read())
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", data, 0x3a)
    secs = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    symtab = next(s for s in secs if s[1] == 2)           # SHT_SYMTAB
    strtab = secs[symtab[6]]                               # sh_link
    for off in range(symtab[4], symtab[4] + symtab[5], 24):
        name, info, _other, _shndx, value, _size = struct.unpack_from("<IBBHQQ", data, off)
        s = data[strtab[4] + name:].split(b"\0", 1)[0]
        if s == KERNEL and info & 0xf == 2:                # STT_FUNC
            sec = next(x for x in secs if x[1] == 1 and x[3] <= value < x[3] + x[5])  # PROGBITS
            struct.pack_into("<I", data, sec[4] + value - sec[3], WORD)
            open(path, "wb").write(data)
            return 0
    print(f"patch_illegal.py: {path}: no function symbol {KERNEL.decode()}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
