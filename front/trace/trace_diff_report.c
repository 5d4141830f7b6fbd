/* trace_diff_report.c — the report of `gcnsim trace diff` (trace_diff.c
 * finds the first divergence): what differs between two records, the most
 * telling first, and how each difference is printed; the second pass over
 * A (the diverging wave's previous records, the last write of what
 * differs, the breakpoint count); one record on a line; the gcnsim debug
 * command that stops before the instruction. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "front/trace/trace.h"
#include "front/trace/trace_diff_int.h"

/* ---- what differs in a record -------------------------------------------- */

/* (the items and their list, dfitem_t and dflist_t: trace_diff_int.h) */

static void add(dflist_t *l, dfitem_t it)
{
    if (l->n < MAX_ITEMS)
        l->it[l->n++] = it;
    else
        l->more++;
}

/* Index of the last write of a register/dword/hwreg in r, or -1. */
static int sreg_at(const trace_rec_t *r, unsigned reg)
{
    for (int i = (int)r->ns - 1; i >= 0; i--)
        if (r->s[i].reg == reg)
            return i;
    return -1;
}

static int vreg_at(const trace_rec_t *r, unsigned reg)
{
    for (int i = (int)r->nv - 1; i >= 0; i--)
        if (r->v[i].reg == reg)
            return i;
    return -1;
}

static int mem_at(const trace_rec_t *r, unsigned space, uint64_t addr)
{
    for (int i = (int)r->nm - 1; i >= 0; i--)
        if (r->m[i].space == space && r->m[i].addr == addr)
            return i;
    return -1;
}

static int hw_at(const trace_rec_t *r, unsigned id)
{
    for (int i = (int)r->nh - 1; i >= 0; i--)
        if (r->h[i].id == id)
            return i;
    return -1;
}

static void diff_sregs(const trace_rec_t *a, const trace_rec_t *b, dflist_t *l)
{
    for (unsigned i = 0; i < a->ns; i++) {
        unsigned reg = a->s[i].reg;
        int j = sreg_at(b, reg);
        if (sreg_at(a, reg) != (int)i || (j >= 0 && b->s[j].val == a->s[i].val))
            continue;
        add(l, (dfitem_t){.kind = DF_SREG, .reg = reg, .in_a = 1, .in_b = j >= 0, .va = a->s[i].val,
                          .vb = j >= 0 ? b->s[j].val : 0});
    }
    for (unsigned i = 0; i < b->ns; i++)
        if (sreg_at(b, b->s[i].reg) == (int)i && sreg_at(a, b->s[i].reg) < 0)
            add(l, (dfitem_t){.kind = DF_SREG, .reg = b->s[i].reg, .in_b = 1, .vb = b->s[i].val});
}

static void diff_vregs(const trace_rec_t *a, const trace_rec_t *b, dflist_t *l)
{
    for (unsigned i = 0; i < a->nv; i++) {
        const trace_vreg_t *x = &a->v[i];
        int j = vreg_at(b, x->reg);
        if (vreg_at(a, x->reg) != (int)i)
            continue;
        uint64_t lanes = x->mask;
        if (j >= 0) {
            const trace_vreg_t *y = &b->v[j];
            lanes = x->mask ^ y->mask;
            for (uint64_t m = x->mask & y->mask; m; m &= m - 1)
                if (x->val[__builtin_ctzll(m)] != y->val[__builtin_ctzll(m)])
                    lanes |= m & -m;
        }
        if (lanes || j < 0)
            add(l, (dfitem_t){.kind = DF_VREG, .reg = x->reg, .in_a = 1, .in_b = j >= 0, .lanes = lanes, .ia = (int)i,
                              .ib = j});
    }
    for (unsigned i = 0; i < b->nv; i++)
        if (vreg_at(b, b->v[i].reg) == (int)i && vreg_at(a, b->v[i].reg) < 0)
            add(l, (dfitem_t){.kind = DF_VREG, .reg = b->v[i].reg, .in_b = 1, .lanes = b->v[i].mask, .ia = -1,
                              .ib = (int)i});
}

static void diff_mem(const trace_rec_t *a, const trace_rec_t *b, dflist_t *l)
{
    for (unsigned i = 0; i < a->nm; i++) {
        const trace_mem_t *x = &a->m[i];
        int j = mem_at(b, x->space, x->addr);
        if (mem_at(a, x->space, x->addr) != (int)i || (j >= 0 && b->m[j].val == x->val))
            continue;
        add(l, (dfitem_t){.kind = DF_MEM, .space = x->space, .addr = x->addr, .in_a = 1, .in_b = j >= 0,
                          .va = x->val, .vb = j >= 0 ? b->m[j].val : 0});
    }
    for (unsigned i = 0; i < b->nm; i++) {
        const trace_mem_t *y = &b->m[i];
        if (mem_at(b, y->space, y->addr) == (int)i && mem_at(a, y->space, y->addr) < 0)
            add(l, (dfitem_t){.kind = DF_MEM, .space = y->space, .addr = y->addr, .in_b = 1, .vb = y->val});
    }
}

