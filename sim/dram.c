/* dram.c — timing of the device memory (contract in dram.h).
 *
 * Time is kept in units of 1/1,000,000 shader cycle, so that nanoseconds
 * (1000 x clock_mhz units each) and cycles are both whole numbers of
 * units.  One 64-byte burst on one channel takes 64 x channels / dram_gbps
 * ns: the data-sheet bandwidth is the sum of the channels' bus rates.
 *
 * Address map (per 256-byte chunk c = addr >> 8): channel =
 * dram_chunk_channel; within the channel, chunk y = c / channels; a row of
 * dram_page bytes holds dram_page / 256 consecutive chunks; rows go to
 * banks in turn, the bank offset by a fold of the row number (so arrays
 * whose offsets differ by a multiple of channels x banks x page do not
 * meet in one bank on different rows).
 *
 * A request whose bank holds another row (or none, or a row a refresh has
 * closed) activates its row: no earlier than the bank's last burst ends and
 * dram_act_ns after the channel's previous activation (tRRD/tFAW); the row
 * can be read dram_row_ns later (precharge + activate: tRP + tRCD).  The
 * burst then takes the first free slot of the channel's bus at or after
 * that, skipping refresh windows (dram_rfc_ns every dram_refi_ns, the
 * channels staggered); a refresh closes every row of its channel.  Writes
 * wait in the channel's queue; dram_wq of them are drained together, with
 * one bus turnaround (dram_turn_ns) before and one after the batch. */
#include <stdlib.h>
#include <string.h>
#include "sim/dram.h"

enum { U_PER_CYCLE = 1000000 };
enum { WIN = 4096, WIN_WORDS = WIN / 64 };   /* bus calendar: slots per channel */
enum { WQ_MAX = 1024 };                       /* dram_wq's upper limit (device.c) */

enum { ROWWIN = 4 };   /* rows a bank remembers having held open */

/* A row the bank held (or holds) open: from `ready` (activated) to `close`
 * (the bank began to close it for the next row; UINT64_MAX while open). */
typedef struct {
    uint64_t row;        /* row + 1; 0 = none */
    uint64_t epoch;      /* refresh epoch in which it was opened */
    uint64_t ready;      /* units: the row accepts column commands */
    uint64_t close;      /* units */
} rowwin_t;

typedef struct {
    rowwin_t w[ROWWIN];  /* ring; w[cur] the latest */
    unsigned cur;
    uint64_t last_end;   /* units: the bank's last burst ends */
} bank_t;

typedef struct {
    uint64_t base;              /* absolute slot index of the calendar's first slot */
    uint64_t bits[WIN_WORDS];   /* slot s is taken: bit s mod WIN (s in [base, base + WIN)) */
    uint64_t last_act;          /* units: the channel's latest activation */
    uint64_t refresh_off;       /* units: this channel's refresh phase */
    uint32_t wq_n;
    uint64_t *wq;               /* queued write addresses [dram_wq] */
    bank_t *bank;               /* [banks] */
} chan_t;

struct dram {
    uint32_t nch, banks, chunks_per_row, wq_max;
    uint64_t slot;              /* units per burst */
    uint64_t row, act, turn;    /* units */
    uint64_t refi, rfc;         /* units; refi 0: no refresh */
    chan_t *ch;
    dram_stats_t st;
};

