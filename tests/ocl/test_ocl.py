#!/usr/bin/env python3
"""The OpenCL driver (build/libgcnsim-opencl.so) through Debian's ICD
loader, found with OCL_ICD_VENDORS=build/vendors as an installed .icd
file would be:

- clinfo lists platform "gcnsim" and one device per GCNSIM_DEVICE preset
  with the values `gcnsim devices NAME --json` gives (compute units,
  clock, L2, target name, product) and GCNSIM_SET's overrides; an unknown
  preset gives no device and one line saying why;
- tests/ocl/ocl_run.c, an ordinary OpenCL program (saxpy from source, the
  reduce workload's kernel from source and as a code object, a build
  failure, a guest fault), on vega-64 under the cycle model, functionally
  (GCNSIM_FUNCTIONAL=1) and on r9-nano (with vega-64 in one context);
- a kernel's profiled time is `gcnsim run`'s time of the same launch
  (cycles plus launch overhead at the preset's clock);
- tests/ocl/ocl_errors.c: the specification's error codes;
- tests/ocl/ocl_buffers.c: sub-buffers and the rectangular buffer
  commands against CPU copies;
- tests/ocl/ocl_images.c: images (reads, writes, copies, fills, maps
  with pitches) against CPU copies, kernels that sample with every
  address mode, nearest and linear, against the OpenCL formulas computed
  on the CPU, write_imagef/read_imageui, get_image_* queries, samplers,
  image and sampler arguments, and the error codes (vega-64 and hd-7970);
- tests/ocl/wl_bitonic.c, wl_reduce.c, wl_gemm.c: gcnsim bench's
  workloads as ordinary host programs, checked against the CPU and their
  kernels' profiled times against bench's report (test_workloads);
- tests/ocl/ocl_printf.c: printf from kernels built from source, its
  output against the host's printf, CL_DEVICE_PRINTF_BUFFER_SIZE's limit;
- tests/ocl/ocl_user_events.c: user events, commands that wait for them
  (order, data, failures, callbacks, markers and barriers, a second
  thread that sets the event while the main thread blocks);
- clpeak --kernel-latency: a kernel's START - QUEUED is the launch
  overhead;
- tests/ocl/ocl_programs.c: program binaries handed out and reloaded,
  clCompileProgram with input headers, clLinkProgram (executables and
  libraries), their build logs and errors;
- both programs again with the driver and themselves built with ASan and
  UBSan (build/san/vendors), leaks detected.

Prints PASS:/FAIL:/SKIP: lines."""
import json
import os
from fractions import Fraction
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import gtest  # noqa: E402
from gtest import ROOT, check, skip  # noqa: E402

B = os.path.join(ROOT, "build")
LIB = os.path.join(B, "libgcnsim-opencl.so")
VENDORS = os.path.join(B, "vendors")
RUN = os.path.join(B, "ocl", "ocl_run")
ERRORS = os.path.join(B, "ocl", "ocl_errors")
WL = os.path.join(ROOT, "front", "workloads")


def env(**kw):
    e = dict(os.environ)
    for k in ("GCNSIM_DEVICE", "GCNSIM_SET", "GCNSIM_FUNCTIONAL", "OCL_ICD_FILENAMES"):
        e.pop(k, None)
    e["OCL_ICD_VENDORS"] = VENDORS
    e.update(kw)
    return e


def passthrough(out, prefix):
    """Re-print a test program's PASS:/FAIL: lines with prefix; their counts."""
    n = bad = 0
    for line in out.splitlines():
        if line.startswith(("PASS: ", "FAIL: ")):
            n += 1
            bad += line.startswith("FAIL: ")
            gtest.failed += line.startswith("FAIL: ")
            print(line[:6] + prefix + line[6:], flush=True)
    return n, bad


def clinfo_raw(**kw):
    """clinfo --raw's device values: {device index: {name: value}}."""
    r = gtest.run(["clinfo", "--raw"], env=env(**kw), timeout=120)
    devs = {}
    for line in r.stdout.splitlines():
        if line.startswith("[GCNSIM/") and not line.startswith("[GCNSIM/*]"):
            tag, rest = line.split("]", 1)
            parts = rest.split(None, 1)
            if len(parts) == 2:
                devs.setdefault(int(tag[len("[GCNSIM/"):]), {})[parts[0]] = parts[1].strip()
    return devs, r