static void diff_hw(const trace_rec_t *a, const trace_rec_t *b, dflist_t *l)
{
    for (unsigned i = 0; i < a->nh; i++) {
        int j = hw_at(b, a->h[i].id);
        if (hw_at(a, a->h[i].id) != (int)i || (j >= 0 && b->h[j].val == a->h[i].val))
            continue;
        add(l, (dfitem_t){.kind = DF_HWREG, .reg = a->h[i].id, .in_a = 1, .in_b = j >= 0, .va = a->h[i].val,
                          .vb = j >= 0 ? b->h[j].val : 0});
    }
    for (unsigned i = 0; i < b->nh; i++)
        if (hw_at(b, b->h[i].id) == (int)i && hw_at(a, b->h[i].id) < 0)
            add(l, (dfitem_t){.kind = DF_HWREG, .reg = b->h[i].id, .in_b = 1, .vb = b->h[i].val});
}

static int same_mem_list(const trace_rec_t *a, const trace_rec_t *b)
{
    if (a->nm != b->nm)
        return 0;
    for (unsigned i = 0; i < a->nm; i++)
        if (a->m[i].space != b->m[i].space || a->m[i].addr != b->m[i].addr || a->m[i].val != b->m[i].val)
            return 0;
    return 1;
}

/* Are the lists of kind k (0 SGPRs, 1 VGPRs, 2 hardware registers) of a
 * and b the same, entry by entry? */
static int same_list(const trace_rec_t *a, const trace_rec_t *b, unsigned k)
{
    unsigned na = k == 0 ? a->ns : k == 1 ? a->nv : a->nh, nb = k == 0 ? b->ns : k == 1 ? b->nv : b->nh;
    if (na != nb)
        return 0;
    for (unsigned i = 0; i < na; i++) {
        if (k == 0 && (a->s[i].reg != b->s[i].reg || a->s[i].val != b->s[i].val))
            return 0;
        if (k == 2 && (a->h[i].id != b->h[i].id || a->h[i].val != b->h[i].val))
            return 0;
        if (k != 1)
            continue;
        const trace_vreg_t *x = &a->v[i], *y = &b->v[i];
        if (x->reg != y->reg || x->mask != y->mask)
            return 0;
        for (uint64_t m = x->mask; m; m &= m - 1)
            if (x->val[__builtin_ctzll(m)] != y->val[__builtin_ctzll(m)])
                return 0;
    }
    return 1;
}

/* When the writes of a kind agree register by register (or dword by
 * dword) but their lists do not, say so: what is listed more often or in
 * another order is then the difference. */
static void diff_lists(const trace_rec_t *a, const trace_rec_t *b, dflist_t *l, const unsigned nkind[4])
{
    for (unsigned k = 0; k < 3; k++)
        if (!nkind[k] && !same_list(a, b, k))
            add(l, (dfitem_t){.kind = DF_LIST, .reg = k, .in_a = 1, .in_b = 1});
    if (!nkind[3] && !same_mem_list(a, b))
        add(l, (dfitem_t){.kind = DF_MEMLIST, .in_a = 1, .in_b = 1, .va = a->nm, .vb = b->nm});
}

/* Items of kind k in l. */
static unsigned count_kind(const dflist_t *l, int k)
{
    unsigned n = 0;
    for (unsigned i = 0; i < l->n; i++)
        n += l->it[i].kind == k;
    return n;
}

