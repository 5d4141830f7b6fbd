#!/usr/bin/env python3
"""The HIP test programs of tests/hip/progs (built by make kernels with
Debian's hipcc for gfx803 and gfx900; binaries in tests/hip/bin/progs), each
run unchanged by `gcnsim exec --device D -- PROGRAM` on a gfx900 preset
(vega-64) and a gfx803 preset (r9-nano):

- vadd, reduce, gemm, streams: exit status 0 and the program's own
  "PASS: NAME" line (each compares its results with a reference it computes
  on the CPU); the device line names the preset's processor; streams'
  device queries give the preset's CUs, 64 KiB of shared memory per block
  and waves of 64, and its event time is at least its stream's kernels'
  simulated time;
- fault: gcnsim's report of the memory fault in wild_write on stderr, and
  then what Debian's unmodified HSA runtime (ROCr 5.2.3) does on a GPU
  memory fault, as on a real card: it prints "Memory access fault by GPU
  node-N ... on address A" with the faulting address and aborts the
  program (SIGABRT, exit status 134), before the program's synchronising
  call can return an error (ROCclr 5.2 aborts on queue errors as well);
- --json: exit_status is the program's, one dispatch record per kernel
  launch of the program with its kernel's name, in launch order (streams:
  the order its dependencies force), the faulting one marked "fault"; any
  other dispatch is one of the HIP runtime's own blit kernels
  (__amd_rocclr_*, or ROCr's own copy kernels, "(runtime kernel)").

Prints PASS:/FAIL: lines."""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import gtest  # noqa: E402
from gtest import ROOT, check  # noqa: E402

BIN = os.path.join(ROOT, "tests", "hip", "bin", "progs")
TMP = gtest.tempdir("gcnsim-hip-progs-")
PRESETS = (("vega-64", "gfx900"), ("r9-nano", "gfx803"))

# each kernel's symbol -> the names a dispatch record may give it: the
# symbol, its demangled name, the demangled name without its parameters
KERNELS = {
    "vadd": ("_Z4vaddPKfS0_Pfi", "vadd(float const*, float const*, float*, int)"),
    "sum_static<int>": ("_Z10sum_staticIiEvPKT_PS0_i", "void sum_static<int>(int const*, int*, int)"),
    "sum_dynamic<int>": ("_Z11sum_dynamicIiEvPKT_PS0_i", "void sum_dynamic<int>(int const*, int*, int)"),
    "sum_dynamic<float>": ("_Z11sum_dynamicIfEvPKT_PS0_i", "void sum_dynamic<float>(float const*, float*, int)"),
    "sum_static<float>": ("_Z10sum_staticIfEvPKT_PS0_i", "void sum_static<float>(float const*, float*, int)"),
    "sgemm_tiled": ("_Z11sgemm_tilediiifPKfS0_fPf",
                    "sgemm_tiled(int, int, int, float, float const*, float const*, float, float*)"),
    "axpb": ("_Z4axpbPKfPfffi", "axpb(float const*, float*, float, float, int)"),
    "square_plus_one": ("_Z15square_plus_onePfi", "square_plus_one(float*, int)"),
    "add_into": ("_Z8add_intoPfPKfi", "add_into(float*, float const*, int)"),
    "wild_write": ("_Z10wild_writePj", "wild_write(unsigned int*)"),
}
# the program's launches, in the order the program makes them
LAUNCHES = {
    "vadd": ["vadd"] * 3,
    "reduce": ["sum_static<int>", "sum_dynamic<int>", "sum_dynamic<float>", "sum_static<float>"],
    "gemm": ["sgemm_tiled"],
    "streams": ["axpb", "square_plus_one", "axpb", "square_plus_one", "add_into"],
    "fault": ["wild_write"],
}


def short(name):
    """The kernel (a key of KERNELS) a dispatch record's name stands for, or None."""
    for k, (sym, full) in KERNELS.items():
        if name in (sym, full, k, re.sub(r"^void ", "", full)):
            return k
    return None


def presets():
    """gcnsim devices' table: {preset: (target, CUs)}."""
    out = {}
    for line in gtest.gcnsim(["devices"], timeout=60).stdout.splitlines():
        f = line.split()
        if len(f) > 3 and f[1].startswith("gfx") and f[2].isdigit():
            out[f[0]] = (f[1], int(f[2]))
    return out


def gexec(dev, prog, js):
    env = dict(os.environ)
    for k in ("GCNSIM_DEVICE", "GCNSIM_SET", "GCNSIM_FUNCTIONAL"):
        env.pop(k, None)
    return gtest.gcnsim(["exec", "--device", dev, "--json", js, "--", os.path.join(BIN, prog)], timeout=1200,
                        env=env)


def dispatches(js):
    """--json's dispatch records, or [] when the file is missing or not JSON."""
    try:
        with open(js) as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


