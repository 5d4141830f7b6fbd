#!/usr/bin/env python3
"""Bad input to `gcnsim debug`: a missing file, kernel or option exits
with status 2 and one line on stderr; inside a session an unknown or
ambiguous command, a bad breakpoint location or condition, a bad
register, or a command that needs a stopped kernel prints one line and
the script goes on (exit status 0, like gdb -batch).  Batch output has no
prompt and no escape codes; help describes every command of the table."""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from dbgtest import check, session, finish, G, ROOT, TMP  # noqa: E402

CO = "tests/micro/bin/valu_chain-gfx900.co"
ARGS = [CO, "--global", "64", "--local", "64", "--arg", "zero:1024"]


def refused(name, argv):
    p = subprocess.run([G, "debug"] + argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=30)
    lines = p.stderr.splitlines()
    check(f"refused: {name}: status 2, one line 'gcnsim: ...'",
          p.returncode == 2 and len(lines) == 1 and lines[0].startswith("gcnsim: ") and not p.stdout,
          f"status {p.returncode}, stderr {lines}, stdout {p.stdout[:100]!r}")


def one_line(name, command, want, setup=(), args=ARGS):
    """command prints exactly the line want (a regex) and the next command still runs."""
    rc, out, p = session(args, list(setup) + [command, "print 7"])
    got = p[len(setup)].strip("\n")
    check(f"session: {name}: one line", re.fullmatch(want, got) is not None, repr(got))
    check(f"session: {name}: the script goes on", re.search(r"^\$\d+ = 7$", p[len(setup) + 1], re.M) is not None
          and rc == 0, p[len(setup) + 1])


def main():
    refused("missing file", [os.path.join(TMP, "missing.co"), "--global", "64"])
    refused("no FILE", ["--global", "64"])
    refused("no --global", [CO])
    refused("unknown option", ARGS + ["--frobnicate"])
    refused("unknown kernel", ARGS + ["--kernel", "nope"])
    refused("unknown device", ARGS + ["--device", "nope"])
    refused("missing -x file", ARGS + ["-x", os.path.join(TMP, "missing.gdb")])
    refused("--timeline is run's", ARGS + ["--timeline", os.path.join(TMP, "t.json")])
    refused("--dump is run's", ARGS + ["--dump", "0=" + os.path.join(TMP, "d.bin")])
    refused("--hotspots is run's", ARGS + ["--hotspots"])

    one_line("unknown command", "frobnicate", r'Undefined command: "frobnicate"\.  Try "help"\.')
    one_line("ambiguous command", "di", r'Ambiguous command "di": disable, disassemble, display\.')
    one_line("unknown info command", "info nothing", r'Undefined info command: "nothing"\.  Try "help info"\.')
    one_line("unknown label", "break nowhere", r'Function "nowhere" not defined\.')
    one_line("address not at an instruction", "break valu_chain+2",
             r"no instruction starts at 0x[0-9a-f]+ <valu_chain\+2>")
    one_line("not an address", "break 12zz", r"'12zz' is not an address")
    one_line("bad condition", "break valu_chain if v0 ==", r".+")
    one_line("register beyond the allocation", "print v300", r".*v300.*", setup=["break valu_chain", "run"])
    one_line("stepi before run", "stepi", r"The kernel is not being run\.")
    one_line("registers before run", "print v0", r"No registers: the kernel is not stopped\.")
    one_line("bad count", "stepi x", r'Invalid number "x"\.', setup=["break valu_chain", "run"])
    one_line("lane out of range", "lane 64", r"Lane 64 does not exist \(a wave has lanes 0-63\)\.",
             setup=["break valu_chain", "run"])
    one_line("no such wave", "wave 99", r"No resident wave 99 \(info waves lists them\)\.",
             setup=["break valu_chain", "run"])
    one_line("catch what", "catch lunch", r"catch: expected fault, barrier, waitcnt or endpgm \(not 'lunch'\)")
    one_line("bad format", "print/y v0", r'Undefined output format "y"\.', setup=["break valu_chain", "run"])
    one_line("delete unknown", "delete 9", r"No breakpoint number 9\.")
    one_line("cycle in functional mode", "cycle", r"cycle needs the cycle model \(this session runs with "
             r"--functional\)\.", setup=["break valu_chain", "run"], args=ARGS + ["--functional"])

    rc, out, p = session(ARGS, ["break valu_chain", "run", "stepi", "info waves", "print/x v0", "kill"])
    check("batch: no prompt and no escape codes", "(gcnsim)" not in out and "\x1b" not in out, repr(out[:200]))
    check("batch: kill ends the run", "[kernel valu_chain killed]" in p[5], p[5])
    rc, out, p = session(ARGS, ["run"])
    check("batch: a run without breakpoints completes",
          re.search(r"^\[kernel valu_chain exited normally: 1 waves, \d+ wave-instructions, \d+ cycles\]$", p[0],
                    re.M) is not None, p[0])

    rc, out, p = session(ARGS, ["help"])
    names = re.findall(r"^  (\S+(?: (?:var|breakpoints|waves|lanes|registers|counters|occupancy|cu|display))?)"
                       r"(?= |$)", p[0], re.M)
    check("help lists the commands", len(names) >= 30 and "reverse-stepi" in names and "info waves" in names,
          str(names))
    rc, out, p = session(ARGS, ["help " + n for n in names])
    bad = [n for n, h in zip(names, p) if not h.startswith(n) or "Undefined" in h or "Ambiguous" in h]
    check("help CMD describes every command of the table", not bad, str(bad))
    rc, out, p = session(ARGS, ["help si", "help info r", "help p"])
    check("help knows the abbreviations", p[0].startswith("stepi") and p[1].startswith("info registers")
          and p[2].startswith("print"), str(p))

    p = subprocess.run([G, "debug", "--help"], stdout=subprocess.PIPE, text=True, cwd=ROOT)
    check("debug --help", p.returncode == 0 and p.stdout.startswith("usage: gcnsim debug FILE"), p.stdout[:80])
    p = subprocess.run([G, "--help"], stdout=subprocess.PIPE, text=True, cwd=ROOT)
    check("gcnsim --help lists debug", re.search(r"^  debug ", p.stdout, re.M) is not None, p.stdout)

    script = os.path.join(TMP, "cmds.gdb")
    with open(script, "w") as f:
        f.write("# a comment\nbreak valu_chain\nrun\nprint v0[3]\nfrobnicate\nprint v0[4]\n")
    p = subprocess.run([G, "debug"] + ARGS + ["-x", script], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True, cwd=ROOT, timeout=30)
    check("-x FILE runs the commands, goes on after an error, exits 0",
          p.returncode == 0 and "$1 = 3" in p.stdout and "$2 = 4" in p.stdout and "Undefined command" in p.stdout,
          p.stdout)
    lds_warning()
    finish()