/* Everything that differs between a and b, the most telling first. */
void td_collect(const trace_rec_t *a, const trace_rec_t *b, int timing, dflist_t *l)
{
    l->n = l->more = 0;
    if (a->pc != b->pc) {
        add(l, (dfitem_t){.kind = DF_PC, .va = a->pc, .vb = b->pc});
        return;
    }
    if (a->ndw != b->ndw || memcmp(a->dw, b->dw, 4 * (size_t)a->ndw))
        add(l, (dfitem_t){.kind = DF_ENC});
    if (a->exec != b->exec)
        add(l, (dfitem_t){.kind = DF_EXEC, .va = a->exec, .vb = b->exec});
    if (a->flags != b->flags)
        add(l, (dfitem_t){.kind = DF_FLAGS, .va = a->flags, .vb = b->flags});
    diff_vregs(a, b, l);
    diff_sregs(a, b, l);
    if (a->scc_written != b->scc_written || (a->scc_written && a->scc != b->scc))
        add(l, (dfitem_t){.kind = DF_SCC, .in_a = a->scc_written, .in_b = b->scc_written, .va = a->scc, .vb = b->scc});
    diff_mem(a, b, l);
    diff_hw(a, b, l);
    unsigned nkind[4] = {count_kind(l, DF_SREG), count_kind(l, DF_VREG), count_kind(l, DF_HWREG),
                         count_kind(l, DF_MEM)};
    if (l->more)   /* items left out: the lists differ in their contents */
        nkind[0] = nkind[1] = nkind[2] = nkind[3] = 1;
    diff_lists(a, b, l, nkind);
    if (timing && a->cycle_issue != b->cycle_issue)
        add(l, (dfitem_t){.kind = DF_ISSUE, .va = a->cycle_issue, .vb = b->cycle_issue});
    if (timing && a->cycle_done != b->cycle_done)
        add(l, (dfitem_t){.kind = DF_DONE, .va = a->cycle_done, .vb = b->cycle_done});
}

/* ---- the report ---------------------------------------------------------- */

const char *td_item_name(const trace_header_t *h, const dfitem_t *it, char *buf, size_t n)
{
    switch (it->kind) {
    case DF_PC: return "pc";
    case DF_ENC: return "the encoding";
    case DF_EXEC: return "exec";
    case DF_FLAGS: return "the flags";
    case DF_SCC: return "scc";
    case DF_ISSUE: return "the issue cycle";
    case DF_DONE: return "the completion cycle";
    case DF_SREG: {
        char name[32];
        snprintf(buf, n, "%s", trace_sreg_name(h, it->reg, name));
        return buf;
    }
    case DF_VREG:
        snprintf(buf, n, "v%u", it->reg);
        return buf;
    case DF_MEM:
        snprintf(buf, n, "%s[0x%" PRIx64 "]", trace_space_name(it->space), it->addr);
        return buf;
    case DF_MEMLIST: return "the memory dwords listed";
    case DF_LIST: return it->reg == 0 ? "the SGPRs listed" : it->reg == 1 ? "the VGPRs listed" : "the hwregs listed";
    default:
        snprintf(buf, n, "hwreg %u", it->reg);
        return buf;
    }
}

/* "17", "0-63", "3 5 8-9" (at most a few runs, then "..."). */
static void lane_list(uint64_t m, char *buf, size_t n)
{
    size_t k = 0;
    int runs = 0;
    buf[0] = 0;
    for (unsigned l = 0; l < 64 && k + 16 < n;) {
        if (!(m >> l & 1)) {
            l++;
            continue;
        }
        unsigned e = l;
        while (e + 1 < 64 && m >> (e + 1) & 1)
            e++;
        if (runs++ == 6) {
            k += (size_t)snprintf(buf + k, n - k, " ...");
            break;
        }
        k += (size_t)(e > l ? snprintf(buf + k, n - k, "%s%u-%u", k ? " " : "", l, e)
                            : snprintf(buf + k, n - k, "%s%u", k ? " " : "", l));
        l = e + 1;
    }
}

static const char *flag_text(uint64_t f, char *buf, size_t n)
{
    snprintf(buf, n, "%s%s%s%s", f & TRACE_F_FAULT ? " fault" : "", f & TRACE_F_OVERFLOW ? " overflow" : "",
             f & TRACE_F_NONDET ? " nondet" : "", f ? "" : " none");
    return buf + 1;
}

