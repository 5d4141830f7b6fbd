/* dbg_cmds.c — the debugger's commands: one table (name, abbreviations,
 * arguments, help, handler, what its arguments complete to) drives the
 * parsing of a command line, `help` and tab completion.  Spelling and
 * output follow gdb/rocgdb. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "front/dbg/dbg.h"
#include "sim/occupancy.h"

typedef int (*dbg_fn)(dbg_t *d, char *args, const char *fmt);

enum { CMD_REPEAT = 1, CMD_REPEAT_BARE = 2, CMD_FMT = 4 };
enum { COMP_NONE, COMP_LOC, COMP_REG, COMP_WORDS, COMP_CMD };

typedef struct {
    const char *name;      /* "stepi"; "info waves": a subcommand of info */
    const char *alias;     /* other exact spellings, space-separated */
    const char *args;      /* argument synopsis */
    const char *summary;   /* one line */
    const char *help;      /* more, or NULL */
    dbg_fn fn;
    unsigned flags;
    unsigned comp;         /* what the arguments complete to */
    const char *words;     /* COMP_WORDS: the words */
} dbg_cmd_t;

/* ---- helpers ------------------------------------------------------------------ */

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = 0;
    return s;
}

/* An optional count argument: 0 when absent, -1 (reported) when bad. */
static long count_arg(const char *args, long dflt)
{
    if (!*args)
        return dflt;
    char *end;
    long n = strtol(args, &end, 0);
    if (*trim(end) || n < 0) {
        dbg_error("Invalid number \"%s\".", args);
        return -1;
    }
    return n;
}

static int need_stopped(dbg_t *d)
{
    if (!d->stopped) {
        dbg_error("The kernel is not being run.");
        return -1;
    }
    return 0;
}

/* The selected wave, or NULL after an error line. */
static wave_t *need_wave(dbg_t *d)
{
    if (need_stopped(d))
        return NULL;
    wave_t *w = dbg_wave(d);
    if (!w)
        dbg_error("No wave selected (info waves lists them; wave N selects one).");
    return w;
}

static int ended(const wave_t *w)
{
    return w->state == WAVE_DONE || w->state == WAVE_HALT;
}

/* ---- running ------------------------------------------------------------------ */

static int c_run(dbg_t *d, char *args, const char *fmt)
{
    (void)args, (void)fmt;
    d->fresh = 1;
    d->nedit = 0;   /* a new start: earlier changes are not replayed */
    dbg_restart(d, DBG_GO_CONT);
    return DBG_LEAVE;
}

static int c_continue(dbg_t *d, char *args, const char *fmt)
{
    (void)fmt;
    long n = count_arg(args, 1);
    if (n < 0 || need_stopped(d))
        return DBG_LOOP;
    if (*args) {
        dbg_bp_t *b = NULL;
        for (size_t i = 0; i < d->nbp; i++)
            if (d->bp[i].num == d->stop_bp && d->bp[i].type == DBG_BP_BREAK)
                b = &d->bp[i];
        if (!b)
            printf("Not stopped at any breakpoint; argument ignored.\n");
        else if (n > 1) {
            b->ignore = (uint64_t)n - 1;
            printf("Will ignore next %ld crossings of breakpoint %d.  Continuing.\n", n - 1, b->num);
            dbg_resume(d, DBG_GO_CONT);
            return DBG_LEAVE;
        }
    }
    printf("Continuing.\n");
    dbg_resume(d, DBG_GO_CONT);
    return DBG_LEAVE;
}

/* Check that wave w can be stepped; a wave that ended steps to any wave. */
static int step_from(dbg_t *d, wave_t *w)
{
    if (w->state == WAVE_FAULT) {
        dbg_error("Wave %u faulted: the dispatch ends when it goes on (continue, kill or run).", w->id);
        return -1;
    }
    if (ended(w)) {
        printf("Wave %u has ended; stepping to the next instruction of any wave.\n", w->id);
        dbg_resume(d, DBG_GO_STEP_ANY);
        return 1;
    }
    return 0;
}

static int c_stepi(dbg_t *d, char *args, const char *fmt)
{
    (void)fmt;
    long n = count_arg(args, 1);
    wave_t *w;
    if (n < 0 || !(w = need_wave(d)))
        return DBG_LOOP;
    int s = step_from(d, w);
    if (s)
        return s > 0 ? DBG_LEAVE : DBG_LOOP;
    if (n == 0)
        return DBG_LOOP;
    d->t_wave = w->id;
    d->t_ninst = w->ninst + (uint64_t)n;
    dbg_resume(d, DBG_GO_STEP);
    return DBG_LEAVE;
}

static int c_nexti(dbg_t *d, char *args, const char *fmt)
{
    (void)fmt;
    long n = count_arg(args, 1);
    wave_t *w;
    if (n < 0 || !(w = need_wave(d)))
        return DBG_LOOP;
    int s = step_from(d, w);
    if (s)
        return s > 0 ? DBG_LEAVE : DBG_LOOP;
    if (n == 0)
        return DBG_LOOP;
    dbg_next_target(d, w);
    d->next_left = (int)n - 1;
    return DBG_LEAVE;
}

static int c_cycle(dbg_t *d, char *args, const char *fmt)
{
    (void)fmt;
    long n = count_arg(args, 1);
    if (n < 0 || need_stopped(d))
        return DBG_LOOP;
    if (!d->timing) {
        dbg_error("cycle needs the cycle model (this session runs with --functional).");
        return DBG_LOOP;
    }
    d->t_cycle = d->ctx->cycle + (uint64_t)n;
    dbg_resume(d, DBG_GO_CYCLE);
    return DBG_LEAVE;
}

static int c_until(dbg_t *d, char *args, const char *fmt)
{
    if (!*args)
        return c_nexti(d, args, fmt);
    wave_t *w = need_wave(d);
    uint64_t pc;
    char err[300];
    if (!w)
        return DBG_LOOP;
    if (dbg_parse_location(d, args, &pc, err, sizeof err)) {
        dbg_error("%s", err);
        return DBG_LOOP;
    }
    int s = step_from(d, w);
    if (s)
        return s > 0 ? DBG_LEAVE : DBG_LOOP;
    d->t_wave = w->id;
    d->t_pc = pc;
    dbg_resume(d, DBG_GO_UNTIL);
    return DBG_LEAVE;
}

static int c_finish(dbg_t *d, char *args, const char *fmt)
{
    (void)args, (void)fmt;
    wave_t *w = need_wave(d);
    if (!w)
        return DBG_LOOP;
    if (ended(w)) {
        dbg_error("Wave %u has already ended.", w->id);
        return DBG_LOOP;
    }
    printf("Run till wave %u ends.\n", w->id);
    d->t_wave = w->id;
    dbg_resume(d, DBG_GO_FINISH);
    return DBG_LEAVE;
}

static int c_kill(dbg_t *d, char *args, const char *fmt)
{
    (void)args, (void)fmt;
    if (need_stopped(d))
        return DBG_LOOP;
    d->killed = 1;
    return DBG_LEAVE;
}

