/* wave.h — the state of a wavefront, its work-group and its dispatch, the
 * effects record every executed instruction fills, and the interface of
 * the per-instruction semantics (sim/sem_*.c). */
#ifndef GCNSIM_WAVE_H
#define GCNSIM_WAVE_H

#include <stdint.h>
#include "isa/isa.h"
#include "sim/mem.h"

/* ---- special scalar registers, by their operand encoding --------------- */
enum {
    SREG_VCC_LO = 106, SREG_VCC_HI = 107, SREG_M0 = 124,
    SREG_EXEC_LO = 126, SREG_EXEC_HI = 127,
    SREG_FLAT_SCR_LO_GFX8 = 102, SREG_FLAT_SCR_LO_GFX7 = 104, SREG_XNACK_LO = 104,
};

/* ---- faults ------------------------------------------------------------- */
/* The kinds of guest fault: X(NAME, "what a report calls it") expands into
 * FAULT_NAME and wave_fault_kind_name()'s text, the one home of both.
 *   MEMORY         access outside every allocation
 *   MISALIGNED     misaligned where the ISA requires alignment
 *   ILLEGAL        not a valid instruction (or pc outside the code)
 *   UNIMPLEMENTED  valid, but gcnsim does not execute it (sim/unexecuted.def)
 *   TRAP           s_trap
 *   REGISTER       VGPR/SGPR beyond the wave's allocation */
#define WAVE_FAULT_LIST(X)                          \
    X(NONE, "")                                     \
    X(MEMORY, "memory fault")                       \
    X(MISALIGNED, "misaligned access")              \
    X(ILLEGAL, "illegal instruction")               \
    X(UNIMPLEMENTED, "unimplemented instruction")   \
    X(TRAP, "trap")                                 \
    X(REGISTER, "register out of range")

typedef enum {
#define WAVE_FAULT_ENUM(name, text) FAULT_##name,
    WAVE_FAULT_LIST(WAVE_FAULT_ENUM)
#undef WAVE_FAULT_ENUM
} fault_kind_t;

/* What a report calls fault kind k ("memory fault", "trap"; "" for
 * FAULT_NONE and a value that is no kind). */
const char *wave_fault_kind_name(unsigned k);

typedef struct {
    fault_kind_t kind;
    uint64_t pc;          /* address of the faulting instruction */
    uint64_t addr;        /* memory address, if any */
    int lane;             /* lane that faulted, -1 if none */
    char msg[200];        /* what happened, one line */
} wave_fault_t;

/* ---- effects record ----------------------------------------------------
 * Filled by the semantics when the wave's fx pointer is set (recording
 * mode): every register written with its old value, memory touched, the
 * branch outcome and counter increments.  The cycle model, the tracer and
 * the debugger (watchpoints, reverse-step) consume it. */
enum { FX_MAX_SREG = 48, FX_MAX_VREG = 20 };
/* fx_t.no_old: FX_OLD_ALL records old values (undo); FX_OLD_ADDRS lists the
 * memory dwords written without their old values and VGPRs without theirs;
 * FX_OLD_NONE lists registers without old values and no memory writes. */
enum { FX_OLD_ALL, FX_OLD_ADDRS, FX_OLD_NONE };
enum { FX_SPACE_GLOBAL, FX_SPACE_LDS, FX_SPACE_SCRATCH, FX_SPACE_GDS, FX_SPACE_SCALAR };

typedef struct { uint16_t reg; uint32_t old; } fx_sreg_t;            /* reg: operand encoding */
typedef struct { uint16_t reg; uint64_t mask; uint32_t old[64]; } fx_vreg_t;
typedef struct { uint64_t addr; uint32_t old; uint8_t space; } fx_memw_t; /* one dword written */

/* fx_access_t.pat: what the producer of an LDS entry proved about its
 * addresses (0: nothing; set by the DS fast paths only).  FX_PAT_LDS_FREE:
 * the dwords of the lanes of mask & ~oob (from addr >> 2, ceil(bytes / 4)
 * per lane, at least 1) all lie within 32 consecutive dwords, or each
 * lane's first dword is that many past the previous active lane's
 * (mt_lds_cycles: no bank conflict); FX_PAT_LDS_OTHER: neither holds. */
enum { FX_PAT_LDS_FREE = 1, FX_PAT_LDS_OTHER = 2 };

typedef struct {
    uint8_t space, write, bytes;   /* bytes per lane (per address) */
    uint8_t pat;                   /* FX_PAT_* facts about addr, or 0 */
    uint64_t mask;                 /* lanes that accessed */
    uint64_t oob;                  /* lanes of mask out of range: the hardware read 0 / dropped the write */
    uint64_t addr[64];             /* per-lane address (space-relative for LDS) */
} fx_access_t;

