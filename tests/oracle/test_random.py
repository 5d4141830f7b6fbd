#!/usr/bin/env python3
"""Random-word differential test of the decoder and disassembler.

For each (encoding family, target) it generates N random instruction words
with the family's fixed prefix bits set and every other bit random, one
instruction per case followed by one spare random dword (so a literal can be
consumed), and checks `gcnsim disasm --hex` against an independent oracle:

  gfx8/gfx9  LLVM 16 disassembles the same words.  The words are assembled as
             `.long` data, one ELF section per case, and llvm-objdump-16 -d -z
             disassembles each section on its own; this gives LLVM's text AND
             the exact original words it consumed (llvm-mc --disassemble
             -show-encoding prints a re-encoding, which differs from the input
             when e.g. a literal holds an inline-constant value).  Agreement =
             same valid/invalid verdict and, when valid, identical text
             (whitespace normalised) and the same length in dwords.  Only the
             first instruction of each case is compared.
  gfx6/gfx7  LLVM cannot disassemble these.  Every case we decode as valid
             must assemble from our text with llvm-mc-15 -show-encoding back
             to exactly the words we consumed.  Cases we call invalid cannot
             be checked (so the valid fraction is reported).

usage: test_random.py [--family F]... [--target T]... [-n N] [--seed S]
                      [--show K] [--gcnsim PATH]
Prints one PASS:/FAIL:/SKIP: line per (family, target); exits non-zero on a
failure.
"""
import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

from llvmtools import MC16, OBJDUMP, assemble_labelled, first_missing, gen_of, norm, tools_for

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import gtest  # noqa: E402
from gtest import check, skip  # noqa: E402

FAMILIES = ["sop1", "sop2", "sopk", "sopc", "sopp", "smrd", "smem", "vop1", "vop2",
            "vopc", "vop3", "vop3p", "sdwa", "dpp", "vintrp", "ds", "mubuf", "mtbuf",
            "mimg", "flat", "exp"]
DEFAULT_TARGETS = ["gfx601", "gfx701", "gfx803", "gfx900"]

# ---------------------------------------------------------------------------
# Documented exceptions: disagreements that are understood and accepted.
# Each entry is a dict:
#   target  regex matched (re.fullmatch) against the target name, e.g. "gfx9.*"
#   family  family name, or "*"
#   match   either a regex searched in the oracle-side text (gfx8/9: LLVM's
#           text; gfx6/7: our text, the one that failed to re-assemble), or a
#           callable taking the Case object (fields: words, ours, ours_len,
#           llvm, llvm_len, llvm_bytes, target, gen, family, kind) -> bool
#   reason  one line: why this is not a decoder bug
# Matching cases are counted separately and printed as exceptions.
def _diff_words(case):
    """XOR of the words we consumed and llvm-mc-15's re-assembly (gfx6/7)."""
    if case.llvm_bytes is None or len(case.llvm_bytes) != 4 * case.ours_len:
        return None
    got = [int.from_bytes(case.llvm_bytes[k:k + 4], "little") for k in range(0, len(case.llvm_bytes), 4)]
    return [a ^ b for a, b in zip(case.words[:case.ours_len], got)]


def _buf_ignored_bits(case):
    """Per-dword mask of the MUBUF/MTBUF/DS bits LLVM's decoder ignores
    (verified against llvm-objdump-16 on gfx8/9, same field layout on
    gfx6/7) and its assembler always writes as zero."""
    t = case.ours
    if case.family == "ds":
        return [1 << 16, 0]
    if case.family == "mtbuf":
        m1 = 1 << 21
    elif t.startswith("buffer_wbinvl1"):
        return [0x0003FFFF & ~0x1F000 | 1 << 25, 0xFFFFFFFF]
    else:
        m1 = 1 << 21
        if t.startswith("buffer_atomic") or t.startswith("buffer_store_lds_dword"):
            m1 |= 1 << 23                                 # tfe
        if t.endswith(" lds") or " lds " in t:
            m1 |= 0xFF00                                  # vdata
    if not re.search(r" (offen|idxen|addr64)\b", t):
        m1 |= 0xFF                                        # vaddr
    m0 = (1 << 25 | 1 << 17) if case.family == "mubuf" else 0
    return [m0, m1]


