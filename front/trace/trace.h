/* trace.h — execution traces: one record per executed wave-instruction
 * (who ran it, where, its encoding, EXEC, and every value it wrote), in a
 * seekable gzip file.
 *
 * File format (version 2).  A trace is a sequence of independent gzip
 * members, so `zcat FILE` prints the concatenated payloads.  Every member
 * carries, in its gzip header's extra field (FLG.FEXTRA), one subfield
 * 'G','T' of 16 bytes, little-endian:
 *     u8 kind (1 header, 2 records, 3 index, 4 footer), u8 format version,
 *     u16 0, u32 csize (bytes of the whole member), u64 arg
 * (header: 0; records: number of the chunk's first record; index: number
 * of chunks; footer: file offset of the index member).  MTIME is 0, XFL 0,
 * OS 255, the zlib level fixed: the same run gives the same bytes.
 *   1. header member: "GCNTRACE", u32 format, u32 mode, then target,
 *      version, kernel and options (varint length + bytes), the 32-byte
 *      SHA-256 of the code object, u64 code base.
 *   2. record members ("chunks") of at most 65536 records or about 4 MiB
 *      of coded records each:
 *      u32 length of stream A, A (structure and predicted values,
 *      compressed), B (unpredictable 32-bit values, stored); the coding is
 *      described in trace_code.c.
 *   3. index member: "GCNTINDX", u64 chunks, u64 records, then per chunk
 *      u64 file offset, u64 first record, u32 records.
 *   4. footer member: 42 bytes, empty payload; its arg points at the index.
 * A reader finds the footer at the end, the index through it, and any
 * record through the index.  Every member's header, CRC-32 and length are
 * checked, and every chunk's records must use up its payload exactly.
 *
 * A trace of a program's dispatches (gcnsim exec --trace; a dispatch's
 * code may come from another code object than the previous one's) joins
 * one trace per dispatch: their bytes one after another, each unchanged,
 * then
 *   5. dispatch table member: "GCNTDISP", u64 dispatches, then per
 *      dispatch u64 offset and u64 size of its trace in the file (size 0:
 *      none was written), its kernel's and device's names (varint length
 *      + bytes); arg: the number of dispatches;
 *   6. dispatch footer member: as the footer (42 bytes, empty payload),
 *      its arg the table's offset.
 * A reader opens one dispatch's trace as a file of its own from its offset
 * (every offset inside it counts from there). */
#ifndef GCNSIM_TRACE_H
#define GCNSIM_TRACE_H

#include <stddef.h>
#include <stdint.h>
#include "sim/wave.h"

enum { TRACE_FORMAT_VERSION = 2 };
enum { TRACE_MODE_FUNCTIONAL = 0, TRACE_MODE_TIMING = 1 };
enum { TRACE_MAX_SREG = FX_MAX_SREG, TRACE_MAX_VREG = FX_MAX_VREG, TRACE_MAX_HWREG = 4 };
enum { TRACE_MAX_MEM = 1 << 16 };   /* memory dwords one record may hold */

/* Record flags. */
enum {
    TRACE_F_NONDET = 1,     /* a value written is legitimately non-deterministic (s_memrealtime...) */
    TRACE_F_FAULT = 2,      /* the instruction faulted (its writes may be partial) */
    TRACE_F_OVERFLOW = 4,   /* the simulator's effects record overflowed: writes are incomplete */
};

/* What the file was made from. */
typedef struct {
    unsigned format;        /* TRACE_FORMAT_VERSION (set by the reader) */
    unsigned mode;          /* TRACE_MODE_*: cycles are recorded in timing mode only */
    char target[32];        /* "gfx900" */
    char version[32];       /* gcnsim version that wrote it */
    char kernel[128];       /* kernel name */
    uint8_t co_sha256[32];  /* SHA-256 of the code object file */
    uint64_t code_base;     /* device address of the code's first dword */
    const char *options;    /* the command line's options ("" if none); the reader owns its copy */
    const sim_prog_t *code; /* writing: the decoded program the records run (la_module_t.prog), or
                               NULL; the writer looks instructions up in it (not stored in the file) */
    struct trace_prog *prog;    /* reading: the records' instructions, each decoded once (the reader's,
                                   trace_prog.h); trace_disasm looks them up there */
} trace_header_t;

