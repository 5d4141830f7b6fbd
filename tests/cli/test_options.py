#!/usr/bin/env python3
"""The command lines of every gcnsim command, parsed from one option table
per command (front/util/opt.h):

 1. gcnsim help CMD prints what gcnsim CMD --help prints (and -h), for every
    command and trace's subcommands; gcnsim help run is run's help, not the
    general one; each option each command must take appears in its help,
    its man page and the completion script;
 2. --opt=value is accepted (--kernel=NAME, ...) as --opt value is, and
    gives the same result; -- ends the options (a FILE after it, and an
    operand that looks like an option);
 3. an abbreviated long option is refused with the option it may stand
    for, a misspelt option, device preset, --set key, command, trace
    subcommand and bench workload get "did you mean"; every bad usage
    exits with status 2 and prints one line;
 4. the trace header records the command line in its order, without
    --trace=PATH;
 5. the man pages (gcnsim help --man [CMD]) render with man -l without a
    warning, and list every option; the bash completion script
    (gcnsim help --bash-completion) completes commands, options and values.

Prints PASS:/FAIL:/SKIP: lines."""
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import gtest  # noqa: E402
from gtest import ROOT, check, skip  # noqa: E402

G = gtest.GCNSIM
TMP = gtest.tempdir("gcnsim-options-")
K = "tests/kernels/bin/arith-gfx900.co"
RUN = ["--kernel", "arith_f32", "--global", "64", "--arg", "zero:256", "--arg", "iota:f32:64",
       "--arg", "fill:f32:64:2", "--arg", "f32:3"]

# the options each command must take (from the issue), besides -h/--help
OPTIONS = {
    "run": ["--kernel", "--global", "--local", "--grid", "--block", "--target", "--arg", "--dump", "--dynamic-lds",
            "--functional", "--hotspots", "--device", "--set", "--timeline", "--json", "--trace", "--max-inst",
            "--max-wave-inst", "--progress", "--no-progress"],
    "compare": ["--json"],
    "validate": ["--kernel", "--global", "--local", "--grid", "--block", "--target", "--arg", "--dump",
                 "--dynamic-lds", "--device", "--set", "--ulp"],
    "debug": ["--kernel", "--global", "--local", "--grid", "--block", "--target", "--arg", "--dynamic-lds",
              "--device", "--set", "--functional", "--max-inst", "--max-wave-inst", "-x", "--batch"],
    "info": ["--kernel", "--target", "--local", "--dynamic-lds", "--json"],
    "disasm": ["--kernel", "--target", "--raw", "--hex"],
    "isa": ["--target", "--names", "--unexecuted"],
    "bench": ["--n", "--target", "--co", "--json", "--device", "--set", "--hotspots", "--timeline", "--functional",
              "--validate", "--trace", "--save-launch"],
    "devices": ["--set", "--json"],
    "exec": ["--device", "--set", "--functional", "--json", "--trace", "--timeline"],
    "trace dump": ["--launch", "--wave", "--from", "--count"],
    "trace diff": ["--timing", "--all", "--context", "--max-buffer", "--stats"],
    "help": ["--man", "--bash-completion", "--list"],
    "gcnsim": ["--version"],
}
# an abbreviation of one option per command, and the option
ABBREV = {"run": ("--kern=x", "--kernel"), "validate": ("--ul", "--ulp"), "debug": ("--bat", "--batch"),
          "info": ("--dyn", "--dynamic-lds"), "disasm": ("--kern", "--kernel"), "isa": ("--unexec", "--unexecuted"), "bench": ("--save", "--save-launch"), "devices": ("--js", "--json"),
          "exec": ("--func", "--functional"), "compare": ("--js", "--json"),
          "trace dump": ("--laun", "--launch"), "trace diff": ("--tim", "--timing"), "help": ("--ma", "--man")}


def g(args, **kw):
    return gtest.gcnsim(args, timeout=300, **kw)


