/* test_waits.c — the table of what wait-counter stalls waited for
 * (sim/waits.h): charges land on the waiting instruction and operation
 * given, at most TM_WAIT_OPS operations per instruction (the rest summed
 * in "other"), and adding two tables (two launches) adds every figure;
 * the expected sums are worked out by hand below. */
#include <stdio.h>
#include <string.h>
#include "sim/waits.h"
#include "tests/unit/check.h"

/* The entry of the waiting instruction at dword at, or NULL. */
static const tm_wait_t *find(const tm_waits_t *t, uint32_t at)
{
    for (size_t i = 0; i < t->n; i++)
        if (t->w[i].at == at)
            return &t->w[i];
    return NULL;
}

/* The entry of operation op of w ("other": TM_WAIT_OTHER), or NULL. */
static const tm_wait_op_t *find_op(const tm_wait_t *w, uint32_t op)
{
    if (op == TM_WAIT_OTHER)
        return &w->op[TM_WAIT_OPS];
    for (uint32_t i = 0; w && i < w->nops; i++)
        if (w->op[i].op == op)
            return &w->op[i];
    return NULL;
}

static void test_charge(void)
{
    tm_waits_t t;
    memset(&t, 0, sizeof t);
    CHECK(tm_waits_charge(&t, 64, 10, 4, TM_SRV_dram, 100) == 0, "charge: recorded");
    tm_waits_charge(&t, 64, 10, 4, TM_SRV_l2, 30);
    tm_waits_charge(&t, 64, 10, 4, TM_SRV_dram, 50);
    tm_waits_charge(&t, 64, 10, 6, TM_SRV_l1, 7);
    tm_waits_charge(&t, 64, 20, 4, TM_SRV_lds, 9);
    const tm_wait_t *w = find(&t, 10);
    const tm_wait_op_t *o = find_op(w, 4);
    CHECK(t.n == 2 && w && w->nops == 2, "charge: two waiting instructions, the first with two operations");
    CHECK(o && o->cycles[TM_SRV_dram] == 150 && o->count[TM_SRV_dram] == 2 && o->cycles[TM_SRV_l2] == 30 &&
              o->count[TM_SRV_l2] == 1 && tm_wait_op_cycles(o) == 180,
          "charge: an operation's cycles and stalls by level (DRAM 100 + 50 in 2, L2 30 in 1)");
    CHECK(w && tm_wait_cycles(w) == 187, "charge: the waiting instruction's total 180 + 7");
    CHECK(find(&t, 20) && tm_wait_cycles(find(&t, 20)) == 9 && find_op(find(&t, 20), 4), "charge: the second one");
    CHECK(tm_waits_charge(&t, 64, 64, 4, TM_SRV_dram, 5) == -1 && t.lost == 5,
          "charge: an instruction outside the code is not recorded (counted lost)");
    tm_waits_free(&t);
    CHECK(t.n == 0 && t.w == NULL && t.ix == NULL, "free: zeroed");
}

/* Ten operations end stalls of one instruction: the first TM_WAIT_OPS keep
 * their own entries, the last two go to "other". */
static void test_bound(void)
{
    tm_waits_t t;
    memset(&t, 0, sizeof t);
    for (uint32_t op = 0; op < TM_WAIT_OPS + 2; op++)
        tm_waits_charge(&t, 32, 30, op, TM_SRV_l2, 10 + op);
    const tm_wait_t *w = find(&t, 30);
    const tm_wait_op_t *other = find_op(w, TM_WAIT_OTHER);
    CHECK(w && w->nops == TM_WAIT_OPS, "bound: %d operations kept", TM_WAIT_OPS);
    CHECK(other && other->cycles[TM_SRV_l2] == (10 + TM_WAIT_OPS) + (11 + TM_WAIT_OPS) &&
              other->count[TM_SRV_l2] == 2,
          "bound: the two beyond summed in other");
    CHECK(w && tm_wait_cycles(w) == 10 * (TM_WAIT_OPS + 2) + (TM_WAIT_OPS + 1) * (TM_WAIT_OPS + 2) / 2,
          "bound: nothing lost in the total");
    tm_waits_charge(&t, 32, 30, 3, TM_SRV_l2, 1);
    CHECK(find_op(w, 3) && find_op(w, 3)->cycles[TM_SRV_l2] == 14, "bound: a kept operation still adds to its own");
    tm_waits_free(&t);
}

/* Two launches: b's entries added to a's. */
static void test_add(void)
{
    tm_waits_t a, b;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    tm_waits_charge(&a, 16, 2, 1, TM_SRV_dram, 100);
    tm_waits_charge(&b, 16, 2, 1, TM_SRV_dram, 40);
    tm_waits_charge(&b, 16, 2, 1, TM_SRV_l1, 3);
    tm_waits_charge(&b, 16, 5, 4, TM_SRV_scalar_miss, 60);
    for (uint32_t op = 0; op < TM_WAIT_OPS + 1; op++)   /* op 8 goes to b's other */
        tm_waits_charge(&b, 16, 7, op, TM_SRV_write, 1);
    b.lost = 2;
    CHECK(tm_waits_add(&a, &b, 16) == 0, "add: done");
    const tm_wait_op_t *o = find_op(find(&a, 2), 1);
    CHECK(o && o->cycles[TM_SRV_dram] == 140 && o->count[TM_SRV_dram] == 2 && o->cycles[TM_SRV_l1] == 3,
          "add: the same instruction and operation summed (DRAM 100 + 40, L1 3)");
    o = find_op(find(&a, 5), 4);
    CHECK(o && o->cycles[TM_SRV_scalar_miss] == 60 && o->count[TM_SRV_scalar_miss] == 1,
          "add: an instruction only the second launch had");
    const tm_wait_t *w = find(&a, 7);
    CHECK(w && w->nops == TM_WAIT_OPS && find_op(w, TM_WAIT_OTHER)->count[TM_SRV_write] == 1 &&
              tm_wait_cycles(w) == TM_WAIT_OPS + 1,
          "add: the other entry carried over");
    CHECK(a.lost == 2, "add: lost cycles summed");
    tm_waits_add(&a, &b, 16);
    CHECK(find_op(find(&a, 7), TM_WAIT_OTHER)->count[TM_SRV_write] == 2 && tm_wait_cycles(find(&a, 7)) == 18,
          "add: a third launch adds again");
    tm_waits_free(&a);
    tm_waits_free(&b);
}

int main(void)
{
    test_charge();
    test_bound();
    test_add();
    CHECK(!strcmp(tm_srv_name(TM_SRV_scalar_miss), "scalar_miss") && !strcmp(tm_srv_name(TM_SRV_dram), "dram") &&
              !strcmp(tm_srv_name(TM_NSRV), "?"),
          "names");
    return check_done();
}
