"""A small pyopencl program against gcnsim's OpenCL driver (run by
test_pyopencl.py with the system's python3, where Debian's
python3-pyopencl is): a kernel built from source, its results against
numpy, its profiled time; the program's binaries reloaded as pyopencl's
cache reloads them (cl.Program from binaries, and a build through a cache
directory twice); pyopencl.array arithmetic (kernels pyopencl generates
and builds); a sub-buffer through buffer slicing; a rectangular read.
Prints PASS:/FAIL: lines."""
import os
import sys
import tempfile

import numpy as np
import pyopencl as cl
import pyopencl.array as cla

failed = False


def check(name, ok, detail=""):
    global failed
    print("%s: %s%s" % ("PASS" if ok else "FAIL", name, "" if ok else " (%s)" % detail), flush=True)
    failed |= not ok


SRC = """
__kernel void sq(__global const float *a, __global float *o)
{
    int i = get_global_id(0);
    o[i] = a[i] * a[i] + 1.0f;
}
"""

plats = [p for p in cl.get_platforms() if p.name == "gcnsim"]
check("pyopencl finds platform gcnsim", len(plats) == 1, [p.name for p in cl.get_platforms()])
if not plats:
    sys.exit(1)
devs = plats[0].get_devices()
ctx = cl.Context(devs)
q = cl.CommandQueue(ctx, properties=cl.command_queue_properties.PROFILING_ENABLE)
mf = cl.mem_flags
a = np.arange(1000, dtype=np.float32) * np.float32(0.5)
want = a * a + np.float32(1)
ba = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
bo = cl.Buffer(ctx, mf.WRITE_ONLY, a.nbytes)


def run(prg, label):
    out = np.zeros_like(a)
    ev = prg.sq(q, a.shape, None, ba, bo)
    ev.wait()
    cl.enqueue_copy(q, out, bo)
    check("%s: results equal numpy's" % label, np.array_equal(out, want))
    return ev


prg = cl.Program(ctx, SRC).build()
ev = run(prg, "built from source")
check("the kernel's event has a profiled time", ev.profile.end > ev.profile.start)

bins = prg.get_info(cl.program_info.BINARIES)
check("program_info.BINARIES: one code object per device",
      len(bins) == len(devs) and all(b[:4] == b"\x7fELF" for b in bins))
prg2 = cl.Program(ctx, devs, bins).build()
run(prg2, "reloaded from its binaries")
check("the reloaded program's binaries are the same bytes", prg2.get_info(cl.program_info.BINARIES) == bins)

with tempfile.TemporaryDirectory() as cache:
    for n in (1, 2):
        p = cl.Program(ctx, SRC.replace("1.0f", "1.0f + 0.0f")).build(cache_dir=cache)
        run(p, "through pyopencl's cache directory, build %d" % n)
    check("pyopencl's cache directory holds the cached binary", any(files for _, _, files in os.walk(cache)))

x = cla.to_device(q, a)
y = (x * 2 + 3).get()
check("pyopencl.array: x * 2 + 3 equals numpy's", np.array_equal(y, a * 2 + 3))

big = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.arange(4096, dtype=np.uint8))
sub = big[256:512]
part = np.zeros(256, dtype=np.uint8)
cl.enqueue_copy(q, part, sub)
check("a sub-buffer (buffer[256:512]) reads its region", np.array_equal(part, np.arange(256, 512) % 256))

grid = np.arange(64 * 32, dtype=np.uint8).reshape(32, 64)
gb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=grid)
rect = np.zeros((5, 8), dtype=np.uint8)
cl.enqueue_copy(q, rect, gb, buffer_origin=(3, 2), host_origin=(0, 0), region=(8, 5),
                buffer_pitches=(64,), host_pitches=(8,))
check("a rectangular read (8x5 at column 3, row 2)", np.array_equal(rect, grid[2:7, 3:11]))
sys.exit(1 if failed else 0)