static int c_reverse_stepi(dbg_t *d, char *args, const char *fmt)
{
    (void)fmt;
    long n = count_arg(args, 1);
    wave_t *w;
    if (n < 0 || !(w = need_wave(d)))
        return DBG_LOOP;
    if (w->ninst == 0) {
        dbg_error("No more reverse-execution history.");
        return DBG_LOOP;
    }
    if (n == 0)
        return DBG_LOOP;
    d->t_wave = w->id;
    if ((uint64_t)n > w->ninst) {
        d->t_ninst = 0;
        d->replay_note = "\nNo more reverse-execution history.";
    } else
        d->t_ninst = w->ninst - (uint64_t)n;
    dbg_restart(d, DBG_GO_REPLAY_WAVE);
    return DBG_LEAVE;
}

static int c_reverse_continue(dbg_t *d, char *args, const char *fmt)
{
    (void)args, (void)fmt;
    if (need_stopped(d))
        return DBG_LOOP;
    d->t_pos = dbg_pos(d);
    d->rec_found = 0;
    dbg_restart(d, DBG_GO_RECORD);
    return DBG_LEAVE;
}

/* ---- breakpoints ---------------------------------------------------------------- */

/* Split "LOC [wave W] [if COND]". */
static int parse_break(dbg_t *d, char *args, dbg_bp_t *b)
{
    char err[300];
    char *cond = NULL;
    for (char *p = args; (p = strstr(p, "if"));) {   /* " if " or a leading "if" */
        if ((p == args || isspace((unsigned char)p[-1])) && (isspace((unsigned char)p[2]) || p[2] == '(')) {
            cond = p + 2;
            *p = 0;
            break;
        }
        p += 2;
    }
    char *wv = NULL;
    for (char *p = args; (p = strstr(p, "wave"));) {
        if ((p == args || isspace((unsigned char)p[-1])) && isspace((unsigned char)p[4])) {
            wv = p + 4;
            *p = 0;
            break;
        }
        p += 4;
    }
    char *loc = trim(args);
    b->wave = -1;
    if (wv) {
        long n = count_arg(trim(wv), -1);
        if (n < 0)
            return -1;
        b->wave = (int)n;
    }
    if (!*loc) {
        wave_t *w = dbg_wave(d);
        if (!w || ended(w)) {
            dbg_error("No default breakpoint location: the kernel is not stopped (break PC|LABEL[+OFF]).");
            return -1;
        }
        b->pc = w->pc;
    } else if (dbg_parse_location(d, loc, &b->pc, err, sizeof err)) {
        dbg_error("%s", err);
        return -1;
    }
    if (cond) {
        cond = trim(cond);
        wave_t *w = dbg_wave(d);
        if (dbg_parse_cond(cond, w ? w : &d->proto, &b->cond, err, sizeof err)) {
            dbg_error("%s", err);
            return -1;
        }
        b->has_cond = 1;
        snprintf(b->cond_text, sizeof b->cond_text, "%s", cond);
    }
    return 0;
}

static int do_break(dbg_t *d, char *args, int temp)
{
    dbg_bp_t b;
    memset(&b, 0, sizeof b);
    if (parse_break(d, args, &b))
        return DBG_LOOP;
    b.type = DBG_BP_BREAK;
    b.enabled = 1;
    b.temp = temp;
    dbg_bp_t *p = dbg_bp_add(d, &b);
    if (!p)
        return DBG_LOOP;
    char s[160];
    dbg_symbolize(d, p->pc, s, sizeof s);
    printf("%s %d at 0x%llx%s%s", temp ? "Temporary breakpoint" : "Breakpoint", p->num, (unsigned long long)p->pc,
           *s ? " " : "", s);
    sl_loc_t loc;
    if (dbg_src_line(d, p->pc, &loc))
        printf(": file %s, line %u.", loc.file, loc.line);   /* as gdb says it */
    if (p->wave >= 0)
        printf(" (wave %d)", p->wave);
    putchar('\n');
    return DBG_LOOP;
}

static int c_break(dbg_t *d, char *args, const char *fmt)
{
    (void)fmt;
    return do_break(d, args, 0);
}

static int c_tbreak(dbg_t *d, char *args, const char *fmt)
{
    (void)fmt;
    return do_break(d, args, 1);
}

/* Apply fn to each breakpoint number in args (none: all). */
static void each_bp(dbg_t *d, char *args, void (*fn)(dbg_t *, dbg_bp_t *))
{
    if (!*args) {
        for (size_t i = 0; i < d->nbp; i++)
            fn(d, &d->bp[i]);
        return;
    }
    for (char *tok = strtok(args, " \t,"); tok; tok = strtok(NULL, " \t,")) {
        char *end;
        long lo = strtol(tok, &end, 10), hi = lo;
        if (*end == '-')
            hi = strtol(end + 1, &end, 10);
        if (*end || end == tok || lo <= 0 || hi < lo) {
            dbg_error("Convenience variable must have integer value.\nArgs must be numbers or '$' variables.");
            return;
        }
        for (long n = lo; n <= hi; n++) {
            dbg_bp_t *b = NULL;
            for (size_t i = 0; i < d->nbp; i++)
                if (d->bp[i].num == n)
                    b = &d->bp[i];
            if (!b)
                dbg_error("No breakpoint number %ld.", n);
            else
                fn(d, b);
        }
    }
}

static void bp_enable(dbg_t *d, dbg_bp_t *b)
{
    b->enabled = 1;
    if (b->type == DBG_BP_WATCH)
        dbg_watch_read(d, b, NULL);
}

static void bp_disable(dbg_t *d, dbg_bp_t *b)
{
    (void)d;
    b->enabled = 0;
}

static void bp_mark(dbg_t *d, dbg_bp_t *b)
{
    (void)d;
    b->type = -1;
}

static int c_delete(dbg_t *d, char *args, const char *fmt)
{
    (void)fmt;
    each_bp(d, args, bp_mark);
    for (size_t i = d->nbp; i-- > 0;)
        if (d->bp[i].type == -1)
            dbg_bp_delete(d, d->bp[i].num);
    return DBG_LOOP;
}

static int c_enable(dbg_t *d, char *args, const char *fmt)
{
    (void)fmt;
    each_bp(d, args, bp_enable);
    dbg_bp_changed(d);
    return DBG_LOOP;
}

static int c_disable(dbg_t *d, char *args, const char *fmt)
{
    (void)fmt;
    each_bp(d, args, bp_disable);
    dbg_bp_changed(d);
    return DBG_LOOP;
}

static int c_catch(dbg_t *d, char *args, const char *fmt)
{
    (void)fmt;
    for (int k = 0; k < DBG_NCATCH; k++)
        if (!strcmp(args, dbg_catch_names[k])) {
            dbg_bp_t b;
            memset(&b, 0, sizeof b);
            b.type = DBG_BP_CATCH;
            b.what = k;
            b.enabled = 1;
            b.wave = -1;
            dbg_bp_t *p = dbg_bp_add(d, &b);
            if (p)
                printf("Catchpoint %d (%s)\n", p->num, dbg_catch_names[k]);
            return DBG_LOOP;
        }
    dbg_error("catch: expected fault, barrier, waitcnt or endpgm%s%s%s", *args ? " (not '" : "", args,
              *args ? "')" : "");
    return DBG_LOOP;
}