typedef struct fx {
    uint64_t pc, next_pc;
    uint8_t branch, taken;         /* a branch instruction, and whether it was taken */
    uint8_t scc_written, old_scc;
    unsigned ns, nv, nm, mcap, nacc;
    fx_sreg_t s[FX_MAX_SREG];
    fx_vreg_t v[FX_MAX_VREG];
    fx_memw_t *m;                  /* memory dwords written, with old values (grows) */
    fx_access_t acc[2];            /* memory accesses of the instruction (address lists) */
    unsigned nh;
    struct { uint8_t id; uint32_t old; } h[4];   /* hardware registers written (s_setreg, ...) */
    uint8_t vm_cnt, lgkm_cnt, exp_cnt;   /* counter increments */
    uint8_t overflow;              /* more effects than the record holds */
    uint8_t no_old;                /* set by the consumer (FX_OLD_*): which old values it needs */
    uint8_t no_acc;                /* set by the consumer: it reads no access lists (acc), so memory
                                      instructions may take fast paths (which still list the
                                      dwords they write) */
    uint64_t t_issue, t_done;      /* cycle model: the cycle the instruction issued and the cycle it
                                      completes (data back for memory); 0 in functional mode */
} fx_t;

/* ---- wave, work-group, dispatch ----------------------------------------- */
enum { WAVE_RUN, WAVE_BARRIER, WAVE_DONE, WAVE_FAULT, WAVE_HALT };

struct sim_ctx;
struct sim_wg;

typedef struct wave {
    uint32_t sgpr[128];       /* by operand encoding: s0..s103, flat_scratch, xnack_mask,
                                 vcc (106/107), tba/tma/ttmp, m0 (124), exec (126/127) */
    uint32_t (*vgpr)[64];     /* vgpr[n][lane], register-major */
    uint16_t nvgpr;           /* VGPRs allocated to the wave */
    uint16_t nsgpr;           /* SGPRs addressable by the program (s0..s(nsgpr-1)) */
    uint8_t scc, state, prio;
    uint64_t pc;
    /* (what every instruction reads: next to EXEC, the end of sgpr[], and pc) */
    struct sim_ctx *ctx;
    fx_t *fx;                 /* effects record, NULL when not recording */
    uint64_t ninst;           /* wave-instructions executed */
    uint32_t hwreg[32];       /* s_getreg/s_setreg registers by HW_REG id (MODE = 1 ...) */
    uint32_t wg_wave;         /* index of the wave in its work-group */
    uint32_t id;              /* index of the wave in the dispatch: linear work-group id x
                                 waves per work-group + wg_wave */
    uint64_t scratch_addr;    /* this wave's private segment (device address) */
    struct sim_wg *wg;
    wave_fault_t fault;
} wave_t;

typedef struct sim_wg {
    uint32_t id[3];           /* work-group id */
    uint32_t size[3];         /* work-items in this group (edge groups are partial) */
    uint8_t *lds;             /* LDS of the group (host memory) */
    uint32_t lds_size;        /* bytes allocated (static + dynamic) */
    wave_t *waves;
    uint32_t nwaves;
} sim_wg_t;

/* Handler of one instruction: runs it on the whole wave (EXEC-masked). */
typedef void (*sem_fn)(wave_t *w, const isa_inst_t *in);
typedef struct { uint16_t op; sem_fn fn; } sem_entry_t;

/* The code of a dispatch, decoded once. */
typedef struct {
    uint64_t base;            /* device address of words[0] */
    size_t ndw;
    const uint32_t *words;
    isa_inst_t *inst;         /* per dword; op == ISA_OP_COUNT: no instruction starts here */
    sem_fn *fn;               /* per dword; NULL: no semantics */
} sim_prog_t;

/* A resident wave as a debugger sees it (sim_ctx_t.list_waves). */
typedef struct {
    struct wave *w;
    int cu, simd, slot;       /* where it runs; -1 in functional mode */
    const char *wait;         /* why it is not issuing now ("vmcnt", "barrier", ...), or NULL */
    unsigned vm, lgkm, exp;   /* operations outstanding on each counter (cycle model) */
} sim_wave_info_t;

/* What ended a dispatch early (sim_ctx_t.limit, sim_result_t.hit_limit). */
enum { SIM_LIMIT_NONE, SIM_LIMIT_INST /* max_inst */, SIM_LIMIT_WAVE /* max_wave_inst */,
       SIM_LIMIT_CANCEL /* the cancel flag */ };