static uint64_t max_u64(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

/* A fold of v's bits into its low bits: the XOR of v >> 4k for every k
 * (computed by doubling). */
static uint64_t fold(uint64_t v)
{
    v ^= v >> 4;
    v ^= v >> 8;
    v ^= v >> 16;
    return v ^ v >> 32;
}

uint32_t dram_chunk_channel(uint64_t addr, uint32_t n)
{
    if (n <= 1)
        return 0;
    uint64_t c = addr >> 8;
    if ((n & (n - 1)) == 0) {
        unsigned sh = (unsigned)__builtin_ctz(n);
        return (uint32_t)(((c & (n - 1)) + fold(c >> sh)) & (n - 1));
    }
    return (uint32_t)((c % n + fold(c / n)) % n);
}

static uint64_t ns_units(uint32_t ns, uint32_t clock_mhz)
{
    return (uint64_t)ns * 1000u * clock_mhz;
}

/* The device memory of d; see dram.h. */
dram_t *dram_new(const device_t *d)
{
    const uint32_t *p = d->p;
    dram_t *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->nch = p[DEV_dram_channels] ? p[DEV_dram_channels] : 1;
    m->banks = p[DEV_dram_banks] ? p[DEV_dram_banks] : 1;
    m->chunks_per_row = p[DEV_dram_page] >= 256 ? p[DEV_dram_page] / 256 : 1;
    m->wq_max = p[DEV_dram_wq] ? (p[DEV_dram_wq] < WQ_MAX ? p[DEV_dram_wq] : WQ_MAX) : 1;
    uint64_t gbps = p[DEV_dram_gbps];
    m->slot = gbps ? (64ull * m->nch * 1000u * p[DEV_clock_mhz] + gbps / 2) / gbps : 0;
    m->row = ns_units(p[DEV_dram_row_ns], p[DEV_clock_mhz]);
    m->act = ns_units(p[DEV_dram_act_ns], p[DEV_clock_mhz]);
    m->turn = ns_units(p[DEV_dram_turn_ns], p[DEV_clock_mhz]);
    m->refi = p[DEV_dram_rfc_ns] ? ns_units(p[DEV_dram_refi_ns], p[DEV_clock_mhz]) : 0;
    m->rfc = ns_units(p[DEV_dram_rfc_ns], p[DEV_clock_mhz]);
    /* a burst must fit between two refreshes, or a search for a slot
     * outside them would never end: refresh is then left out (device.c
     * refuses a refresh as long as its interval; a burst longer than the
     * gap takes absurd --set values) */
    if (m->refi <= m->rfc || m->refi - m->rfc <= 2 * m->slot)
        m->refi = 0;
    m->ch = calloc(m->nch, sizeof *m->ch);
    if (!m->ch) {
        free(m);
        return NULL;
    }
    for (uint32_t i = 0; i < m->nch; i++) {
        m->ch[i].bank = calloc(m->banks, sizeof *m->ch[i].bank);
        m->ch[i].wq = calloc(m->wq_max, sizeof *m->ch[i].wq);
        if (!m->ch[i].bank || !m->ch[i].wq) {
            dram_free(m);
            return NULL;
        }
    }
    dram_reset(m);
    return m;
}

void dram_free(dram_t *m)
{
    if (!m)
        return;
    for (uint32_t i = 0; m->ch && i < m->nch; i++) {
        free(m->ch[i].bank);
        free(m->ch[i].wq);
    }
    free(m->ch);
    free(m);
}

void dram_reset(dram_t *m)
{
    for (uint32_t i = 0; i < m->nch; i++) {
        chan_t *c = &m->ch[i];
        c->base = 0;
        memset(c->bits, 0, sizeof c->bits);
        c->last_act = 0;
        c->wq_n = 0;
        c->refresh_off = m->refi ? m->refi * i / m->nch : 0;
        memset(c->bank, 0, m->banks * sizeof *c->bank);
    }
    memset(&m->st, 0, sizeof m->st);
}

const dram_stats_t *dram_stats(const dram_t *m)
{
    return &m->st;
}

/* ---- refresh ----------------------------------------------------------------- */

/* The refresh epoch of time x on channel c: e >= 1 when x is at or after
 * the channel's e-th refresh; 0 before the first. */
static uint64_t epoch(const dram_t *m, const chan_t *c, uint64_t x)
{
    if (!m->refi)
        return 0;
    return (x + m->refi - c->refresh_off) / m->refi;
}

/* x, or the end of the refresh window x falls into. */
static uint64_t past_refresh_peek(const dram_t *m, const chan_t *c, uint64_t x)
{
    uint64_t e = epoch(m, c, x);
    if (e == 0)
        return x;
    uint64_t start = c->refresh_off + (e - 1) * m->refi;
    return x < start + m->rfc ? start + m->rfc : x;
}

/* The same, counting a wait. */
static uint64_t past_refresh(dram_t *m, const chan_t *c, uint64_t x)
{
    uint64_t y = past_refresh_peek(m, c, x);
    m->st.refresh_waits += y != x;
    return y;
}

/* ---- the bus calendar ------------------------------------------------------- */

static int slot_taken(const chan_t *c, uint64_t s)
{
    return (int)(c->bits[(s % WIN) / 64] >> (s % 64) & 1);
}

/* Moves the calendar's window to start at nb (> base): the slots that
 * leave it are forgotten (treated as past). */
static void slide(chan_t *c, uint64_t nb)
{
    if (nb - c->base >= WIN)
        memset(c->bits, 0, sizeof c->bits);
    else
        for (uint64_t s = c->base; s < nb; s++)
            c->bits[(s % WIN) / 64] &= ~(1ull << (s % 64));
    c->base = nb;
}

/* The first free burst slot starting at or after x and ending by limit,
 * inside the calendar and outside refresh windows: its index, not taken;
 * UINT64_MAX when there is none. */
static uint64_t bus_find_before(dram_t *m, chan_t *c, uint64_t x, uint64_t limit)
{
    uint64_t s = (x + m->slot - 1) / m->slot;
    if (s < c->base)
        s = c->base;
    for (; s < c->base + WIN && (s + 1) * m->slot <= limit; s++)
        if (!slot_taken(c, s) && past_refresh_peek(m, c, s * m->slot) == s * m->slot)
            return s;
    return UINT64_MAX;
}

/* The first slot at or after s (>= c->base) of the window that is free,
 * or c->base + WIN when every one from s on is taken: a word of the
 * calendar at a time. */
static uint64_t first_free(const chan_t *c, uint64_t s)
{
    uint64_t end = c->base + WIN;
    while (s < end) {
        uint64_t free = ~c->bits[(s % WIN) / 64] >> (s % 64);
        if (free) {
            s += (uint64_t)__builtin_ctzll(free);
            return s < end ? s : end;
        }
        s += 64 - s % 64;
    }
    return end;
}

/* Takes the first free burst slot starting at or after time x (units)
 * outside refresh windows; returns its start. */
static uint64_t bus_take(dram_t *m, chan_t *c, uint64_t x)
{
    if (m->slot == 0)   /* dram_gbps 0 (not a preset's): a bus of no cost */
        return x;
    uint64_t s = (x + m->slot - 1) / m->slot;
    for (;;) {
        if (s < c->base)
            s = c->base;
        if (s >= c->base + WIN)
            slide(c, s - WIN / 2);
        s = first_free(c, s);
        if (s >= c->base + WIN)
            continue;
        uint64_t start = s * m->slot, moved = past_refresh(m, c, start);
        if (moved != start) {
            s = (moved + m->slot - 1) / m->slot;
            continue;
        }
        c->bits[(s % WIN) / 64] |= 1ull << (s % 64);
        return start;
    }
}

/* ---- requests ---------------------------------------------------------------- */

/* Channel, bank and row of the line holding addr. */
static chan_t *locate(dram_t *m, uint64_t addr, bank_t **b, uint64_t *row)
{
    uint32_t ch = dram_chunk_channel(addr, m->nch);
    uint64_t y = (addr >> 8) / m->nch, z = y / m->chunks_per_row, r = z / m->banks;
    chan_t *c = &m->ch[ch];
    *b = &c->bank[(z + fold(r)) % m->banks];
    *row = r;
    return c;
}

/* A burst for row (+ 1) of bank b in one of the rows it held open before
 * its latest, while that row was still open (a controller that serves the
 * requests to the open row first would have done so): the slot's start,
 * taken, or UINT64_MAX. */
static uint64_t earlier_row(dram_t *m, chan_t *c, bank_t *b, uint64_t row1, uint64_t x)
{
    for (unsigned k = 1; k < ROWWIN && m->slot; k++) {
        const rowwin_t *w = &b->w[(b->cur + ROWWIN - k) % ROWWIN];
        if (w->row != row1 || x >= w->close)
            continue;
        uint64_t s = bus_find_before(m, c, max_u64(x, w->ready), w->close);
        if (s != UINT64_MAX && epoch(m, c, s * m->slot) == w->epoch) {
            c->bits[(s % WIN) / 64] |= 1ull << (s % 64);
            return s * m->slot;
        }
    }
    return UINT64_MAX;
}

/* One burst of the line holding addr, wanted at time x (units); returns
 * the time its data has crossed the bus. */
static uint64_t burst(dram_t *m, uint64_t addr, uint64_t x)
{
    bank_t *b;
    uint64_t row;
    chan_t *c = locate(m, addr, &b, &row);
    rowwin_t *w = &b->w[b->cur];
    uint64_t col, start;
    if (w->row == row + 1 && w->epoch == epoch(m, c, max_u64(x, w->ready))) {
        m->st.row_hits++;
        col = max_u64(x, w->ready);
    } else if ((start = earlier_row(m, c, b, row + 1, x)) != UINT64_MAX) {
        m->st.row_hits++;
        return start + m->slot;
    } else {
        m->st.row_misses++;
        uint64_t a = max_u64(max_u64(x, b->last_end), c->last_act ? c->last_act + m->act : 0);
        a = past_refresh(m, c, a);
        c->last_act = a;
        if (w->row)
            w->close = a;
        b->cur = (b->cur + 1) % ROWWIN;
        w = &b->w[b->cur];
        w->row = row + 1;
        w->epoch = epoch(m, c, a);
        w->ready = col = a + m->row;
        w->close = UINT64_MAX;
    }
    uint64_t end = bus_take(m, c, col) + m->slot;
    b->last_end = max_u64(b->last_end, end);
    return end;
}

uint64_t dram_read(dram_t *m, uint64_t addr, uint64_t t)
{
    m->st.reads++;
    uint64_t end = burst(m, addr, t * U_PER_CYCLE);
    return (end + U_PER_CYCLE - 1) / U_PER_CYCLE;
}

/* Bus time lost to one turnaround at or after x: the slots it covers are
 * taken. */
static void turnaround(dram_t *m, chan_t *c, uint64_t x)
{
    for (uint64_t k = 0; m->slot && k * m->slot < m->turn && k < WIN / 4; k++)
        bus_take(m, c, x);
}

uint64_t dram_write(dram_t *m, uint64_t addr, uint64_t t)
{
    chan_t *c = &m->ch[dram_chunk_channel(addr, m->nch)];
    m->st.writes++;
    c->wq[c->wq_n++] = addr;
    if (c->wq_n < m->wq_max)
        return 0;
    uint64_t x = t * U_PER_CYCLE, end = x;
    m->st.turnarounds++;
    turnaround(m, c, x);
    for (uint32_t i = 0; i < c->wq_n; i++) {
        uint64_t e = burst(m, c->wq[i], x);
        end = e > end ? e : end;
    }
    turnaround(m, c, x);
    c->wq_n = 0;
    return (end - x + U_PER_CYCLE - 1) / U_PER_CYCLE;
}
