#!/usr/bin/env python3
"""gcnsim run --html and html_write's comparison page, loaded in a real
browser: Debian's chromium, headless (--dump-dom for the page as its script
left it, --screenshot for the picture).  One PASS:/FAIL:/SKIP: line per
check.

Pages: sgemm 256^3 on vega-64 (front/workloads/gemm.cl) and lds_reduce
(tests/kernels/lds.cl) from gcnsim run --html; a functional run; a
comparison of two runs (sgemm on 64 CUs and with --set cus=8) written by
html_write through tests/html/html_page.c, one label holding
"</script><script>..."; a report without its "series" member.

 1. The page is self-contained: no src=, <link>, url() or address other
    than the SVG namespace.
 2. Loaded: no console message at all (chromium --enable-logging prints
    every one, errors and uncaught exceptions included; a page with a
    planted error shows the check sees them), the page's own error box
    empty, the script reached its end (data-rendered).
 3. Every chart is there and drawn from the JSON: the stall chart has a
    bar per reason of stall_pct, the longest that of the largest share;
    the mix a bar per category; the series chart four lines (occupancy,
    VALU busy, DRAM read and written); the CU chart a bar per CU with
    work; the roofline its roof and the kernel's point; the listing a
    row per instruction of "hotspots" and a bar for each that took
    cycles.
 4. The comparison: both runs side by side (each chart twice), the table
    of changes with the cycles of both runs, the hostile label shown as
    text and nothing run from it.
 5. The functional run's page says it has no cycle-model figures and
    draws no chart, a faulting run's that a wave faulted; the page without "series" says so in its place and
    draws the rest.
 6. The screenshots are pictures: many colours and a good share of
    non-white pixels (parsed from the PNG with zlib), where a blank page
    gives none.
"""
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import zlib
from html.parser import HTMLParser

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import gtest  # noqa: E402
from gtest import check  # noqa: E402

os.chdir(gtest.ROOT)
TMP = gtest.tempdir("gcnsim-html-")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
GEMM = ["run", "front/workloads/bin/gemm-gfx900.co", "--kernel", "sgemm", "--global", "64,64", "--local", "16,16",
        "--arg", "rand:f32:65536", "--arg", "rand:f32:65536", "--arg", "zero:262144", "--arg", "u32:256",
        "--arg", "u32:256", "--arg", "u32:256", "--arg", "f32:1", "--arg", "f32:0"]
LDS = ["run", "tests/kernels/bin/lds-gfx900.co", "--kernel", "lds_reduce", "--global", "1024", "--local", "256",
       "--arg", "zero:16", "--arg", "rand:f32:1024"]
HOSTILE = "B </script><script>document.title='owned'</script>"


def browser(url, *extra):
    """Run headless chromium on url: (stdout, stderr)."""
    prof = os.path.join(TMP, "profile")
    r = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + prof,
                        "--enable-logging=stderr", "--v=0", "--window-size=1280,2600", "--hide-scrollbars"]
                       + list(extra) + [url], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=60)
    return r.stdout, r.stderr


def console(stderr):
    return [l for l in stderr.splitlines() if ":CONSOLE" in l]


class Dom(HTMLParser):
    """The parts of a dumped DOM the checks read: per svg with data-chart,
    its drawn elements; texts by element id; attributes of body."""

    def __init__(self):
        super().__init__()
        self.charts = []          # [(name, {tag: count}, [rect widths], [titles])]
        self.stack = []
        self.text = []
        self.ids = {}
        self.body = {}
        self.title = ""
        self.scripts = 0
        self._cur = None
        self._in_title = 0
        self._capture = []        # open elements with an id: [(id, depth)]

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "body":
            self.body = a
        self.scripts += tag == "script"
        if tag == "svg" and "data-chart" in a:
            self._cur = (a["data-chart"], {}, [], [])
            self.charts.append(self._cur)
        elif self._cur is not None:
            self._cur[1][tag] = self._cur[1].get(tag, 0) + 1
            if tag == "rect" and "fill" in a:
                self._cur[2].append(float(a.get("width", 0)))
        if tag == "title":
            self._in_title += 1
        if "id" in a:
            self._capture.append([a["id"], len(self.stack), []])
        self.stack.append(tag)

    def handle_endtag(self, tag):
        if tag == "svg":
            self._cur = None
        if tag == "title":
            self._in_title -= 1
        while self.stack:
            t = self.stack.pop()
            if self._capture and self._capture[-1][1] == len(self.stack):
                i, _, txt = self._capture.pop()
                self.ids[i] = "".join(txt)
                if self._capture:
                    self._capture[-1][2].append(self.ids[i])
            if t == tag:
                break

    def handle_data(self, d):
        self.text.append(d)
        if self._in_title and self._cur is not None:
            self._cur[3].append(d)
        elif self._in_title and not self.stack.count("svg"):
            self.title += d
        if self._capture:
            self._capture[-1][2].append(d)

    def named(self, name):
        return [c for c in self.charts if c[0] == name]


