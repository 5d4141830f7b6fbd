#!/usr/bin/env python3
"""Memory stays bounded: the debugger keeps one copy of device memory (the
launch start, its only checkpoint) and no per-instruction history, so a
session on a 3.7-million-instruction sgemm that steps, goes back 2000
instructions and reverse-continues uses at most the memory of `gcnsim
run` plus the copy of the buffers (3 MiB) plus a small margin."""
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from dbgtest import check, data_file, finish, G, ROOT, TMP  # noqa: E402

MEASURE = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, "
           "stderr=subprocess.DEVNULL); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")


def max_rss_kib(argv):
    """Peak resident memory of argv (KiB), measured in a fresh process."""
    out = subprocess.run([sys.executable, "-c", MEASURE] + argv, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    return int(out.stdout.strip())


def main():
    n = 512
    random.seed(3)
    m = data_file("m512.bin", "f", [random.randrange(-8, 8) / 4 for _ in range(n * n)])
    args = ["front/workloads/bin/gemm-gfx900.co", "--global", "128,128", "--local", "16,16", "--arg", "buf:" + m,
            "--arg", "buf:" + m, "--arg", "buf:" + m, "--arg", "u32:512", "--arg", "u32:512", "--arg", "u32:512",
            "--arg", "f32:1", "--arg", "f32:0", "--functional"]
    script = os.path.join(TMP, "mem.gdb")
    with open(script, "w") as f:
        f.write("break sgemm wave 250\nrun\nstepi 3000\nreverse-stepi 2000\nstepi 100\nreverse-continue\n"
                "delete\ncontinue\n")
    run = max_rss_kib([G, "run"] + args)
    dbg = max_rss_kib([G, "debug"] + args + ["-x", script])
    snapshot = 3 * n * n * 4 // 1024
    check(f"a long session (3.7 M wave-instructions, 4 replays) uses {dbg} KiB: at most gcnsim run's {run} KiB "
          f"+ the {snapshot} KiB copy of the buffers + 8 MiB", dbg <= run + snapshot + 8192, f"{dbg} KiB")
    finish()


if __name__ == "__main__":
    main()
