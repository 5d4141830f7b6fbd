#!/usr/bin/env python3
"""check.py KIND FILE N [ARG]: checks a microbenchmark result buffer.

FILE holds the dumped output buffer; lanes 0..N-1 ran, the rest of the
buffer must still be zero.  KIND names the expected result per lane i (see
gen.py and MANIFEST).  Prints nothing and exits 0 when the buffer is right,
else prints the first differences and exits 1.

check.py --batch LIST: the same for each line "NAME<TAB>KIND FILE N [ARG]"
of LIST, one process for all; prints "PASS: NAME" or "FAIL: NAME: the
first differences" per line, exits 1 if one failed.
"""
import struct
import sys

M32 = 0xFFFFFFFF


def expect(kind, i, arg):
    """(format, expected value or (value, relative tolerance)) of lane i."""
    if kind == "empty_frame":
        return "f", float(i)
    if kind == "valu_chain":
        return "f", i + 128.0
    if kind == "mul_lo_chain":
        return "I", (i * pow(3, 64, 1 << 32)) & M32
    if kind == "rcp_chain":
        return "f", (i + 1.0, 1e-5)
    if kind in ("add_f64_chain", "fma_f64_chain"):
        return "d", i + 32.0
    if kind == "salu_valu_1w":
        return "f", i + 128.0 + 640.0
    if kind == "salu_valu_2w":
        return "f", i + {0: 640.0, 4: 128.0}.get(i // 64, 0.0)
    if kind.startswith("smem_wait"):
        return "f", 2.0 * i + 2.0 + arg
    if kind.startswith("lds_stride"):
        return "f", 2.0 * (i + 1)
    if kind.startswith("occ_"):
        return "f", i + 1.0
    if kind.startswith("issue_v_"):          # f64 ops: the f64 frame
        return "d", float(i)
    if kind.startswith("issue_"):
        return "f", float(i)
    if kind.startswith("fetch_"):
        return "f", i + 128.0
    if kind.startswith("branch_"):
        return "f", i + 64.0
    raise SystemExit(f"check.py: unknown kind {kind}")


def differences(kind, path, n, arg):
    """The lines saying how FILE differs from the expected buffer (none: right)."""
    data = open(path, "rb").read()
    fmt = expect(kind, 0, arg)[0]
    size = struct.calcsize(fmt)
    vals = struct.unpack(f"<{len(data) // size}{fmt}", data[:len(data) // size * size])
    if len(vals) < n:
        return [f"buffer holds {len(vals)} values, {n} expected"]
    bad = []
    for i, v in enumerate(vals):
        if i >= n:
            if v != 0:
                bad.append(f"lane {i} (not launched): {v!r}, expected 0")
            continue
        want = expect(kind, i, arg)[1]
        if isinstance(want, tuple):
            ok = abs(v - want[0]) <= want[1] * abs(want[0])
            want = want[0]
        else:
            ok = v == want
        if not ok:
            bad.append(f"lane {i}: {v!r}, expected {want!r}")
    return bad[:5] + ([f"... {len(bad)} lanes wrong"] if len(bad) > 5 else [])


def check_one(args):
    """args: KIND FILE N [ARG]; the differences."""
    return differences(args[0], args[1], int(args[2]), int(args[3]) if len(args) > 3 else 0)


def main():
    if sys.argv[1] == "--batch":
        failed = 0
        for line in open(sys.argv[2]):
            name, args = line.rstrip("\n").split("\t")
            try:
                bad = check_one(args.split())
            except (OSError, ValueError, SystemExit) as e:
                bad = [str(e)]
            if bad:
                failed += 1
                print(f"FAIL: {name}: {';'.join(bad[:3])}")
            else:
                print(f"PASS: {name}")
        return 1 if failed else 0
    bad = check_one(sys.argv[1:])
    for b in bad:
        print(b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