def one_line(name, p, pattern):
    """Status 2, exactly one line on stderr, matching pattern."""
    lines = p.stderr.splitlines()
    return check(name, p.returncode == 2 and len(lines) == 1 and re.search(pattern, p.stderr) is not None,
                 "rc %d, stderr %r" % (p.returncode, p.stderr[:400]))


def commands():
    return g(["help", "--list"]).stdout.split("\n")[:-1]


def test_help():
    names = commands()
    check("help --list names every command and trace's subcommands",
          all(c in names for c in ["run", "validate", "debug", "trace", "trace dump", "trace diff", "disasm", "info",
                                   "isa", "bench", "devices", "help"]), names)
    for c in names:
        words = c.split()
        a, b, h = g(["help"] + words), g(words + ["--help"]), g(words + ["-h"])
        check("help %s equals %s --help and -h" % (c, c),
              a.returncode == 0 and b.returncode == 0 and a.stdout == b.stdout and a.stdout == h.stdout
              and a.stdout.startswith("usage: gcnsim " + c), (a.returncode, b.returncode, a.stdout[:80]))
    p = g(["help", "run"])
    check("help run prints run's help (not the general one)", p.stdout.startswith("usage: gcnsim run FILE"),
          p.stdout[:100])
    top, h = g(["help"]), g(["--help"])
    check("help equals --help, lists the commands", top.stdout == h.stdout and re.search(r"(?m)^  run ", top.stdout)
          and re.search(r"(?m)^  help ", top.stdout), top.stdout[:300])
    p = g(["--version"])
    check("--version", p.returncode == 0 and p.stdout.startswith("gcnsim "), p.stdout)
    run = g(["run", "--help"]).stdout
    for what in ["--grid X[,Y[,Z]]", "--block X[,Y[,Z]]", "--target GFX", "--dynamic-lds BYTES", "iota:TYPE:N",
                 "fill:TYPE:N:V", "rand:TYPE:N[:SEED]", "K, M or G", "N=PATH[:TYPE]", "demangled", "--kernel=NAME",
                 "-- ends the options", "Exit status"]:
        check("run --help documents %s" % what, what in run)
    for c in names:
        out = g(c.split() + ["--help"]).stdout
        wide = [line for line in out.splitlines() if len(line) > 88]
        check("%s --help: no line much wider than 80 columns" % c, not wide, wide[:3])


def test_options_listed():
    comp = g(["help", "--bash-completion"]).stdout
    for c, opts in OPTIONS.items():
        words = [] if c == "gcnsim" else c.split()
        hlp = g((["help"] + words) if words else ["--help"]).stdout
        man = g(["help", "--man"] + words).stdout
        fn = "_gcnsim_cmd_" + (c.replace(" ", "_") if words else "gcnsim")
        m = re.search(r"(?ms)^%s\(\) \{.*?_go=\"([^\"]*)\"" % re.escape(fn), comp)
        go = m.group(1).split() if m else []
        for o in opts:
            label = re.compile(r"(?m)^  (-\w, )?%s[ =\n]|^  %s[ ,]" % (re.escape(o), re.escape(o)))
            manlabel = "\\fB" + o.replace("-", "\\-") + "\\fR"
            check("%s: %s in its help, man page and completion" % (c, o),
                  label.search(hlp) is not None and manlabel in man and (o in go or o + "=" in go),
                  (label.search(hlp) is not None, manlabel in man, go[:5]))