def preset(name, sets=()):
    args = ["devices", name, "--json"] + [a for s in sets for a in ("--set", s)]
    d = json.loads(gtest.gcnsim(args, timeout=60).stdout)
    d["p"] = {p["key"]: p["value"] for p in d["params"]}
    return d


def test_clinfo():
    names = ["r9-nano", "vega-64", "hd-7970"]
    devs, r = clinfo_raw(GCNSIM_DEVICE=",".join(names))
    check("clinfo lists platform gcnsim", "gcnsim" in r.stdout, r.stdout[-400:] + r.stderr[-400:])
    check("clinfo: one device per GCNSIM_DEVICE preset (3)", len(devs) == 3, sorted(devs))
    for i, n in enumerate(names):
        want, got = preset(n), devs.get(i, {})
        fields = {
            "CL_DEVICE_NAME": want["target"],
            "CL_DEVICE_BOARD_NAME_AMD": want["product"],
            "CL_DEVICE_MAX_COMPUTE_UNITS": str(want["p"]["cus"]),
            "CL_DEVICE_MAX_CLOCK_FREQUENCY": str(want["p"]["clock_mhz"]),
            "CL_DEVICE_GLOBAL_MEM_CACHE_SIZE": str(want["p"]["l2_kib"] * 1024),
            "CL_DEVICE_LOCAL_MEM_SIZE": "32768" if want["generation"] == "gfx6" else "65536",
            "CL_DEVICE_MAX_WORK_GROUP_SIZE": "256",
            "CL_DEVICE_WAVEFRONT_WIDTH_AMD": "64",
            "CL_DEVICE_OPENCL_C_VERSION": "OpenCL C 1.2",
        }
        bad = {k: (got.get(k), v) for k, v in fields.items() if got.get(k) != v}
        check("clinfo: %s's fields are gcnsim devices' values" % n, not bad, bad)
        ext = got.get("CL_DEVICE_EXTENSIONS", "").split()
        check("clinfo: %s has cl_khr_fp64%s" % (n, ", cl_khr_fp16" if want["generation"] != "gfx6" else ", not fp16"),
              "cl_khr_fp64" in ext and ("cl_khr_fp16" in ext) == (want["generation"] != "gfx6"), ext)
    devs, _ = clinfo_raw(GCNSIM_DEVICE="mi50", GCNSIM_SET="cus=7,clock_mhz=1000")
    d = devs.get(0, {})
    check("clinfo: GCNSIM_SET overrides the preset (cus=7, clock_mhz=1000)",
          d.get("CL_DEVICE_MAX_COMPUTE_UNITS") == "7" and d.get("CL_DEVICE_MAX_CLOCK_FREQUENCY") == "1000", d)
    devs, r = clinfo_raw(GCNSIM_SET="no_such_key=1")
    check("a bad GCNSIM_SET: no device, and stderr says why",
          not devs and "GCNSIM_SET: " in r.stderr and "no_such_key" in r.stderr, r.stderr[-300:])
    devs, r = clinfo_raw(GCNSIM_DEVICE="no-such-board")
    check("an unknown preset: no device, and stderr says why",
          not devs and "unknown device preset 'no-such-board'" in r.stderr, r.stderr[-300:])
    devs, _ = clinfo_raw()
    check("without GCNSIM_DEVICE: one device, vega-64 (gfx900)",
          len(devs) == 1 and devs[0].get("CL_DEVICE_NAME") == "gfx900", devs)
    devs, _ = clinfo_raw(OCL_ICD_VENDORS=LIB)
    check("OCL_ICD_VENDORS naming the library itself finds the platform", len(devs) == 1, devs)