typedef struct { uint16_t reg; uint32_t val; } trace_sreg_t;            /* reg: operand encoding */
typedef struct {
    uint16_t reg;
    uint64_t mask;
    uint32_t val[64];       /* val[lane], lanes of mask */
    const uint32_t *lanes;  /* writing only: when set, the values are read from lanes[lane]
                               instead of val (valid until trace_write returns) */
} trace_vreg_t;

/* The lanes' values of a VGPR write: lanes when set, else val. */
static inline const uint32_t *trace_vreg_vals(const trace_vreg_t *v)
{
    return v->lanes ? v->lanes : v->val;
}
typedef struct { uint8_t space; uint64_t addr; uint32_t val; } trace_mem_t; /* space: FX_SPACE_*; LDS
                                                                          addresses space-relative */
typedef struct { uint8_t id; uint32_t val; } trace_hwreg_t;            /* id: s_getreg numbering */

/* One executed wave-instruction and the NEW values it wrote. */
typedef struct {
    uint64_t seq;           /* record number in the file (0, 1, ...: execution order) */
    uint32_t launch;        /* launch number within the file (0 for gcnsim run) */
    uint32_t wave;          /* dispatch-wide wave id (wave_t.id) */
    uint32_t wg[3];         /* work-group id */
    uint32_t wg_wave;       /* index of the wave in its work-group */
    uint64_t pc;            /* byte address of the instruction */
    uint32_t dw[3];         /* its encoding, literal included */
    uint8_t ndw;            /* dwords in dw (1..3) */
    uint8_t flags;          /* TRACE_F_* */
    uint64_t exec;          /* EXEC before the instruction */
    uint64_t cycle_issue;   /* timing mode: cycle it issued (0 in functional mode) */
    uint64_t cycle_done;    /* timing mode: cycle its result is complete (0 in functional mode) */
    uint8_t scc_written, scc;   /* SCC written, and its new value */
    unsigned ns, nv, nm, nh;
    trace_sreg_t s[TRACE_MAX_SREG];  /* SGPRs written (VCC, EXEC, M0 included), in write order */
    trace_vreg_t v[TRACE_MAX_VREG];  /* VGPRs written: lanes written and their values */
    trace_mem_t *m;         /* memory dwords written (reader: owned by the record, see trace_rec_free) */
    unsigned mcap;          /* room in m (reader's business) */
    trace_hwreg_t h[TRACE_MAX_HWREG];  /* hardware registers written */
} trace_rec_t;

typedef struct trace_writer trace_writer_t;
typedef struct trace_reader trace_reader_t;

/* ---- writing ------------------------------------------------------------ */

/* Create PATH and write the header member.  Returns the writer, or NULL
 * with a one-line message in err. */
trace_writer_t *trace_write_open(const char *path, const trace_header_t *h, char *err, size_t errlen);
/* Append r as the next record (r->seq is ignored: a record's number is its
 * position in the file).  Returns 0, or -1 with a message in err (the
 * writer is then unusable but must still be closed). */
int trace_write(trace_writer_t *tw, const trace_rec_t *r, char *err, size_t errlen);
/* Records written so far. */
uint64_t trace_write_count(const trace_writer_t *tw);
/* Instructions the writer has decoded for the records coded so far (none
 * when the header gave the program the records run).  For tests, with a
 * writer that codes each record as it comes (tc_writer_unthreaded). */
uint64_t trace_write_decodes(const trace_writer_t *tw);
/* Flush the last chunk, write index and footer, close and free.  Returns
 * 0, or -1 with a message in err (tw is freed either way). */
int trace_write_close(trace_writer_t *tw, char *err, size_t errlen);

/* One dispatch's trace for trace_join. */
typedef struct {
    const char *path;       /* its trace file, or NULL when it has none */
    const char *kernel, *device;
} trace_part_t;
/* Write the file of dispatches path from the traces of parts[0..n), in
 * order (the format above).  Returns 0, or -1 with a one-line message in
 * err. */
