/* sem_salu.c — scalar ALU and program-control semantics (SOP1, SOP2,
 * SOPK, SOPC, SOPP). */
#include "sim/wave.h"

/* s_endpgm: the wave ends */
static void s_endpgm(wave_t *w, const isa_inst_t *in)
{
    (void)in;
    w->state = WAVE_DONE;
}

/* s_nop, s_waitcnt: nothing to do in functional mode (memory operations
 * complete when issued) */
static void s_nothing(wave_t *w, const isa_inst_t *in)
{
    (void)w;
    (void)in;
}

/* s_barrier: wait until every wave of the work-group arrives */
static void s_barrier(wave_t *w, const isa_inst_t *in)
{
    (void)in;
    w->state = WAVE_BARRIER;
}

const sem_entry_t sem_salu_table[] = {
    {ISA_OP_S_ENDPGM, s_endpgm},
    {ISA_OP_S_NOP, s_nothing},
    {ISA_OP_S_WAITCNT, s_nothing},
    {ISA_OP_S_BARRIER, s_barrier},
    {0, 0},
};