def test_programs():
    for label, kw in (("vega-64", {}), ("functional", {"GCNSIM_FUNCTIONAL": "1"}),
                      ("r9-nano and vega-64", {"GCNSIM_DEVICE": "r9-nano,vega-64"})):
        r = gtest.run([RUN, os.path.join(WL, "reduce.cl"), os.path.join(WL, "bin")], env=env(**kw), timeout=600)
        n, bad = passthrough(r.stdout, "ocl_run (%s): " % label)
        check("ocl_run (%s) ran its checks and exited 0" % label, n > 10 and r.returncode == 0 and not bad,
              "status %d, stderr: %s" % (r.returncode, r.stderr[-500:]))
        if label == "vega-64":
            check("the guest fault's report is on stderr", "memory fault in kernel wild" in r.stderr, r.stderr[-500:])
    r = gtest.run([ERRORS], env=env(), timeout=600)
    n, bad = passthrough(r.stdout, "ocl_errors: ")
    check("ocl_errors ran its checks and exited 0", n > 40 and r.returncode == 0 and not bad,
          "status %d, stderr: %s" % (r.returncode, r.stderr[-500:]))
    for prog, least, kw in (("ocl_buffers", 40, {}), ("ocl_programs", 35, {}), ("ocl_printf", 6, {}),
                            ("ocl_user_events", 40, {}),
                            ("ocl_programs", 40, {"GCNSIM_DEVICE": "r9-nano,vega-64"}),
                            ("ocl_images", 150, {}), ("ocl_images", 150, {"GCNSIM_DEVICE": "hd-7970"})):
        label = prog + (" (%s)" % kw["GCNSIM_DEVICE"].replace(",", " and ") if kw else "")
        r = gtest.run([os.path.join(B, "ocl", prog)], env=env(**kw), timeout=600)
        n, bad = passthrough(r.stdout, label + ": ")
        check("%s ran its checks and exited 0" % label, n > least and r.returncode == 0 and not bad,
              "status %d, stderr: %s" % (r.returncode, r.stderr[-500:]))


def test_sanitizers():
    san = os.path.join(B, "san")
    e = env(OCL_ICD_VENDORS=os.path.join(san, "vendors"), ASAN_OPTIONS="detect_leaks=1",
            UBSAN_OPTIONS="print_stacktrace=1")
    for prog, args in (("ocl_errors", []), ("ocl_run", [os.path.join(WL, "reduce.cl"), os.path.join(WL, "bin")]),
                       ("ocl_buffers", []), ("ocl_programs", []), ("ocl_printf", []),
                       ("ocl_user_events", []), ("ocl_images", [])):
        r = gtest.run([os.path.join(san, "ocl", prog)] + args, env=e, timeout=1200)
        n = sum(line.startswith("PASS: ") for line in r.stdout.splitlines())
        bad = [line for line in r.stdout.splitlines() if line.startswith("FAIL: ")]
        check("%s under ASan and UBSan: %d checks pass, no report" % (prog, n),
              r.returncode == 0 and not bad and n > 10 and "Sanitizer" not in r.stderr and "runtime error" not in r.stderr,
              "status %d %s %s" % (r.returncode, bad[:3], r.stderr[-1500:]))


def test_time():
    co = os.path.join(WL, "bin", "reduce-gfx900.co")
    r = gtest.run([RUN, "--time", co], env=env(), timeout=120)
    got = int(r.stdout.split()[-1]) if r.stdout.startswith("kernel_ns") else -1
    j = json.loads(gtest.gcnsim(["run", co, "--kernel", "reduce_sum", "--global", "256", "--local", "256",
                                 "--arg", "zero:1024", "--arg", "zero:4", "--arg", "local:1024", "--arg", "u32:256",
                                 "--device", "vega-64", "--json", "-"], timeout=120).stdout)
    want = (j["cycles"] + j["overhead_cycles"]) * 1000 // preset("vega-64")["p"]["clock_mhz"]
    check("CL_PROFILING_COMMAND_END - START is gcnsim run's time (%d ns)" % want, got == want,
          "got %d" % got)
    r = gtest.run([RUN, "--time", co], env=env(GCNSIM_FUNCTIONAL="1"), timeout=120)
    launch_ns = preset("vega-64")["p"]["launch_ns"]
    check("GCNSIM_FUNCTIONAL=1: a kernel takes the launch overhead alone",
          r.stdout.strip() == "kernel_ns %d" % launch_ns, r.stdout)


def test_clpeak_latency():
    """clpeak (Debian's, a third-party OpenCL program) measures the kernel
    launch latency as the mean of CL_PROFILING_COMMAND_START - QUEUED over
    20000 launches, each timestamp truncated to a microsecond: the driver
    puts the device's launch overhead (launch_ns) between a kernel's
    queued and start times, so clpeak prints launch_ns / 1000 within the
    truncation (less than 1 us either way; functionally, on one CU, as the latency does
    not depend on the kernel)."""
    r = gtest.run(["clpeak", "--kernel-latency", "--use-event-timer"],
                  env=env(GCNSIM_FUNCTIONAL="1", GCNSIM_SET="cus=1,mem_mib=32"), timeout=900)
    m = [ln.split(":")[1].split() for ln in r.stdout.splitlines() if "Kernel launch latency" in ln]
    us = float(m[0][0]) if m and m[0] and m[0][0].replace(".", "").isdigit() else None
    want = preset("vega-64")["p"]["launch_ns"] / 1000.0
    check("clpeak --kernel-latency through the driver prints the launch overhead (%.2f us)" % want,
          r.returncode == 0 and us is not None and abs(us - want) < 1,
          "status %d, printed %s, stderr %s" % (r.returncode, us, r.stderr[-300:]))