def test_equals_and_dashdash():
    out = os.path.join(TMP, "eq")
    a = g(["run", K, "--functional"] + RUN + ["--dump", "1=%s.a:f32" % out])
    b = g(["run", K, "--functional", "--kernel=arith_f32", "--global=64", "--arg=zero:256", "--arg=iota:f32:64",
           "--arg=fill:f32:64:2", "--arg=f32:3", "--dump=1=%s.b:f32" % out])
    check("run: --opt=value as --opt value (--kernel=X accepted)",
          a.returncode == 0 and b.returncode == 0 and a.stdout == b.stdout
          and open(out + ".a").read() == open(out + ".b").read(), (a.stderr, b.stderr))
    c = g(["run", "--functional"] + RUN + ["--", K])
    check("run: FILE after --", c.returncode == 0 and c.stdout == a.stdout, c.stderr)
    p = g(["run", K, "--functional"] + RUN + ["--", "--global"])
    one_line("run: an operand after -- that looks like an option is an operand", p,
             r"^gcnsim: run: more than one FILE given \('--global'\)$")
    p = g(["info", "--kernel=arith_f32", "--local=64", "--dynamic-lds=1024", "--json=-", K])
    check("info: --opt=value", p.returncode == 0 and '"dynamic_lds_bytes": 1024' in p.stdout, p.stderr)
    p = g(["info", "--kernel", "arith_f32", "--", K])
    check("info: FILE after --", p.returncode == 0 and "kernel arith_f32" in p.stdout, p.stderr)
    p = g(["info", "--target=gfx900", K])
    check("info --target gfx900 of a plain code object", p.returncode == 0, p.stderr)
    p = g(["devices", "--set=cus=1", "--", "vega-64"])
    check("devices: --set=KEY=VALUE and NAME after --", p.returncode == 0 and re.search(r"(?m)^  cus +1 ", p.stdout),
          p.stderr)
    p = g(["bench", "reduce", "--n=4096", "--functional"])
    check("bench: --n=N", p.returncode == 0 and "PASS" in p.stdout, p.stderr)
    p = g(["bench", "reduce", "--n", "4K", "--functional"])
    check("bench: --n 4K is 4096", p.returncode == 0 and "sum of 4096 uint values" in p.stdout, p.stdout + p.stderr)
    p = g(["bench", "reduce", "--n", "4Q", "--functional"])
    one_line("bench: --n with an unknown suffix", p, r"^gcnsim: bench: --n '4Q': expected a positive number")
    d = os.path.join(TMP, "saved")
    p = g(["bench", "reduce", "--n=4096", "--functional", "--save-launch=0", d])
    check("bench: --save-launch=L DIR", p.returncode == 0 and os.path.exists(os.path.join(d, "debug.args")), p.stderr)
    p = g(["debug", K, "--functional", "--batch"] + RUN[:4] + ["--arg=zero:256", "--arg=zero:256", "--arg=zero:256",
                                                                "--arg=f32:1"], stdin="info waves\nquit\n")
    check("debug: --arg=SPEC, --batch", p.returncode == 0, p.stderr)
    p = g(["validate", K] + ["--kernel=arith_f32", "--global=64", "--ulp=2", "--arg=zero:256", "--arg=zero:256",
                             "--arg=zero:256", "--arg=f32:1"],
          env=dict(os.environ, LD_LIBRARY_PATH=os.path.join(TMP, "nothing")))
    check("validate: --opt=value parsed (then run or skipped)", p.returncode in (0, 1, 77), (p.returncode, p.stderr))


def test_trace_header():
    t = os.path.join(TMP, "t.trace")
    p = g(["run", K, "--functional"] + RUN[:4] + ["--trace=" + t] + RUN[4:])
    d = g(["trace", "dump", "--count=1", "--", t])
    opts = re.search(r"(?m)^# options: (.*)$", d.stdout)
    check("run --trace=PATH: the header's command line in order, without --trace",
          p.returncode == 0 and d.returncode == 0 and opts is not None
          and opts.group(1) == " ".join([K, "--functional"] + RUN), (p.stderr, d.stderr, opts and opts.group(1)))
    a = g(["trace", "diff", "--context=2", t, t])
    check("trace diff: --context=N", a.returncode == 0, a.stderr)