def _only_ignored_bits(case):
    d = _diff_words(case)
    return d is not None and case.kind == "bytes" and all(
        x & ~m == 0 for x, m in zip(d, _buf_ignored_bits(case)))


def _swizzle_bitmask_lossy(case):
    d = _diff_words(case)
    return (d is not None and "swizzle(BITMASK_PERM" in case.ours and d[1] == 0
            and d[0] & ~(0xFFFF | 1 << 16) == 0)


EXCEPTIONS = [
    {"target": "gfx6.*|gfx7.*", "family": "*", "match": lambda c: c.family in ("ds", "mubuf", "mtbuf") and _only_ignored_bits(c),
     "reason": "bits LLVM ignores when decoding (DS gfx6/7 [16]; MUBUF [25], gfx6/7 [17]; w1[21]; vaddr without "
               "offen/idxen/addr64; vdata with lds; tfe of atomics; all of buffer_wbinvl1* but [16:12]) "
               "cannot be written in assembly, llvm-mc-15 encodes them as 0"},
    {"target": "gfx6.*|gfx7.*", "family": "ds", "match": _swizzle_bitmask_lossy,
     "reason": "LLVM prints several ds_swizzle BITMASK_PERM and/or/xor masks as the same string; "
               "it re-assembles to an equivalent pattern"},
]


# VOP1/VOP2/VOPC on gfx6/7: texts that cannot re-assemble to the same words.
_E32 = ("vop1", "vop2", "vopc")


def _e32_words_diff(case):
    """XOR of our words and llvm-mc-15's re-assembly, None if lengths differ."""
    got = case.llvm_bytes
    if got is None or len(got) != 4 * case.ours_len:
        return None
    return [w ^ int.from_bytes(got[4 * k:4 * k + 4], "little") for k, w in enumerate(case.words[:case.ours_len])]


def _e32_odd_pair(case):
    """Only bit 0 of src0 differs and the text names an SGPR/ttmp pair."""
    d = _e32_words_diff(case)
    return (case.family in _E32 and d is not None and d[0] == 1 and not any(d[1:])
            and (case.words[0] & 0x1FF) < 128 and re.search(r"(s|ttmp)\[\d+:\d+\]", case.ours) is not None)


def _e32_asm_rule(case):
    return case.family in _E32 and case.kind == "asm-error" and re.search(
        r"violates constant bus restrictions|lds_direct cannot be used with this instruction",
        case.llvm) is not None


def _e32_lossy_literal(case):
    """src0 is a literal that re-assembles as the inline constant it prints
    as, or (16-bit operand) with its high half cleared."""
    if case.family not in _E32 or case.kind != "bytes" or (case.words[0] & 0x1FF) != 0xFF:
        return False
    got = case.llvm_bytes or b""
    g0 = int.from_bytes(got[:4], "little")
    if (g0 ^ case.words[0]) & ~0x1FF == 0 and (128 <= (g0 & 0x1FF) <= 208 or 240 <= (g0 & 0x1FF) <= 248):
        return True
    d = _e32_words_diff(case)
    return d is not None and len(d) == 2 and d[0] == 0 and d[1] & 0xFFFF == 0