def load(path):
    out, err = browser("file://" + os.path.abspath(path), "--dump-dom")
    d = Dom()
    d.feed(out)
    return d, console(err), out


def png_stats(path):
    """(distinct colours, share of non-white pixels) of an 8-bit RGB/RGBA PNG."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and ctype in (2, 6) and not interlace, (depth, ctype, interlace)
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = w * bpp
    prev = bytearray(stride)
    colours, inked, i = set(), 0, 0
    for _ in range(h):
        f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        for x in range(0, stride, bpp * 2):   # every other pixel: enough to count
            px = bytes(line[x:x + 3])
            colours.add(px)
            inked += px != b"\xff\xff\xff"
        prev = line
    return len(colours), inked / (h * ((w + 1) // 2))


def gen(args, name, *extra):
    base = os.path.join(TMP, name)
    r = gtest.gcnsim(list(args) + ["--json", base + ".json", "--html", base + ".html"] + list(extra), timeout=120)
    if r.returncode:
        raise RuntimeError(r.stderr)
    return base + ".html", json.load(open(base + ".json"))


def check_page(what, path, rep):
    dom, cons, _ = load(path)
    check("%s: loads with no console message, no error in the page, the script finished" % what,
          not cons and not dom.ids.get("errors", "").strip() and dom.body.get("data-rendered") == "1",
          (cons[:3], dom.ids.get("errors")))
    stalls = dom.named("stalls")
    widths = stalls[0][2] if stalls else []
    names = stalls[0][3] if stalls else []
    top = max(rep["stall_pct"], key=lambda k: rep["stall_pct"][k])
    check("%s: the stall chart has a bar per reason (%d), the longest %s's" % (what, len(rep["stall_pct"]), top),
          len(stalls) == 1 and len(widths) == len(rep["stall_pct"])
          and names[widths.index(max(widths))].startswith(top + ":"), (len(widths), names[:3]))
    mix = dom.named("mix")
    cats = [k for k in rep["instructions"] if k != "total"]
    check("%s: the mix chart has a bar per category (%d)" % (what, len(cats)),
          len(mix) == 1 and len(mix[0][2]) == len(cats) and max(mix[0][2]) > 0)
    ser = dom.named("series")
    check("%s: the series chart draws 4 lines over %d points" % (what, rep["series"]["points"]),
          len(ser) == 1 and ser[0][1].get("path", 0) == 4, ser and ser[0][1])
    cu = dom.named("percu")
    check("%s: the CU chart has a bar and a dot per CU with work (%d)" % (what, len(rep["per_cu"])),
          len(cu) == 1 and len(cu[0][2]) == len(rep["per_cu"]) and cu[0][1].get("circle") == len(rep["per_cu"]),
          cu and cu[0][1])
    roof = dom.named("roofline")
    check("%s: the roofline has its roof and the kernel's point" % what,
          len(roof) == 1 and roof[0][1].get("path") == 1 and roof[0][1].get("circle") == 1, roof and roof[0][1])
    bars = dom.named("bar")
    took = sum(h["cycles"] > 0 for h in rep["hotspots"])
    drawn = sum(1 for b in bars if b[2])
    check("%s: the listing has a row per instruction (%d) and a bar for each that took cycles (%d)"
          % (what, len(rep["hotspots"]), took), len(bars) == len(rep["hotspots"]) and drawn == took,
          (len(bars), drawn))
    return dom


def test_pages():
    if not CHROMIUM:
        return check("chromium is installed (.ci/packages)", False, "no chromium on PATH")
    gemm_html, gemm = gen(GEMM, "gemm")
    lds_html, lds = gen(LDS, "lds")
    text = open(gemm_html).read()
    addr = [u for u in re.findall(r"https?://[^\s\"'<>)]*", text) if u != "http://www.w3.org/2000/svg"]
    check("the page is self-contained: no src=, <link>, url() or address but the SVG namespace",
          not addr and not re.search(r"\ssrc=|<link|url\(", text), addr[:3])
    check_page("sgemm", gemm_html, gemm)
    check_page("lds_reduce", lds_html, lds)
    shot = os.path.join(TMP, "gemm.png")
    browser("file://" + gemm_html, "--screenshot=" + shot)
    colours, ink = png_stats(shot) if os.path.exists(shot) else (0, 0)
    check("sgemm's screenshot is a picture: %d colours, %.1f%% of pixels not white" % (colours, 100 * ink),
          colours >= 50 and ink >= 0.04, (colours, ink))


def test_compare():
    if not CHROMIUM:
        return
    a = os.path.join(TMP, "a.json")
    b = os.path.join(TMP, "b.json")
    for path, extra in ((a, []), (b, ["--set", "cus=8"])):
        r = gtest.gcnsim(GEMM + ["--hotspots", "--json", path] + extra, timeout=120)
        if r.returncode:
            raise RuntimeError(r.stderr)
    exe = os.path.join(TMP, "html_page")
    cc = os.environ.get("CC", "cc")
    r = subprocess.run([cc, "-std=c11", "-D_GNU_SOURCE", "-I.", "-o", exe, "tests/html/html_page.c", "build/libgcnsim.a"],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if not check("tests/html/html_page.c builds against build/libgcnsim.a", r.returncode == 0, r.stdout):
        return
    page = os.path.join(TMP, "cmp.html")
    r = subprocess.run([exe, page, "sgemm: 64 CUs against 8", "A 64 CUs=" + a, HOSTILE + "=" + b],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    check("html_write writes the comparison page", r.returncode == 0 and os.path.exists(page), r.stderr)
    dom, cons, out = load(page)
    ra, rb = json.load(open(a)), json.load(open(b))
    check("comparison: loads with no console message, no error in the page", not cons
          and not dom.ids.get("errors", "").strip() and dom.body.get("data-rendered") == "1", cons[:3])
    twice = {n: len(dom.named(n)) for n in ("stalls", "mix", "series", "percu", "roofline")}
    check("comparison: each chart twice, side by side", all(v == 2 for v in twice.values()), twice)
    cmp_text = dom.ids.get("sec-compare", "")
    cyc = lambda r: format(r["cycles"], ",")  # noqa: E731
    check("comparison: the table of changes has both runs' cycles (%s, %s) and the change"
          % (cyc(ra), cyc(rb)), cyc(ra) in cmp_text and cyc(rb) in cmp_text
          and format(rb["cycles"] - ra["cycles"], "+,") in cmp_text, cmp_text[:300])
    check("comparison: the hostile label is shown as text and ran nothing",
          HOSTILE in "".join(dom.text) and "owned" not in dom.title and dom.scripts == 2, (dom.title, dom.scripts))
    r = subprocess.run([exe, os.path.join(TMP, "none.html"), "none"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    check("html_write with no report: exit 2, one line", r.returncode == 2 and len(r.stderr.splitlines()) == 1,
          r.stderr)
    shot = os.path.join(TMP, "cmp.png")
    _, shot_err = browser("file://" + page, "--screenshot=" + shot)
    colours, ink = png_stats(shot) if os.path.exists(shot) else (0, 0)
    check("the comparison's screenshot is a picture: %d colours, %.1f%% not white" % (colours, 100 * ink),
          colours >= 50 and ink >= 0.04, (colours, ink, shot_err[-500:]))


def test_degraded():
    if not CHROMIUM:
        return
    base = os.path.join(TMP, "func")
    r = gtest.gcnsim(GEMM + ["--functional", "--html", base + ".html"], timeout=120)
    dom, cons, _ = load(base + ".html")
    check("--functional --html: the page says there are no cycle-model figures and draws no chart",
          r.returncode == 0 and not cons and "functional run" in "".join(dom.text) and not dom.charts
          and dom.body.get("data-rendered") == "1", (r.stderr, cons[:2], len(dom.charts)))
    r = gtest.gcnsim(["run", "tests/e2e/bin/fault_oob-gfx900.co", "--global", "64", "--arg", "zero:256", "--arg",
                      "u32:59", "--html", base + "-fault.html"], timeout=120)
    dom, cons, _ = load(base + "-fault.html")
    check("a faulting run's --html: exit 3, the page says a wave faulted and draws no chart",
          r.returncode == 3 and not cons and "a wave faulted" in "".join(dom.text) and not dom.charts,
          (r.returncode, cons[:2], len(dom.charts)))
    j = json.load(open(os.path.join(TMP, "gemm.json")))
    del j["series"]
    old = os.path.join(TMP, "old.json")
    json.dump(j, open(old, "w"))
    page = os.path.join(TMP, "old.html")
    r = subprocess.run([os.path.join(TMP, "html_page"), page, "older report", "old=" + old],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    dom, cons, _ = load(page)
    check("a report without \"series\": the page says so and draws the other charts",
          r.returncode == 0 and not cons and "no series in this report" in "".join(dom.text)
          and not dom.named("series") and all(dom.named(n) for n in ("stalls", "mix", "percu", "roofline")),
          (cons[:2], [c[0] for c in dom.charts][:8]))


def test_controls():
    """The checks can fail: a planted error is seen, a blank page is not a picture."""
    if not CHROMIUM:
        return
    bad = os.path.join(TMP, "planted.html")
    text = open(os.path.join(TMP, "gemm.html")).read()
    open(bad, "w").write(text.replace("render();\n  } catch", "render(); noSuchFunction();\n  } catch", 1))
    dom, cons, _ = load(bad)
    check("control: a planted error is seen on the console and in the page's error box",
          cons and "noSuchFunction" in dom.ids.get("errors", ""), (cons[:2], dom.ids.get("errors")))
    blank = os.path.join(TMP, "blank.html")
    open(blank, "w").write("<!DOCTYPE html><html><body></body></html>")
    shot = os.path.join(TMP, "blank.png")
    browser("file://" + blank, "--screenshot=" + shot)
    colours, ink = png_stats(shot)
    check("control: a blank page's screenshot is no picture (%d colour, %.1f%% not white)" % (colours, 100 * ink),
          colours < 50 and ink < 0.04, (colours, ink))


gtest.run_each([test_pages, test_compare, test_degraded, test_controls])
gtest.done()