static void print_vreg_item(FILE *out, const trace_rec_t *a, const trace_rec_t *b, const dfitem_t *it)
{
    char lanes[128];
    lane_list(it->lanes, lanes, sizeof lanes);
    if (!it->in_a || !it->in_b) {
        fprintf(out, "  v%u is written by %s only (lanes %s)\n", it->reg, it->in_a ? "A" : "B", lanes);
        return;
    }
    unsigned n = (unsigned)__builtin_popcountll(it->lanes), shown = 0;
    fprintf(out, "  v%u differs in %u lane%s (%s):\n", it->reg, n, n == 1 ? "" : "s", lanes);
    const trace_vreg_t *x = &a->v[it->ia], *y = &b->v[it->ib];
    /* lanes with the same pair of values together, in lane order */
    uint64_t left = it->lanes;
    while (left && shown < 8) {
        unsigned l = (unsigned)__builtin_ctzll(left);
        int wa = (int)(x->mask >> l & 1), wb = (int)(y->mask >> l & 1);
        uint64_t group = 0;
        for (uint64_t m = left; m; m &= m - 1) {
            unsigned k = (unsigned)__builtin_ctzll(m);
            if ((int)(x->mask >> k & 1) == wa && (int)(y->mask >> k & 1) == wb && (!wa || x->val[k] == x->val[l]) &&
                (!wb || y->val[k] == y->val[l]))
                group |= m & -m;
        }
        left &= ~group;
        char ea[24], eb[24], gl[128];
        snprintf(ea, sizeof ea, wa ? "0x%08x" : "(not written)", x->val[l]);
        snprintf(eb, sizeof eb, wb ? "0x%08x" : "(not written)", y->val[l]);
        if (group == (group & -group))
            fprintf(out, "    lane %2u: expected %s, actual %s\n", l, ea, eb);
        else {
            lane_list(group, gl, sizeof gl);
            fprintf(out, "    lanes %s: expected %s, actual %s\n", gl, ea, eb);
        }
        shown++;
    }
    if (left)
        fprintf(out, "    ... and %d more lanes\n", __builtin_popcountll(left));
}

static int mem_key_cmp(const void *x, const void *y)
{
    const trace_mem_t *a = x, *b = y;
    if (a->space != b->space)
        return a->space < b->space ? -1 : 1;
    return a->addr < b->addr ? -1 : a->addr > b->addr;
}

/* A record's memory dwords sorted by space and address (NULL: none, or
 * out of memory). */
static trace_mem_t *sorted_mem(const trace_rec_t *r)
{
    trace_mem_t *m = r->nm ? malloc(r->nm * sizeof *m) : NULL;
    if (m) {
        memcpy(m, r->m, r->nm * sizeof *m);
        qsort(m, r->nm, sizeof *m, mem_key_cmp);
    }
    return m;
}

static const char *times_text(unsigned n, char *buf, size_t len)
{
    snprintf(buf, len, n == 0 ? "not at all" : n == 1 ? "once" : n == 2 ? "twice" : "%u times", n);
    return buf;
}

/* The dword with the lowest space and address that a and b list a
 * different number of times; 0 and *ka, *kb (the counts) set, or -1 when
 * each is listed as often in both (or out of memory: *ka = *kb = 0). */
static int first_count_difference(const trace_rec_t *a, const trace_rec_t *b, trace_mem_t *key, unsigned *ka,
                                  unsigned *kb)
{
    trace_mem_t *sa = sorted_mem(a), *sb = sorted_mem(b);
    int found = -1;
    *ka = *kb = 0;
    if ((a->nm && !sa) || (b->nm && !sb)) {
        free(sa);
        free(sb);
        return -1;
    }
    for (unsigned i = 0, j = 0; found < 0 && (i < a->nm || j < b->nm);) {
        const trace_mem_t *k = j >= b->nm || (i < a->nm && mem_key_cmp(&sa[i], &sb[j]) <= 0) ? &sa[i] : &sb[j];
        unsigned ca = 0, cb = 0;
        *key = *k;
        while (i < a->nm && !mem_key_cmp(&sa[i], key))
            i++, ca++;
        while (j < b->nm && !mem_key_cmp(&sb[j], key))
            j++, cb++;
        if (ca != cb)
            found = 0, *ka = ca, *kb = cb;
    }
    free(sa);
    free(sb);
    return found;
}

/* The memory dwords of a and b agree address by address but are listed
 * differently: the first dword listed more often by one record, or the
 * first entry where the orders part. */
static void print_memlist(FILE *out, const trace_rec_t *a, const trace_rec_t *b)
{
    trace_mem_t k;
    unsigned ka, kb;
    char ta[24], tb[24];
    if (first_count_difference(a, b, &k, &ka, &kb) == 0) {
        const trace_rec_t *r = ka > kb ? a : b;
        int i = mem_at(r, k.space, k.addr);
        fprintf(out, "  the memory dwords listed differ: A lists %u, B %u; %s[0x%" PRIx64 "] (0x%08x) is listed %s by A"
                " and %s by B\n", a->nm, b->nm, trace_space_name(k.space), k.addr, r->m[i].val,
                times_text(ka, ta, sizeof ta), times_text(kb, tb, sizeof tb));
        return;
    }
    unsigned i = 0;
    while (i < a->nm && i < b->nm && !mem_key_cmp(&a->m[i], &b->m[i]) && a->m[i].val == b->m[i].val)
        i++;
    if (a->nm != b->nm || i >= a->nm) {   /* out of memory above */
        fprintf(out, "  the memory dwords listed differ: A lists %u, B %u\n", a->nm, b->nm);
        return;
    }
    fprintf(out, "  the memory dwords are listed in another order (%u in each): entry %u is %s[0x%" PRIx64 "] "
            "(0x%08x) in A, %s[0x%" PRIx64 "] (0x%08x) in B\n", a->nm, i, trace_space_name(a->m[i].space),
            a->m[i].addr, a->m[i].val, trace_space_name(b->m[i].space), b->m[i].addr, b->m[i].val);
}