EXCEPTIONS += [
    {"target": "gfx6.*|gfx7.*", "family": "*", "match": _e32_odd_pair,
     "reason": "LLVM prints an odd SGPR/ttmp starting a 64-bit operand as the even pair below it "
               "(as llvm-objdump-16 does on gfx8/9); that text names the even register"},
    {"target": "gfx6.*|gfx7.*", "family": "*", "match": _e32_asm_rule,
     "reason": "llvm-mc-15 counts implicit vcc/m0 or a literal K against the gfx6/7 constant-bus limit "
               "(v_cndmask/v_addc/v_subb*/v_madmk/v_madak with an SGPR, v_writelane with two SGPRs, "
               "v_movreld with an SGPR) and refuses lds_direct in *rev ops; LLVM 16 disassembles "
               "the same encodings on gfx8/9"},
    {"target": "gfx6.*|gfx7.*", "family": "*", "match": _e32_lossy_literal,
     "reason": "LLVM prints a literal equal to an inline constant as that constant, and a 16-bit "
               "operand's literal as its low half, so the text re-assembles differently"},
]


# Scalar families on gfx6/7 (SOP1/SOP2/SOPC/SOPK/SOPP/SMRD).

_S_NODST = ("s_setpc_b64", "s_rfe_b64", "s_cbranch_join", "s_cbranch_g_fork", "s_rfe_restore_b64",
            "s_setreg_imm32_b32")
_S_NOSRC = ("s_getpc_b64",)


def _s_tuple_low(tok):
    """Low bits of a register field that a tuple operand's text hides."""
    m = re.match(r"(?:s|ttmp)\[(\d+):(\d+)\]$", tok)
    if not m:
        return 0
    w = int(m.group(2)) - int(m.group(1)) + 1
    return 1 if w == 2 else 3


def _s_lossy_mask(case):
    """Bits of the first dword LLVM's printer does not show for this scalar
    instruction: unused fields, the low bits of a misaligned tuple,
    s_waitcnt/s_sendmsg bits outside their fields."""
    name, _, rest = case.ours.partition(" ")
    ops = [o.strip() for o in rest.split(", ")] if rest else []
    fam, m = case.family, 0
    if fam == "smrd":
        if name.startswith("s_dcache_inv"):
            return 0x3FFEFF
        if name == "s_memtime":
            return 0x7EFF | _s_tuple_low(ops[0]) << 15
        m = _s_tuple_low(ops[0]) << 15
        if name.startswith("s_buffer_"):
            m |= 1 << 9
        return m
    if fam == "sopp":
        if name == "s_waitcnt":
            return 0xF080
        if name in ("s_sendmsg", "s_sendmsghalt") and ops[0].startswith("sendmsg(MSG_"):
            return 0xFC80
        return 0
    fields = {"sop1": [16, 0], "sop2": [16, 0, 8], "sopc": [0, 8], "sopk": [16]}[fam]
    if name in _S_NODST:
        m |= 0x7F << 16
        fields = fields[1:]
    if name in _S_NOSRC:
        m |= 0xFF
    for shift, tok in zip(fields, ops):
        m |= _s_tuple_low(tok) << shift
    return m


def _scalar_lossy_bits(case):
    d = _diff_words(case)
    return (case.family in _SCALAR and case.kind == "bytes" and d is not None and not any(d[1:])
            and d[0] & ~_s_lossy_mask(case) == 0)


def _scalar_lossy_literal(case):
    """A literal printed as the inline constant it equals (SOP*), or a gfx7
    SMRD literal offset below 0x100: llvm-mc-15 re-assembles one dword
    shorter, only the literal's source field (or the SMRD imm/offset) differs."""
    got = case.llvm_bytes
    if case.family not in _SCALAR or case.kind != "bytes" or got is None or len(got) != 4 * (case.ours_len - 1):
        return False
    w0, g0 = case.words[0], int.from_bytes(got[:4], "little")
    if case.family == "smrd":
        return (w0 & 0x1FF) == 0xFF and case.words[1] <= 0xFF and g0 == (w0 & ~0x1FF | 0x100 | case.words[1])
    lit = [k for k in (0, 8) if (w0 >> k) & 0xFF == 0xFF]
    return bool(lit) and (w0 ^ g0) & ~sum(0xFF << k for k in lit) == 0 and all(
        128 <= (g0 >> k) & 0xFF <= 208 or 240 <= (g0 >> k) & 0xFF <= 247 for k in lit)


