/* exec.h — running waves: decode-once programs, stepping, scheduling. */
#ifndef GCNSIM_EXEC_H
#define GCNSIM_EXEC_H

#include "sim/wave.h"

struct sim_result;

/* ---- the binding of semantics to rows ------------------------------------
 * Every row of the ISA table has exactly one handler in one of the sem_*.c
 * tables, or is on the committed list of rows gcnsim does not execute
 * (sim/unexecuted.def, a reason per group), never both. */

/* A handler table and its name (the file it lives in), for messages. */
typedef struct {
    const char *name;
    const sem_entry_t *table;   /* ends with an entry whose fn is NULL */
} sem_table_ref_t;

/* Why gcnsim does not execute row op (its group's reason in
 * sim/unexecuted.def), NULL when it does (or op is no row). */
const char *sem_unexecuted_reason(unsigned op);
/* The group of an unexecuted row in sim/unexecuted.def ("SAMPLER"), NULL
 * when the row is executed. */
const char *sem_unexecuted_group(unsigned op);
/* Check the binding of tables[0..ntables) and the unexecuted list
 * unexec[0..nunexec) against the rows: a row bound twice (in one table or
 * two), a listed row with a handler, a row listed twice, a row neither
 * bound nor listed, an op that is no row.  Returns the number of problems
 * (0: sound), describing the first few in err (one a line).  Not
 * thread-safe (static scratch). */
unsigned sem_check_binding_tables(const sem_table_ref_t *tables, size_t ntables, const uint16_t *unexec,
                                  size_t nunexec, char *err, size_t errlen);
/* sem_check_binding_tables on gcnsim's own tables and list. */
unsigned sem_check_bindings(char *err, size_t errlen);

/* Decode words[0..ndw) (device address base) once: every dword offset,
 * with its handler.  Returns 0, or -1 when out of memory. */
int sim_prog_build(sim_prog_t *p, const isa_target_t *t, const uint32_t *words, size_t ndw, uint64_t base);
/* Release a program. */
void sim_prog_free(sim_prog_t *p);

/* Execute one instruction of a running wave (it may end, wait at a
 * barrier or fault). */
void wave_step(wave_t *w);

/* Run every wave of a work-group until all have ended (functional mode:
 * each wave runs until it waits at a barrier or ends; a barrier releases
 * when every wave that has not ended waits at it).  Returns 0, -1 when
 * a wave faulted (its state is WAVE_FAULT), 1 when a limit stopped it
 * (c->limit says which). */
int sim_run_wg(sim_ctx_t *c, sim_wg_t *g);

/* Start counting toward c's limits (max_inst, wave_cap and cancel set). */
void sim_limits_init(sim_ctx_t *c);
/* Whether a limit ends the dispatch now, w being the wave that just
 * stepped: sets c->limit (and c->limit_wave) and returns 1, else moves
 * c->check_at on and returns 0.  Call it when c->ninst >= c->check_at or
 * w->ninst >= c->wave_cap. */
int sim_limit_reached(sim_ctx_t *c, wave_t *w);

/* Fill r's hit_limit (and, for the wave limit, the wave, its pc and
 * instruction) from c->limit; call it while the waves still exist. */
void sim_limit_result(const sim_ctx_t *c, struct sim_result *r);
/* The instruction at pc of prog in LLVM syntax (".long 0x..." for a word
 * that is not one; a note when pc is misaligned or outside the code). */
void sim_inst_text(const sim_prog_t *prog, const isa_target_t *t, uint64_t pc, char *out, size_t n);

/* Whether the limits must be looked at after w's last step (the hot path). */
static inline int sim_limit_due(const sim_ctx_t *c, const wave_t *w)
{
    return c->ninst >= c->check_at || w->ninst >= c->wave_cap;
}

#endif