typedef struct sim_ctx {
    const isa_target_t *t;
    mem_t *mem;
    const sim_prog_t *prog;
    uint64_t kernarg_addr, packet_addr, queue_addr;
    uint64_t shared_aperture, private_aperture;   /* flat apertures (64-bit bases) */
    uint64_t scratch_addr;    /* base of the scratch backing allocation */
    uint32_t scratch_per_wave;/* bytes of scratch per wave */
    uint64_t scratch_size;    /* bytes of the scratch backing allocation (every wave slot's) */
    uint32_t grid[3], local[3], ngroups[3];
    uint64_t dispatch_id;
    uint64_t ninst;           /* wave-instructions executed in the dispatch */
    uint64_t lds_oob;         /* lane accesses outside the work-group's LDS (reads gave 0, writes dropped) */
    uint64_t scratch_oob;     /* pieces of private-segment buffer accesses outside the wave's scratch */
    /* when set, called before (after = 0) and after (after = 1) every
     * instruction with the effects record of that instruction */
    void (*on_step)(void *arg, wave_t *w, const fx_t *fx, int after);
    void *step_arg;
    fx_t *fx;                 /* the record the hook sees */
    uint64_t ninst_by_enc[ISA_ENC_COUNT];
    /* for hooks (a debugger, a tracer); set by the running scheduler */
    uint64_t cycle;           /* the cycle model's current cycle (0 in functional mode) */
    int stop;                 /* a hook sets it to end the dispatch early */
    /* limits (sim_launch_t.max_inst, .max_wave_inst, .cancel): the
     * schedulers call sim_limit_reached when ninst >= check_at or a wave's
     * ninst >= wave_cap; limit then says which one ended the dispatch */
    uint64_t max_inst;        /* 0: none */
    uint64_t wave_cap;        /* max_wave_inst, or UINT64_MAX */
    uint64_t check_at;        /* ninst at which the limits are checked next */
    const volatile int *cancel;   /* set (e.g. by a signal handler) to stop; NULL: none */
    int limit;                /* SIM_LIMIT_* once a limit was reached */
    wave_t *limit_wave;       /* SIM_LIMIT_WAVE: the wave */
    /* sim_launch_t.progress, also called at each check of the limits (every
     * 65536 wave-instructions), with the groups the scheduler has ended
     * and the cycle model's current cycle (0 in functional mode) */
    void (*progress)(void *arg, uint64_t groups_done, uint64_t groups, uint64_t ninst, uint64_t cycle);
    void *progress_arg;
    uint64_t groups, groups_done;
    void *sched;              /* the scheduler, for list_waves */
    /* the resident waves, in wave-id order, at most max of them; returns how many */
    unsigned (*list_waves)(void *sched, sim_wave_info_t *out, unsigned max);
} sim_ctx_t;

/* ---- register access (inline; the hot path) ---------------------------- */

static inline uint64_t wave_exec(const wave_t *w)
{
    return (uint64_t)w->sgpr[SREG_EXEC_HI] << 32 | w->sgpr[SREG_EXEC_LO];
}

static inline uint64_t wave_vcc(const wave_t *w)
{
    return (uint64_t)w->sgpr[SREG_VCC_HI] << 32 | w->sgpr[SREG_VCC_LO];
}

/* Record the old value of SGPR reg (operand encoding) before a write. */
void fx_log_sreg(fx_t *fx, unsigned reg, uint32_t old);
/* Record the old values of VGPR reg in the lanes of mask before a write. */
void fx_log_vreg(fx_t *fx, unsigned reg, uint64_t mask, const uint32_t old[64]);
/* Record one dword of memory about to be written. */
void fx_log_mem(fx_t *fx, uint8_t space, uint64_t addr, uint32_t old);

/* Write a 32-bit scalar register (operand encoding 0..127). */
static inline void wave_set_sreg(wave_t *w, unsigned reg, uint32_t v)
{
    if (w->fx)
        fx_log_sreg(w->fx, reg, w->sgpr[reg & 127]);
    w->sgpr[reg & 127] = v;
}

static inline void wave_set_sreg64(wave_t *w, unsigned reg, uint64_t v)
{
    wave_set_sreg(w, reg, (uint32_t)v);
    wave_set_sreg(w, reg + 1, (uint32_t)(v >> 32));
}

static inline void wave_set_scc(wave_t *w, unsigned v)
{
    if (w->fx && !w->fx->scc_written) {
        w->fx->scc_written = 1;
        w->fx->old_scc = w->scc;
    }
    w->scc = (uint8_t)(v != 0);
}

/* Write hardware register id (s_getreg/s_setreg numbering; MODE = 1). */
static inline void wave_set_hwreg(wave_t *w, unsigned id, uint32_t v)
{
    if (w->fx) {
        if (w->fx->nh < 4) {
            w->fx->h[w->fx->nh].id = (uint8_t)id;
            w->fx->h[w->fx->nh].old = w->hwreg[id & 31];
            w->fx->nh++;
        } else
            w->fx->overflow = 1;
    }
    w->hwreg[id & 31] = v;
}

