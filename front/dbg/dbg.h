/* dbg.h — `gcnsim debug`: an interactive single-step debugger for GCN
 * kernels in gdb/rocgdb style.
 *
 * How it attaches: the launch runs normally (functional scheduler or the
 * cycle model) with the sim_launch_t on_step hook set.  Before each
 * instruction the hook decides whether to stop (breakpoints, catchpoints,
 * stepping targets, `cycle N`); after each one it checks watchpoints, the
 * end of the selected wave (`finish`) and faults.  Stopped, the hook runs
 * the command loop until a command resumes the kernel.  `kill`, `run` (a
 * restart) and reverse execution end the dispatch through ctx->stop.
 *
 * Reverse execution: every executed instruction has a sequence number
 * (its position in the dispatch); the simulator is deterministic, so the
 * same launch run again from the same memory executes the same
 * instructions in the same order.  The only checkpoint is the launch
 * start (a copy of device memory taken before the first run): going back
 * re-runs the launch silently up to the wanted position.  Memory stays
 * bounded (one copy of the buffers, no per-instruction history); a
 * reverse step costs the re-execution of everything before it.
 * `set var` changes are kept with the position they were made at and
 * applied again when a replay passes it. */
#ifndef GCNSIM_DBG_H
#define GCNSIM_DBG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "front/dbg/dbg_value.h"
#include "front/launch/launch.h"
#include "front/load/srcline.h"
#include "sim/timing.h"

/* What `gcnsim debug` was given (front/cmd_debug.c fills it). */
typedef struct {
    const char *file, *kernel;
    unsigned dims;
    uint32_t global[3], local[3];
    const la_value_t *vals;
    size_t nvals;
    uint32_t dynamic_lds;         /* --dynamic-lds BYTES */
    uint64_t max_inst;
    uint64_t max_wave_inst;
    int functional;               /* --functional: no cycle model */
    const char *device;           /* --device NAME */
    const char *gfx;              /* the code object to take from a container (run_want_gfx) */
    const char *const *sets;      /* --set KEY=VALUE */
    size_t nsets;
    const char *script;           /* -x FILE */
    int batch;                    /* --batch, -x, or standard input not a terminal */
} dbg_opts_t;

/* How the kernel resumes (set by the command that leaves the prompt). */
typedef enum {
    DBG_GO_CONT,        /* until an event */
    DBG_GO_STEP,        /* until wave t_wave's instruction number t_ninst */
    DBG_GO_STEP_ANY,    /* until any wave's next instruction */
    DBG_GO_UNTIL,       /* until wave t_wave reaches t_pc */
    DBG_GO_FINISH,      /* until wave t_wave ends */
    DBG_GO_CYCLE,       /* until the device's cycle t_cycle */
    DBG_GO_REPLAY_WAVE, /* silently to wave t_wave's instruction t_ninst */
    DBG_GO_REPLAY_POS,  /* silently to position t_pos */
    DBG_GO_RECORD,      /* silently to t_pos, noting the last event before it */
} dbg_go_t;

/* A point of the dispatch: before (after = 0) or after instruction seq. */
typedef struct {
    uint64_t seq;
    int after;
} dbg_pos_t;

enum { DBG_BP_BREAK, DBG_BP_CATCH, DBG_BP_WATCH };
enum { DBG_CATCH_FAULT, DBG_CATCH_BARRIER, DBG_CATCH_WAITCNT, DBG_CATCH_ENDPGM, DBG_NCATCH };
/* What each catchpoint kind is called ("fault", "barrier", ...). */
extern const char *const dbg_catch_names[DBG_NCATCH];

/* A breakpoint, catchpoint or watchpoint. */
typedef struct {
    int num, type, enabled, temp;
    uint64_t hits, ignore;
    /* break */
    uint64_t pc;
    int wave;                 /* only this wave (-1: any) */
    int has_cond;
    dbg_cond_t cond;
    char cond_text[128];
    /* catch */
    int what;                 /* DBG_CATCH_* */
    /* watch */
    int wmem;                 /* a global memory dword, not a register */
    uint64_t addr;
    dbg_ref_t ref;
    int wwave;                /* the wave of the register */
    uint64_t *val;            /* the last value seen */
    size_t nval;
    int have;                 /* val holds a value */
    char expr[80];
} dbg_bp_t;

/* An expression shown at every stop (`display`). */
typedef struct {
    int num;
    char fmt;                 /* 'i': disassembly; else a print format (0 natural) */
    char expr[80];
} dbg_disp_t;

/* A `set var` made at a position, applied again by replays. */
typedef struct {
    dbg_pos_t pos;
    uint32_t wave;
    char ref[40], value[200];
} dbg_edit_t;

/* One instruction of the code object's text. */
typedef struct {
    uint64_t addr;            /* device address */
    isa_inst_t in;
} dbg_inst_t;