static int c_watch(dbg_t *d, char *args, const char *fmt)
{
    (void)fmt;
    char err[300];
    int lane = -1;
    char *l = strstr(args, " lane ");
    if (l) {
        long n = count_arg(trim(l + 6), -1);
        if (n < 0)
            return DBG_LOOP;
        if (n > 63) {
            dbg_error("Lane %ld does not exist (a wave has lanes 0-63).", n);
            return DBG_LOOP;
        }
        lane = (int)n;
        *l = 0;
    }
    char *e = trim(args);
    if (!*e) {
        dbg_error("Argument required (register or address to watch).");
        return DBG_LOOP;
    }
    dbg_bp_t b;
    memset(&b, 0, sizeof b);
    b.type = DBG_BP_WATCH;
    b.enabled = 1;
    b.wave = -1;
    const char *a = e;
    if (!strncmp(a, "global:", 7))
        a += 7;
    while (*a == '*')
        a++;
    wave_t *w = dbg_wave(d);
    dbg_ref_t r;
    if (dbg_parse_ref(a, w ? w : &d->proto, &r, err, sizeof err)) {
        dbg_error("%s", err);
        return DBG_LOOP;
    }
    if (r.kind == DBG_REF_LIT) {
        b.wmem = 1;
        b.addr = r.value;
        if (lane >= 0) {
            dbg_error("lane applies to a vector register, not to memory.");
            return DBG_LOOP;
        }
        snprintf(b.expr, sizeof b.expr, "*0x%llx", (unsigned long long)b.addr);
        if (!mem_ptr(&d->L.m->mem, b.addr, 4)) {
            dbg_error("Cannot access memory at address 0x%llx", (unsigned long long)b.addr);
            return DBG_LOOP;
        }
    } else {
        if (!w && d->sel_wave < 0) {
            dbg_error("watch %s: the kernel is not running (a register belongs to a wave; stop first).", e);
            return DBG_LOOP;
        }
        if (lane >= 0) {
            if (r.kind != DBG_REF_VREG) {
                dbg_error("lane applies to a vector register, not to %s.", r.name);
                return DBG_LOOP;
            }
            r.lane_lo = r.lane_hi = (unsigned)lane;
            r.one_lane = 1;
        }
        b.ref = r;
        b.wwave = w ? (int)w->id : d->sel_wave;
        if (lane >= 0)
            snprintf(b.expr, sizeof b.expr, "%s lane %d (wave %d)", e, lane, b.wwave);
        else
            snprintf(b.expr, sizeof b.expr, "%s (wave %d)", e, b.wwave);
    }
    dbg_bp_t *p = dbg_bp_add(d, &b);
    if (!p)
        return DBG_LOOP;
    dbg_watch_read(d, p, w && (uint32_t)p->wwave == w->id ? w : NULL);
    printf("Watchpoint %d: %s\n", p->num, p->expr);
    return DBG_LOOP;
}

static int c_info_breakpoints(dbg_t *d, char *args, const char *fmt)
{
    (void)args, (void)fmt;
    if (!d->nbp) {
        printf("No breakpoints, watchpoints or catchpoints.\n");
        return DBG_LOOP;
    }
    printf("Num     Type           Disp Enb Address            What\n");
    for (size_t i = 0; i < d->nbp; i++) {
        const dbg_bp_t *b = &d->bp[i];
        static const char *types[] = {"breakpoint", "catchpoint", "watchpoint"};
        printf("%-7d %-14s %-4s %-3s ", b->num, types[b->type], b->temp ? "del" : "keep", b->enabled ? "y" : "n");
        if (b->type == DBG_BP_BREAK) {
            char s[160];
            dbg_symbolize(d, b->pc, s, sizeof s);
            printf("0x%016llx %s", (unsigned long long)b->pc, s);
            sl_loc_t loc;
            if (dbg_src_line(d, b->pc, &loc))
                printf(" at %s:%u", loc.file, loc.line);
            if (b->wave >= 0)
                printf(" wave %d", b->wave);
            putchar('\n');
            if (b->has_cond)
                printf("\tstop only if %s\n", b->cond_text);
        } else if (b->type == DBG_BP_CATCH)
            printf("%-18s %s\n", "", dbg_catch_names[b->what]);
        else
            printf("%-18s %s\n", "", b->expr);
        if (b->hits)
            printf("\t%s already hit %llu time%s\n", b->type == DBG_BP_CATCH ? "catchpoint" : "breakpoint",
                   (unsigned long long)b->hits, b->hits == 1 ? "" : "s");
        if (b->ignore)
            printf("\tWill ignore next %llu crossings of breakpoint.\n", (unsigned long long)b->ignore);
    }
    return DBG_LOOP;
}

/* ---- waves and lanes -------------------------------------------------------------- */

static void wave_state(const sim_wave_info_t *i, char *buf, size_t len)
{
    const wave_t *w = i->w;
    const char *s = i->wait;
    if (w->state == WAVE_FAULT)
        snprintf(buf, len, "fault");
    else if (ended(w))
        snprintf(buf, len, "done");
    else if (w->state == WAVE_BARRIER || (s && !strcmp(s, "barrier")))
        snprintf(buf, len, "waiting on barrier");
    else if (!s)
        snprintf(buf, len, "running");
    else if (!strncmp(s, "waitcnt_", 8))
        snprintf(buf, len, "waiting on %s", s + 8);
    else if (!strcmp(s, "sleep") || !strcmp(s, "ending"))
        snprintf(buf, len, "%s", !strcmp(s, "sleep") ? "sleeping" : "ending");
    else
        snprintf(buf, len, "stalled (%s)", s);
}

static int c_info_waves(dbg_t *d, char *args, const char *fmt)
{
    (void)args, (void)fmt;
    if (need_stopped(d))
        return DBG_LOOP;
    sim_wave_info_t *wl;
    unsigned n = dbg_waves(d, &wl);
    printf("  Wave  Work-group    Index  CU  SIMD Slot  PC                                State\n");
    for (unsigned i = 0; i < n; i++) {
        const wave_t *w = wl[i].w;
        char wg[48], pc[200], st[48], s[160], cu[24];
        snprintf(wg, sizeof wg, "(%u,%u,%u)", w->wg->id[0], w->wg->id[1], w->wg->id[2]);
        dbg_symbolize(d, w->pc, s, sizeof s);
        snprintf(pc, sizeof pc, "0x%llx%s%s", (unsigned long long)w->pc, *s ? " " : "", s);
        wave_state(&wl[i], st, sizeof st);
        if (wl[i].cu >= 0)
            snprintf(cu, sizeof cu, "%-3d %-4d %-4d", wl[i].cu, wl[i].simd, wl[i].slot);
        else
            snprintf(cu, sizeof cu, "%-3s %-4s %-4s", "-", "-", "-");
        printf("%c %-5u %-13s %-6u %s  %-33s %s\n", (int)w->id == d->sel_wave ? '*' : ' ', w->id, wg, w->wg_wave,
               cu, pc, st);
    }
    return DBG_LOOP;
}

static int c_wave(dbg_t *d, char *args, const char *fmt)
{
    (void)fmt;
    if (need_stopped(d))
        return DBG_LOOP;
    if (!*args) {
        wave_t *w = dbg_wave(d);
        if (w)
            printf("[Current wave is %u, lane %u]\n", w->id, d->sel_lane);
        return DBG_LOOP;
    }
    long n = count_arg(args, -1);
    if (n < 0)
        return DBG_LOOP;
    wave_t *w = dbg_find_wave(d, (uint32_t)n, NULL);
    if (!w) {
        dbg_error("No resident wave %ld (info waves lists them).", n);
        return DBG_LOOP;
    }
    d->sel_wave = (int)w->id;
    printf("[Switching to wave %u]\n", w->id);
    dbg_print_where(d, w);
    return DBG_LOOP;
}

