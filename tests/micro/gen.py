#!/usr/bin/env python3
"""Writes the GCN assembly of the microbenchmark kernels (tests/micro).

usage: gen.py KERNEL TARGET      prints the assembly for llvm-mc
       gen.py --list             prints "KERNEL TARGETS..." per kernel

Each kernel isolates one timing effect (see MANIFEST) and writes a result
buffer (explicit argument 0) that proves it ran: out[gid] for gid =
workgroup_id_x * WG + workitem_id_x.  Registers at launch: s[0:1] kernarg
pointer, s2 workgroup id x, v0 work-item id x.  The common prologue leaves
s[4:5] = out, v1 = gid, v3 = float(gid) and waits for the kernarg load, so
the timed part starts with no memory operation outstanding.
"""
import sys

ALL = ("gfx701", "gfx803", "gfx900")


def gen(t):
    return int(t[3])            # 7, 8 or 9


def vadd_co(t, d, a, b):
    """d = a + b (32-bit, carry to vcc)."""
    op = {7: "v_add_i32_e32", 8: "v_add_u32_e32", 9: "v_add_co_u32_e32"}[gen(t)]
    return f"{op} {d}, vcc, {a}, {b}"


def vaddc(t, d, a, b):
    op = "v_addc_co_u32_e32" if gen(t) == 9 else "v_addc_u32_e32"
    return f"{op} {d}, vcc, {a}, {b}, vcc"