/* The registers of list kind k (0 SGPRs, 1 VGPRs, 2 hwregs) of r, named
 * in list order: "s5 s6" (at most 8, then "..."). */
static void list_names(const trace_header_t *h, const trace_rec_t *r, unsigned k, char *buf, size_t n)
{
    unsigned cnt = k == 0 ? r->ns : k == 1 ? r->nv : r->nh;
    size_t len = 0;
    char name[32];
    buf[0] = 0;
    for (unsigned i = 0; i < cnt && i < 8 && len < n; i++) {
        if (k == 0)
            trace_sreg_name(h, r->s[i].reg, name);
        else if (k == 1)
            snprintf(name, sizeof name, "v%u", r->v[i].reg);
        else
            snprintf(name, sizeof name, "hwreg %u", r->h[i].id);
        len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? " " : "", name);
    }
    if (cnt > 8 && len < n)
        snprintf(buf + len, n - len, " ...");
}

static void print_list(FILE *out, const trace_header_t *h, const trace_rec_t *a, const trace_rec_t *b, unsigned k)
{
    static const char *const what[3] = {"SGPRs", "VGPRs", "hardware registers"};
    char la[160], lb[160];
    list_names(h, a, k, la, sizeof la);
    list_names(h, b, k, lb, sizeof lb);
    unsigned na = k == 0 ? a->ns : k == 1 ? a->nv : a->nh, nb = k == 0 ? b->ns : k == 1 ? b->nv : b->nh;
    fprintf(out, "  the %s written are listed differently (the last value of each agrees): expected %u (%s), "
            "actual %u (%s)\n", what[k], na, la, nb, lb);
}

/* The first difference in full. */
void td_print_item(FILE *out, const trace_header_t *const h[2], const trace_rec_t *a, const trace_rec_t *b,
                   const dfitem_t *it)
{
    char name[64], da[256], db[256], fa[40], fb[40];
    switch (it->kind) {
    case DF_PC:
        trace_disasm(h[0], a, da, sizeof da);
        trace_disasm(h[1], b, db, sizeof db);
        fprintf(out, "  pc differs: expected 0x%" PRIx64 " (%s), actual 0x%" PRIx64 " (%s)\n", a->pc, da, b->pc, db);
        break;
    case DF_ENC:
        trace_disasm(h[0], a, da, sizeof da);
        trace_disasm(h[1], b, db, sizeof db);
        fprintf(out, "  the instruction differs: expected");
        for (unsigned i = 0; i < a->ndw; i++)
            fprintf(out, " %08X", a->dw[i]);
        fprintf(out, " (%s), actual", da);
        for (unsigned i = 0; i < b->ndw; i++)
            fprintf(out, " %08X", b->dw[i]);
        fprintf(out, " (%s)\n", db);
        break;
    case DF_EXEC:
        lane_list(it->va ^ it->vb, da, sizeof da);
        fprintf(out, "  exec differs: expected 0x%016" PRIx64 ", actual 0x%016" PRIx64 " (lanes %s)\n", it->va,
                it->vb, da);
        break;
    case DF_FLAGS:
        fprintf(out, "  the flags differ: expected %s, actual %s\n", flag_text(it->va, fa, sizeof fa),
                flag_text(it->vb, fb, sizeof fb));
        break;
    case DF_ISSUE:
    case DF_DONE:
        fprintf(out, "  %s differs: expected %" PRIu64 ", actual %" PRIu64 " (%+" PRId64 ")\n",
                td_item_name(h[0], it, name, sizeof name), it->va, it->vb, (int64_t)(it->vb - it->va));
        break;
    case DF_VREG:
        print_vreg_item(out, a, b, it);
        break;
    case DF_MEMLIST:
        print_memlist(out, a, b);
        break;
    case DF_LIST:
        print_list(out, h[0], a, b, it->reg);
        break;
    default:
        td_item_name(h[0], it, name, sizeof name);
        if (it->in_a && it->in_b)
            fprintf(out, "  %s differs: expected 0x%08" PRIx64 ", actual 0x%08" PRIx64 "\n", name, it->va, it->vb);
        else
            fprintf(out, "  %s is written by %s only (0x%08" PRIx64 ")\n", name, it->in_a ? "A" : "B",
                    it->in_a ? it->va : it->vb);
    }
}