static inline void wave_set_exec(wave_t *w, uint64_t v)
{
    wave_set_sreg64(w, SREG_EXEC_LO, v);
}

static inline void wave_set_vcc(wave_t *w, uint64_t v)
{
    wave_set_sreg64(w, SREG_VCC_LO, v);
}

/* Stop the wave with a fault; fmt describes it in one line.  Returns so
 * that a handler can `return wave_fault(...)`. */
void wave_fault(wave_t *w, fault_kind_t kind, uint64_t addr, int lane, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* Pointer to VGPR n, or NULL after faulting the wave if n is beyond its
 * allocation. */
static inline uint32_t *wave_vreg(wave_t *w, unsigned n)
{
    if (n >= w->nvgpr) {
        wave_fault(w, FAULT_REGISTER, 0, -1, "v%u is beyond the wave's %u allocated VGPRs", n, w->nvgpr);
        return 0;
    }
    return w->vgpr[n];
}

/* Write val[] into VGPR n in the lanes of mask (logging old values).
 * wave_write_vreg copies inline when every lane is written and no old
 * value is recorded (nothing recorded, or a record without old values:
 * the cycle model's), else calls wave_write_vreg_any. */
void wave_write_vreg_any(wave_t *w, unsigned n, const uint32_t val[64], uint64_t mask);

static inline __attribute__((always_inline)) void wave_write_vreg(wave_t *w, unsigned n, const uint32_t val[64], uint64_t mask)
{
    fx_t *fx = w->fx;
    if (mask == ~0ull && n < w->nvgpr && (!fx || (fx->no_old != FX_OLD_ALL && fx->nv < FX_MAX_VREG))) {
        if (fx) {   /* fx_log_vreg without old values */
            fx->v[fx->nv].reg = (uint16_t)n;
            fx->v[fx->nv].mask = mask;
            fx->nv++;
        }
        uint32_t *d = w->vgpr[n];
        for (unsigned l = 0; l < 64; l++)
            d[l] = val[l];
        return;
    }
    wave_write_vreg_any(w, n, val, mask);
}

/* Value of a scalar source operand (operand encoding v: SGPR, special
 * register, inline constant or the instruction's literal) as 32 bits. For
 * inline float constants ot selects the f16/f32 bit pattern. */
uint32_t wave_sread(const wave_t *w, const isa_inst_t *in, unsigned v, unsigned ot);
/* The same for a 64-bit operand (SGPR pair, 64-bit inline constant, or a
 * literal: zero-extended, or the high half for f64 operands). */
uint64_t wave_sread64(const wave_t *w, const isa_inst_t *in, unsigned v, unsigned ot);

/* The 64 lanes of a 32-bit VALU source: the VGPR row itself, or tmp filled
 * with the broadcast scalar value.  NULL after a fault. */
const uint32_t *wave_vsrc_any(wave_t *w, const isa_inst_t *in, unsigned v, unsigned ot, uint32_t tmp[64]);

static inline const uint32_t *wave_vsrc(wave_t *w, const isa_inst_t *in, unsigned v, unsigned ot, uint32_t tmp[64])
{
    if (v >= 256 && v - 256u < w->nvgpr)
        return w->vgpr[v - 256];
    return wave_vsrc_any(w, in, v, ot, tmp);
}
/* The 64 lanes of a 64-bit VALU source into out[]; returns 0 or -1 after a fault. */
int wave_vsrc64(wave_t *w, const isa_inst_t *in, unsigned v, unsigned ot, uint64_t out[64]);
/* Write a 64-bit VALU result to VGPRs n, n+1 in the lanes of mask. */
void wave_write_vreg64(wave_t *w, unsigned n, const uint64_t val[64], uint64_t mask);

/* ---- semantics tables (one per sem_*.c file) ---------------------------- */
extern const sem_entry_t sem_salu_table[];   /* SOP1/SOP2/SOPK/SOPC/SOPP */
extern const sem_entry_t sem_smem_table[];   /* SMRD/SMEM */
extern const sem_entry_t sem_valu_table[];   /* 32-bit integer and f32 VALU */
extern const sem_entry_t sem_valu_ext_table[]; /* SAD, lerp, cube map */
extern const sem_entry_t sem_f64_table[];    /* f64, 64-bit shifts and compares */
extern const sem_entry_t sem_f16_table[];    /* f16 and 16-bit integer */
extern const sem_entry_t sem_packed_table[]; /* packing conversions, VOP3P */
extern const sem_entry_t sem_lds_table[];    /* DS */
extern const sem_entry_t sem_vmem_table[];   /* MUBUF/MTBUF */
extern const sem_entry_t sem_flat_table[];   /* FLAT/GLOBAL/SCRATCH */

/* The handler for an op (NULL for the rows gcnsim does not execute). */
sem_fn sem_lookup(unsigned op);

#endif