# the workload host programs, their sizes, and bench's name for each
WORKLOADS = (("wl_bitonic", "bitonic", 4096), ("wl_reduce", "reduce", 300000), ("wl_gemm", "gemm", 128))


def test_workloads():
    """tests/ocl/wl_*.c replay gcnsim bench's workloads as ordinary OpenCL
    host programs (the kernels built from front/workloads/*.cl at run
    time, the launches bench makes, the same random inputs) and check
    their results against the CPU.  Their kernels' profiled times are then
    compared with bench's report for the same n and device (vega-64, the
    cycle model): each group of bench's JSON gives its launches' cycles
    and launch overhead cycles summed, so bench's total kernel time is
    W = (cycles + overhead_cycles) * 1000 / clock_mhz ns, exactly (a
    fraction).  The driver gives each launch's event END - START as that
    launch's (cycles + overhead) * 1000 / clock_mhz rounded down, so the
    program's sum S of L launches' times must satisfy W - L < S <= W when
    every launch took the same cycles as bench's (the kernels are the same
    bytes: the driver compiles with clcc_each's options, as make kernels
    built front/workloads/bin).  One cycle more or less in any launch
    moves W by 1000/clock_mhz ns (0.8 ns at 1247 MHz), so the bound
    admits at most L cycles of difference in all; the launch counts must
    match exactly."""
    mhz = preset("vega-64")["p"]["clock_mhz"]
    for prog, name, n in WORKLOADS:
        r = gtest.run([os.path.join(B, "ocl", prog), os.path.join(WL, name + ".cl"), str(n)], env=env(),
                      timeout=900)
        k, bad = passthrough(r.stdout, prog + ": ")
        check("%s %d ran its checks and exited 0" % (prog, n), k >= 3 and r.returncode == 0 and not bad,
              "status %d, stderr: %s" % (r.returncode, r.stderr[-500:]))
        line = [ln.split() for ln in r.stdout.splitlines() if ln.startswith(name + ": launches ")]
        if not line:
            check("%s printed its launches and kernel time" % prog, False, r.stdout[-500:])
            continue
        launches, got = int(line[0][2]), int(line[0][4])
        j = json.loads(gtest.gcnsim(["bench", name, "--n", str(n), "--device", "vega-64", "--json", "-"],
                                    timeout=900).stdout)
        want_l = sum(g["launches"] for g in j["groups"])
        w = Fraction(sum(g["cycles"] + g["overhead_cycles"] for g in j["groups"]) * 1000, mhz)
        check("%s %d: the host program's %d launches are bench's (%d)" % (name, n, launches, want_l),
              launches == want_l and j["verification"] == "PASS", j["verification"])
        check("%s %d: the sum of the kernels' profiled times (%d ns) is bench's kernel time %.2f ns "
              "within the launches' rounding" % (name, n, got, float(w)),
              w - launches < got <= w, "difference %.2f ns" % float(w - got))


def main():
    if not os.path.exists(LIB) or not os.path.exists(RUN) or not os.path.exists(ERRORS):
        skip("the OpenCL driver", "not built: needs ocl-icd-dev, ocl-icd-opencl-dev and opencl-c-headers")
        gtest.done()
    if shutil.which("clinfo"):
        gtest.run_each([test_clinfo])
    else:
        skip("clinfo", "not installed")
    if shutil.which(os.environ.get("GCNSIM_CLANG", "clang-15")):
        gtest.run_each([test_programs, test_workloads])
    else:
        skip("OpenCL programs built from source", "clang-15 not installed")
    gtest.run_each([test_time])
    if shutil.which("clpeak") and shutil.which(os.environ.get("GCNSIM_CLANG", "clang-15")):
        gtest.run_each([test_clpeak_latency])
    else:
        skip("clpeak's kernel launch latency", "clpeak or clang-15 not installed (Debian package clpeak)")
    if os.path.exists(os.path.join(B, "san", "ocl", "ocl_run")) and shutil.which("clang-15"):
        gtest.run_each([test_sanitizers])
    else:
        skip("the driver under ASan and UBSan", "build/san/ocl not built (make unit)")
    gtest.done()


main()
