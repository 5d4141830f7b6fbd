/* trace_code.h — inside the trace file: byte buffers, cursors, and the
 * coding of records in a chunk (trace_code.c).  Not for users of traces:
 * they use trace.h. */
#ifndef GCNSIM_TRACE_CODE_H
#define GCNSIM_TRACE_CODE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "front/trace/trace.h"
#include "front/trace/trace_pred.h"

/* ---- the file's layout (trace.h) ---- */
enum { TC_KIND_HEADER = 1, TC_KIND_RECORDS = 2, TC_KIND_INDEX = 3, TC_KIND_FOOTER = 4, TC_KIND_TABLE = 5,
       TC_KIND_JOIN_FOOTER = 6 };
enum {
    TC_GZ_HDR = 32,                      /* gzip header with the 'GT' extra subfield */
    TC_GZ_TRAILER = 8,                   /* CRC-32, ISIZE */
    TC_FOOTER_SIZE = TC_GZ_HDR + 2 + TC_GZ_TRAILER,
    TC_CHUNK_BYTES = 4 << 20,            /* a chunk holds records of about this many bytes, */
    TC_CHUNK_RECORDS = 1 << 16,          /* or this many records (a seek decodes at most these) */
    TC_MAX_MEMBER = 64 << 20,            /* larger members are corrupt */
};
extern const char tc_magic[8], tc_index_magic[8], tc_table_magic[8];
/* The payload of the footer member: an empty final deflate block, CRC 0, size 0. */
extern const uint8_t tc_footer_tail[10];

void tc_put_le(uint8_t *p, uint64_t v, unsigned bytes);
uint64_t tc_get_le(const uint8_t *p, unsigned bytes);
/* The 32-byte gzip header of a member: kind, size of the whole member, arg. */
void tc_member_header(uint8_t h[TC_GZ_HDR], unsigned kind, uint32_t csize, uint64_t arg);

/* A growable byte buffer; oom is set when an allocation failed (the
 * buffer then stops growing). */
typedef struct {
    uint8_t *p;
    size_t n, cap;
    int oom;
} tc_buf_t;

/* Make room for more bytes; 0, or -1 (oom set). */
int tc_reserve(tc_buf_t *b, size_t more);
void tc_put(tc_buf_t *b, const void *p, size_t n);
void tc_le(tc_buf_t *b, uint64_t v, unsigned bytes);
void tc_str(tc_buf_t *b, const char *s);

static inline void tc_u8(tc_buf_t *b, unsigned v)
{
    if (b->n < b->cap || !tc_reserve(b, 1))
        b->p[b->n++] = (uint8_t)v;
}

static inline void tc_var(tc_buf_t *b, uint64_t v)
{
    if (b->n + 10 > b->cap && tc_reserve(b, 10))
        return;
    uint8_t *p = b->p + b->n;
    while (v >= 0x80) {
        *p++ = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    *p++ = (uint8_t)v;
    b->n = (size_t)(p - b->p);
}

/* A cursor over bytes; bad is set on any overrun or malformed varint. */
typedef struct {
    const uint8_t *p, *end;
    int bad;
} tc_rd_t;

unsigned tc_r_u8(tc_rd_t *r);
uint64_t tc_r_var(tc_rd_t *r);
uint64_t tc_r_le(tc_rd_t *r, unsigned bytes);
/* A length-prefixed string into out (at most cap - 1 bytes, else bad). */
void tc_r_str(tc_rd_t *r, char *out, size_t cap);

/* The coder's context; it starts fresh in every chunk (tc_reset). */
enum { TC_HIST = 8, TC_PCS = 1024, TC_MEM_PRED = 512 };
typedef struct {
    int have_wave;
    uint32_t launch, wave, wg[3], wg_wave;
    uint64_t next_pc, exec, issue, maddr;
    uint32_t hist[TC_HIST][64];   /* the most recent VGPR rows written (lanes not written: 0) */
    unsigned head;                /* rows pushed */
    struct { uint64_t pc; uint32_t dw[3]; uint8_t ndw; } pcs[TC_PCS];  /* encodings seen, by pc */
    tc_buf_t tmp;                 /* the writer's scratch (kept across tc_reset) */
    tp_state_t *tp;               /* the value predictor (kept across tc_reset, which resets it) */
    tp_fills_t *fills;            /* writer only: scratch for a record's fills */
    trace_mem_t mpred[TC_MEM_PRED];   /* writer: the memory writes the predictor expects */
} tc_ctx_t;

/* Start afresh (a new chunk); tc_free releases the scratch and predictor. */
void tc_reset(tc_ctx_t *c);
/* Give a context (tc_reset before) the predictor for code of the named
 * target (unknown target: nothing is predicted), looking instructions up
 * in prog (the trace's, shared; NULL: its own); a writer's also keeps the
 * state fills come from.  0, or -1 out of memory. */
int tc_set_target(tc_ctx_t *c, const char *target, trace_prog_t *prog, int writer);
void tc_free(tc_ctx_t *c);
/* Append record r: its structure and small values to a, the raw 32-bit
 * values no prediction covers to b.  timing: the file records cycles. */
void tc_encode(tc_ctx_t *c, tc_buf_t *a, tc_buf_t *b, const trace_rec_t *r, int timing);
/* Decode the next record from a and b into r.  Returns 0, or -1 with the
 * reason in *why. */
int tc_decode(tc_ctx_t *c, tc_rd_t *a, tc_rd_t *b, trace_rec_t *r, int timing, const char **why);

/* Make a writer just opened code and compress in the caller's thread (for
 * tests: the bytes must not depend on it). */
void tc_writer_unthreaded(trace_writer_t *tw);

#endif