_SCALAR = ("sop1", "sop2", "sopc", "sopk", "sopp", "smrd")

EXCEPTIONS += [
    {"target": "gfx6.*|gfx7.*", "family": "*", "match": _scalar_lossy_bits,
     "reason": "scalar: LLVM's printer names a misaligned SGPR/ttmp tuple by its aligned base and does not "
               "show fields the instruction ignores (s_getpc ssrc0, sdst of s_setpc/s_rfe/s_cbranch_*/"
               "s_setreg_imm32, s_memtime/s_dcache_inv SMRD fields, s_waitcnt/s_sendmsg bits outside their "
               "fields), as llvm-objdump-16 does on gfx8/9; llvm-mc-15 encodes them as 0"},
    {"target": "gfx6.*|gfx7.*", "family": "*", "match": _scalar_lossy_literal,
     "reason": "scalar: LLVM prints a literal equal to an inline constant as that constant (relocated "
               "code has such literals) and a gfx7 SMRD literal offset below 0x100 as plain hex; "
               "llvm-mc-15 re-assembles the shorter form"},
]


# ---------------------------------------------------------------------------
# word generation

def classify(gen, w0, w1=None):
    """Family of a first dword, mirroring the hardware encoding map."""
    top9, top6 = w0 >> 23, w0 >> 26
    if top9 == 0x17D:
        return "sop1"
    if top9 == 0x17E:
        return "sopc"
    if top9 == 0x17F:
        return "sopp"
    if w0 >> 28 == 0xB:
        return "sopk"
    if w0 >> 30 == 2:
        return "sop2"
    if not w0 >> 31:
        top7 = w0 >> 25
        if gen >= 8 and (w0 & 0x1FF) == 0xF9:
            return "sdwa"
        if gen >= 8 and (w0 & 0x1FF) == 0xFA:
            return "dpp"
        return "vop1" if top7 == 0x3F else "vopc" if top7 == 0x3E else "vop2"
    if gen <= 7:
        if w0 >> 27 == 0x18:
            return "smrd"
        return {0x32: "vintrp", 0x34: "vop3", 0x36: "ds", 0x37: "flat" if gen == 7 else None,
                0x38: "mubuf", 0x3A: "mtbuf", 0x3C: "mimg", 0x3E: "exp"}.get(top6)
    if top6 == 0x34:
        return "vop3p" if gen >= 9 and top9 == 0x1A7 else "vop3"
    return {0x30: "smem", 0x31: "exp", 0x35: "vintrp", 0x36: "ds", 0x37: "flat",
            0x38: "mubuf", 0x3A: "mtbuf", 0x3C: "mimg"}.get(top6)


def family_spec(family, gen):
    """(mask, value, dwords) of the fixed prefix of the first dword, or None
    when the family does not exist in the generation."""
    old = gen <= 7
    specs = {
        "sop1": (0xFF800000, 0xBE800000, 1),
        "sopc": (0xFF800000, 0xBF000000, 1),
        "sopp": (0xFF800000, 0xBF800000, 1),
        "sopk": (0xF0000000, 0xB0000000, 1),
        "sop2": (0xC0000000, 0x80000000, 1),
        "vop1": (0xFE000000, 0x7E000000, 1),
        "vopc": (0xFE000000, 0x7C000000, 1),
        "vop2": (0x80000000, 0x00000000, 1),
        "smrd": (0xF8000000, 0xC0000000, 1) if old else None,
        "smem": None if old else (0xFC000000, 0xC0000000, 2),
        "vop3": (0xFC000000, 0xD0000000, 2),
        "vop3p": (0xFF800000, 0xD3800000, 2) if gen >= 9 else None,
        "vintrp": (0xFC000000, 0xC8000000 if old else 0xD4000000, 1),
        "ds": (0xFC000000, 0xD8000000, 2),
        "flat": (0xFC000000, 0xDC000000, 2) if gen >= 7 else None,
        "mubuf": (0xFC000000, 0xE0000000, 2),
        "mtbuf": (0xFC000000, 0xE8000000, 2),
        "mimg": (0xFC000000, 0xF0000000, 2),
        "exp": (0xFC000000, 0xF8000000 if old else 0xC4000000, 2),
        "sdwa": None if old else (0, 0, 2),
        "dpp": None if old else (0, 0, 2),
    }
    return specs[family]


