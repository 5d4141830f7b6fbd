/* test_bindings.c — the binding of semantics to instruction rows: every
 * row has exactly one handler or is on the committed list of unexecuted
 * rows (sim/unexecuted.def), never both; the check finds each kind of
 * mistake in tables made up for it. */
#include <stdio.h>
#include <string.h>
#include "sim/exec.h"
#include "tests/unit/check.h"

static void h1(wave_t *w, const isa_inst_t *in) { (void)w, (void)in; }
static void h2(wave_t *w, const isa_inst_t *in) { (void)w, (void)in; }

/* The check of made-up tables covering every row: each op bound once by
 * a table of all rows but the listed ones, then the mistake a test adds. */
static sem_entry_t all_rows[ISA_OP_COUNT + 1];

static unsigned check_made_up(const sem_entry_t *extra, const uint16_t *list, size_t nlist, char *err, size_t n)
{
    size_t k = 0;
    for (unsigned op = 0; op < ISA_OP_COUNT; op++) {
        int listed = 0;
        for (size_t i = 0; i < nlist; i++)
            listed |= list[i] == op;
        if (!listed)
            all_rows[k++] = (sem_entry_t){(uint16_t)op, h1};
    }
    all_rows[k] = (sem_entry_t){0, NULL};
    sem_table_ref_t t[2] = {{"all.c", all_rows}, {"extra.c", extra}};
    return sem_check_binding_tables(t, extra ? 2 : 1, list, nlist, err, n);
}

int main(void)
{
    char err[2048];
    unsigned n = sem_check_bindings(err, sizeof err);
    CHECK(n == 0, "every row has exactly one handler or is on sim/unexecuted.def (%u problems)%s%s", n,
          n ? ":\n" : "", n ? err : "");

    /* the list and the lookups agree */
    CHECK(sem_lookup(ISA_OP_S_ENDPGM) && !sem_unexecuted_reason(ISA_OP_S_ENDPGM), "s_endpgm runs and is not listed");
    CHECK(!sem_lookup(ISA_OP_EXP) && sem_unexecuted_reason(ISA_OP_EXP), "exp has no handler and a reason");
    CHECK_STR(sem_unexecuted_group(ISA_OP_IMAGE_SAMPLE_C_LZ), "SAMPLER", "image_sample_c_lz is in the SAMPLER group");
    CHECK(!sem_unexecuted_reason(ISA_OP_COUNT) && !sem_lookup(ISA_OP_COUNT), "an op past the rows has neither");
    unsigned listed = 0, bound = 0;
    for (unsigned op = 0; op < ISA_OP_COUNT; op++) {
        listed += sem_unexecuted_reason(op) != NULL;
        bound += sem_lookup(op) != NULL;
    }
    CHECK(listed + bound == ISA_OP_COUNT, "rows: %u bound + %u listed = %u", bound, listed, (unsigned)ISA_OP_COUNT);

    /* made-up tables: each mistake is found and named */
    uint16_t list[2] = {ISA_OP_EXP, ISA_OP_V_MULLIT_F32};
    CHECK(check_made_up(NULL, list, 2, err, sizeof err) == 0, "made-up tables: sound (%s)", err);

    sem_entry_t dup[] = {{ISA_OP_V_ADD_F32, h2}, {0, NULL}};
    n = check_made_up(dup, list, 2, err, sizeof err);
    CHECK(n == 1 && strstr(err, "V_ADD_F32 is bound twice (all.c and extra.c)"), "a row bound in two tables: %s", err);

    /* all.c leaves exp and v_mullit_f32 out; the list names exp only */
    check_made_up(NULL, list, 2, err, sizeof err);
    sem_entry_t dup1[] = {{ISA_OP_V_MULLIT_F32, h2}, {ISA_OP_V_MULLIT_F32, h2}, {0, NULL}};
    sem_table_ref_t t1[2] = {{"all.c", all_rows}, {"extra.c", dup1}};
    n = sem_check_binding_tables(t1, 2, list, 1, err, sizeof err);
    CHECK(n == 1 && strstr(err, "V_MULLIT_F32 is bound twice (extra.c and extra.c)"), "a row bound twice in one table: %s",
          err);

    sem_entry_t both[] = {{ISA_OP_EXP, h2}, {0, NULL}};
    n = check_made_up(both, list, 2, err, sizeof err);
    CHECK(n == 1 && strstr(err, "EXP has a handler (extra.c) and is on the unexecuted list"),
          "a listed row with a handler: %s", err);

    uint16_t twice[3] = {ISA_OP_EXP, ISA_OP_V_MULLIT_F32, ISA_OP_EXP};
    n = check_made_up(NULL, twice, 3, err, sizeof err);
    CHECK(n == 1 && strstr(err, "EXP is on the unexecuted list twice"), "a row listed twice: %s", err);

    check_made_up(NULL, list, 2, err, sizeof err);
    sem_table_ref_t t[1] = {{"all.c", all_rows}};
    n = sem_check_binding_tables(t, 1, list, 1, err, sizeof err);
    CHECK(n == 1 && strstr(err, "V_MULLIT_F32 (v_mullit_f32) has no handler and is not on the unexecuted list"),
          "a row neither bound nor listed: %s", err);

    sem_entry_t bad_op[] = {{ISA_OP_COUNT, h2}, {0, NULL}};
    n = check_made_up(bad_op, list, 2, err, sizeof err);
    CHECK(n == 1 && strstr(err, "which is no row"), "an op past the rows: %s", err);

    n = sem_check_binding_tables(t, 0, NULL, 0, err, sizeof err);
    CHECK(n == ISA_OP_COUNT && strstr(err, "problems in all"), "no tables at all: every row is a problem (%u)", n);
    return check_done();
}
