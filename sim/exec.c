/* exec.c — decode-once programs, the handler table, one step of a wave,
 * and the functional scheduler of a work-group. */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim/exec.h"
#include "sim/kernel.h"
#include "sim/sem_mimg.h"

/* ---- handler table ------------------------------------------------------ */

/* The per-file handler tables, named for the messages of the binding check. */
static const sem_table_ref_t sem_tables[] = {
    {"sem_salu.c", sem_salu_table},       {"sem_smem.c", sem_smem_table},
    {"sem_valu.c", sem_valu_table},       {"sem_valu_ext.c", sem_valu_ext_table},
    {"sem_f64.c", sem_f64_table},         {"sem_f16.c", sem_f16_table},
    {"sem_packed.c", sem_packed_table},   {"sem_lds.c", sem_lds_table},
    {"sem_vmem.c", sem_vmem_table},       {"sem_flat.c", sem_flat_table},
    {"sem_mimg.c", sem_mimg_table},
};
enum { NTABLES = sizeof sem_tables / sizeof sem_tables[0] };

/* The committed list of unexecuted rows (sim/unexecuted.def): its groups
 * and, per listed row, its group. */
enum {
#define UNEXEC_GROUP(g, why) UNEXEC_G_##g,
#define UNEXEC(key, g)
#include "sim/unexecuted.def"
#undef UNEXEC_GROUP
#undef UNEXEC
    UNEXEC_NGROUPS
};
static const char *const unexec_group_name[] = {
#define UNEXEC_GROUP(g, why) #g,
#define UNEXEC(key, g)
#include "sim/unexecuted.def"
#undef UNEXEC_GROUP
#undef UNEXEC
};
static const char *const unexec_group_why[] = {
#define UNEXEC_GROUP(g, why) why,
#define UNEXEC(key, g)
#include "sim/unexecuted.def"
#undef UNEXEC_GROUP
#undef UNEXEC
};
static const struct {
    uint16_t op;
    uint8_t group;
} unexec_rows[] = {
#define UNEXEC_GROUP(g, why)
#define UNEXEC(key, g) {ISA_OP_##key, UNEXEC_G_##g},
#include "sim/unexecuted.def"
#undef UNEXEC_GROUP
#undef UNEXEC
};
enum { NUNEXEC = sizeof unexec_rows / sizeof unexec_rows[0] };

static sem_fn handlers[ISA_OP_COUNT];
static int8_t unexec_group[ISA_OP_COUNT];   /* group + 1 of a listed row, else 0 */
static pthread_once_t handlers_once = PTHREAD_ONCE_INIT;

/* The handler of every row and the group of every listed row, once
 * (pthread_once: the first lookup, from whichever thread).  The binding
 * check (sem_check_bindings) proves no row is bound twice. */
static void build_handlers(void)
{
    for (unsigned k = 0; k < NTABLES; k++)
        for (const sem_entry_t *t = sem_tables[k].table; t->fn; t++)
            if (t->op < ISA_OP_COUNT)
                handlers[t->op] = t->fn;
    for (unsigned i = 0; i < NUNEXEC; i++)
        unexec_group[unexec_rows[i].op] = (int8_t)(unexec_rows[i].group + 1);
}

sem_fn sem_lookup(unsigned op)
{
    pthread_once(&handlers_once, build_handlers);
    return op < ISA_OP_COUNT ? handlers[op] : NULL;
}

const char *sem_unexecuted_reason(unsigned op)
{
    pthread_once(&handlers_once, build_handlers);
    return op < ISA_OP_COUNT && unexec_group[op] ? unexec_group_why[unexec_group[op] - 1] : NULL;
}

const char *sem_unexecuted_group(unsigned op)
{
    pthread_once(&handlers_once, build_handlers);
    return op < ISA_OP_COUNT && unexec_group[op] ? unexec_group_name[unexec_group[op] - 1] : NULL;
}

/* Append one problem to err (the first few; the count says the rest). */
static void bind_problem(char *err, size_t errlen, unsigned *n, const char *fmt, ...)
{
    if (err && errlen && *n < 8) {
        size_t len = strlen(err);
        va_list ap;
        va_start(ap, fmt);
        if (len + 1 < errlen) {
            if (len)
                err[len++] = '\n', err[len] = 0;
            vsnprintf(err + len, errlen - len, fmt, ap);
        }
        va_end(ap);
    }
    (*n)++;
}