def lds_warning():
    """A session ends with gcnsim run's warnings: reduce_sum's 256 work-items given 4 bytes of LDS for their 256
    partial sums (allocated: one 512-byte granule, 128 of them) write part[128..255] (128 lanes) and read them
    in the first step of the tree (128 lanes): 256 lane accesses outside."""
    args = ["front/workloads/bin/reduce-gfx900.co", "--kernel", "reduce_sum", "--global", "256", "--local", "256",
            "--arg", "zero:1024", "--arg", "zero:4", "--arg", "local:%d", "--arg", "u32:256"]
    want = ("warning: kernel reduce_sum: 256 lane accesses fell outside the work-group's 512 bytes of LDS (4 asked for, "
            "allocated in 512-byte granules)")
    for mode in ([], ["--functional"]):
        run_args = [a.replace("%d", "4") for a in args] + mode
        r = subprocess.run([G, "run"] + run_args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                           timeout=60)
        d = subprocess.run([G, "debug"] + run_args + ["--batch"], input="run\n", stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=60)
        warn = [x for x in d.stderr.splitlines() if "warning" in x]
        check("debug %s: the session's run ends with gcnsim run's warning, 256 LDS accesses outside (128 writes, "
              "128 reads)" % " ".join(mode), d.returncode == 0 and len(warn) == 1 and want in warn[0]
              and warn[0].startswith("gcnsim: debug: ") and warn[0].replace("debug", "run", 1) in r.stderr
              and "exited normally" in d.stdout, d.stdout[-300:] + d.stderr)
    d = subprocess.run([G, "debug"] + [a.replace("%d", "1024") for a in args] + ["--batch"], input="run\n",
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=60)
    check("debug with the 1024 bytes of LDS reduce_sum needs: no warning", d.returncode == 0 and "exited normally"
          in d.stdout and "warning" not in d.stderr, d.stderr)


if __name__ == "__main__":
    main()