def kernarg_off(t, byte):
    """s_load offset: dwords on gfx7, bytes on gfx8/9 (GCN-FACTS 5.3)."""
    return hex(byte // 4) if gen(t) == 7 else hex(byte)


def prologue(t, wg, lds=False):
    s = [f"s_load_dwordx2 s[4:5], s[0:1], {kernarg_off(t, 0)}",
         f"s_mul_i32 s3, s2, {wg}",
         vadd_co(t, "v1", "s3", "v0"),
         "v_cvt_f32_u32_e32 v3, v1"]
    if lds and gen(t) < 9:
        s.append("s_mov_b32 m0, -1")
    s.append("s_waitcnt lgkmcnt(0)")
    return s


def store(t, data="v3", size=4):
    """out[gid] = data (size 4 or 8 bytes); v1 = gid on entry."""
    shift = {4: 2, 8: 3}[size]
    op = {4: "flat_store_dword", 8: "flat_store_dwordx2"}[size]
    return [f"v_lshlrev_b32_e32 v1, {shift}, v1",
            vadd_co(t, "v1", "s4", "v1"),
            "v_mov_b32_e32 v2, s5",
            vaddc(t, "v2", "0", "v2"),
            f"{op} v[1:2], {data}",
            "s_endpgm"]


# ---- kernels: each returns (body lines, descriptor/metadata settings) ------

def k_empty_frame(t):
    """baseline: the common frame with an empty body: out = gid."""
    return prologue(t, 64) + store(t), dict(vgpr=4, wg=64)


def k_valu_chain(t):
    """(a)(b)(c) 256 dependent v_add_f32: out = gid + 128."""
    body = prologue(t, 256) + ["v_add_f32_e32 v3, 0.5, v3"] * 256 + store(t)
    return body, dict(vgpr=4, wg=256)


def k_mul_lo_chain(t):
    """(d) 64 dependent v_mul_lo_u32: out = gid * 3^64 mod 2^32."""
    body = prologue(t, 64) + ["v_mul_lo_u32 v3, v1, 1"] + \
        ["v_mul_lo_u32 v3, v3, 3"] * 64 + store(t)
    return body, dict(vgpr=4, wg=64)


def k_rcp_chain(t):
    """(d) 64 dependent v_rcp_f32 on gid+1: out ~= gid + 1."""
    body = prologue(t, 64) + ["v_add_f32_e32 v3, 1.0, v3"] + \
        ["v_rcp_f32_e32 v3, v3"] * 64 + store(t)
    return body, dict(vgpr=4, wg=64)


def k_add_f64_chain(t):
    """(d) 64 dependent v_add_f64 (+0.5): out (f64) = gid + 32."""
    body = prologue(t, 64) + ["v_cvt_f64_u32_e32 v[4:5], v1"] + \
        ["v_add_f64 v[4:5], v[4:5], 0.5"] * 64 + store(t, "v[4:5]", 8)
    return body, dict(vgpr=6, wg=64)


def k_fma_f64_chain(t):
    """(d) 64 dependent v_fma_f64 (x*1.0+0.5): out (f64) = gid + 32."""
    body = prologue(t, 64) + ["v_cvt_f64_u32_e32 v[4:5], v1"] + \
        ["v_fma_f64 v[4:5], v[4:5], 1.0, 0.5"] * 64 + store(t, "v[4:5]", 8)
    return body, dict(vgpr=6, wg=64)


def k_salu_valu_1w(t):
    """(e) one wave: 128 x (s_add_u32; v_add_f32) interleaved:
    out = gid + 128 + 5*128."""
    body = prologue(t, 64) + ["s_mov_b32 s6, 0"]
    for _ in range(128):
        body += ["s_add_u32 s6, s6, 5", "v_add_f32_e32 v3, 1.0, v3"]
    body += ["v_cvt_f32_u32_e32 v4, s6", "v_add_f32_e32 v3, v3, v4"] + store(t)
    return body, dict(vgpr=5, wg=64)


def salu_valu_2w(t, n):
    """(e) work-group of 5 waves: wave 0 runs N s_add_u32, wave 4 (the
    second wave of SIMD 0 when waves are dealt to SIMDs round-robin) runs
    N v_add_f32, waves 1-3 only store.  out = gid + 5N (wave 0),
    gid + N (wave 4), gid (waves 1-3)."""
    body = prologue(t, 320) + [
        "v_readfirstlane_b32 s7, v0",
        "s_lshr_b32 s7, s7, 6",            # wave index in the group
        "s_cmp_eq_u32 s7, 0",
        "s_cbranch_scc1 .Lsalu",
        "s_cmp_eq_u32 s7, 4",
        "s_cbranch_scc1 .Lvalu",
        "s_branch .Lstore",
        ".Lsalu:",
        "s_mov_b32 s6, 0"] + ["s_add_u32 s6, s6, 5"] * n + [
        "v_cvt_f32_u32_e32 v4, s6",
        "v_add_f32_e32 v3, v3, v4",
        "s_branch .Lstore",
        ".Lvalu:"] + ["v_add_f32_e32 v3, 1.0, v3"] * n + [
        ".Lstore:"] + store(t)
    return body, dict(vgpr=5, wg=320, maxwg=320)


def k_salu_valu_2w(t):
    return salu_valu_2w(t, 128)


def k_salu_valu_2w_long(t):
    """(e) salu_valu_2w with 256 + 256: the difference of the two is 128
    SALU + 128 VALU ops with the branches and instruction-cache misses of
    the frame cancelled."""
    return salu_valu_2w(t, 256)


def smem(t, early):
    """(f) s_load of argument 1 then s_waitcnt at once (early) or after 20
    independent VALU ops: out = 2*gid + 2 + arg."""
    load = [f"s_load_dword s8, s[0:1], {kernarg_off(t, 8)}"]
    wait = ["s_waitcnt lgkmcnt(0)"]
    indep = [f"v_add_f32_e32 v{10 + k}, 1.0, v3" for k in range(20)]
    mid = (wait + indep) if early else (indep + wait)
    body = prologue(t, 64) + load + mid + [
        "v_add_f32_e32 v3, v10, v29",
        "v_cvt_f32_u32_e32 v4, s8",
        "v_add_f32_e32 v3, v3, v4"] + store(t)
    return body, dict(vgpr=30, wg=64, sgpr=10, arg1=True)


def k_smem_wait_early(t):
    return smem(t, True)


def k_smem_wait_late(t):
    return smem(t, False)


def lds(t, stride):
    """(g) each lane writes gid+1 to LDS dword lane*stride, then 16
    independent ds_read_b32 of it: out = 2*(gid + 1)."""
    body = prologue(t, 64, lds=True) + [
        f"v_mul_u32_u24_e32 v5, {stride * 4}, v0",
        "v_add_f32_e32 v3, 1.0, v3",
        "ds_write_b32 v5, v3",
        "s_waitcnt lgkmcnt(0)"] + \
        [f"ds_read_b32 v{10 + k}, v5" for k in range(16)] + [
        "s_waitcnt lgkmcnt(0)",
        "v_add_f32_e32 v3, v10, v25"] + store(t)
    return body, dict(vgpr=26, wg=64, lds=64 * 4 * stride)


def k_lds_stride1(t):
    return lds(t, 1)


def k_lds_stride32(t):
    return lds(t, 32)


def occ_body(t, wg, extra=()):
    return prologue(t, wg) + list(extra) + \
        ["v_add_f32_e32 v3, 1.0, v3"] + store(t)


def k_occ_vgpr(t):
    """(h) 128 VGPRs allocated (v127 used): out = gid + 1."""
    body = occ_body(t, 64, ["v_mov_b32_e32 v127, v3", "v_mov_b32_e32 v3, v127"])
    return body, dict(vgpr=128, wg=64, reqd=64)


def k_occ_sgpr(t):
    """(h) SGPRs: s[0:N-1] allocated (the highest used): out = gid + 1.
    next_free_sgpr + VCC (+ XNACK_MASK on gfx900): gfx701 80 + 2 = 82
    (> 80 -> 5 waves), gfx803 100 + 2, gfx900 98 + 4 = 102 (> 100 -> 7)."""
    n = 80 if gen(t) == 7 else 100 if gen(t) == 8 else 98
    body = occ_body(t, 64, [f"s_mov_b32 s{n - 1}, s3",
                            f"s_add_u32 s3, s{n - 1}, 0"])
    return body, dict(vgpr=4, wg=64, reqd=64, sgpr=n)


def k_occ_lds(t):
    """(h) 32 KiB static LDS per 64-lane group; the last 256 bytes are
    written and read back: out = gid + 1."""
    body = prologue(t, 64, lds=True) + [
        "v_lshlrev_b32_e32 v5, 2, v0",
        "ds_write_b32 v5, v3 offset:32512",
        "v_mov_b32_e32 v3, 0",
        "s_waitcnt lgkmcnt(0)",
        "ds_read_b32 v3, v5 offset:32512",
        "s_waitcnt lgkmcnt(0)",
        "v_add_f32_e32 v3, 1.0, v3"] + store(t)
    return body, dict(vgpr=6, wg=64, reqd=64, lds=32768)


def k_occ_wgslots(t):
    """(h) 128-lane (2-wave) work-groups, nothing else limiting: out = gid + 1."""
    return occ_body(t, 128), dict(vgpr=4, wg=128, reqd=128)


def k_empty_frame_f64(t):
    """(d) baseline of the f64 chains: their frame (v_cvt_f64_u32 and the
    8-byte store) with an empty body: out (f64) = gid."""
    body = prologue(t, 64) + ["v_cvt_f64_u32_e32 v[4:5], v1"] + \
        store(t, "v[4:5]", 8)
    return body, dict(vgpr=6, wg=64)


def setprio(t, prio):
    """s_setprio: work-group of 5 waves; waves 0 and 4 (both on SIMD 0 when
    waves are dealt to SIMDs round-robin) run 256 dependent v_add_f32, wave
    4 (the younger) after s_setprio PRIO; waves 1-3 only store.  After its
    chain each of waves 0 and 4 adds 1 per lane to an LDS counter with
    ds_add_rtn_u32: the wave that finishes its chain first gets the lower
    values.  out[gid] = the value returned (waves 0, 4); float(gid) for
    waves 1-3."""
    body = prologue(t, 320, lds=True) + [
        "v_readfirstlane_b32 s7, v0",
        "s_lshr_b32 s7, s7, 6",            # wave index in the group
        "s_cmp_eq_u32 s7, 4",
        "s_cbranch_scc1 .Lprio",
        "s_cmp_eq_u32 s7, 0",
        "s_cbranch_scc1 .Lchain",
        "s_branch .Lstore",
        ".Lprio:",
        f"s_setprio {prio}",
        ".Lchain:"] + ["v_add_f32_e32 v3, 0.5, v3"] * 256 + [
        "v_mov_b32_e32 v5, 0",
        "v_mov_b32_e32 v6, 1",
        "ds_add_rtn_u32 v3, v5, v6",
        "s_waitcnt lgkmcnt(0)",
        ".Lstore:"] + store(t)
    return body, dict(vgpr=7, wg=320, maxwg=320, lds=4)


def k_setprio_younger(t):
    return setprio(t, 3)


def k_setprio_equal(t):
    return setprio(t, 0)


# ---- issue costs (GCN-FACTS 1.3, CLRX's measured issue table) ---------------
# Each kernel issues N independent instances of one instruction in one wave
# after its operands are set up; a pair (N = 4 and N = 12) differs only in
# the 8 instances, so the difference is 8 issue intervals (the last one's
# completion latency, the frame and the setup cancel).

def mubuf_setup(t, stride):
    """s[8:11] = a raw buffer resource over out (no stride, num_records
    0xffffffff); v5 = lane * stride; one load of the lines the kernel will
    touch, waited for, so the timed loads hit the vector L1."""
    return ["s_mov_b32 s8, s4",
            "s_and_b32 s9, s5, 0xffff",
            "s_mov_b32 s10, -1",
            "s_mov_b32 s11, 0x27000",
            f"v_mul_u32_u24_e32 v5, {stride}, v0",
            "v_mov_b32_e32 v6, 0",
            "v_mov_b32_e32 v7, 0",
            "v_mov_b32_e32 v8, 0",
            "v_mov_b32_e32 v9, 0",
            "buffer_load_dwordx4 v[10:13], v5, s[8:11], 0 offen",
            "s_waitcnt vmcnt(0)"]


def vreg(base, k, n):
    return f"v{base + n * k}" if n == 1 else f"v[{base + n * k}:{base + n * k + n - 1}]"


# op: (kind, instance k -> line, address stride in bytes, VGPRs)
ISSUE_OPS = {
    "buffer_load_dword": ("mubuf", lambda k: f"buffer_load_dword {vreg(10, k, 1)}, v5, s[8:11], 0 offen", 4, 24),
    "buffer_load_dwordx2": ("mubuf", lambda k: f"buffer_load_dwordx2 {vreg(10, k, 2)}, v5, s[8:11], 0 offen", 8, 36),
    "buffer_load_ubyte": ("mubuf", lambda k: f"buffer_load_ubyte {vreg(10, k, 1)}, v5, s[8:11], 0 offen", 4, 24),
    "buffer_load_ushort": ("mubuf", lambda k: f"buffer_load_ushort {vreg(10, k, 1)}, v5, s[8:11], 0 offen", 4, 24),
    "buffer_atomic_add": ("mubuf", lambda k: "buffer_atomic_add v6, v5, s[8:11], 0 offen", 4, 14),
    "buffer_atomic_add_glc": ("mubuf", lambda k: f"buffer_atomic_add {vreg(10, k, 1)}, v5, s[8:11], 0 offen glc", 4, 24),
    "buffer_atomic_cmpswap": ("mubuf", lambda k: "buffer_atomic_cmpswap v[6:7], v5, s[8:11], 0 offen", 4, 14),
    "buffer_atomic_cmpswap_x2": ("mubuf", lambda k: "buffer_atomic_cmpswap_x2 v[6:9], v5, s[8:11], 0 offen", 8, 14),
    "ds_read_b32": ("ds", lambda k: f"ds_read_b32 {vreg(10, k, 1)}, v5", 4, 24),
    "ds_read_b96": ("ds", lambda k: f"ds_read_b96 {vreg(10, k, 3)}, v5", 16, 48),
    "ds_cmpst_b32": ("ds", lambda k: "ds_cmpst_b32 v5, v6, v7", 4, 10),
    "ds_cmpst_b64": ("ds", lambda k: "ds_cmpst_b64 v5, v[6:7], v[8:9]", 8, 10),
    "ds_swizzle_b32": ("ds", lambda k: f"ds_swizzle_b32 {vreg(10, k, 1)}, v3 offset:0x1f", 4, 24),
    "v_div_scale_f64": ("f64", lambda k: "v_div_scale_f64 v[10:11], vcc, v[4:5], v[4:5], v[4:5]", 0, 12),
    "v_div_fixup_f64": ("f64", lambda k: "v_div_fixup_f64 v[10:11], v[4:5], v[4:5], v[4:5]", 0, 12),
    "v_div_fmas_f64": ("f64", lambda k: "v_div_fmas_f64 v[10:11], v[4:5], v[4:5], v[4:5]", 0, 12),
}
ISSUE_N = (4, 12)


def issue(t, op, n):
    """N independent instances of op: out = gid (f32; f64 for the f64
    ops, whose frame is empty_frame_f64's)."""
    kind, line, stride, vgpr = ISSUE_OPS[op]
    body = [line(k) for k in range(n)]
    if kind == "f64":
        return empty_frame_f64_with(t, body), dict(vgpr=vgpr, wg=64)
    if kind == "ds":
        setup = [f"v_mul_u32_u24_e32 v5, {stride}, v0",
                 "v_mov_b32_e32 v6, 0", "v_mov_b32_e32 v7, 0",
                 "v_mov_b32_e32 v8, 0", "v_mov_b32_e32 v9, 0"]
        body = prologue(t, 64, lds=True) + setup + body + ["s_waitcnt lgkmcnt(0)"] + store(t)
        return body, dict(vgpr=vgpr, wg=64, lds=64 * stride)
    body = prologue(t, 64) + mubuf_setup(t, stride) + body + ["s_waitcnt vmcnt(0)"] + store(t)
    return body, dict(vgpr=vgpr, wg=64, sgpr=12)


def empty_frame_f64_with(t, body):
    return prologue(t, 64) + ["v_cvt_f64_u32_e32 v[4:5], v1"] + body + \
        store(t, "v[4:5]", 8)


# ---- instruction fetch (GCN-FACTS 1.2 "Instruction fetch / buffer",
# "Branches"; GCN 1.0/1.1 only) -------------------------------------------

ALIGN32 = ".balignl 32, 0xbf800000"     # pad to a 32-byte block with s_nop 0


def fetch_stream(t, e64):
    """256 dependent v_add_f32 starting at a 32-byte block: 1-dword e32
    encodings, or 2-dword e64 ones (4 per block, at dwords 0, 2, 4, 6):
    out = gid + 128."""
    op = "v_add_f32_e64 v3, v3, 0.5" if e64 else "v_add_f32_e32 v3, 0.5, v3"
    body = prologue(t, 256) + [ALIGN32] + [op] * 256 + store(t)
    return body, dict(vgpr=4, wg=256)


def k_fetch_e32(t):
    return fetch_stream(t, False)


def k_fetch_e64(t):
    return fetch_stream(t, True)


BRANCH_PAIRS = (("s_mov_b64 vcc, -1", "s_cbranch_vccz .Lend"),     # VCC writer, VCCZ branch
                ("s_mov_b64 exec, -1", "s_cbranch_execz .Lend"),   # EXEC writer, EXECZ branch
                ("s_cmp_eq_u32 s3, s3", "s_cbranch_scc0 .Lend"),   # SCC writer, SCC branch
                ("s_mov_b64 vcc, -1", "s_cbranch_scc0 .Lend"))     # VCC writer, SCC branch


def branch_after(t, adjacent):
    """16 x 4 conditional branches, none taken, each right after (adjacent)
    or one v_add_f32 after (apart) an SALU instruction writing what it
    tests (VCC, EXEC, SCC; VCC before an SCC branch): out = gid + 64."""
    body = prologue(t, 64) + ["s_mov_b32 s3, 0"]
    add = "v_add_f32_e32 v3, 1.0, v3"
    for _ in range(16):
        for w, b in BRANCH_PAIRS:
            body += [w, b, add] if adjacent else [w, add, b]
    body += [".Lend:"] + store(t)
    return body, dict(vgpr=4, wg=64)


def k_branch_adjacent(t):
    return branch_after(t, True)


def k_branch_apart(t):
    return branch_after(t, False)


# ---- memory traffic (rocprof's FetchSize / WriteSize) ------------------------

def k_stream_copy(t):
    """out[gid] = out[gid + arg1 / 4]: one flat_load_dword and one
    flat_store_dword per lane, consecutive dwords (arg1: the source's byte
    offset in the buffer)."""
    body = [f"s_load_dwordx2 s[4:5], s[0:1], {kernarg_off(t, 0)}",
            f"s_load_dword s6, s[0:1], {kernarg_off(t, 8)}",
            "s_mul_i32 s3, s2, 256",
            vadd_co(t, "v1", "s3", "v0"),
            "s_waitcnt lgkmcnt(0)",
            "v_lshlrev_b32_e32 v1, 2, v1",
            vadd_co(t, "v4", "s6", "v1"),
            vadd_co(t, "v4", "s4", "v4"),
            "v_mov_b32_e32 v5, s5",
            vaddc(t, "v5", "0", "v5"),
            "flat_load_dword v3, v[4:5]",
            vadd_co(t, "v1", "s4", "v1"),
            "v_mov_b32_e32 v2, s5",
            vaddc(t, "v2", "0", "v2"),
            "s_waitcnt vmcnt(0)",
            "flat_store_dword v[1:2], v3",
            "s_endpgm"]
    return body, dict(vgpr=6, wg=256, arg1=True)


def k_flat_lds(t):
    """out[gid] = gid + 1 through LDS by FLAT: each lane stores v3 + 1 at
    the generic address of LDS dword lane (the shared aperture's high
    dword from src_shared_base) and loads it back, FLAT instructions whose
    every lane addresses LDS."""
    body = prologue(t, 64) + [
        "v_lshlrev_b32_e32 v5, 2, v0",
        "s_mov_b32 s9, src_shared_base",
        "v_mov_b32_e32 v6, s9",
        "v_add_f32_e32 v3, 1.0, v3",
        "flat_store_dword v[5:6], v3",
        "s_waitcnt vmcnt(0) lgkmcnt(0)",
        "flat_load_dword v3, v[5:6]",
        "s_waitcnt vmcnt(0) lgkmcnt(0)"] + store(t)
    return body, dict(vgpr=7, wg=64, lds=256)
# ---- what the waits waited for (test_waits.py) ------------------------------
# One wave reads through a raw buffer resource over out (s[8:11]) at
# v5 = lane * 4 plus a scalar offset: 256 bytes, 4 lines, per load.

def buffer_setup():
    """s[8:11] = a raw buffer resource over out; v5 = lane * 4."""
    return ["s_mov_b32 s8, s4",
            "s_and_b32 s9, s5, 0xffff",
            "s_mov_b32 s10, -1",
            "s_mov_b32 s11, 0x27000",
            "v_lshlrev_b32_e32 v5, 2, v0"]


WAIT_LEVELS_N = 128     # loads per pass: 128 x 256 bytes = 32 KiB, twice the 16 KiB L1
WAIT_LEVELS_HITS = 16   # loads of the third pass


def read_pass(label, vdst, n, step=256):
    """n loads at s12, s12 + step, ..., each waited for at once (s12 ends
    n steps on)."""
    return [f"s_mov_b32 s13, {n}",
            f"{label}:",
            f"buffer_load_dword {vdst}, v5, s[8:11], s12 offen",
            "s_waitcnt vmcnt(0)",
            f"s_add_u32 s12, s12, {step}",
            "s_sub_u32 s13, s13, 1",
            "s_cmp_lg_u32 s13, 0",
            f"s_cbranch_scc1 {label}"]


def k_wait_levels(t):
    """Three passes of loads, each waited for at once: 128 loads of 32 KiB
    from out + 4096 never read before (DRAM), the same 32 KiB again (twice
    the L1, so each line left the L1 but is in the L2), then 16 loads of
    the line read last (L1).  The buffer is zero: out = gid."""
    body = prologue(t, 64) + buffer_setup() + ["s_mov_b32 s12, 4096"] + \
        read_pass(".Lpass1", "v10", WAIT_LEVELS_N) + ["s_mov_b32 s12, 4096"] + \
        read_pass(".Lpass2", "v11", WAIT_LEVELS_N) + \
        [f"s_mov_b32 s12, {4096 + (WAIT_LEVELS_N - 1) * 256}"] + \
        read_pass(".Lpass3", "v12", WAIT_LEVELS_HITS, 0) + \
        ["v_add_f32_e32 v3, v3, v10", "v_add_f32_e32 v3, v3, v11", "v_add_f32_e32 v3, v3, v12"] + store(t)
    return body, dict(vgpr=13, wg=64, sgpr=14)


def k_wait_mixed(t):
    """One load in a loop of 2 x 32 iterations, each waited for at once:
    the even ones read 256 bytes never read (DRAM), the odd ones the same
    again (L1): s12 advances by 0 and 256 in turn.  out = gid."""
    body = prologue(t, 64) + buffer_setup() + [
        "s_mov_b32 s12, 4096",
        "s_mov_b32 s13, 64",
        "s_mov_b32 s14, 0",
        ".Lloop:",
        "buffer_load_dword v10, v5, s[8:11], s12 offen",
        "s_waitcnt vmcnt(0)",
        "s_add_u32 s12, s12, s14",
        "s_xor_b32 s14, s14, 0x100",
        "s_sub_u32 s13, s13, 1",
        "s_cmp_lg_u32 s13, 0",
        "s_cbranch_scc1 .Lloop",
        "v_add_f32_e32 v3, v3, v10"] + store(t)
    return body, dict(vgpr=11, wg=64, sgpr=15)


def k_wait_loop(t):
    """One s_waitcnt vmcnt(0) that waits for two loads: load A of out +
    4096 before a loop of 8 iterations that each wait, then load B of the
    next 256 bytes (never read); the wait runs 8 times: for A once, for
    the previous iteration's B 7 times; the wait after the loop for the
    last B.  out = gid."""
    body = prologue(t, 64) + buffer_setup() + [
        "s_movk_i32 s12, 0x1000",
        "s_mov_b32 s13, 8",
        "buffer_load_dword v10, v5, s[8:11], s12 offen",
        ".Lloop:",
        "s_waitcnt vmcnt(0)",
        "s_add_u32 s12, s12, 0x100",
        "buffer_load_dword v11, v5, s[8:11], s12 offen",
        "s_sub_u32 s13, s13, 1",
        "s_cmp_lg_u32 s13, 0",
        "s_cbranch_scc1 .Lloop",
        "s_waitcnt vmcnt(0)",
        "v_add_f32_e32 v3, v3, v10",
        "v_add_f32_e32 v3, v3, v11"] + store(t)
    return body, dict(vgpr=12, wg=64, sgpr=14)


def k_wait_store(t):
    """Waits for writes: a store to out + 4096, an atomic add without
    return to out + 8192 and one with return (glc) to out + 12288 (a line
    never read: an atomic reads it from DRAM into the L2), each followed
    by s_waitcnt vmcnt(0).  The returning atomic gives 0: out = gid."""
    body = prologue(t, 64) + buffer_setup() + [
        "s_movk_i32 s12, 0x1000",
        "s_movk_i32 s13, 0x2000",
        "s_movk_i32 s14, 0x3000",
        "v_mov_b32_e32 v6, 1",
        "buffer_store_dword v3, v5, s[8:11], s12 offen",
        "s_waitcnt vmcnt(0)",
        "buffer_atomic_add v6, v5, s[8:11], s13 offen",
        "s_waitcnt vmcnt(0)",
        "buffer_atomic_add v6, v5, s[8:11], s14 offen glc",
        "s_waitcnt vmcnt(0)",
        "v_add_f32_e32 v3, v3, v6"] + store(t)
    return body, dict(vgpr=7, wg=64, sgpr=15)


def k_wait_msg(t):
    """s_sendmsg (counted on lgkmcnt) then s_waitcnt lgkmcnt(0).  out = gid."""
    body = prologue(t, 64) + ["s_sendmsg sendmsg(MSG_INTERRUPT)", "s_waitcnt lgkmcnt(0)"] + store(t)
    return body, dict(vgpr=4, wg=64)


def k_wait_two(t):
    """A load of out + 4096 waited for (its lines then in the L1), then
    load A of the same lines (an L1 hit) and load B of out + 8192 (never
    read: DRAM), then s_waitcnt vmcnt(1) (A) and vmcnt(0) (B): out = gid."""
    body = prologue(t, 64) + buffer_setup() + [
        "s_movk_i32 s12, 0x1000",
        "s_movk_i32 s13, 0x2000",
        "buffer_load_dword v10, v5, s[8:11], s12 offen",
        "s_waitcnt vmcnt(0)",
        "buffer_load_dword v11, v5, s[8:11], s12 offen",
        "buffer_load_dword v12, v5, s[8:11], s13 offen",
        "s_waitcnt vmcnt(1)",
        "v_add_f32_e32 v3, v3, v11",
        "s_waitcnt vmcnt(0)",
        "v_add_f32_e32 v3, v3, v12",
        "v_add_f32_e32 v3, v3, v10"] + store(t)
    return body, dict(vgpr=13, wg=64, sgpr=14)


def k_wait_lgkm_mixed(t):
    """lgkmcnt with a scalar load and an LDS read outstanding, which
    complete out of order: ds_write_b32 of float(gid) waited for, then
    s_load_dword of out + 256 (a line never read: a scalar-cache miss) and
    ds_read_b32 of what was written, then s_waitcnt lgkmcnt(1) (the first
    of the two to complete: the LDS read) and lgkmcnt(0) (the scalar
    load).  out = gid (the scalar load reads 0)."""
    body = prologue(t, 64, lds=True) + [
        "v_lshlrev_b32_e32 v5, 2, v0",
        "ds_write_b32 v5, v3",
        "s_waitcnt lgkmcnt(0)",
        f"s_load_dword s8, s[4:5], {kernarg_off(t, 256)}",
        "ds_read_b32 v10, v5",
        "s_waitcnt lgkmcnt(1)",
        "v_mov_b32_e32 v3, v10",
        "s_waitcnt lgkmcnt(0)",
        "v_cvt_f32_u32_e32 v4, s8",
        "v_add_f32_e32 v3, v3, v4"] + store(t)
    return body, dict(vgpr=11, wg=64, lds=256)


KERNELS = {
    "empty_frame": (k_empty_frame, ALL),
    "valu_chain": (k_valu_chain, ALL),
    "mul_lo_chain": (k_mul_lo_chain, ALL),
    "rcp_chain": (k_rcp_chain, ALL),
    "add_f64_chain": (k_add_f64_chain, ALL),
    "fma_f64_chain": (k_fma_f64_chain, ALL),
    "salu_valu_1w": (k_salu_valu_1w, ALL),
    "salu_valu_2w": (k_salu_valu_2w, ALL),
    "smem_wait_early": (k_smem_wait_early, ALL),
    "smem_wait_late": (k_smem_wait_late, ALL),
    "lds_stride1": (k_lds_stride1, ALL),
    "lds_stride32": (k_lds_stride32, ALL),
    "occ_vgpr": (k_occ_vgpr, ALL),
    "occ_sgpr": (k_occ_sgpr, ALL),
    "occ_lds": (k_occ_lds, ALL),
    "occ_wgslots": (k_occ_wgslots, ALL),
    "empty_frame_f64": (k_empty_frame_f64, ALL),
    "salu_valu_2w_long": (k_salu_valu_2w_long, ALL),
    "setprio_younger": (k_setprio_younger, ALL),
    "setprio_equal": (k_setprio_equal, ALL),
    "stream_copy": (k_stream_copy, ALL),
    "flat_lds": (k_flat_lds, ("gfx900",)),
    "wait_levels": (k_wait_levels, ALL),
    "wait_two": (k_wait_two, ALL),
    "wait_mixed": (k_wait_mixed, ALL),
    "wait_loop": (k_wait_loop, ALL),
    "wait_store": (k_wait_store, ALL),
    "wait_msg": (k_wait_msg, ALL),
    "wait_lgkm_mixed": (k_wait_lgkm_mixed, ALL),
}
KERNELS.update({"fetch_e32": (k_fetch_e32, ALL), "fetch_e64": (k_fetch_e64, ALL),
                "branch_adjacent": (k_branch_adjacent, ALL), "branch_apart": (k_branch_apart, ALL)})
for _op in ISSUE_OPS:
    for _n in ISSUE_N:
        KERNELS[f"issue_{_op}_{_n}"] = (lambda t, o=_op, n=_n: issue(t, o, n), ALL)


def extra_sgprs(t):
    """SGPRs counted beyond next_free_sgpr: VCC, and XNACK_MASK on gfx900
    ("xnack any"); FLAT_SCRATCH is not reserved (GCN-FACTS 3.1)."""
    return 4 if t == "gfx900" else 2


def metadata(name, t, o):
    args = ["      - .address_space:  global\n"
            "        .offset:         0\n"
            "        .size:           8\n"
            "        .value_kind:     global_buffer"]
    kasize = 8
    if o.get("arg1"):
        args.append("      - .offset:         8\n"
                    "        .size:           4\n"
                    "        .value_kind:     by_value")
        kasize = 16
    reqd = ""
    if o.get("reqd"):
        reqd = f"    .reqd_workgroup_size:\n      - {o['reqd']}\n      - 1\n      - 1\n"
    maxwg = o.get("maxwg", o.get("reqd", 256))
    return (f"""	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
{chr(10).join(args)}
    .group_segment_fixed_size: {o.get('lds', 0)}
    .kernarg_segment_align: 8
    .kernarg_segment_size: {kasize}
    .max_flat_workgroup_size: {maxwg}
    .name:           {name}
    .private_segment_fixed_size: 0
{reqd}    .sgpr_count:     {o.get('sgpr', 10) + extra_sgprs(t)}
    .symbol:         {name}.kd
    .vgpr_count:     {o['vgpr']}
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--{t}
amdhsa.version:
  - 1
  - 1
...
	.end_amdgpu_metadata
""", kasize)


def assemble_text(name, t):
    fn, _ = KERNELS[name]
    body, o = fn(t)
    md, kasize = metadata(name, t, o)
    lines = [f'\t.amdgcn_target "amdgcn-amd-amdhsa--{t}"',
             "\t.text",
             f"\t.globl {name}",
             "\t.p2align 8",
             f"\t.type {name},@function",
             f"{name}:"]
    lines += [ln if ln.endswith(":") else "\t" + ln for ln in body]
    lines += [f".Lend_{name}:",
              f"\t.size {name}, .Lend_{name}-{name}",
              "\t.rodata",
              "\t.p2align 6",
              f"\t.amdhsa_kernel {name}",
              f"\t\t.amdhsa_group_segment_fixed_size {o.get('lds', 0)}",
              f"\t\t.amdhsa_kernarg_size {kasize}",
              "\t\t.amdhsa_user_sgpr_kernarg_segment_ptr 1",
              "\t\t.amdhsa_system_sgpr_workgroup_id_x 1",
              "\t\t.amdhsa_system_vgpr_workitem_id 0",
              f"\t\t.amdhsa_next_free_vgpr {o['vgpr']}",
              f"\t\t.amdhsa_next_free_sgpr {o.get('sgpr', 10)}",
              "\t\t.amdhsa_reserve_flat_scratch 0",
              "\t\t.amdhsa_float_denorm_mode_32 3",
              "\t.end_amdhsa_kernel",
              md]
    return "\n".join(lines) + "\n"


def main():
    if sys.argv[1:] == ["--list"]:
        for k, (_, ts) in KERNELS.items():
            print(k, *ts)
        return 0
    if len(sys.argv) != 3 or sys.argv[1] not in KERNELS:
        print(__doc__, file=sys.stderr)
        return 2
    sys.stdout.write(assemble_text(sys.argv[1], sys.argv[2]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