static int c_lane(dbg_t *d, char *args, const char *fmt)
{
    (void)fmt;
    wave_t *w = need_wave(d);
    if (!w)
        return DBG_LOOP;
    if (!*args) {
        printf("[Current lane is %u of wave %u]\n", d->sel_lane, w->id);
        return DBG_LOOP;
    }
    long n = count_arg(args, -1);
    if (n < 0)
        return DBG_LOOP;
    if (n > 63) {
        dbg_error("Lane %ld does not exist (a wave has lanes 0-63).", n);
        return DBG_LOOP;
    }
    d->sel_lane = (unsigned)n;
    printf("[Switching to wave %u, lane %ld]\n", w->id, n);
    if (!(wave_exec(w) >> n & 1))
        printf("warning: lane %ld is inactive (bit %ld of EXEC is 0)\n", n, n);
    return DBG_LOOP;
}

static int c_info_lanes(dbg_t *d, char *args, const char *fmt)
{
    (void)args, (void)fmt;
    wave_t *w = need_wave(d);
    if (!w)
        return DBG_LOOP;
    const sim_wg_t *g = w->wg;
    const sim_ctx_t *c = w->ctx;
    uint64_t exec = wave_exec(w);
    uint32_t items = g->size[0] * g->size[1] * g->size[2];
    printf("  Lane  State     Work-item (local)  Work-item (global)\n");
    for (unsigned l = 0; l < 64; l++) {
        uint32_t flat = w->wg_wave * 64 + l;
        char loc[48], glob[64];
        if (flat < items) {
            uint32_t x = flat % g->size[0], y = flat / g->size[0] % g->size[1], z = flat / (g->size[0] * g->size[1]);
            snprintf(loc, sizeof loc, "(%u,%u,%u)", x, y, z);
            snprintf(glob, sizeof glob, "(%u,%u,%u)", g->id[0] * c->local[0] + x, g->id[1] * c->local[1] + y,
                     g->id[2] * c->local[2] + z);
        } else {
            snprintf(loc, sizeof loc, "-");
            snprintf(glob, sizeof glob, "-");
        }
        printf("%c %-5u %-9s %-18s %s\n", l == d->sel_lane ? '*' : ' ', l, exec >> l & 1 ? "active" : "inactive",
               loc, glob);
    }
    return DBG_LOOP;
}

static int c_info_registers(dbg_t *d, char *args, const char *fmt)
{
    (void)fmt;
    char err[300];
    wave_t *w = need_wave(d);
    if (w && dbg_print_registers(stdout, w, args, err, sizeof err))
        dbg_error("%s", err);
    return DBG_LOOP;
}

static int c_info_counters(dbg_t *d, char *args, const char *fmt)
{
    (void)args, (void)fmt;
    wave_t *w = need_wave(d);
    sim_wave_info_t i;
    if (!w)
        return DBG_LOOP;
    if (!dbg_find_wave(d, w->id, &i))
        return DBG_LOOP;
    printf("wave %u: vmcnt %u  lgkmcnt %u  expcnt %u  (operations outstanding)\n", w->id, i.vm, i.lgkm, i.exp);
    if (!d->timing)
        printf("(functional mode: memory operations complete when issued; the cycle model has counters)\n");
    return DBG_LOOP;
}

static int c_info_occupancy(dbg_t *d, char *args, const char *fmt)
{
    (void)args, (void)fmt;
    const launch_t *L = &d->L;
    occ_input_t in = {occ_rsrc1_vgprs(L->sk.rsrc1), occ_rsrc1_sgprs(L->sk.rsrc1),
                      L->sk.group_segment_fixed_size + L->sl.dynamic_lds, L->sk.private_segment_fixed_size,
                      L->sl.local[0] * L->sl.local[1] * L->sl.local[2]};
    occ_result_t r;
    int st = occ_compute((isa_gen_t)d->t->gen, &in, &r);
    printf("Occupancy of %s on %s: %u waves per SIMD", L->k->name, d->t->name, r.waves_per_simd);
    if (st == 0)
        printf(", limited by %s\n", occ_limit_name(r.limiter));
    else
        printf(" (%s)\n", r.error ? r.error : "no work-group fits");
    printf("  %-18s %u\n", "wave slots", r.limit[OCC_WAVE_SLOTS]);
    printf("  %-18s %u  (%u VGPRs per work-item allocated)\n", "VGPRs", r.limit[OCC_VGPRS], r.vgprs_alloc);
    printf("  %-18s %u  (%u SGPRs per wave allocated)\n", "SGPRs", r.limit[OCC_SGPRS], r.sgprs_alloc);
    printf("  %-18s %u  (%u bytes per work-group allocated)\n", "LDS", r.limit[OCC_LDS], r.lds_alloc);
    printf("  %-18s %u  (%u waves per work-group)\n", "work-group slots", r.limit[OCC_WG_SLOTS], r.waves_per_wg);
    if (d->stopped && d->timing) {
        sim_wave_info_t *wl;
        unsigned n = dbg_waves(d, &wl);
        printf("Resident now: %u waves (cycle %llu)\n", n, (unsigned long long)d->ctx->cycle);
    }
    return DBG_LOOP;
}

static int c_info_cu(dbg_t *d, char *args, const char *fmt)
{
    (void)args, (void)fmt;
    if (need_stopped(d))
        return DBG_LOOP;
    if (!d->timing) {
        dbg_error("info cu needs the cycle model (this session runs with --functional).");
        return DBG_LOOP;
    }
    sim_wave_info_t *wl;
    unsigned n = dbg_waves(d, &wl);
    printf("Cycle %llu: %u waves resident\n", (unsigned long long)d->ctx->cycle, n);
    int maxcu = -1;
    for (unsigned i = 0; i < n; i++)
        if (wl[i].cu > maxcu)
            maxcu = wl[i].cu;
    for (int cu = 0; cu <= maxcu; cu++)
        for (int s = 0; s < 4; s++) {
            int any = 0;
            for (unsigned i = 0; i < n; i++) {
                if (wl[i].cu != cu || wl[i].simd != s)
                    continue;
                char st[48];
                wave_state(&wl[i], st, sizeof st);
                if (!any)
                    printf("  CU %d SIMD %d:", cu, s);
                printf("%s wave %u (slot %d, %s)", any ? "," : "", wl[i].w->id, wl[i].slot, st);
                any = 1;
            }
            if (any)
                putchar('\n');
        }
    return DBG_LOOP;
}

/* ---- values ------------------------------------------------------------------------ */

/* One print format letter from "/x" (NULL: natural); -1 after an error. */
static int one_format(const char *fmt, char *out)
{
    *out = 0;
    if (!fmt)
        return 0;
    if (strlen(fmt) != 1 || !dbg_format_ok(fmt[0])) {
        dbg_error("Undefined output format \"%s\".", fmt);
        return -1;
    }
    *out = fmt[0];
    return 0;
}