typedef struct {
    char *name;
    uint64_t addr, end;       /* device addresses */
} dbg_sym_t;

typedef struct dbg {
    dbg_opts_t o;
    launch_t L;
    tm_config_t tc;
    int timing;
    const isa_target_t *t;
    /* the code: decoded once, with the symbols as labels */
    dbg_inst_t *code;
    size_t ncode;
    dbg_sym_t *sym;
    size_t nsym;
    /* a wave with the kernel's allocation, to check register names before
     * the kernel runs; and a context giving the memory to x before a run */
    wave_t proto;
    sim_ctx_t proto_ctx;
    /* the checkpoint: device memory before the first run */
    mem_snap_t snap;
    int have_snap;
    /* the launch */
    int running;              /* inside la_run */
    int stopped;              /* at the prompt inside the hook */
    int restart;              /* end this run and start again (run, reverse) */
    int killed;
    int quit;
    int want_run;             /* `run` at the top level */
    sim_ctx_t *ctx;
    wave_t *hook_w;           /* the wave the hook stopped in */
    dbg_pos_t pos;            /* where the kernel is stopped */
    uint64_t seq;             /* instructions begun in this run */
    uint64_t runs;            /* launches started in this session */
    /* resuming */
    dbg_go_t go;
    uint32_t t_wave;
    uint64_t t_ninst, t_pc, t_cycle;
    dbg_pos_t t_pos;
    int rec_found;            /* RECORD: an event was seen before t_pos */
    dbg_pos_t rec_pos;
    const char *replay_note;  /* printed at the end of a replay */
    int next_left;            /* next N: steps still to make */
    int fresh;                /* the next run is a new start (announce it) */
    int stop_bp;              /* the breakpoint the kernel stopped at (0: none) */
    /* selection */
    int sel_wave;             /* dispatch-wide wave id, -1 none */
    unsigned sel_lane;
    /* breakpoints, displays, edits */
    dbg_bp_t *bp;
    size_t nbp;
    int next_bp;
    size_t nactive;           /* enabled breakpoints and catchpoints */
    size_t nwatch;            /* enabled watchpoints */
    int catch_on[DBG_NCATCH];
    dbg_disp_t *disp;
    size_t ndisp;
    int next_disp;
    dbg_edit_t *edit;
    size_t nedit;
    /* the stop being reported */
    char *why;                /* event lines (a growing buffer) */
    size_t nwhy, capwhy;
    /* misc */
    unsigned hist;            /* value history: $1, $2, ... */
    dbg_x_t xlast;
    uint64_t xi_next;         /* x/i: the address after the last shown */
    int x_inst;               /* the last x was x/i (a bare x goes on with it) */
    char last[256];           /* the last command, for Enter */
    FILE *in;                 /* batch input */
    sim_wave_info_t *wl;      /* list_waves buffer */
    unsigned wlcap;
    volatile int interrupt;   /* Ctrl-C while running */
    /* source lines (front/dbg/dbg_src.c) */
    sl_table_t *lines;        /* NULL: the code object has none */
    unsigned list_file, list_next;   /* `list`: the file and line it goes on from (0: none yet) */
    int list_centre;          /* list_next is a stop's line: list around it */
} dbg_t;

/* Set up a session: load the code object, bind the kernel and its
 * arguments, configure the cycle model.  Returns 0, or -1 with a one-line
 * message in err. */
int dbg_open(dbg_t *d, const dbg_opts_t *o, char *err, size_t errlen);
/* Release the session. */
void dbg_close(dbg_t *d);
/* Run the session: commands from the script or standard input until quit
 * or end of input.  Returns 0 (the command's success status). */
int dbg_main(dbg_t *d);

/* ---- for the commands (front/dbg/dbg_cmds.c) ---------------------------------- */

/* The selected wave, or NULL when the kernel is not stopped. */
wave_t *dbg_wave(dbg_t *d);
/* The resident waves (while the kernel runs): their number, the list in *out. */
unsigned dbg_waves(dbg_t *d, sim_wave_info_t **out);
/* The resident wave with dispatch id id, or NULL. */
wave_t *dbg_find_wave(dbg_t *d, uint32_t id, sim_wave_info_t *info);
/* "<kernel+16>" for a device address (empty when no symbol covers it). */
void dbg_symbolize(const dbg_t *d, uint64_t addr, char *buf, size_t len);
/* The instruction at a device address, or NULL. */
const dbg_inst_t *dbg_inst_at(const dbg_t *d, uint64_t addr);
/* Index of the first instruction at or after addr (ncode if none). */
size_t dbg_inst_index(const dbg_t *d, uint64_t addr);
/* Print one instruction line: "=> 0x... <k+16>:\tTEXT" (mark: "=> " or "   "). */
void dbg_print_inst(const dbg_t *d, const dbg_inst_t *i, const char *mark);
/* Resolve PC|LABEL[+OFF]|*ADDR to a device address of an instruction.
 * Returns 0, or -1 with the problem in err. */