def test_errors():
    for c, (abbr, full) in ABBREV.items():
        words = c.split()
        extra = [K] if c in ("run", "validate", "debug", "info") else ["reduce"] if c == "bench" else []
        p = g(words + extra + [abbr])
        one_line("%s: abbreviation %s refused, %s suggested" % (c, abbr, full), p,
                 r"^gcnsim: %s: unknown option '%s' \(did you mean %s\?\)$"
                 % (re.escape(c), re.escape(abbr.split("=")[0]), re.escape(full)))
    p = g(["run", K, "--hotspot", "--global", "64"])
    one_line("run: misspelt option: did you mean", p, r"unknown option '--hotspot' \(did you mean --hotspots\?\)")
    p = g(["run", K, "-kernel", "x"])
    one_line("run: -kernel: did you mean --kernel", p, r"unknown option '-kernel' \(did you mean --kernel\?\)")
    p = g(["run", K, "--frobnicate"])
    one_line("run: an unknown option, nothing near: where to look", p,
             r"^gcnsim: run: unknown option '--frobnicate' \(see gcnsim run --help\)$")
    p = g(["run", K, "--global", "64", "--kernel"])
    one_line("run: missing value", p, r"^gcnsim: run: --kernel needs a value: --kernel NAME$")
    p = g(["debug", K, "--global", "64", "-x"])
    one_line("debug: -x without its value", p, r"^gcnsim: debug: -x needs a value: -x CMDFILE$")
    p = g(["run", K, "--global", "64", "--functional=yes"])
    one_line("run: a flag given a value", p, r"--functional takes no value")
    for c in (["run", K, "--global", "64"], ["debug", K, "--global", "64"], ["bench", "reduce"]):
        p = g(c + ["--device", "vega46"])
        one_line("%s: misspelt preset: did you mean vega-64" % c[0], p,
                 r"unknown device 'vega46' \(did you mean vega-64\? presets: ")
        p = g(c + ["--set", "clock_mz=900"])
        one_line("%s: misspelt --set key: did you mean clock_mhz" % c[0], p,
                 r"unknown device parameter 'clock_mz' \(did you mean clock_mhz\? keys: cus, ")
    p = g(["devices", "vega46"])
    one_line("devices: misspelt preset", p, r"^gcnsim: devices: unknown device 'vega46' \(did you mean vega-64\?")
    p = g(["devices", "vega-64", "--set", "l2_kb=1"])
    one_line("devices: misspelt --set key", p, r"unknown device parameter 'l2_kb' \(did you mean l2_kib\?")
    p = g(["rnu", K])
    one_line("misspelt command", p, r"^gcnsim: unknown command 'rnu' \(did you mean run\?\)$")
    p = g(["frobnicate"])
    one_line("unknown command, nothing near", p, r"^gcnsim: unknown command 'frobnicate' \(try gcnsim --help\)$")
    p = g(["help", "devcies"])
    one_line("help: misspelt command", p, r"unknown command 'devcies' \(did you mean devices\?\)")
    p = g(["trace", "dumb"])
    one_line("trace: misspelt subcommand", p, r"^gcnsim: trace: unknown subcommand 'dumb' \(did you mean dump\?\)$")
    p = g(["help", "trace", "dif"])
    one_line("help trace: misspelt subcommand", p, r"unknown command 'dif' \(did you mean diff\?\)")
    p = g(["bench", "bitnoic"])
    one_line("bench: misspelt workload", p, r"unknown workload 'bitnoic' \(did you mean bitonic\?")
    p = g(["bench", "reduce", "--target", "gfx90"])
    one_line("bench: --target not built: did you mean", p, r"did you mean gfx900\?")
    p = g(["--verison"])
    one_line("--verison: did you mean --version", p, r"did you mean --version\?")
    p = g([])
    check("no command: usage on stderr, status 2", p.returncode == 2 and p.stderr.startswith("usage: gcnsim"),
          p.stderr[:80])