/* The other differences of the record, named. */
void td_print_others(FILE *out, const trace_header_t *h, const dflist_t *l)
{
    if (l->n < 2)
        return;
    fprintf(out, "  also different:");
    unsigned shown = 0;
    for (unsigned i = 1; i < l->n && shown < 8; i++, shown++) {
        char name[64];
        fprintf(out, "%s %s", i > 1 ? "," : "", td_item_name(h, &l->it[i], name, sizeof name));
        if (l->it[i].kind == DF_VREG)
            fprintf(out, " (%d lane%s)", __builtin_popcountll(l->it[i].lanes),
                    __builtin_popcountll(l->it[i].lanes) == 1 ? "" : "s");
    }
    unsigned rest = l->n - 1 - shown + l->more;
    if (rest)
        fprintf(out, " and %u more", rest);
    fprintf(out, "\n");
}

/* ---- second pass: context, last write, breakpoint count ------------------ */

/* (what it looks for and finds, pass2_t: trace_diff_int.h) */

static int in_wave(const pass2_t *p, const trace_rec_t *r)
{
    return r->launch == p->launch && r->wg[0] == p->wg[0] && r->wg[1] == p->wg[1] && r->wg[2] == p->wg[2] &&
           r->wg_wave == p->wg_wave;
}

/* Does r write what p looks for (value in *val)? */
static int writes(const pass2_t *p, const trace_rec_t *r, int own, uint32_t *val)
{
    const dfitem_t *it = p->it;
    int i;
    switch (it->kind) {
    case DF_SREG:
        return own && (i = sreg_at(r, it->reg)) >= 0 ? (*val = r->s[i].val, 1) : 0;
    case DF_EXEC:
        if (own && (i = sreg_at(r, 126)) >= 0)
            return *val = r->s[i].val, 1;
        return own && (i = sreg_at(r, 127)) >= 0 ? (*val = r->s[i].val, 1) : 0;
    case DF_SCC:
        return own && r->scc_written ? (*val = r->scc, 1) : 0;
    case DF_HWREG:
        return own && (i = hw_at(r, it->reg)) >= 0 ? (*val = r->h[i].val, 1) : 0;
    case DF_VREG:
        if (own && (i = vreg_at(r, it->reg)) >= 0 && r->v[i].mask >> p->lane & 1)
            return *val = r->v[i].val[p->lane], 1;
        return 0;
    case DF_MEM: {
        /* global memory persists from launch to launch (a bench trace) */
        int scope = it->space == FX_SPACE_SCRATCH ? own
                    : it->space == FX_SPACE_LDS ? r->launch == p->launch && !memcmp(r->wg, p->wg, sizeof r->wg)
                                                : 1;
        return scope && (i = mem_at(r, it->space, it->addr)) >= 0 ? (*val = r->m[i].val, 1) : 0;
    }
    default:
        return 0;
    }
}

static void pass2_record(pass2_t *p, const trace_rec_t *r)
{
    int own = in_wave(p, r);
    uint32_t v;
    if (p->it && writes(p, r, own, &v)) {
        qrec_t *q = td_pack(r);
        if (q) {
            free(p->lw);
            p->lw = q, p->lw_val = v, p->lw_wave = r->wave, p->lw_wg_wave = r->wg_wave, p->lw_launch = r->launch;
            memcpy(p->lw_wg, r->wg, sizeof p->lw_wg);
        }
    }
    if (!own)
        return;
    p->hits += r->pc == p->pc;
    if (p->nctx) {
        qrec_t *q = td_pack(r);
        if (q) {
            free(p->ctx[p->nseen % p->nctx]);
            p->ctx[p->nseen % p->nctx] = q;
            p->nseen++;
        }
    }
}

/* Read A again up to p->limit.  0, or -1 (err set). */
int td_pass2(const char *path, long dispatch, pass2_t *p, char *err, size_t errlen)
{
    if (!p->limit)
        return 0;
    trace_reader_t *tr = trace_open_dispatch(path, dispatch, err, errlen);
    trace_rec_t *r = calloc(1, sizeof *r);
    int rc = tr && r ? 0 : -1;
    if (tr && !r)
        snprintf(err, errlen, "out of memory");
    while (!rc) {
        int k = trace_next(tr, r, err, errlen);
        if (k < 0)
            rc = -1;
        if (k <= 0 || r->seq >= p->limit)
            break;
        pass2_record(p, r);
    }
    if (r)
        trace_rec_free(r);
    free(r);
    trace_close(tr);
    return rc;
}