int trace_join(const char *path, const trace_part_t *parts, size_t n, char *err, size_t errlen);

/* ---- reading ------------------------------------------------------------ */

/* Open a trace: reads and checks the header, footer and index.  Returns
 * the reader, or NULL with "PATH: offset N: reason" in err.  A file of
 * several dispatches is refused (trace_open_dispatch opens one of them;
 * a file of one dispatch opens as that dispatch). */
trace_reader_t *trace_open(const char *path, char *err, size_t errlen);
/* Open dispatch n (from 0) of a file of dispatches (gcnsim exec --trace),
 * or, n < 0, as trace_open does; a trace of one launch is dispatch 0.
 * Returns the reader, or NULL with a one-line message in err. */
trace_reader_t *trace_open_dispatch(const char *path, long n, char *err, size_t errlen);
/* The dispatches of the file at path into *n: returns 1 for a file of
 * dispatches (gcnsim exec --trace), 0 for a trace of one launch (*n = 1),
 * -1 with a one-line message in err when it is unreadable. */
int trace_dispatches(const char *path, uint64_t *n, char *err, size_t errlen);

/* The file's header (valid until trace_close). */
const trace_header_t *trace_header(const trace_reader_t *tr);
/* Number of records in the file. */
uint64_t trace_count(const trace_reader_t *tr);
/* Read the next record into r (r zeroed before the first call; reuse it).
 * Returns 1, 0 at the end, -1 with "PATH: offset N: reason" in err. */
int trace_next(trace_reader_t *tr, trace_rec_t *r, char *err, size_t errlen);
/* Position the reader so that trace_next returns record n (n <= count)
 * through the index.  Returns 0, or -1 with a message in err. */
int trace_seek(trace_reader_t *tr, uint64_t n, char *err, size_t errlen);
/* Close a reader and free it (NULL is fine). */
void trace_close(trace_reader_t *tr);
/* Free what a record read by trace_next owns (its memory writes). */
void trace_rec_free(trace_rec_t *r);

/* ---- records as text ---------------------------------------------------- */

/* Name of a scalar register by operand encoding for the header's target:
 * "s5", "vcc_lo", "exec_hi", "m0", "flat_scratch_lo", "ttmp3" (buf of at
 * least 24 bytes; returns buf). */
const char *trace_sreg_name(const trace_header_t *h, unsigned reg, char *buf);
/* Name of a memory space: "global", "lds", "scratch", "gds", "scalar". */
const char *trace_space_name(unsigned space);
/* Disassembly of a record's instruction for the header's target into buf
 * ("<invalid>" if it does not decode). */
void trace_disasm(const trace_header_t *h, const trace_rec_t *r, char *buf, size_t buflen);

/* ---- recording a launch ------------------------------------------------- */

/* Recording state for a launch's on_step hook. */
typedef struct {
    trace_writer_t *tw;
    uint32_t launch;        /* stored in every record */
    int timing;             /* record fx cycles */
    int failed;             /* a write failed: err says why (the hook stopped the dispatch) */
    char err[512];
    uint64_t cycle_before;  /* the model's cycle when the instruction in flight started */
    trace_rec_t rec;        /* scratch record */
} trace_recorder_t;

/* Prepare r to write into tw (r zeroed beforehand); free with
 * trace_recorder_free. */
void trace_recorder_init(trace_recorder_t *r, trace_writer_t *tw, int timing);
/* The on_step hook (sim_launch_t.on_step, step_arg = the recorder): after
 * each instruction, a record of what it wrote. */
void trace_on_step(void *arg, wave_t *w, const fx_t *fx, int after);
/* Release the recorder's scratch memory (not the writer). */
void trace_recorder_free(trace_recorder_t *r);

/* ---- helpers ------------------------------------------------------------ */

/* SHA-256 of a file into out; 0, or -1 with a message in err. */
int trace_sha256_file(const char *path, uint8_t out[32], char *err, size_t errlen);
/* SHA-256 of a buffer. */
void trace_sha256(const void *data, size_t len, uint8_t out[32]);

#endif