static int c_print(dbg_t *d, char *args, const char *fmt)
{
    char f, err[300];
    if (one_format(fmt, &f))
        return DBG_LOOP;
    if (!*args) {
        dbg_error("Argument required (register or value to print).");
        return DBG_LOOP;
    }
    wave_t *w = dbg_wave(d);
    dbg_ref_t r;
    if (dbg_parse_ref(args, w ? w : &d->proto, &r, err, sizeof err)) {
        dbg_error("%s", err);
        return DBG_LOOP;
    }
    if (!w && r.kind != DBG_REF_LIT) {
        dbg_error("No registers: the kernel is not stopped.");
        return DBG_LOOP;
    }
    printf("$%u = ", ++d->hist);
    dbg_print_ref(stdout, w ? w : &d->proto, &r, f, ~0ull);
    putchar('\n');
    return DBG_LOOP;
}

static int c_set_var(dbg_t *d, char *args, const char *fmt)
{
    (void)fmt;
    char err[300];
    char *eq = strchr(args, '=');
    while (eq && eq[1] == '=')
        eq = strchr(eq + 2, '=');
    if (!eq) {
        dbg_error("set var: expected REG = VALUE");
        return DBG_LOOP;
    }
    *eq = 0;
    char *lhs = trim(args), *rhs = trim(eq + 1);
    wave_t *w = need_wave(d);
    if (!w)
        return DBG_LOOP;
    dbg_ref_t r;
    if (dbg_parse_ref(lhs, w, &r, err, sizeof err) || dbg_set_ref(w, &r, rhs, err, sizeof err)) {
        dbg_error("%s", err);
        return DBG_LOOP;
    }
    dbg_note_edit(d, w->id, lhs, rhs);
    for (size_t i = 0; i < d->nbp; i++)   /* a watchpoint does not report the change made here */
        if (d->bp[i].type == DBG_BP_WATCH && d->bp[i].enabled)
            dbg_watch_read(d, &d->bp[i], !d->bp[i].wmem && (uint32_t)d->bp[i].wwave == w->id ? w : NULL);
    return DBG_LOOP;
}

/* x/Ni ADDR: N instructions from ADDR ($pc, PC, LABEL[+OFF]; none: after the last). */
static void x_inst(dbg_t *d, const char *args, const char *fmt)
{
    char err[300];
    wave_t *w = dbg_wave(d);
    long n = atol(fmt);
    uint64_t at = d->xi_next;
    if (n <= 0)
        n = 1;
    if (!strcmp(args, "$pc") || !strcmp(args, "pc")) {
        if (!w || ended(w)) {
            dbg_error("No registers: the kernel is not stopped.");
            return;
        }
        at = w->pc;
    } else if (*args && dbg_parse_location(d, args, &at, err, sizeof err)) {
        dbg_error("%s", err);
        return;
    } else if (!*args && !at) {
        dbg_error("Argument required (starting display address).");
        return;
    }
    size_t i = dbg_inst_index(d, at);
    for (long k = 0; k < n && i < d->ncode; k++, i++)
        dbg_print_inst(d, &d->code[i], w && !ended(w) && d->code[i].addr == w->pc ? "=> " : "   ");
    d->xi_next = i < d->ncode ? d->code[i].addr : at;
}

static int c_x(dbg_t *d, char *args, const char *fmt)
{
    char err[300];
    wave_t *w = dbg_wave(d);
    if ((fmt && strchr(fmt, 'i')) || (!fmt && !*args && d->x_inst)) {
        x_inst(d, args, fmt ? fmt : "");
        d->x_inst = 1;
        return DBG_LOOP;
    }
    d->x_inst = 0;
    char addr[64];
    const char *name = !strncmp(args, "global:", 7) ? args + 7 : args;
    uint64_t at;
    if (isalpha((unsigned char)*name) && (strchr(name, '+') || dbg_find_sym(d, name)) &&
        !dbg_parse_location(d, name, &at, err, sizeof err)) {   /* a label: its address */
        snprintf(addr, sizeof addr, "0x%llx", (unsigned long long)at);
        args = addr;
    }
    if (!w && (!strncmp(args, "local:", 6) || !strncmp(args, "private:", 8))) {
        dbg_error("No work-group: the kernel is not stopped.");
        return DBG_LOOP;
    }
    if (!w && !*args && d->xlast.space != DBG_SPACE_GLOBAL) {
        dbg_error("No work-group: the kernel is not stopped.");
        return DBG_LOOP;
    }
    if (dbg_examine(stdout, w ? w : &d->proto, fmt ? fmt : "", args, (int)d->sel_lane, &d->xlast, err, sizeof err))
        dbg_error("%s", err);
    return DBG_LOOP;
}

static void disasm_range(const dbg_t *d, size_t from, size_t to, uint64_t mark)
{
    for (size_t i = from; i < to && i < d->ncode; i++) {
        const dbg_inst_t *in = &d->code[i];
        char s[160], text[600];
        const dbg_sym_t *base = NULL;
        for (size_t k = 0; k < d->nsym && d->sym[k].addr <= in->addr; k++)
            base = &d->sym[k];
        if (base)
            snprintf(s, sizeof s, "<+%llu>", (unsigned long long)(in->addr - base->addr));
        else
            s[0] = 0;
        if (in->in.op >= ISA_OP_COUNT)
            snprintf(text, sizeof text, ".long 0x%08x", in->in.w[0]);
        else {
            int n = isa_format(d->t, &in->in, in->addr, text, sizeof text);
            int64_t t = isa_branch_target(&in->in, in->addr);
            if (t >= 0 && n > 0) {
                char ts[160];
                dbg_symbolize(d, (uint64_t)t, ts, sizeof ts);
                snprintf(text + n, sizeof text - (size_t)n, " // 0x%llx%s%s", (unsigned long long)t, *ts ? " " : "",
                         ts);
            }
        }
        printf("%s0x%016llx %s:\t%s\n", in->addr == mark ? "=> " : "   ", (unsigned long long)in->addr, s, text);
    }
}

static int c_disassemble(dbg_t *d, char *args, const char *fmt)
{
    (void)fmt;
    char err[300];
    wave_t *w = dbg_wave(d);
    uint64_t mark = w && !ended(w) ? w->pc : ~0ull, at;
    const dbg_sym_t *whole = *args ? dbg_find_sym(d, args) : NULL;
    size_t from, to;
    if (whole) {
        from = dbg_inst_index(d, whole->addr);
        to = dbg_inst_index(d, whole->end > whole->addr ? whole->end : whole->addr + 1);
        at = whole->addr;
    } else {
        if (*args) {
            if (dbg_parse_location(d, args, &at, err, sizeof err)) {
                dbg_error("%s", err);
                return DBG_LOOP;
            }
        } else if (w && !ended(w))
            at = w->pc;
        else
            at = d->L.sk.entry;
        size_t i = dbg_inst_index(d, at);
        from = i >= 8 ? i - 8 : 0;
        to = i + 9;
        /* stay within the symbol around at */
        const dbg_sym_t *s = NULL;
        for (size_t k = 0; k < d->nsym && d->sym[k].addr <= at; k++)
            s = &d->sym[k];
        if (s) {
            size_t lo = dbg_inst_index(d, s->addr), hi = dbg_inst_index(d, s->end > s->addr ? s->end : ~0ull);
            if (from < lo)
                from = lo;
            if (to > hi)
                to = hi;
        }
    }
    const dbg_sym_t *s = NULL;
    for (size_t k = 0; k < d->nsym && d->sym[k].addr <= at; k++)
        s = &d->sym[k];
    if (s)
        printf("Dump of assembler code for function %s:\n", s->name);
    else
        printf("Dump of assembler code from 0x%llx:\n", (unsigned long long)at);
    disasm_range(d, from, to, mark);
    printf("End of assembler dump.\n");
    return DBG_LOOP;
}