void td_pass2_free(pass2_t *p)
{
    for (unsigned i = 0; i < 16; i++)
        free(p->ctx[i]);
    free(p->lw);
}

/* ---- printing records ---------------------------------------------------- */

/* "v4, vcc_lo, scc, global x4" */
static void writes_text(const trace_header_t *h, const trace_rec_t *r, char *buf, size_t n)
{
    size_t k = 0;
    char name[32];
    buf[0] = 0;
#define W(...) (k < n ? (void)(k += (size_t)snprintf(buf + k, n - k, __VA_ARGS__)) : (void)0)
    for (unsigned i = 0; i < r->nv; i++)
        W("%sv%u", k ? ", " : "", r->v[i].reg);
    for (unsigned i = 0; i < r->ns; i++)
        W("%s%s", k ? ", " : "", trace_sreg_name(h, r->s[i].reg, name));
    if (r->scc_written)
        W("%sscc", k ? ", " : "");
    for (unsigned i = 0; i < r->nm;) {
        unsigned j = i;
        while (j < r->nm && r->m[j].space == r->m[i].space)
            j++;
        W("%s%s x%u", k ? ", " : "", trace_space_name(r->m[i].space), j - i);
        i = j;
    }
#undef W
}

void td_print_rec_line(FILE *out, const trace_header_t *h, const qrec_t *q, const char *indent)
{
    trace_rec_t *r = calloc(1, sizeof *r);
    if (!r || td_unpack(q, r)) {
        if (r)
            free(r->m);
        free(r);
        return;
    }
    char dis[256], w[200];
    trace_disasm(h, r, dis, sizeof dis);
    writes_text(h, r, w, sizeof w);
    fprintf(out, "%s[%" PRIu64 "] pc 0x%" PRIx64 " exec 0x%016" PRIx64 ": %s%s%s\n", indent, r->seq, r->pc, r->exec,
            dis, *w ? "  -> " : "", w);
    free(r->m);
    free(r);
}

void td_print_last_write(FILE *out, const trace_header_t *h[2], const pass2_t *p)
{
    char name[64], what[96];
    td_item_name(h[0], p->it, name, sizeof name);
    if (p->it->kind == DF_VREG)
        snprintf(what, sizeof what, "%s lane %u", name, p->lane);
    else
        snprintf(what, sizeof what, "%s", name);
    int global = p->it->kind == DF_MEM && p->it->space != FX_SPACE_SCRATCH && p->it->space != FX_SPACE_LDS;
    if (!p->lw) {
        fprintf(out, "  %s was not written before %s\n", what,
                global && p->launch ? "in A (it holds its value from before the first launch)"
                : p->it->kind == DF_MEM && p->it->space != FX_SPACE_SCRATCH
                    ? "in A (it holds its value from before the launch)"
                    : "by this wave (it holds its value from the wave's start)");
        return;
    }
    char in_launch[32] = "";
    if (p->lw_launch != p->launch)
        snprintf(in_launch, sizeof in_launch, " of launch %u", p->lw_launch);
    if (p->it->kind == DF_MEM && p->it->space != FX_SPACE_SCRATCH)
        fprintf(out, "  %s was last written by wave %u (wg %u,%u,%u #%u)%s, 0x%08x:\n", what, p->lw_wave,
                p->lw_wg[0], p->lw_wg[1], p->lw_wg[2], p->lw_wg_wave, in_launch, p->lw_val);
    else
        fprintf(out, "  %s was last written by this wave, 0x%08x:\n", what, p->lw_val);
    td_print_rec_line(out, h[0], p->lw, "    ");
}

/* ---- the debugger command ------------------------------------------------ */

/* The next token of a shell-quoted string ('...' and \x as gcnsim run
 * writes them): its raw text.  0 at the end. */
static int next_token(const char **s, const char **start, size_t *len)
{
    const char *p = *s;
    while (*p == ' ')
        p++;
    if (!*p)
        return 0;
    *start = p;
    int quoted = 0;
    for (; *p && (quoted || *p != ' '); p++)
        if (*p == '\'')
            quoted = !quoted;
        else if (*p == '\\' && !quoted && p[1])
            p++;
    *len = (size_t)(p - *start);
    *s = p;
    return 1;
}

static int token_is(const char *t, size_t n, const char *s)
{
    return strlen(s) == n && !memcmp(t, s, n);
}

/* An option left out when a command line is repeated, with its number of values. */
typedef struct {
    const char *name;
    int nvalues;
} skip_t;