int dbg_parse_location(const dbg_t *d, const char *text, uint64_t *pc, char *err, size_t errlen);
/* The symbol whose name is s, else the one symbol whose C++ name s is
 * (la_kernel_named: vadd for _Z4vaddPKfS0_Pfi); NULL if none. */
const dbg_sym_t *dbg_find_sym(const dbg_t *d, const char *s);

/* Print the stop location of wave w (pc and instruction). */
void dbg_print_where(const dbg_t *d, const wave_t *w);
/* Show the displays (all, or only num >= 0). */
void dbg_show_displays(dbg_t *d, int num);

/* Add a breakpoint entry (fields filled by the caller except num);
 * returns it. */
dbg_bp_t *dbg_bp_add(dbg_t *d, const dbg_bp_t *b);
/* Delete the entry with number num (-1: all); returns how many went. */
int dbg_bp_delete(dbg_t *d, int num);
/* Recount what the hook checks after a change of the breakpoints. */
void dbg_bp_changed(dbg_t *d);
/* Read a watchpoint's current value into its val (a wave: w, or NULL to
 * find it).  Returns 0, or -1 when the value is not available. */
int dbg_watch_read(dbg_t *d, dbg_bp_t *b, wave_t *w);

/* Leave the prompt: resume the kernel as go says (targets set by the
 * caller). */
void dbg_resume(dbg_t *d, dbg_go_t go);
/* Restart the launch from its start (run while running, reverse). */
void dbg_restart(dbg_t *d, dbg_go_t go);
/* Set the target of `next` for wave w: one instruction, or a call run
 * to its return address. */
void dbg_next_target(dbg_t *d, wave_t *w);
/* Record a `set var` at the current position (applied again by replays). */
void dbg_note_edit(dbg_t *d, uint32_t wave, const char *ref, const char *value);
/* Current position of the stopped kernel. */
dbg_pos_t dbg_pos(const dbg_t *d);

/* Error line of a command (to stderr in gdb's style, stdout flushed first). */
void dbg_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* ---- source lines (front/dbg/dbg_src.c) ---------------------------------------- */

/* Read the code object's line table into d->lines (NULL when it has
 * none).  Returns 0, or -1 with a one-line message in err when its DWARF
 * is malformed (the session goes on without lines). */
int dbg_src_open(dbg_t *d, char *err, size_t errlen);
/* Release the line table. */
void dbg_src_close(dbg_t *d);
/* The source line of device address pc into *loc: 1, or 0 when unknown. */
int dbg_src_line(const dbg_t *d, uint64_t pc, sl_loc_t *loc);
/* At a stop at pc: print "FILE:LINE<tab>TEXT" when the line is known (and
 * make it the line a bare `list` centres on). */
void dbg_src_print_stop(dbg_t *d, uint64_t pc);
/* A FILE:LINE location (FILE: a path the line table names, or its end
 * after a '/'): 1 with *pc the first instruction of the line (of the
 * kernel run when the line has code there), 0 when text is not of that
 * form, -1 with the problem in err. */
int dbg_src_location(const dbg_t *d, const char *text, uint64_t *pc, char *err, size_t errlen);
/* `list [FILE:LINE|PC|LABEL]`: ten source lines around a location, the
 * selected wave's line or the kernel's first, or the next ten.  Returns
 * 1 when listed (or an error reported), 0 when no source line is known
 * there (the caller shows the disassembly). */
int dbg_src_list(dbg_t *d, const char *args);

/* ---- the command table (front/dbg/dbg_cmds.c) ------------------------------------ */

enum { DBG_LOOP, DBG_LEAVE };   /* command results: stay at the prompt, resume */

/* Run one command line.  Returns DBG_LOOP or DBG_LEAVE. */
int dbg_exec(dbg_t *d, const char *line);
/* Read and run commands until one resumes the kernel (DBG_LEAVE) or input
 * ends or quit (d->quit set). */
int dbg_repl(dbg_t *d);
/* The i-th word to complete for the text before the cursor (line[0..start))
 * and the word being typed (text); NULL after the last. */
const char *dbg_complete(dbg_t *d, const char *line, int start, const char *text, unsigned i);

/* ---- line input (front/dbg/dbg_rl.c) ----------------------------------------------- */

/* Prepare line input: readline with history and completion when
 * interactive; lines from d->in otherwise. */
void dbg_rl_init(dbg_t *d);
/* One line (malloc'd, no newline), or NULL at end of input. */
char *dbg_rl_read(dbg_t *d);
/* Release line input. */
void dbg_rl_done(dbg_t *d);

#endif