static int c_list(dbg_t *d, char *args, const char *fmt)
{
    if (dbg_src_list(d, trim(args)))
        return DBG_LOOP;
    return c_disassemble(d, args, fmt);   /* no source line known there */
}

static int c_display(dbg_t *d, char *args, const char *fmt)
{
    char f = 0, err[300];
    if (!*args) {
        dbg_show_displays(d, -1);
        return DBG_LOOP;
    }
    if (fmt && !strcmp(fmt, "i")) {
        if (strcmp(args, "$pc") && strcmp(args, "pc")) {
            dbg_error("display/i shows the instruction at $pc (display/i $pc).");
            return DBG_LOOP;
        }
        f = 'i';
    } else if (one_format(fmt, &f))
        return DBG_LOOP;
    if (f != 'i') {
        wave_t *w = dbg_wave(d);
        dbg_ref_t r;
        if (dbg_parse_ref(args, w ? w : &d->proto, &r, err, sizeof err)) {
            dbg_error("%s", err);
            return DBG_LOOP;
        }
    }
    dbg_disp_t *p = realloc(d->disp, (d->ndisp + 1) * sizeof *p);
    if (!p)
        return DBG_LOOP;
    d->disp = p;
    p = &d->disp[d->ndisp++];
    memset(p, 0, sizeof *p);
    p->num = ++d->next_disp;
    p->fmt = f;
    snprintf(p->expr, sizeof p->expr, "%s", args);
    dbg_show_displays(d, p->num);
    return DBG_LOOP;
}

static int c_undisplay(dbg_t *d, char *args, const char *fmt)
{
    (void)fmt;
    if (!*args) {
        d->ndisp = 0;
        return DBG_LOOP;
    }
    for (char *tok = strtok(args, " \t,"); tok; tok = strtok(NULL, " \t,")) {
        long n = atol(tok);
        size_t j = 0, found = 0;
        for (size_t i = 0; i < d->ndisp; i++) {
            if (d->disp[i].num == n) {
                found = 1;
                continue;
            }
            d->disp[j++] = d->disp[i];
        }
        d->ndisp = j;
        if (!found)
            dbg_error("No display number %s.", tok);
    }
    return DBG_LOOP;
}

static int c_info_display(dbg_t *d, char *args, const char *fmt)
{
    (void)args, (void)fmt;
    if (!d->ndisp) {
        printf("There are no auto-display expressions now.\n");
        return DBG_LOOP;
    }
    printf("Auto-display expressions now in effect:\nNum Enb Expression\n");
    for (size_t i = 0; i < d->ndisp; i++)
        printf("%d:   y  %s%s%s\n", d->disp[i].num, d->disp[i].fmt ? "/" : "",
               d->disp[i].fmt ? (char[]){d->disp[i].fmt, ' ', 0} : "", d->disp[i].expr);
    return DBG_LOOP;
}

/* ---- misc ----------------------------------------------------------------------------- */

static int c_echo(dbg_t *d, char *args, const char *fmt)
{
    (void)d, (void)fmt;
    for (const char *p = args; *p; p++) {
        if (*p != '\\' || !p[1]) {
            putchar(*p);
            continue;
        }
        p++;
        putchar(*p == 'n' ? '\n' : *p == 't' ? '\t' : *p);
    }
    return DBG_LOOP;
}

static int c_quit(dbg_t *d, char *args, const char *fmt)
{
    (void)args, (void)fmt;
    d->quit = 1;
    return DBG_LEAVE;
}

static int c_help(dbg_t *d, char *args, const char *fmt);