def test_man():
    if not shutil.which("man"):
        skip("man pages render", "no man(1); install man-db")
        return
    pages = [[]] + [c.split() for c in commands()]
    for words in pages:
        name = "-".join(["gcnsim"] + words)
        path = os.path.join(TMP, name + ".1")
        p = g(["help", "--man"] + words)
        with open(path, "w") as f:
            f.write(p.stdout)
        r = subprocess.run(["man", "--warnings", "-l", path], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, env=dict(os.environ, MANWIDTH="80"))
        check("man -l %s.1 renders without warnings" % name,
              p.returncode == 0 and r.returncode == 0 and r.stderr == "" and "NAME" in r.stdout
              and "SYNOPSIS" in r.stdout, r.stderr[:300])
    p = g(["help", "--man"])
    check("gcnsim(1) lists the commands and sees also their pages",
          all("\\fBgcnsim %s\\fR" % c in p.stdout and "\\fBgcnsim\\-%s\\fR(1)" % c in p.stdout
              for c in ["run", "trace", "devices"]), p.stdout[-400:])
    p = g(["help", "--man", "trace", "diff"])
    check("gcnsim-trace-diff(1): name and exit status", p.stdout.startswith('.TH "GCNSIM-TRACE-DIFF" "1"')
          and '.SH "EXIT STATUS"' in p.stdout)


def complete(script, words):
    """COMPREPLY after sourcing script with COMP_WORDS = words (the last the word completed)."""
    cmd = ('source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _gcnsim; '
           'printf "%s\\n" "${COMPREPLY[@]}"')
    p = subprocess.run(["bash", "-c", cmd, "bash", script] + words, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, cwd=ROOT)
    return [w for w in p.stdout.split("\n") if w] if p.returncode == 0 and not p.stderr else ["error: " + p.stderr]


def test_completion():
    script = os.path.join(TMP, "gcnsim.bash-completion")
    with open(script, "w") as f:
        f.write(g(["help", "--bash-completion"]).stdout)
    cases = [
        (["gcnsim", "de"], ["debug", "devices"]),
        (["gcnsim", "run", "--dev"], ["--device="]),
        (["gcnsim", "run", "--device", "veg"], ["vega-64"]),
        (["gcnsim", "run", "--device", "=", "veg"], ["vega-64"]),
        (["gcnsim", "run", "--device=veg"], ["--device=vega-64"]),
        (["gcnsim", "run", "--set", "clock"], ["clock_mhz="]),
        (["gcnsim", "bench", "--target", "gfx8"], ["gfx803"]),
        (["gcnsim", "bench", "red"], ["reduce"]),
        (["gcnsim", "devices", "r9-n"], ["r9-nano"]),
        (["gcnsim", "trace", "di"], ["diff"]),
        (["gcnsim", "trace", "diff", "--max"], ["--max-buffer="]),
        (["gcnsim", "help", "valid"], ["validate"]),
        (["gcnsim", "debug", "--bat"], ["--batch"]),
        (["gcnsim", "info", "--target", "gfx90"], ["gfx900", "gfx902", "gfx904", "gfx906", "gfx909", "gfx90c"]),
        (["gcnsim", "run", "--json", "Makef"], ["Makefile"]),
        (["gcnsim", "run", "--kernel", "x"], []),
        (["gcnsim", "run", "--arg", "i"], ["i32:", "i64:", "iota:", "image:"]),
        (["gcnsim", "--vers"], ["--version"]),
    ]
    for words, want in cases:
        got = complete(script, words)
        check("completion of %s" % " ".join(words), got == want, got[:8])
    got = complete(script, ["gcnsim", "run", "--"])
    check("completion: run's options", all(o in got or o + "=" in got for o in OPTIONS["run"]), got)


def main():
    if not os.access(G, os.X_OK):
        skip("options", "%s is not built" % G)
        return
    gtest.run_each([test_help, test_options_listed, test_equals_and_dashdash, test_trace_header, test_errors,
                    test_man, test_completion])
    gtest.done()


if __name__ == "__main__":
    main()