unsigned sem_check_binding_tables(const sem_table_ref_t *tables, size_t ntables, const uint16_t *unexec,
                                  size_t nunexec, char *err, size_t errlen)
{
    static uint8_t owner[ISA_OP_COUNT], listed[ISA_OP_COUNT];   /* table index + 1; listings */
    unsigned n = 0;
    if (err && errlen)
        err[0] = 0;
    memset(owner, 0, sizeof owner);
    memset(listed, 0, sizeof listed);
    for (size_t k = 0; k < ntables; k++)
        for (const sem_entry_t *t = tables[k].table; t->fn; t++) {
            if (t->op >= ISA_OP_COUNT) {
                bind_problem(err, errlen, &n, "%s binds op %u, which is no row", tables[k].name, t->op);
                continue;
            }
            if (owner[t->op])
                bind_problem(err, errlen, &n, "%s is bound twice (%s and %s)", isa_row(t->op)->key,
                             tables[owner[t->op] - 1].name, tables[k].name);
            else
                owner[t->op] = (uint8_t)(k + 1);
        }
    for (size_t i = 0; i < nunexec; i++) {
        unsigned op = unexec[i];
        if (op >= ISA_OP_COUNT)
            bind_problem(err, errlen, &n, "the unexecuted list names op %u, which is no row", op);
        else if (listed[op]++)
            bind_problem(err, errlen, &n, "%s is on the unexecuted list twice", isa_row(op)->key);
        else if (owner[op])
            bind_problem(err, errlen, &n, "%s has a handler (%s) and is on the unexecuted list", isa_row(op)->key,
                         tables[owner[op] - 1].name);
    }
    for (unsigned op = 0; op < ISA_OP_COUNT; op++)
        if (!owner[op] && !listed[op])
            bind_problem(err, errlen, &n, "%s (%s) has no handler and is not on the unexecuted list (sim/unexecuted.def)",
                         isa_row(op)->key, isa_row(op)->name);
    if (n > 8 && err && errlen) {
        size_t len = strlen(err);
        snprintf(err + len, errlen - len, "\n... %u problems in all", n);
    }
    return n;
}

unsigned sem_check_bindings(char *err, size_t errlen)
{
    uint16_t ops[NUNEXEC ? NUNEXEC : 1];
    for (unsigned i = 0; i < NUNEXEC; i++)
        ops[i] = unexec_rows[i].op;
    return sem_check_binding_tables(sem_tables, NTABLES, ops, NUNEXEC, err, errlen);
}

/* ---- programs ----------------------------------------------------------- */

int sim_prog_build(sim_prog_t *p, const isa_target_t *t, const uint32_t *words, size_t ndw, uint64_t base)
{
    memset(p, 0, sizeof *p);
    p->inst = calloc(ndw ? ndw : 1, sizeof *p->inst);
    p->fn = calloc(ndw ? ndw : 1, sizeof *p->fn);
    if (!p->inst || !p->fn) {
        sim_prog_free(p);
        return -1;
    }
    p->base = base;
    p->ndw = ndw;
    p->words = words;
    /* every dword offset is decoded, so a branch to any address finds its
     * instruction; words that do not decode keep op == ISA_OP_COUNT */
    for (size_t i = 0; i < ndw; i++) {
        if (isa_decode(t, words + i, ndw - i, &p->inst[i]) == ISA_OK)
            p->fn[i] = sem_lookup(p->inst[i].op);
        else
            p->inst[i].op = ISA_OP_COUNT;
    }
    return 0;
}

void sim_prog_free(sim_prog_t *p)
{
    free(p->inst);
    free(p->fn);
    memset(p, 0, sizeof *p);
}

/* ---- stepping ----------------------------------------------------------- */

