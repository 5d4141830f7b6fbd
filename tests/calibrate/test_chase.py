#!/usr/bin/env python3
"""The pointer-chase kernel of make calibrate (tests/calibrate/kernels/chase.cl,
committed as tests/calibrate/bin/chase-GFX.co) does what it should, on every
target built (gfx600, gfx701, gfx803, gfx900, gfx906), run through `gcnsim
run` under the cycle model (as make calibrate runs it, one work-group of
256): lists of 1, 16, 37 and 300 nodes, stride 32 ulongs (256 B, as make
calibrate) and 5, built here as byte offsets of the next node (the last
node pointing to the first), chased 0, 5, 16, 33 and 700 jumps:

- out[0] is the byte offset of node (jumps mod nodes);
- after the run every node holds the device address of its successor: its
  offset plus one and the same base for every node (the buffer's address),
  and every ulong between the nodes is still 0.

This checks the kernel, not the timing: the accuracy of the model against
the published latencies is make calibrate's report, never a test.
GCNSIM names the binary (empty: ./gcnsim).  Prints PASS:/FAIL:/SKIP:."""
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import gtest  # noqa: E402
from gtest import check, gcnsim  # noqa: E402

TARGETS = ["gfx600", "gfx701", "gfx803", "gfx900", "gfx906"]
LISTS = [(1, 32), (16, 32), (37, 32), (300, 32), (37, 5)]      # (nodes, stride)
JUMPS = [0, 5, 16, 33, 700]
TMP = gtest.tempdir("gcnsim-chase-")


def build(nodes, stride):
    """The list as the host builds it: a list of ulongs."""
    a = [0] * (nodes * stride)
    for i in range(nodes):
        a[i * stride] = ((i + 1) % nodes) * stride * 8
    return a


def run(target, path, nodes, stride, jumps, tag):
    co = os.path.join(HERE, "bin", "chase-%s.co" % target)
    out = os.path.join(TMP, "out-%s.bin" % tag)
    lst = os.path.join(TMP, "list-%s.bin" % tag)
    cmd = ["run", co, "--kernel", "chase", "--global", "256", "--local", "256",
           "--arg", "buf:" + path, "--arg", "u32:%d" % nodes, "--arg", "u32:%d" % stride,
           "--arg", "u32:%d" % jumps, "--arg", "zero:8", "--dump", "0=" + lst,
           "--dump", "4=" + out]
    p = gcnsim(cmd, timeout=120)
    if p.returncode != 0:
        return "exit status %d: %s" % (p.returncode, (p.stderr or p.stdout).strip()[:300]), None, None
    with open(out, "rb") as f:
        res = struct.unpack("<Q", f.read())[0]
    with open(lst, "rb") as f:
        data = f.read()
    return None, res, list(struct.unpack("<%dQ" % (len(data) // 8), data))


def main():
    if not os.access(gtest.GCNSIM, os.X_OK):
        gtest.skip("chase kernel", "%s not built" % gtest.GCNSIM)
        gtest.done()
    files = {}
    for nodes, stride in LISTS:
        lst = build(nodes, stride)
        path = os.path.join(TMP, "in-%d-%d.bin" % (nodes, stride))
        with open(path, "wb") as f:
            f.write(struct.pack("<%dQ" % len(lst), *lst))
        files[(nodes, stride)] = (path, lst)

    def test_target(target):
        for (nodes, stride), (path, lst) in files.items():
            for jumps in JUMPS:
                name = "chase on %s: %d nodes, stride %d, %d jumps" % (target, nodes, stride, jumps)
                tag = "%s-%d-%d-%d" % (target, nodes, stride, jumps)
                err, res, after = run(target, path, nodes, stride, jumps, tag)
                if err:
                    check(name, False, err)
                    continue
                want = (jumps % nodes) * stride * 8
                if res != want:
                    check(name, False, "stopped at offset %d, expected %d" % (res, want))
                    continue
                base = after[0] - lst[0]
                if base == 0:
                    check(name, False, "the set-up pass left the offsets as they were")
                    continue
                bad = [k for k in range(len(lst))
                       if after[k] != (lst[k] + base if k % stride == 0 else 0)]
                check(name, not bad, bad and "ulong %d of the list is 0x%x after the run, "
                      "expected 0x%x (base 0x%x); %d differ" % (
                          bad[0], after[bad[0]], lst[bad[0]] + base if bad[0] % stride == 0
                          else 0, base, len(bad)))

    tests = []
    for t in TARGETS:
        if os.path.exists(os.path.join(HERE, "bin", "chase-%s.co" % t)):
            tests.append(lambda t=t: test_target(t))
        else:
            check("chase-%s.co present" % t, False, "run tests/calibrate/build.sh")
    gtest.run_each(tests)
    gtest.done()


if __name__ == "__main__":
    main()
