/* report.c — the profiler-style report of a timing run (see report.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "front/report/report.h"
#include "front/report/waits.h"

/* "hd-7970, r9-290x, ...": the preset names. */
static void preset_list(char *buf, size_t n)
{
    size_t k = 0;
    buf[0] = 0;
    for (size_t i = 0; dev_preset_at(i) && k < n; i++)
        k += (size_t)snprintf(buf + k, n - k, "%s%s", i ? ", " : "", dev_preset_at(i)->name);
}

int rep_device(device_t *out, const char *name, const isa_target_t *t, const char *const *sets, size_t nsets,
               char *err, size_t errlen)
{
    char list[256];
    const device_t *d = name ? dev_preset(name) : dev_default_for(t);
    if (!d) {
        preset_list(list, sizeof list);
        if (name)
            snprintf(err, errlen, "unknown device '%s' (presets: %s; see gcnsim devices)", name, list);
        else
            snprintf(err, errlen, "no device preset runs %s code (presets: %s); use --functional", t->name, list);
        return -1;
    }
    if (dev_check_target(d, t, err, errlen))
        return -1;
    *out = *d;
    return dev_set_all(out, sets, nsets, err, errlen);
}

double rep_pct(uint64_t part, uint64_t whole)
{
    return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

double rep_round2(double v)
{
    return isfinite(v) ? round(v * 100.0) / 100.0 : 0.0;
}

static double round3(double v)
{
    return isfinite(v) ? round(v * 1000.0) / 1000.0 : 0.0;
}

static uint64_t inst_total(const tm_counters_t *c)
{
    uint64_t n = 0;
    for (unsigned i = 0; i < TM_NCAT; i++)
        n += c->inst[i];
    return n;
}

/* Microseconds of the run at the device's clock. */
static double time_us(const rep_launch_t *r)
{
    unsigned mhz = r->dev->p[DEV_clock_mhz];
    return mhz ? (double)r->s->cycles / (double)mhz : 0.0;
}

/* Microseconds of the launches' overhead (launch_ns each, outside the
 * kernel's cycles). */
static double overhead_us(const rep_launch_t *r)
{
    unsigned mhz = r->dev->p[DEV_clock_mhz];
    return mhz ? (double)r->s->overhead_cycles / (double)mhz : 0.0;
}

/* "256x256" for the used dimensions. */
static const char *dims_str(char *buf, size_t n, unsigned dims, const uint32_t v[3])
{
    size_t k = 0;
    for (unsigned d = 0; d < dims && d < 3 && k < n; d++)
        k += (size_t)snprintf(buf + k, n - k, d ? "x%u" : "%u", v[d]);
    return buf;
}

/* Hit percentage of a cache, or -1 when it saw no access. */
static double hit_pct(uint64_t hits, uint64_t misses)
{
    return hits + misses ? rep_pct(hits, hits + misses) : -1.0;
}

/* *v: a statistics record that views CU i alone (same cycles), so that
 * the derived figures of sim/timing.h apply to one CU. */
static void cu_view(const tm_stats_t *s, unsigned i, tm_stats_t *v)
{
    memset(v, 0, sizeof *v);
    v->cycles = s->cycles;
    v->ncu = 1;
    v->total = s->cu[i];
    v->cu = &v->total;
    v->occ = s->occ;
    v->occ_ok = s->occ_ok;
    v->launches = s->launches;
}

/* ---- text ----------------------------------------------------------------- */

static void text_launch(FILE *fp, const rep_launch_t *r)
{
    const device_t *d = r->dev;
    const tm_stats_t *s = r->s;
    char g[40], l[40];
    fprintf(fp, "%s on %s (%s, %u CU%s at %u MHz)\n", r->kernel, d->name, r->target, d->p[DEV_cus],
            d->p[DEV_cus] == 1 ? "" : "s", d->p[DEV_clock_mhz]);
    fprintf(fp, "  launch            global %s, local %s: %llu work-group%s, %llu wave%s\n",
            dims_str(g, sizeof g, r->dims, r->global), dims_str(l, sizeof l, r->dims, r->local),
            (unsigned long long)s->total.workgroups, s->total.workgroups == 1 ? "" : "s",
            (unsigned long long)s->total.waves, s->total.waves == 1 ? "" : "s");
    if (s->launches > 1)
        fprintf(fp, "  launches          %u (the figures below are over all of them)\n", s->launches);
    fprintf(fp, "  cycles            %llu (%.3f us)\n", (unsigned long long)s->cycles, time_us(r));
    if (s->overhead_cycles)
        fprintf(fp, "  launch overhead   %llu cycles (%.3f us) outside the kernel; with it %.3f us\n",
                (unsigned long long)s->overhead_cycles, overhead_us(r), time_us(r) + overhead_us(r));
}

static void text_mix(FILE *fp, const tm_stats_t *s)
{
    uint64_t total = inst_total(&s->total);
    fprintf(fp, "  wave-instructions %llu\n", (unsigned long long)total);
    for (unsigned i = 0; i < TM_NCAT; i++) {
        const char *name = tm_cat_name((tm_cat_t)i);
        char up[16];
        size_t k = 0;
        for (; name[k] && k + 1 < sizeof up; k++)   /* VALU, SALU, ...: as AMD names the units */
            up[k] = (char)(strcmp(name, "branch") && strcmp(name, "other") ? name[k] - 'a' + 'A' : name[k]);
        up[k] = 0;
        fprintf(fp, "%s%-6s%10llu %5.1f%%", i % 3 ? "   " : "    ", up, (unsigned long long)s->total.inst[i],
                rep_pct(s->total.inst[i], total));
        if (i % 3 == 2 || i + 1 == TM_NCAT)
            fputc('\n', fp);
    }
}

static void text_busy(FILE *fp, const tm_stats_t *s)
{
    fprintf(fp, "  VALUBusy         %7.2f%%      SALUBusy         %7.2f%%\n", tm_valu_busy_pct(s),
            tm_salu_busy_pct(s));
    fprintf(fp, "  VALUUtilization  %7.2f%%      MemUnitBusy      %7.2f%%\n", tm_valu_util_pct(s),
            tm_mem_busy_pct(s));
    fprintf(fp, "  LDSBankConflict  %7.2f%%\n", tm_lds_conflict_pct(s));
}

static void text_occupancy(FILE *fp, const rep_launch_t *r)
{
    const tm_stats_t *s = r->s;
    if (s->occ_ok)
        fprintf(fp, "  occupancy         %u waves/SIMD theoretical (limited by %s), %.2f achieved\n",
                s->occ.waves_per_simd, occ_limit_name(s->occ.limiter), tm_achieved_waves_per_simd(s));
    else
        fprintf(fp, "  occupancy         %.2f waves/SIMD achieved (theoretical: %s)\n",
                tm_achieved_waves_per_simd(s), s->occ.error ? s->occ.error : "not computed");
    unsigned used = 0;
    uint64_t lo = UINT64_MAX, hi = 0;
    for (unsigned i = 0; i < s->ncu && s->cu; i++)
        if (s->cu[i].workgroups) {
            used++;
            lo = s->cu[i].workgroups < lo ? s->cu[i].workgroups : lo;
            hi = s->cu[i].workgroups > hi ? s->cu[i].workgroups : hi;
        }
    if (used)
        fprintf(fp, "  CUs used          %u of %u (work-groups per CU: %llu to %llu)\n", used, s->ncu,
                (unsigned long long)lo, (unsigned long long)hi);
}

static void text_stalls(FILE *fp, const tm_stats_t *s)
{
    fprintf(fp, "  stalls            %% of %llu resident wave-cycles\n", (unsigned long long)s->total.wave_cycles);
    for (unsigned i = 0; i < TM_NSTALL; i++) {
        fprintf(fp, "%s%-16s%6.2f%%", i % 3 ? "   " : "    ", tm_stall_name((tm_stall_t)i),
                rep_pct(s->total.stall[i], s->total.wave_cycles));
        if (i % 3 == 2 || i + 1 == TM_NSTALL)
            fputc('\n', fp);
    }
}

static void text_hit(FILE *fp, const char *sep, const char *name, uint64_t hits, uint64_t misses)
{
    double p = hit_pct(hits, misses);
    if (p < 0)
        fprintf(fp, "%s%s -", sep, name);
    else
        fprintf(fp, "%s%s %.2f%%", sep, name, p);
}

static void text_caches(FILE *fp, const tm_stats_t *s)
{
    const mt_stats_t *m = &s->mem;
    fputs("  cache hits       ", fp);
    text_hit(fp, " ", "L1", m->l1_hits, m->l1_misses);
    text_hit(fp, ", ", "L2", m->l2_hits, m->l2_misses);
    text_hit(fp, ", ", "scalar", m->k_hits, m->k_misses);
    text_hit(fp, ", ", "instruction", m->i_hits, m->i_misses);
    double b = (double)m->dram_bytes;
    if (m->dram_bytes >= 1048576)
        fprintf(fp, "\n  DRAM traffic      %.2f MiB (%llu bytes)\n", b / 1048576.0, (unsigned long long)m->dram_bytes);
    else if (m->dram_bytes >= 1024)
        fprintf(fp, "\n  DRAM traffic      %.2f KiB (%llu bytes)\n", b / 1024.0, (unsigned long long)m->dram_bytes);
    else
        fprintf(fp, "\n  DRAM traffic      %llu bytes\n", (unsigned long long)m->dram_bytes);
    if (m->dram_row_hits + m->dram_row_misses) {
        fputs("  DRAM rows        ", fp);
        text_hit(fp, " ", "open-row hits", m->dram_row_hits, m->dram_row_misses);
        fprintf(fp, ", %llu L2 misses waited for a queue entry\n", (unsigned long long)m->l2_queue_waits);
    }
    if (m->tlb_l1_hits + m->tlb_l1_misses) {
        fputs("  translation      ", fp);
        text_hit(fp, " ", "CU TLB hits", m->tlb_l1_hits, m->tlb_l1_misses);
        text_hit(fp, ", ", "shared TLB", m->tlb_l2_hits, m->tlb_walks);
        fprintf(fp, ", %llu page walks\n", (unsigned long long)m->tlb_walks);
    }
}

void rep_text(FILE *fp, const rep_launch_t *r)
{
    text_launch(fp, r);
    text_mix(fp, r->s);
    text_busy(fp, r->s);
    text_occupancy(fp, r);
    text_stalls(fp, r->s);
    text_caches(fp, r->s);
}

/* ---- JSON ----------------------------------------------------------------- */

static void json_pct(json_t *j, const char *key, double v)
{
    json_double(j, key, rep_round2(v));
}

static void json_dims(json_t *j, const char *key, unsigned dims, const uint32_t v[3])
{
    json_begin_arr(j, key);
    for (unsigned d = 0; d < dims && d < 3; d++)
        json_uint(j, NULL, v[d]);
    json_end(j);
}

static void json_inst(json_t *j, const tm_counters_t *c)
{
    json_begin_obj(j, "instructions");
    json_uint(j, "total", inst_total(c));
    for (unsigned i = 0; i < TM_NCAT; i++)
        json_uint(j, tm_cat_name((tm_cat_t)i), c->inst[i]);
    json_end(j);
}

/* The busy and utilisation figures of s (the device, or one CU's view). */
static void json_busy(json_t *j, const tm_stats_t *s)
{
    json_pct(j, "valu_busy_pct", tm_valu_busy_pct(s));
    json_pct(j, "salu_busy_pct", tm_salu_busy_pct(s));
    json_pct(j, "valu_utilization_pct", tm_valu_util_pct(s));
    json_pct(j, "mem_unit_busy_pct", tm_mem_busy_pct(s));
    json_pct(j, "lds_bank_conflict_pct", tm_lds_conflict_pct(s));
}

static void json_occupancy(json_t *j, const tm_stats_t *s)
{
    json_begin_obj(j, "occupancy");
    json_uint(j, "theoretical_waves_per_simd", s->occ_ok ? s->occ.waves_per_simd : 0);
    json_str(j, "limited_by", s->occ_ok ? occ_limit_name(s->occ.limiter) : NULL);
    json_pct(j, "achieved_waves_per_simd", tm_achieved_waves_per_simd(s));
    json_end(j);
}

static void json_stalls(json_t *j, const tm_counters_t *c)
{
    json_begin_obj(j, "stalls");
    for (unsigned i = 0; i < TM_NSTALL; i++)
        json_uint(j, tm_stall_name((tm_stall_t)i), c->stall[i]);
    json_end(j);
    json_begin_obj(j, "stall_pct");
    for (unsigned i = 0; i < TM_NSTALL; i++)
        json_pct(j, tm_stall_name((tm_stall_t)i), rep_pct(c->stall[i], c->wave_cycles));
    json_end(j);
    json_uint(j, "wave_cycles", c->wave_cycles);
}

static void json_hit(json_t *j, const char *key, uint64_t hits, uint64_t misses)
{
    double p = hit_pct(hits, misses);
    json_pct(j, key, p < 0 ? 0.0 : p);
}

static void json_cache(json_t *j, const mt_stats_t *m)
{
    json_begin_obj(j, "cache");
    json_hit(j, "l1_hit_pct", m->l1_hits, m->l1_misses);
    json_hit(j, "l2_hit_pct", m->l2_hits, m->l2_misses);
    json_hit(j, "scalar_hit_pct", m->k_hits, m->k_misses);
    json_hit(j, "icache_hit_pct", m->i_hits, m->i_misses);
    json_uint(j, "dram_bytes", m->dram_bytes);
    json_hit(j, "dram_row_hit_pct", m->dram_row_hits, m->dram_row_misses);
    json_uint(j, "l2_queue_waits", m->l2_queue_waits);
    json_hit(j, "tlb_hit_pct", m->tlb_l1_hits, m->tlb_l1_misses);
    json_hit(j, "shared_tlb_hit_pct", m->tlb_l2_hits, m->tlb_walks);
    json_uint(j, "tlb_walks", m->tlb_walks);
    json_end(j);
}

static void json_per_cu(json_t *j, const tm_stats_t *s)
{
    json_uint(j, "cus", s->ncu);
    json_begin_arr(j, "per_cu");
    for (unsigned i = 0; i < s->ncu && s->cu; i++) {
        const tm_counters_t *c = &s->cu[i];
        if (!c->workgroups)
            continue;
        tm_stats_t v;
        cu_view(s, i, &v);
        json_begin_obj(j, NULL);
        json_uint(j, "cu", i);
        json_uint(j, "workgroups", c->workgroups);
        json_uint(j, "waves", c->waves);
        json_uint(j, "peak_waves", c->peak_waves);
        json_uint(j, "active_cycles", c->active_cycles);
        json_uint(j, "instructions", inst_total(c));
        json_busy(j, &v);
        json_pct(j, "achieved_waves_per_simd", tm_achieved_waves_per_simd(&v));
        json_end(j);
    }
    json_end(j);
}

static void json_device_params(json_t *j, const device_t *d)
{
    json_begin_obj(j, "device_params");
    for (unsigned i = 0; i < DEV_NPARAMS; i++)
        json_uint(j, dev_param_key((dev_param_t)i), d->p[i]);
    json_end(j);
}

void rep_json(json_t *j, const rep_launch_t *r)
{
    const tm_stats_t *s = r->s;
    json_str(j, "kernel", r->kernel);
    json_str(j, "device", r->dev->name);
    json_str(j, "target", r->target);
    json_dims(j, "global", r->dims, r->global);
    json_dims(j, "local", r->dims, r->local);
    json_uint(j, "workgroups", s->total.workgroups);
    json_uint(j, "waves", s->total.waves);
    json_uint(j, "launches", s->launches);
    json_uint(j, "cycles", s->cycles);
    json_double(j, "time_us", round3(time_us(r)));
    json_uint(j, "overhead_cycles", s->overhead_cycles);
    json_double(j, "total_us", round3(time_us(r) + overhead_us(r)));
    json_inst(j, &s->total);
    json_busy(j, s);
    json_occupancy(j, s);
    json_stalls(j, &s->total);
    json_cache(j, &s->mem);
    json_per_cu(j, s);
    json_device_params(j, r->dev);
}

/* ---- hot spots -------------------------------------------------------------- */

typedef struct {
    uint64_t addr;
    const tm_pc_t *pc;           /* NULL: outside the counted code */
    char text[160];
} hs_line_t;

/* The per-pc counts of address a, or NULL. */
static const tm_pc_t *pc_at(const tm_stats_t *s, uint64_t a)
{
    if (!s->pc || a < s->code_base || (a - s->code_base) % 4 || (a - s->code_base) / 4 >= s->ndw)
        return NULL;
    return &s->pc[(a - s->code_base) / 4];
}

/* The lines of prog's ndw dwords from dword first on, as decoded once
 * (lines has ndw room); returns how many.  An instruction running past the
 * ndw dwords shows as data, as when only they were decoded. */
static size_t hs_lines(const isa_target_t *t, const sim_prog_t *prog, size_t first, size_t ndw,
                       const tm_stats_t *s, hs_line_t *lines)
{
    size_t n = 0;
    for (size_t i = 0; i < ndw;) {
        const isa_inst_t *in = &prog->inst[first + i];
        hs_line_t *L = &lines[n++];
        L->addr = prog->base + 4 * (first + i);
        L->pc = pc_at(s, L->addr);
        if (in->op >= ISA_OP_COUNT || in->ndw > ndw - i) {
            snprintf(L->text, sizeof L->text, ".long 0x%08x", prog->words[first + i]);
            i++;
            continue;
        }
        isa_format(t, in, L->addr, L->text, sizeof L->text);
        i += in->ndw ? in->ndw : 1;
    }
    return n;
}

/* "vmcnt 95%": the reason most of this pc's stalled wave-cycles went to. */
static void dominant_stall(const tm_pc_t *p, char *buf, size_t n)
{
    unsigned best = 0;
    for (unsigned i = 1; i < TM_NSTALL; i++)
        if (p->stall[i] > p->stall[best])
            best = i;
    if (!p->stall[best]) {
        snprintf(buf, n, "-");
        return;
    }
    const char *name = tm_stall_name((tm_stall_t)best);
    if (!strncmp(name, "waitcnt_", 8))
        name += 8;
    snprintf(buf, n, "%s %.0f%%", name, rep_pct(p->stall[best], p->cycles));
}

static void hs_print(FILE *fp, const hs_line_t *L, uint64_t base, uint64_t wave_cycles)
{
    if (!L->pc || !L->pc->count) {
        fprintf(fp, "  0x%04llx %9s %12s %6s  %-16s %s\n", (unsigned long long)(L->addr - base), "", "", "", "",
                L->text);
        return;
    }
    char st[32];
    dominant_stall(L->pc, st, sizeof st);
    fprintf(fp, "  0x%04llx %9llu %12llu %5.1f%%  %-16s %s\n", (unsigned long long)(L->addr - base),
            (unsigned long long)L->pc->count, (unsigned long long)L->pc->cycles,
            rep_pct(L->pc->cycles, wave_cycles), st, L->text);
}

static const char hs_columns[] = "  offset     count  wave-cycles      %  top stall        instruction\n";

static int by_cycles(const void *a, const void *b)
{
    const hs_line_t *x = *(const hs_line_t *const *)a, *y = *(const hs_line_t *const *)b;
    if (x->pc->cycles != y->pc->cycles)
        return x->pc->cycles < y->pc->cycles ? 1 : -1;
    return (x->addr > y->addr) - (x->addr < y->addr);
}

static void hs_top(FILE *fp, const rep_launch_t *r, hs_line_t *lines, size_t n, uint64_t base)
{
    const hs_line_t **ix = malloc((n ? n : 1) * sizeof *ix);
    size_t m = 0;
    if (!ix)
        return;
    for (size_t i = 0; i < n; i++)
        if (lines[i].pc && lines[i].pc->count)
            ix[m++] = &lines[i];
    qsort(ix, m, sizeof *ix, by_cycles);
    fprintf(fp, "hot spots of %s: the %zu instructions with the most wave-cycles\n", r->kernel, m < 10 ? m : 10);
    fputs(hs_columns, fp);
    for (size_t i = 0; i < m && i < 10; i++)
        hs_print(fp, ix[i], base, r->s->total.wave_cycles);
    free(ix);
}

void rep_hotspots(FILE *fp, const rep_launch_t *r, const isa_target_t *t, const sim_prog_t *prog, size_t first,
                  size_t ndw)
{
    const tm_stats_t *s = r->s;
    if (!s->pc || !s->ndw) {
        fprintf(fp, "hot spots of %s: no per-instruction counts were collected\n", r->kernel);
        return;
    }
    if (first > prog->ndw)
        first = prog->ndw;
    if (ndw > prog->ndw - first)
        ndw = prog->ndw - first;
    hs_line_t *lines = malloc((ndw ? ndw : 1) * sizeof *lines);
    if (!lines) {
        fprintf(fp, "hot spots of %s: out of memory\n", r->kernel);
        return;
    }
    uint64_t addr = prog->base + 4 * first;
    size_t n = hs_lines(t, prog, first, ndw, s, lines);
    hs_top(fp, r, lines, n, addr);
    fprintf(fp, "\nannotated disassembly of %s\n"
                "  (wave-cycles: from a wave's previous issue to this one, summed over waves;\n"
                "  %%: of the %llu resident wave-cycles; top stall: where most of them went)\n",
            r->kernel, (unsigned long long)s->total.wave_cycles);
    fputs(hs_columns, fp);
    for (size_t i = 0; i < n; i++)
        hs_print(fp, &lines[i], addr, s->total.wave_cycles);
    free(lines);
    rep_waits_text(fp, r, t, prog, first, ndw);
}

void rep_hotspots_kernel(FILE *fp, const rep_launch_t *r, const co_file_t *f, const sim_prog_t *prog,
                         const co_kernel_t *k)
{
    size_t total = prog->ndw, ndw = (size_t)(k->code_size / 4);
    size_t first = k->code_addr >= f->text_addr ? (size_t)((k->code_addr - f->text_addr) / 4) : total;
    if (first > total)
        first = total;
    if (ndw > total - first)
        ndw = total - first;
    rep_hotspots(fp, r, f->target, prog, first, ndw);
}