static const dbg_cmd_t cmds[] = {
    {"run", "r", "", "start the kernel (from the start again when running)",
     "Device memory is put back as it was before the first run.", c_run, 0, COMP_NONE, NULL},
    {"continue", "c fg", "[N]", "resume until a breakpoint, watchpoint or fault",
     "N: ignore the breakpoint stopped at N-1 more times.", c_continue, CMD_REPEAT, COMP_NONE, NULL},
    {"stepi", "si s step", "[N]", "execute N instructions of the selected wave",
     "The other waves run too, as the device schedules them; a breakpoint\n"
     "they reach stops first.  Default N: 1.", c_stepi, CMD_REPEAT, COMP_NONE, NULL},
    {"nexti", "ni n next", "[N]", "like stepi, but run a call to its return",
     "A call is s_swappc_b64 or s_call_b64: the wave runs until the\n"
     "instruction after it.", c_nexti, CMD_REPEAT, COMP_NONE, NULL},
    {"cycle", NULL, "[N]", "advance the device N cycles (cycle model)",
     "Stops at the first instruction issued at or after the cycle reached.", c_cycle, CMD_REPEAT, COMP_NONE,
     NULL},
    {"until", "u", "[PC|LABEL[+OFF]]", "run the selected wave to PC (no PC: nexti)", NULL,
     c_until, 0, COMP_LOC, NULL},
    {"finish", "fin", "", "run until the selected wave ends", NULL, c_finish, 0, COMP_NONE, NULL},
    {"kill", "k", "", "end the kernel's run", NULL, c_kill, 0, COMP_NONE, NULL},
    {"reverse-stepi", "rsi", "[N]", "go back N instructions of the selected wave",
     "Exact: the launch runs again from its start (device memory put back)\n"
     "to that point; the cost is the re-execution of what came before.", c_reverse_stepi, CMD_REPEAT, COMP_NONE,
     NULL},
    {"reverse-continue", "rc", "", "go back to the last breakpoint or watchpoint hit",
     "Runs the launch again from its start twice: once to find the last stop\n"
     "before the current point, once to reach it.", c_reverse_continue, 0, COMP_NONE, NULL},
    {"break", "b br brea", "[PC|LABEL[+OFF]|FILE:LINE] [wave W] [if COND]", "set a breakpoint",
     "PC is a device address or an address as gcnsim disasm prints it; LABEL\n"
     "a kernel or function name (its symbol, or its C++ name: vadd for\n"
     "_Z4vaddPKfS0_Pfi), +OFF a byte offset; FILE:LINE (a code object\n"
     "built with -g) the first instruction of that source line.  wave W: only\n"
     "that wave (dispatch-wide id, as info waves shows).  COND uses registers per lane\n"
     "(v0 == 5 && s2 > 1): the stop names the lanes where it holds.", c_break, 0, COMP_LOC, NULL},
    {"tbreak", "tb", "[PC|LABEL[+OFF]] [wave W] [if COND]", "set a breakpoint deleted when first hit", NULL,
     c_tbreak, 0, COMP_LOC, NULL},
    {"delete", "d", "[N...]", "delete breakpoints (all without N)", NULL, c_delete, 0,
     COMP_NONE, NULL},
    {"disable", "disa", "[N...]", "disable breakpoints (all without N)", NULL, c_disable, 0, COMP_NONE, NULL},
    {"enable", "en", "[N...]", "enable breakpoints (all without N)", NULL, c_enable, 0, COMP_NONE, NULL},
    {"catch", NULL, "fault|barrier|waitcnt|endpgm", "stop at s_barrier, s_waitcnt, s_endpgm or a fault",
     "Stops before each s_barrier, s_waitcnt or s_endpgm.  A fault always\n"
     "stops; catch fault also numbers and counts it.", c_catch, 0, COMP_WORDS,
     "fault barrier waitcnt endpgm"},
    {"watch", NULL, "REG|ADDR [lane L]", "stop when a register or a memory dword changes",
     "ADDR: a global device address (a dword).  The stop shows the old and the\n"
     "new value and the instruction that wrote it.", c_watch, 0, COMP_REG, NULL},
    {"wave", "thread", "[N]", "select wave N (dispatch-wide id)", NULL, c_wave, 0, COMP_NONE, NULL},
    {"lane", NULL, "[N]", "select lane N of the selected wave", NULL, c_lane, 0, COMP_NONE, NULL},
    {"print", "p inspect", "[/FMT] EXPR", "print a register or value (/x /d /u /f ...)",
     "s5, s[4:7], v3 (all lanes), v3[0:15], v3[5], v[0:1] (64-bit), exec, vcc,\n"
     "scc, m0, $pc, flat_scratch, mode, status, trapsts.", c_print, CMD_FMT, COMP_REG, NULL},
    {"set var", "set variable", "REG = VALUE", "change a register of the selected wave",
     "VALUE: an integer, a float (1.5), another register, or {a, b, ...}.", c_set_var, 0, COMP_REG, NULL},
    {"x", NULL, "[/NFU] [global:|local:|private:]ADDR", "examine memory: global, LDS (local:), scratch (private:)",
     "N units of format F (x z d u o t f c, i: instructions) and size U\n"
     "(b h w g).  global: device memory, local: the work-group's LDS,\n"
     "private: the selected lane's scratch.  A bare x goes on after the last.", c_x, CMD_FMT | CMD_REPEAT | CMD_REPEAT_BARE, COMP_REG,
     NULL},
    {"disassemble", NULL, "[PC|LABEL[+OFF]]", "disassemble around the pc, or a whole LABEL", NULL,
     c_disassemble, 0, COMP_LOC, NULL},
    {"list", "l", "[FILE:LINE|PC|LABEL[+OFF]]", "list source lines around a location",
     "With a code object built with -g: ten lines around FILE:LINE, PC or\n"
     "LABEL; without one, around the selected wave's line (the kernel's\n"
     "first line before it runs); again: the next ten.  Without source lines\n"
     "(no -g): the disassembly around the location.  Enter goes on.", c_list, CMD_REPEAT | CMD_REPEAT_BARE,
     COMP_LOC, NULL},
    {"display", NULL, "[/FMT] EXPR", "show EXPR at every stop (display/i $pc)", NULL, c_display,
     CMD_FMT, COMP_REG, NULL},
    {"undisplay", NULL, "[N...]", "stop showing displays (all without N)", NULL, c_undisplay, 0, COMP_NONE, NULL},
    {"info breakpoints", "b break watchpoints", "", "list breakpoints, watchpoints and catchpoints", NULL,
     c_info_breakpoints, 0, COMP_NONE, NULL},
    {"info waves", "threads", "", "resident waves: work-group, SIMD, pc, state", NULL,
     c_info_waves, 0, COMP_NONE, NULL},
    {"info lanes", NULL, "", "lanes of the selected wave and their work-items", NULL,
     c_info_lanes, 0, COMP_NONE, NULL},
    {"info registers", "r reg", "[s|v|special|REG...]", "registers of the selected wave", NULL, c_info_registers, 0,
     COMP_WORDS, "s v special all"},
    {"info counters", NULL, "", "vmcnt, lgkmcnt, expcnt of the selected wave", NULL, c_info_counters,
     0, COMP_NONE, NULL},
    {"info occupancy", NULL, "", "waves per SIMD and what limits them", NULL, c_info_occupancy,
     0, COMP_NONE, NULL},
    {"info cu", NULL, "", "the SIMDs of each CU and their waves", NULL, c_info_cu, 0, COMP_NONE,
     NULL},
    {"info display", NULL, "", "list the displays", NULL, c_info_display, 0, COMP_NONE, NULL},
    {"echo", NULL, "TEXT", "print TEXT (\\n is a newline)", NULL, c_echo, 0, COMP_NONE, NULL},
    {"help", "h", "[COMMAND]", "list the commands, or describe one", NULL, c_help, 0, COMP_CMD, NULL},
    {"quit", "q exit", "", "leave the debugger", NULL, c_quit, 0, COMP_NONE, NULL},
};
enum { NCMDS = sizeof cmds / sizeof cmds[0] };

/* ---- parsing -------------------------------------------------------------------------- */

/* Whether name (after prefix) has word in its alias list. */
static int has_alias(const dbg_cmd_t *c, const char *word)
{
    if (!c->alias)
        return 0;
    size_t n = strlen(word);
    for (const char *a = c->alias; *a;) {
        size_t k = strcspn(a, " ");
        if (k == n && !strncmp(a, word, n))
            return 1;
        a += k;
        while (*a == ' ')
            a++;
    }
    return 0;
}

/* The command for word among those whose names start with group ("info "
 * or "" for the single-word ones).  NULL after an error line. */
static const dbg_cmd_t *lookup(const char *group, const char *word, int quiet)
{
    size_t g = strlen(group), n = strlen(word);
    const dbg_cmd_t *pre = NULL;
    int npre = 0;
    char list[512] = "";
    for (int i = 0; i < NCMDS; i++) {
        const dbg_cmd_t *c = &cmds[i];
        if (strncmp(c->name, group, g) || (!g && strchr(c->name, ' ')))
            continue;
        const char *name = c->name + g;
        if (!strcmp(name, word) || has_alias(c, word))
            return c;
        if (n && !strncmp(name, word, n)) {
            pre = c;
            npre++;
            size_t l = strlen(list);
            snprintf(list + l, sizeof list - l, "%s%s", l ? ", " : "", name);
        }
    }
    if (npre == 1)
        return pre;
    if (quiet)
        return NULL;
    if (npre > 1)
        dbg_error("Ambiguous %scommand \"%s\": %s.", g ? "info " : "", word, list);
    else if (g)
        dbg_error("Undefined info command: \"%s\".  Try \"help info\".", word);
    else
        dbg_error("Undefined command: \"%s\".  Try \"help\".", word);
    return NULL;
}

static int is_info(const char *w)
{
    return !strcmp(w, "i") || !strcmp(w, "inf") || !strcmp(w, "info");
}

/* Split "word[/fmt] rest"; returns rest. */
static char *split_word(char *s, char **word, char **fmt)
{
    s = trim(s);
    *word = s;
    *fmt = NULL;
    while (*s && !isspace((unsigned char)*s) && *s != '/')
        s++;
    if (*s == '/') {
        *s++ = 0;
        *fmt = s;
        while (*s && !isspace((unsigned char)*s))
            s++;
    }
    if (*s)
        *s++ = 0;
    return trim(s);
}