def check_dispatches(label, prog, j, status):
    ds = j.get("dispatches", [])
    ours = [short(d.get("kernel", "")) for d in ds if short(d.get("kernel", "")) is not None]
    other = [d.get("kernel") for d in ds if short(d.get("kernel", "")) is None
             and not str(d.get("kernel", "")).startswith("__amd_rocclr_") and d.get("kernel") != "(runtime kernel)"]
    check("%s: --json: exit_status %d" % (label, status), j.get("exit_status") == status, j.get("exit_status"))
    want = LAUNCHES[prog]
    if prog == "streams":
        # the two streams may interleave; add_into waits for both, each
        # square_plus_one follows its stream's axpb
        ok = sorted(ours) == sorted(want) and ours[-1:] == ["add_into"] and all(
            ours[:i].count("axpb") >= ours[:i].count("square_plus_one") for i in range(len(ours) + 1))
    else:
        ok = ours == want
    check("%s: --json: one dispatch per launch, named as the kernel (%s)" % (label, ", ".join(want)), ok and not other,
          "dispatches %s" % [d.get("kernel") for d in ds])
    if prog == "fault":
        check("%s: --json: the wild_write dispatch is marked fault" % label,
              any(short(d.get("kernel", "")) == "wild_write" and d.get("status") == "fault" for d in ds),
              [(d.get("kernel"), d.get("status")) for d in ds])
    else:
        check("%s: --json: every dispatch completed" % label, ds and all(d.get("status") == "completed" for d in ds),
              [(d.get("kernel"), d.get("status")) for d in ds])
    return ds


def test_preset(dev, target, cus):
    for prog in ("vadd", "reduce", "gemm", "streams"):
        label = "%s on %s" % (prog, dev)
        js = os.path.join(TMP, "%s-%s.json" % (prog, dev))
        r = gexec(dev, prog, js)
        lines = [line for line in r.stdout.splitlines() if line.strip()]
        check("%s: exit status 0, its last line PASS: %s" % (label, prog),
              r.returncode == 0 and lines and lines[-1].startswith("PASS: %s:" % prog)
              and not any(line.startswith("FAIL:") for line in lines),
              "status %d, stdout %s, stderr %s" % (r.returncode, r.stdout[-800:], r.stderr[-800:]))
        if prog == "streams":
            m = re.search(r"gcnArchName (\S+), multiProcessorCount (\d+), sharedMemPerBlock (\d+), warpSize (\d+)",
                          r.stdout)
            check("%s: device queries: %s, %d CUs (the preset's), 64 KiB shared memory per block, waves of 64"
                  % (label, target, cus),
                  m and m.group(1).split(":")[0] == target and int(m.group(2)) == cus and int(m.group(3)) == 65536
                  and int(m.group(4)) == 64, m and m.groups())
        else:
            m = re.search(r"^%s: device .* \((\S+)\)$" % prog, r.stdout, re.M)
            check("%s: the device is the preset's %s" % (label, target),
                  m and m.group(1).split(":")[0] == target, r.stdout[:300])
        ds = check_dispatches(label, prog, dispatches(js), 0)
        if prog == "streams":
            m = re.search(r"took ([\d.]+) ms", r.stdout)
            ns = {}
            for d in ds:
                k = short(d.get("kernel", ""))
                if k in ("axpb", "square_plus_one") and isinstance(d.get("ns"), (int, float)):
                    ns[k] = min(ns.get(k, d["ns"]), d["ns"])
            least = sum(ns.values())
            check("%s: the event time of stream 0 (%s ms) holds at least its two kernels' simulated %d ns"
                  % (label, m and m.group(1), least),
                  m and len(ns) == 2 and float(m.group(1)) * 1e6 >= least, (m and m.group(0), ns))
    label = "fault on %s" % dev
    js = os.path.join(TMP, "fault-%s.json" % dev)
    r = gexec(dev, "fault", js)
    rep = re.search(r"kernel (_Z10wild_writePj|wild_write): memory fault .* at (0x[0-9a-f]+), outside every "
                    r"allocation", r.stderr)
    check("%s: gcnsim's report of the memory fault in wild_write on stderr, with the address" % label, rep,
          r.stderr[-800:])
    rocr = re.search(r"Memory access fault by GPU node-\d+ .* on address (0x[0-9a-f]+)\.", r.stderr)
    check("%s: the runtime's own memory access fault message, at the address gcnsim reported" % label,
          rep and rocr and int(rocr.group(1), 16) >> 12 == int(rep.group(2), 16) >> 12,
          (rep and rep.group(2), rocr and rocr.group(1)))
    check("%s: the runtime aborts the program (SIGABRT, 134) as on a real card; it printed no PASS line" % label,
          r.returncode == 134 and "PASS: fault" not in r.stdout, (r.returncode, r.stdout[-300:]))
    check_dispatches(label, "fault", dispatches(js), 134)


def main():
    have = presets()
    for dev, target in PRESETS:
        if check("the preset %s is a %s" % (dev, target), have.get(dev, ("",))[0] == target, have.get(dev)):
            gtest.run_each([lambda: test_preset(dev, target, have[dev][1])])
    gtest.done()


main()