def sparse(rng, w):
    """Zero each nibble of w with probability 1/2 (reaches zero-must-be
    fields and small register numbers more often than uniform bits do)."""
    keep = 0
    for i in range(8):
        if rng.random() < 0.5:
            keep |= 0xF << (4 * i)
    return w & keep


def gen_case(rng, family, gen):
    mask, value, ndw = family_spec(family, gen)
    if family in ("sdwa", "dpp"):
        base = rng.choice(["vop1", "vop2", "vopc"])
        mask, value, _ = family_spec(base, gen)
        mask |= 0x1FF
        value |= 0xF9 if family == "sdwa" else 0xFA
    dense = rng.random() < 0.5
    while True:
        words = [rng.getrandbits(32) for _ in range(ndw + 1)]
        if not dense:
            words = [sparse(rng, w) for w in words]
        words[0] = (words[0] & ~mask & 0xFFFFFFFF) | value
        if classify(gen, words[0]) == family:
            return words


def gen_cases(family, target, n, seed):
    rng = random.Random("%s/%s/%s" % (seed, family, target))
    gen = gen_of(target)
    return [gen_case(rng, family, gen) for _ in range(n)]


# ---------------------------------------------------------------------------
# running the tools

LINE_RE = re.compile(r"^\t(.*?)\s*// ([0-9A-Fa-f]{12}): ((?:[0-9A-Fa-f]{8} ?)+)(.*)$")