int dbg_exec(dbg_t *d, const char *line)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", line);
    char *s = trim(buf), *word, *fmt;
    if (!*s || *s == '#')
        return DBG_LOOP;
    char *args = split_word(s, &word, &fmt);
    const dbg_cmd_t *c;
    if (is_info(word)) {
        char *sub, *f2;
        if (!*args) {
            dbg_error("List of info subcommands: help info");
            return DBG_LOOP;
        }
        args = split_word(args, &sub, &f2);
        c = lookup("info ", sub, 0);
    } else if (!strcmp(word, "set")) {
        char *rest = args, *sub, *f2;
        char *after = split_word(rest, &sub, &f2);
        if (!strcmp(sub, "var") || !strcmp(sub, "variable"))
            args = after;
        else if (*sub)   /* set REG = VALUE, as gdb allows for registers */
            sub[strlen(sub)] = *after ? ' ' : 0;
        c = &cmds[0];
        for (int i = 0; i < NCMDS; i++)
            if (!strcmp(cmds[i].name, "set var"))
                c = &cmds[i];
    } else
        c = lookup("", word, 0);
    if (!c)
        return DBG_LOOP;
    if (fmt && !(c->flags & CMD_FMT)) {
        dbg_error("%s takes no /FMT.", c->name);
        return DBG_LOOP;
    }
    int r = c->fn(d, args, fmt && *fmt ? fmt : NULL);
    if (c->flags & CMD_REPEAT) {
        if (c->flags & CMD_REPEAT_BARE)
            snprintf(d->last, sizeof d->last, "%s", c->name);
        else
            snprintf(d->last, sizeof d->last, "%s", line);
    } else
        d->last[0] = 0;
    return r;
}

int dbg_repl(dbg_t *d)
{
    for (;;) {
        fflush(stdout);
        char *line = dbg_rl_read(d);
        if (!line) {
            d->quit = 1;
            return DBG_LEAVE;
        }
        char *s = line;
        while (isspace((unsigned char)*s))
            s++;
        int r;
        if (!*s && !d->o.batch && d->last[0]) {   /* Enter repeats the last step */
            char again[sizeof d->last];
            memcpy(again, d->last, sizeof again);
            r = dbg_exec(d, again);
        } else
            r = dbg_exec(d, line);
        free(line);
        if (r == DBG_LEAVE || d->quit)
            return DBG_LEAVE;
    }
}

/* ---- help ------------------------------------------------------------------------------ */

static void help_line(const dbg_cmd_t *c)
{
    printf("  %-18s -- %s\n", c->name, c->summary);
}

static int c_help(dbg_t *d, char *args, const char *fmt)
{
    (void)d, (void)fmt;
    if (!*args) {
        printf("List of commands (abbreviations: any unique prefix, and those in \"help CMD\"):\n\n");
        for (int i = 0; i < NCMDS; i++)
            help_line(&cmds[i]);
        printf("\nEnter repeats the last stepping command (stepi, nexti, continue, cycle,\n"
               "reverse-stepi) and x.  Completion with TAB: commands, labels, registers.\n");
        return DBG_LOOP;
    }
    char *word, *f2;
    char *rest = split_word(args, &word, &f2);
    const dbg_cmd_t *c = NULL;
    if (is_info(word) && !*rest) {
        printf("info: show things about the kernel being debugged.\n\n");
        for (int i = 0; i < NCMDS; i++)
            if (!strncmp(cmds[i].name, "info ", 5))
                help_line(&cmds[i]);
        return DBG_LOOP;
    }
    if (is_info(word)) {
        char *sub;
        split_word(rest, &sub, &f2);
        c = lookup("info ", sub, 0);
    } else if (!strcmp(word, "set"))
        for (int i = 0; i < NCMDS; i++)
            c = !strcmp(cmds[i].name, "set var") ? &cmds[i] : c;
    else
        c = lookup("", word, 0);
    if (!c)
        return DBG_LOOP;
    printf("%s%s%s\n%s.\n", c->name, *c->args ? " " : "", c->args, c->summary);
    if (c->help)
        printf("%s\n", c->help);
    if (c->alias)
        printf("Also spelled: %s\n", c->alias);
    return DBG_LOOP;
}

/* ---- completion -------------------------------------------------------------------------- */

/* The i-th word of a space-separated list starting with text. */
static const char *nth_word(const char *list, const char *text, unsigned *i, char *buf, size_t len)
{
    size_t n = strlen(text);
    for (const char *a = list; *a;) {
        size_t k = strcspn(a, " ");
        if (k >= n && !strncmp(a, text, n) && (*i)-- == 0) {
            snprintf(buf, len, "%.*s", (int)k, a);
            return buf;
        }
        a += k;
        while (*a == ' ')
            a++;
    }
    return NULL;
}

const char *dbg_complete(dbg_t *d, const char *line, int start, const char *text, unsigned i)
{
    static char buf[128];
    char pre[1024], *words[3] = {NULL, NULL, NULL};
    size_t n = strlen(text);
    int nw = 0;
    snprintf(pre, sizeof pre, "%.*s", start, line);
    for (char *tok = strtok(pre, " \t"); tok && nw < 3; tok = strtok(NULL, " \t"))
        words[nw++] = tok;
    if (nw > 0) {   /* "p/x": the command is the part before '/' */
        char *sl = strchr(words[0], '/');
        if (sl)
            *sl = 0;
    }
    if (nw == 0 || (nw == 1 && is_info(words[0])) || (nw == 1 && !strcmp(words[0], "help"))) {
        const char *group = nw == 1 && is_info(words[0]) ? "info " : "";
        size_t g = strlen(group);
        for (int k = 0; k < NCMDS; k++) {
            const char *name = cmds[k].name;
            if (strncmp(name, group, g))
                continue;
            name += g;
            if (!g && strchr(name, ' ')) {   /* "info x", "set var": offer the first word once */
                int seen = 0;
                for (int j = 0; j < k; j++)
                    seen |= !strncmp(cmds[j].name, name, strcspn(name, " ") + 1);
                if (seen)
                    continue;
                snprintf(buf, sizeof buf, "%.*s", (int)strcspn(name, " "), name);
                if (!strncmp(buf, text, n) && i-- == 0)
                    return buf;
                continue;
            }
            if (!strncmp(name, text, n) && i-- == 0)
                return name;
        }
        return NULL;
    }
    const dbg_cmd_t *c;
    if (is_info(words[0]))
        c = lookup("info ", words[1], 1);
    else if (!strcmp(words[0], "set"))
        return dbg_complete(d, "p ", 2, text, i);
    else
        c = lookup("", words[0], 1);
    if (!c)
        return NULL;
    switch (c->comp) {
    case COMP_WORDS:
        return nth_word(c->words, text, &i, buf, sizeof buf);
    case COMP_CMD:
        return NULL;
    case COMP_LOC:
        for (size_t k = 0; k < d->nsym; k++)
            if (!strncmp(d->sym[k].name, text, n) && i-- == 0)
                return d->sym[k].name;
        return NULL;
    case COMP_REG: {
        const wave_t *w = dbg_wave(d);
        const char *name;
        const char *t = text;
        int dollar = *t == '$';
        if (dollar)
            t++, n--;
        for (unsigned k = 0; (name = dbg_register_name(w ? w : &d->proto, k)); k++)
            if (!strncmp(name, t, n) && i-- == 0) {
                snprintf(buf, sizeof buf, "%s%s", dollar ? "$" : "", name);
                return buf;
            }
        return NULL;
    }
    default:
        return NULL;
    }
}