/* The options of gcnsim run that gcnsim debug does not take. */
static const skip_t run_only[] = {{"--dump", 1}, {"--json", 1}, {"--timeline", 1}, {"--trace", 1},
                                  {"--hotspots", 0}, {"--html", 1}, {"--timeline-max", 1}, {"--timeline-cus", 1},
                                  {NULL, 0}};
/* The options of gcnsim bench that --save-launch does without: other
 * outputs, the GPU, an earlier --save-launch. */
static const skip_t bench_extra[] = {{"--json", 1}, {"--timeline", 1}, {"--trace", 1}, {"--save-launch", 2},
                                     {"--hotspots", 0}, {"--validate", 0}, {NULL, 0}};

/* Prints the options opts (shell-quoted as written) without those in skip. */
static void print_options(FILE *out, const char *opts, const skip_t *skip)
{
    const char *s = opts, *t;
    size_t n;
    while (next_token(&s, &t, &n)) {
        const skip_t *k = skip;
        while (k->name && !token_is(t, n, k->name))
            k++;
        for (int v = 0; k->name && v < k->nvalues; v++)
            next_token(&s, &t, &n);
        if (!k->name)
            fprintf(out, " %.*s", (int)n, t);
    }
}

/* Is opts the command line of gcnsim bench ("bench bitonic --n 4096 ...",
 * as bench --trace writes it)?  Then 1 and the workload's name in buf. */
static int bench_workload(const char *opts, char *buf, size_t n, int (*is_workload)(const char *name))
{
    const char *s = opts, *t;
    size_t len;
    if (!next_token(&s, &t, &len) || !token_is(t, len, "bench"))
        return 0;
    snprintf(buf, n, "(unknown workload)");
    while (next_token(&s, &t, &len)) {
        char tok[32];
        if (len >= sizeof tok)
            continue;
        memcpy(tok, t, len);
        tok[len] = 0;
        if (is_workload && is_workload(tok)) {
            snprintf(buf, n, "%s", tok);
            break;
        }
    }
    return 1;
}

/* The debugger's commands that stop wave at its execution of pc after hits earlier ones. */
static void print_break(FILE *out, uint64_t pc, uint32_t wave, uint64_t hits)
{
    fprintf(out, "  (gcnsim) break 0x%" PRIx64 " wave %u\n  (gcnsim) run\n", pc, wave);
    if (hits)
        fprintf(out, "  (gcnsim) continue %" PRIu64 "\n", hits);
}

/* A bench trace (options h->options, workload wl or NULL): the bench again,
 * saving launch launch into a directory, then gcnsim debug on what it saved. */
static void print_bench_steps(FILE *out, const trace_header_t *h, const char *which, const char *wl, uint32_t launch)
{
    char dir[64];
    snprintf(dir, sizeof dir, "%s%slaunch%u", wl ? wl : "", wl ? "-" : "", launch);
    fprintf(out, "to stop before this instruction in %s's run (launch %u of gcnsim bench %s, kernel %s), save that "
            "launch, then debug it:\n  gcnsim", which, launch, wl ? wl : "(unknown workload)", h->kernel);
    print_options(out, h->options, bench_extra);
    fprintf(out, " --save-launch %u %s\n  gcnsim debug $(cat %s/debug.args)\n", launch, dir, dir);
}

void td_print_debug(FILE *out, const trace_header_t *h, const char *which, uint32_t launch, uint32_t wave,
                    uint64_t pc, uint64_t hits, int (*is_workload)(const char *name))
{
    char wl[40];
    if (!h->options || !*h->options)
        return;
    const char *exec = "gcnsim exec: OpenCL dispatch ";
    if (!strncmp(h->options, exec, strlen(exec))) {
        fprintf(out, "to stop before this instruction in %s's run (with its program and arguments):\n"
                     "  gcnsim debug --dispatch %s -- PROGRAM [ARGS]\n", which, h->options + strlen(exec));
        print_break(out, pc, wave, hits);
        return;
    }
    if (bench_workload(h->options, wl, sizeof wl, is_workload)) {
        print_bench_steps(out, h, which, is_workload && is_workload(wl) ? wl : NULL, launch);
        print_break(out, pc, wave, hits);
        return;
    }
    if (launch) {
        fprintf(out, "the record is from launch %u of the run: gcnsim debug runs a single launch\n", launch);
        return;
    }
    fprintf(out, "to stop before this instruction in %s's run:\n  gcnsim debug", which);
    print_options(out, h->options, run_only);
    fputc('\n', out);
    print_break(out, pc, wave, hits);
}