/* The fault of a pc that starts no executable instruction (cold). */
static __attribute__((noinline, cold)) void step_bad_pc(wave_t *w, const sim_prog_t *p, uint64_t pc)
{
    uint64_t off = pc - p->base;
    if ((off & 3) || (off >> 2) >= p->ndw) {
        wave_fault(w, FAULT_ILLEGAL, pc, -1, (off & 3) ? "pc 0x%llx is not 4-byte aligned" :
                   "pc 0x%llx is outside the kernel's code", (unsigned long long)pc);
        w->fault.pc = pc;
        return;
    }
    size_t i = (size_t)(off >> 2);
    const isa_inst_t *in = &p->inst[i];
    if (in->op >= ISA_OP_COUNT)
        wave_fault(w, FAULT_ILLEGAL, 0, -1, "0x%08x is not a valid instruction (%s)", p->words[i],
                   isa_status_text((isa_status_t)in->status));
    else
        wave_fault(w, FAULT_UNIMPLEMENTED, 0, -1, "%s is not implemented by gcnsim", isa_row(in->op)->name);
    w->fault.pc = pc;
}

/* The effects record's fields of the instruction at pc, cleared. */
static void step_fx_begin(fx_t *fx, uint64_t pc)
{
    fx->pc = pc;
    fx->ns = fx->nv = fx->nm = fx->nacc = fx->nh = 0;
    fx->branch = fx->taken = fx->scc_written = fx->overflow = 0;
    fx->vm_cnt = fx->lgkm_cnt = fx->exp_cnt = 0;
    fx->t_issue = fx->t_done = 0;
}

/* One instruction of w (wave_step), inlined into the functional loop. */
static inline __attribute__((always_inline)) void step(wave_t *w)
{
    sim_ctx_t *c = w->ctx;
    const sim_prog_t *p = c->prog;
    uint64_t pc = w->pc, off = pc - p->base;
    size_t i = (size_t)(off >> 2);
    sem_fn fn;
    if ((off & 3) || i >= p->ndw || !(fn = p->fn[i])) {
        step_bad_pc(w, p, pc);
        return;
    }
    const isa_inst_t *in = &p->inst[i];
    if (w->fx)
        step_fx_begin(w->fx, pc);
    w->pc = pc + 4u * in->ndw;
    fn(w, in);
    w->ninst++;
    c->ninst++;
    c->ninst_by_enc[in->enc]++;
    if (w->fx)
        w->fx->next_pc = w->pc;
    if (w->state == WAVE_FAULT)
        w->fault.pc = pc;
}

void wave_step(wave_t *w)
{
    step(w);
}

/* Run w until it leaves WAVE_RUN or a limit is due, with nothing recorded
 * (w->fx NULL): wave_step's work with the program's arrays held in
 * locals.  Returns 1 when the loop stopped for a limit check. */
static int run_plain(sim_ctx_t *c, wave_t *w)
{
    const sim_prog_t *p = c->prog;
    const isa_inst_t *inst = p->inst;
    sem_fn const *fns = p->fn;
    uint64_t base = p->base;
    size_t ndw = p->ndw;
    while (w->state == WAVE_RUN) {
        uint64_t pc = w->pc, off = pc - base;
        size_t i = (size_t)(off >> 2);
        sem_fn fn;
        if ((off & 3) || i >= ndw || !(fn = fns[i])) {
            step_bad_pc(w, p, pc);
            return 0;
        }
        const isa_inst_t *in = &inst[i];
        w->pc = pc + 4u * in->ndw;
        fn(w, in);
        w->ninst++;
        c->ninst++;
        c->ninst_by_enc[in->enc]++;
        if (w->state == WAVE_FAULT) {
            w->fault.pc = pc;
            return 0;
        }
        if (sim_limit_due(c, w))
            return 1;
    }
    return 0;
}

/* ---- limits -------------------------------------------------------------- */

/* How often (wave-instructions) the cancel flag is polled. */
enum { LIMIT_POLL = 1 << 16 };

static void limit_arm(sim_ctx_t *c)
{
    uint64_t at = c->ninst + LIMIT_POLL;
    if (c->max_inst && c->max_inst < at)
        at = c->max_inst;
    c->check_at = at;
}

void sim_limits_init(sim_ctx_t *c)
{
    if (!c->wave_cap)
        c->wave_cap = UINT64_MAX;
    c->limit = SIM_LIMIT_NONE;
    c->limit_wave = NULL;
    limit_arm(c);
}