def run_ours(gcnsim, target, cases, tmp):
    """First instruction of each case as (text, ndw, valid) from gcnsim."""
    path = os.path.join(tmp, "cases.hex")
    with open(path, "w") as f:
        for ws in cases:
            f.write(" ".join("%08x" % w for w in ws) + "\n")
    p = subprocess.run([gcnsim, "disasm", "--hex", "--target", target, path],
                       capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError("gcnsim disasm failed (status %d): %s" % (p.returncode, p.stderr.strip()[:300]))
    firsts = []
    for line in p.stdout.splitlines():
        m = LINE_RE.match(line)
        if not m:
            continue
        if int(m.group(2), 16) == 0:      # every case starts at address 0
            text = norm(m.group(1))
            nw = len(m.group(3).split())
            firsts.append((text, nw, not text.startswith(".long ")))
    if len(firsts) != len(cases):
        raise RuntimeError("gcnsim printed %d instructions at address 0 for %d cases"
                           % (len(firsts), len(cases)))
    return firsts


def objdump_cases(target, cases, tmp, tag):
    """Disassemble cases with LLVM 16; returns a list of (text, ndw, valid),
    or None when llvm-objdump crashes on this set of cases."""
    src = os.path.join(tmp, "cases%s.s" % tag)
    obj = os.path.join(tmp, "cases%s.o" % tag)
    with open(src, "w") as f:
        for i, ws in enumerate(cases):
            f.write('.section .c%d,"ax",@progbits\n.long %s\n'
                    % (i, ", ".join("0x%08x" % w for w in ws)))
    p = subprocess.run([MC16, "-triple=amdgcn-amd-amdhsa", "-mcpu=" + target,
                        "-filetype=obj", "-o", obj, src], capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError("%s failed: %s" % (MC16, p.stderr.strip()[:300]))
    p = subprocess.run([OBJDUMP, "-d", "-z", "--mcpu=" + target, obj],
                       capture_output=True, text=True)
    if p.returncode != 0:
        if "Stack dump" in p.stderr or p.returncode < 0:
            return None
        raise RuntimeError("%s failed: %s" % (OBJDUMP, p.stderr.strip()[:300]))
    res = [None] * len(cases)
    cur = None
    for line in p.stdout.splitlines():
        m = re.match(r"^Disassembly of section \.c(\d+):", line)
        if m:
            cur = int(m.group(1))
            continue
        m = LINE_RE.match(line)
        if m and cur is not None and res[cur] is None:
            text = norm(m.group(1))
            res[cur] = (text, len(m.group(3).split()), not text.startswith(".long "))
    missing = [i for i, r in enumerate(res) if r is None]
    if missing:
        raise RuntimeError("llvm-objdump printed nothing for case %d" % missing[0])
    return res


def sdwa_sel7(words):
    """An SDWA word with a printed selector field of 7 (no such selector).
    LLVM 16 crashes printing those it would otherwise accept, and rejects
    the others, so they are not sent to it: the expected verdict is invalid.
    VOP1 ops with no SDWA form (0 v_nop, 0x35 v_clrexcp, gfx9 0x51 v_swap_b32)
    are decoded by LLVM as the 1-dword e32 form, so they are sent to it."""
    w0, w1 = words[0], words[1]
    if (w0 & 0x1FF) != 0xF9 or w0 >> 31:
        return False
    dst, s0, s1 = (w1 >> 8) & 7, (w1 >> 16) & 7, (w1 >> 24) & 7
    top7 = w0 >> 25
    if top7 == 0x3F:
        return ((w0 >> 9) & 0xFF) not in (0x00, 0x35, 0x51) and 7 in (dst, s0)
    if top7 == 0x3E:
        return 7 in (s0, s1)
    return 7 in (dst, s0, s1)


SEL7 = ("(SDWA sel 7)", 0, False)


def run_llvm_dis(target, cases, tmp):
    """First instruction of each case as (text, ndw, valid) from LLVM 16;
    SEL7 for the SDWA selector-7 words; None for a case llvm-objdump
    crashes on (found by bisection)."""
    res = [SEL7 if sdwa_sel7(ws) else None for ws in cases]
    idx = [i for i, r in enumerate(res) if r is None]
    if idx:
        for i, r in zip(idx, bisect_llvm_dis(target, [cases[i] for i in idx], tmp, "")):
            res[i] = r
    return res


def bisect_llvm_dis(target, cases, tmp, tag):
    res = objdump_cases(target, cases, tmp, tag)
    if res is not None:
        return res
    if len(cases) == 1:
        return [None]
    h = len(cases) // 2
    return (bisect_llvm_dis(target, cases[:h], tmp, tag + "a") +
            bisect_llvm_dis(target, cases[h:], tmp, tag + "b"))


def run_llvm_asm(target, texts, tmp):
    """Assemble texts (index -> text) with llvm-mc-15; returns index ->
    (bytes or None, error message)."""
    enc, diags = assemble_labelled(target, texts, os.path.join(tmp, "ours.s"))
    res = {i: (None, "no output") for i in sorted(texts)}
    for i, e in enc.items():
        try:
            res[i] = (bytes(int(b, 16) for b in e.split(",")), "")
        except ValueError:
            res[i] = (None, "encoding with fixups: " + e)
    for i, ds in diags.items():
        for kind, msg in ds:
            if kind == "error" or res[i][0] is None:
                res[i] = (None, msg)
    return res


# ---------------------------------------------------------------------------
# comparison

class Case:
    def __init__(self, **kw):
        self.__dict__.update(kw)

    def words_str(self):
        return " ".join("%08x" % w for w in self.words)


def exception_for(case):
    for e in EXCEPTIONS:
        if not re.fullmatch(e["target"], case.target):
            continue
        if e["family"] not in ("*", case.family):
            continue
        m = e["match"]
        if callable(m):
            ok = m(case)
        else:
            text = case.llvm if case.gen >= 8 else case.ours
            ok = bool(re.search(m, text or ""))
        if ok:
            return e["reason"]
    return None


def check_new(family, target, cases, ours, llvm):
    """gfx8/9: compare with LLVM's disassembly.  Returns (bad, stats)."""
    bad, stats = [], {"valid": 0, "crash": []}
    for ws, (ot, on, ov), lres in zip(cases, ours, llvm):
        if lres is None:            # LLVM crashed on it: nothing to compare with
            stats["crash"].append(ws)
            continue
        lt, ln, lv = lres
        stats["valid"] += lv
        stats["sel7"] = stats.get("sel7", 0) + (lres is SEL7)
        if ov != lv:
            kind = "we-invalid" if lv else "we-valid"
        elif not ov:
            continue
        elif ot != lt:
            kind = "text"
        elif on != ln:
            kind = "length"
        else:
            continue
        bad.append(Case(words=ws, ours=ot, ours_len=on, llvm=lt, llvm_len=ln, llvm_bytes=None,
                        target=target, gen=gen_of(target), family=family, kind=kind))
    return bad, stats


def check_old(family, target, cases, ours, tmp):
    """gfx6/7: our valid text must re-assemble to the words we consumed."""
    texts = {i: o[0] for i, o in enumerate(ours) if o[2]}
    stats = {"valid": len(texts), "asm-error": 0, "bytes": 0}
    if not texts:
        return [], stats
    asm = run_llvm_asm(target, texts, tmp)
    bad = []
    for i, text in texts.items():
        ws, nw = cases[i], ours[i][1]
        want = b"".join(w.to_bytes(4, "little") for w in ws[:nw])
        got, err = asm[i]
        if got == want:
            continue
        if got is None:
            kind, llvm = "asm-error", "error: " + err
        else:
            kind = "bytes"
            gw = [int.from_bytes(got[k:k + 4], "little") for k in range(0, len(got) - 3, 4)]
            llvm = " ".join("%08x" % w for w in gw)
            if len(got) % 4:
                llvm += " +%d bytes" % (len(got) % 4)
        bad.append(Case(words=ws, ours=text, ours_len=nw, llvm=llvm, llvm_len=len(got or b"") // 4,
                        llvm_bytes=got, target=target, gen=gen_of(target), family=family,
                        kind=kind))
    return bad, stats


def show_case(c):
    out = ["    words %s  [%s]" % (c.words_str(), c.kind)]
    out.append("      ours: %s  (%d dw)" % (c.ours, c.ours_len))
    if c.gen >= 8:
        out.append("      llvm: %s  (%d dw)" % (c.llvm, c.llvm_len))
    else:
        out.append("      llvm-mc-15 re-assembly: %s" % c.llvm)
        if c.llvm_bytes is not None:
            diff = [(a ^ b) for a, b in zip(c.words[:c.ours_len],
                    [int.from_bytes(c.llvm_bytes[k:k + 4], "little")
                     for k in range(0, len(c.llvm_bytes) - 3, 4)])]
            out.append("      differing bits: %s" % " ".join("%08x" % d for d in diff))
    return "\n".join(out)


def run_one(args, family, target, tmp_root):
    """Checks one (family, target): (ok, the check's name and numbers, lines that explain it)."""
    gen = gen_of(target)
    name = "random %s %s" % (family, target)
    tmp = tempfile.mkdtemp(prefix="%s-%s-" % (family, target), dir=tmp_root)
    cases = gen_cases(family, target, args.n, args.seed)
    try:
        ours = run_ours(args.gcnsim, target, cases, tmp)
        if gen >= 8:
            llvm = run_llvm_dis(target, cases, tmp)
            bad, stats = check_new(family, target, cases, ours, llvm)
        else:
            bad, stats = check_old(family, target, cases, ours, tmp)
    except (RuntimeError, OSError) as e:
        return False, "%s: %s" % (name, e), []
    excused = {}
    real = []
    for c in bad:
        r = exception_for(c)
        if r:
            excused[r] = excused.get(r, 0) + 1
        else:
            real.append(c)
    n = len(cases)
    agree = n - len(bad)
    if gen >= 8:
        detail = "valid %d" % stats["valid"]
        kinds = ["we-invalid", "we-valid", "text", "length"]
    else:
        detail = "valid %d = %.1f%%, re-assembled by llvm-mc-15" % (stats["valid"], 100.0 * stats["valid"] / n)
        agree = stats["valid"] - len(bad)
        n = stats["valid"]
        kinds = ["asm-error", "bytes"]
    if excused:
        detail += ", %d documented exceptions" % sum(excused.values())
    if stats.get("sel7"):
        detail += ", %d SDWA sel-7 words expected invalid" % stats["sel7"]
    crash = stats.get("crash", [])
    if crash:
        detail += ", %d not compared: llvm-objdump-16 crashes on them" % len(crash)
        agree -= len(crash)
    if real:
        counts = {}
        for c in real:
            counts[c.kind] = counts.get(c.kind, 0) + 1
        detail += "; %d disagree: %s" % (len(real), ", ".join("%d %s" % (counts[k], k) for k in kinds if k in counts))
    what = "agree" if gen >= 8 else "valid words round-trip"
    head = "%s: %d/%d %s (%s)" % (name, agree, n, what, detail)
    lines = []
    for r, k in excused.items():
        lines.append("    exception (%d): %s" % (k, r))
    for c in real[:args.show]:
        lines.append(show_case(c))
    for ws in crash[:args.show]:
        lines.append("    llvm-objdump-16 crashes on: %s" % " ".join("%08x" % w for w in ws))
    return not real, head, lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--family", action="append", choices=FAMILIES, help="family (repeatable; default all)")
    ap.add_argument("--target", action="append", help="target (repeatable; default %s)" % " ".join(DEFAULT_TARGETS))
    ap.add_argument("-n", type=int, default=2000, help="cases per (family, target) (default 2000)")
    ap.add_argument("--seed", default="1", help="random seed (default 1)")
    ap.add_argument("--show", type=int, default=3, help="disagreements to print per failure (default 3)")
    ap.add_argument("--gcnsim", default=gtest.GCNSIM, help="gcnsim binary")
    ap.add_argument("-j", type=int, default=2, help="parallel jobs (default 2)")
    args = ap.parse_args()
    families = args.family or FAMILIES
    targets = args.target or DEFAULT_TARGETS

    for t in targets:
        if gen_of(t) not in (6, 7, 8, 9):
            check("random: unknown target '%s'" % t, False)
            sys.exit(2)
    if not os.access(args.gcnsim, os.X_OK):
        check("random: %s is not built (run make)" % args.gcnsim, False)
        return

    jobs, skipped = [], []
    need = {}
    for t in targets:
        gen = gen_of(t)
        missing = first_missing(tools_for(t))
        for fam in families:
            if family_spec(fam, gen) is None:
                continue
            if missing:
                need.setdefault((t, missing), []).append(fam)
                continue
            jobs.append((fam, t))
    for (t, tool), fams in need.items():
        skip("random %s: %s" % (t, " ".join(fams)), "%s not installed" % tool)

    with tempfile.TemporaryDirectory(prefix="gcnsim-random-") as tmp_root:
        with ThreadPoolExecutor(max_workers=max(1, args.j)) as ex:
            futs = [ex.submit(run_one, args, fam, t, tmp_root) for fam, t in jobs]
            for fut in futs:
                good, head, lines = fut.result()
                check(head, good)
                if lines:
                    print("\n".join(lines), flush=True)


if __name__ == "__main__":
    main()
    gtest.done()