int sim_limit_reached(sim_ctx_t *c, wave_t *w)
{
    if (c->limit)
        return 1;
    if (c->cancel && *c->cancel)
        c->limit = SIM_LIMIT_CANCEL;
    else if (c->max_inst && c->ninst >= c->max_inst)
        c->limit = SIM_LIMIT_INST;
    else if (w && w->ninst >= c->wave_cap && w->state != WAVE_DONE && w->state != WAVE_HALT) {
        c->limit = SIM_LIMIT_WAVE;
        c->limit_wave = w;
    }
    if (c->limit)
        return 1;
    limit_arm(c);
    if (c->progress)   /* a long work-group shows its progress too */
        c->progress(c->progress_arg, c->groups_done, c->groups, c->ninst, c->cycle);
    return 0;
}

void sim_limit_result(const sim_ctx_t *c, sim_result_t *r)
{
    r->hit_limit = c->limit;
    const wave_t *w = c->limit_wave;
    if (c->limit != SIM_LIMIT_WAVE || !w)
        return;
    memcpy(r->limit_wg, w->wg->id, sizeof r->limit_wg);
    r->limit_wave = w->wg_wave;
    r->limit_pc = w->pc;
    r->limit_wave_inst = w->ninst;
    sim_inst_text(c->prog, c->t, w->pc, r->limit_disasm, sizeof r->limit_disasm);
}

void sim_inst_text(const sim_prog_t *prog, const isa_target_t *t, uint64_t pc, char *out, size_t n)
{
    uint64_t off = pc - prog->base;
    if (pc % 4)
        snprintf(out, n, "(no instruction: the pc is not 4-byte aligned)");
    else if (pc >= prog->base && off / 4 < prog->ndw && prog->inst[off / 4].op < ISA_OP_COUNT)
        isa_format(t, &prog->inst[off / 4], pc, out, n);
    else if (pc >= prog->base && off / 4 < prog->ndw)   /* not an instruction: as LLVM prints such a word */
        snprintf(out, n, ".long 0x%08x", prog->words[off / 4]);
    else
        snprintf(out, n, "(no instruction: the pc is outside the code)");
}

/* ---- functional scheduler ---------------------------------------------- */

/* The waves of the work-group running (functional mode). */
static unsigned wg_waves(void *sched, sim_wave_info_t *out, unsigned max)
{
    sim_wg_t *g = sched;
    unsigned n = 0;
    for (uint32_t i = 0; i < g->nwaves && n < max; i++) {
        wave_t *w = &g->waves[i];
        out[n] = (sim_wave_info_t){w, -1, -1, -1, w->state == WAVE_BARRIER ? "barrier" : NULL, 0, 0, 0};
        n++;
    }
    return n;
}

int sim_run_wg(sim_ctx_t *c, sim_wg_t *g)
{
    c->sched = g;
    c->list_waves = wg_waves;
    for (;;) {
        unsigned running = 0, at_barrier = 0, done = 0;
        for (uint32_t i = 0; i < g->nwaves; i++) {
            wave_t *w = &g->waves[i];
            if (c->on_step) {   /* recording: the hook sees every instruction */
                fx_t *keep = w->fx;
                w->fx = c->fx;
                while (w->state == WAVE_RUN && !c->stop) {
                    c->on_step(c->step_arg, w, w->fx, 0);
                    if (c->stop)
                        break;
                    wave_step(w);
                    c->on_step(c->step_arg, w, w->fx, 1);
                    if (w->state != WAVE_FAULT && sim_limit_due(c, w) && sim_limit_reached(c, w))
                        break;
                }
                w->fx = keep;
                if (c->stop)
                    return 0;
            } else if (!w->fx) {
                while (run_plain(c, w) && !sim_limit_reached(c, w))
                    ;
            } else
                while (w->state == WAVE_RUN) {
                    step(w);
                    if (w->state != WAVE_FAULT && sim_limit_due(c, w) && sim_limit_reached(c, w))
                        break;
                }
            if (w->state == WAVE_FAULT)
                return -1;
            if (c->limit)
                return 1;
        }
        for (uint32_t i = 0; i < g->nwaves; i++) {
            unsigned s = g->waves[i].state;
            running += s == WAVE_RUN;
            at_barrier += s == WAVE_BARRIER;
            done += s == WAVE_DONE || s == WAVE_HALT;
        }
        if (at_barrier == 0)
            return 0;
        /* every wave that has not ended waits at the barrier: release them */
        if (running == 0)
            for (uint32_t i = 0; i < g->nwaves; i++)
                if (g->waves[i].state == WAVE_BARRIER)
                    g->waves[i].state = WAVE_RUN;
        (void)done;
    }
}
