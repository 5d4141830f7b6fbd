/* ref.c — end-to-end checks of the memory instructions: runs the kernels of
 * src/mem.cl (compiled to bin/mem-GFX.co) through `gcnsim run` on gfx601
 * (no FLAT: gen_ptr left out), gfx701, gfx803 and gfx900 and compares every result buffer with a C reference
 * computed here from the same inputs.  Results that depend on the order in
 * which lanes or waves perform atomics are checked for the property the
 * program guarantees (tickets form a permutation, exactly one cmpxchg
 * winner, append values consistent with some wave order).
 *
 *   ref GCNSIM BINDIR TMPDIR     prints PASS:/FAIL: lines, exits 1 on a failure */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REF_SUITE "e2e_mem"
#define REF_SEED 12345
#include "../e2e_ref.h"

/* Run kernel k of target t: args is the --arg/--dump part of the command. */
static int run(const char *k, const char *t, const char *global, const char *local, const char *args)
{
    return ref_run("mem", k, t, global, local, args);
}

static void result(const char *k, const char *t, const char *why)
{
    if (why) {
        printf("FAIL: e2e_mem %s %s: %s\n", k, t, why);
        failed = 1;
    } else {
        printf("PASS: e2e_mem %s %s\n", k, t);
    }
}

static char why[300];

/* ---- priv_mixed ---------------------------------------------------------- */

static int64_t ref_priv(const int32_t *in, int g)
{
    int8_t c[40];
    int16_t s[24];
    int32_t a[20];
    int64_t q[12];
    double d[6];
    for (int i = 0; i < 40; i++)
        c[i] = (int8_t)(g * 3 + i * 7);
    for (int i = 0; i < 24; i++)
        s[i] = (int16_t)(g * 1001 - i * 313);
    for (int i = 0; i < 20; i++)
        a[i] = in[(g + i) & 255] ^ (int32_t)((uint32_t)i << 20);
    for (int i = 0; i < 12; i++)
        q[i] = (int64_t)a[i] * (int64_t)(g + 1) + ((int64_t)i << 40);
    for (int i = 0; i < 6; i++)
        d[i] = (double)a[i] * 0.25;
    int k = in[g] & 0xff;
    c[k % 40] = (int8_t)(c[k % 40] + 5);
    s[k % 24] = (int16_t)(s[(k + 1) % 24] + c[k % 40]);
    a[k % 20] += s[k % 24];
    q[k % 12] ^= (int64_t)((uint64_t)(int64_t)a[(k + 3) % 20] << 8);
    d[k % 6] += 1.5;
    uint64_t r = 0;
    for (int i = 0; i < 3; i++) {
        int j = (k + i * 11) & 0xff;
        r = r * 31 + (uint64_t)(int64_t)c[j % 40] + (uint64_t)(int64_t)s[j % 24] * 7 + (uint64_t)(int64_t)a[j % 20] +
            (uint64_t)q[j % 12] + (uint64_t)(int64_t)(d[j % 6] * 4.0);
    }
    return (int64_t)r;
}

static void k_priv_mixed(const char *t)
{
    int32_t in[256];
    int64_t out[256];
    for (int i = 0; i < 256; i++)
        in[i] = (int32_t)rnd();
    save("pm_in.bin", in, sizeof in);
    if (run("priv_mixed", t, "256", "64", "--arg buf:pm_in.bin --arg zero:2048 --dump 1=pm_out.bin") ||
        load("pm_out.bin", out, sizeof out))
        return;
    for (int g = 0; g < 256; g++)
        if (out[g] != ref_priv(in, g)) {
            snprintf(why, sizeof why, "work-item %d: got %lld, want %lld", g, (long long)out[g],
                     (long long)ref_priv(in, g));
            return result("priv_mixed", t, why);
        }
    result("priv_mixed", t, NULL);
}

/* ---- lds_types --------------------------------------------------------------- */

static void k_lds_types(const char *t)
{
    enum { N = 512, L = 256 };
    uint32_t in[N];
    uint64_t out[N];
    for (int i = 0; i < N; i++)
        in[i] = rnd();
    save("lt_in.bin", in, sizeof in);
    if (run("lds_types", t, "512", "256", "--arg buf:lt_in.bin --arg zero:4096 --dump 1=lt_out.bin") ||
        load("lt_out.bin", out, sizeof out))
        return;
    for (int grp = 0; grp < N / L; grp++) {
        uint8_t lb[L];
        uint16_t ls[L];
        uint32_t li[L];
        uint64_t ll[L];
        double ld[128];
        float lf[260];
        int64_t l2y[128];
        for (int l = 0; l < L; l++) {
            uint32_t v = in[grp * L + l];
            lb[l] = (uint8_t)v;
            ls[l] = (uint16_t)(v >> 3);
            li[l] = v * 2654435761u;
            ll[l] = (uint64_t)v << 29 | (uint64_t)l;
            if (l < 128) {
                ld[l] = (double)v / 8.0;
                l2y[l] = -(int64_t)v;
            }
            lf[l] = (float)(v & 0xffff);
            if (l < 4)
                lf[256 + l] = (float)l;
        }
        for (int l = 0; l < L; l++) {
            int p = (l * 7 + 3) % L, q = (l * 13 + 5) % L;
            const float *f = lf + 1 + (p & ~3);
            uint64_t r = lb[p] + ((uint64_t)ls[q] << 8) + li[(p + q) % L] + ll[q] + (uint64_t)(int64_t)(ld[p % 128] * 8.0);
            r += (uint64_t)(f[0] + 2 * f[1] + 3 * f[2] + 4 * f[3]) + (uint64_t)l2y[q % 128];
            if (out[grp * L + l] != r) {
                snprintf(why, sizeof why, "work-item %d: got 0x%llx, want 0x%llx", grp * L + l,
                         (unsigned long long)out[grp * L + l], (unsigned long long)r);
                return result("lds_types", t, why);
            }
        }
    }
    result("lds_types", t, NULL);
}

/* ---- lds_atomics -------------------------------------------------------------- */

/* Whether tick[0..n) is a permutation of 0..n-1. */
static int is_perm(const uint32_t *tick, int n)
{
    char seen[1024] = {0};
    for (int i = 0; i < n; i++) {
        if (tick[i] >= (uint32_t)n || seen[tick[i]])
            return 0;
        seen[tick[i]] = 1;
    }
    return 1;
}

static void k_lds_atomics(const char *t)
{
    enum { N = 256, L = 128, G = N / L };
    uint32_t in[N], out[G * 12], tick[N];
    uint64_t out64[G * 4];
    for (int i = 0; i < N; i++)
        in[i] = rnd();
    save("la_in.bin", in, sizeof in);
    if (run("lds_atomics", t, "256", "128",
            "--arg buf:la_in.bin --arg zero:96 --arg zero:64 --arg zero:1024 --dump 1=la_out.bin --dump 2=la_out64.bin "
            "--dump 3=la_tick.bin") ||
        load("la_out.bin", out, sizeof out) || load("la_out64.bin", out64, sizeof out64) ||
        load("la_tick.bin", tick, sizeof tick))
        return;
    for (int grp = 0; grp < G; grp++) {
        const uint32_t *v = in + grp * L;
        uint32_t c[12] = {0, 0, 0, 0, 0xffffffffu, 0, 0xffffffffu, 0, 0, 100, 0, 0};
        uint64_t c64[4] = {0, ~0ull, 0, 0};
        for (int l = 0; l < L; l++) {
            c[0] += v[l];
            c[1] -= v[l] >> 4;
            c[2] = v[l] > c[2] ? v[l] : c[2];
            c[3] = (int32_t)v[l] > (int32_t)c[3] ? v[l] : c[3];
            c[4] = v[l] < c[4] ? v[l] : c[4];
            c[5] |= v[l] & 0x0f0f0f0f;
            c[6] &= v[l] | 0x10101010;
            c[7] ^= v[l];
            c[8]++;
            c[10] = (int32_t)v[l] < (int32_t)c[10] ? v[l] : c[10];
            c64[0] += (uint64_t)v[l] << 20;
            c64[1] = (uint64_t)v[l] * 3 < c64[1] ? (uint64_t)v[l] * 3 : c64[1];
            c64[2] = (uint64_t)v[l] << 30 > c64[2] ? (uint64_t)v[l] << 30 : c64[2];
            c64[3] ^= (uint64_t)v[l] << 33 | v[l];
        }
        c[11] = v[5];
        for (int i = 0; i < 12; i++) {
            uint32_t got = out[grp * 12 + i];
            int ok = i == 9 ? got < L : got == c[i];   /* cmpxchg: some lane won */
            if (!ok) {
                snprintf(why, sizeof why, "group %d counter %d: got 0x%x, want 0x%x", grp, i, got, c[i]);
                return result("lds_atomics", t, why);
            }
        }
        for (int i = 0; i < 4; i++)
            if (out64[grp * 4 + i] != c64[i]) {
                snprintf(why, sizeof why, "group %d 64-bit counter %d: got 0x%llx, want 0x%llx", grp, i,
                         (unsigned long long)out64[grp * 4 + i], (unsigned long long)c64[i]);
                return result("lds_atomics", t, why);
            }
        if (!is_perm(tick + grp * L, L)) {
            snprintf(why, sizeof why, "group %d: atomic_inc tickets are not a permutation", grp);
            return result("lds_atomics", t, why);
        }
    }
    result("lds_atomics", t, NULL);
}

/* ---- global_atomics --------------------------------------------------------------- */

static void k_global_atomics(const char *t)
{
    enum { N = 256 };
    uint32_t in[N], c[10] = {0, 0x80000000u, 0, 0x7fffffff, 0, 0xffffffffu, 0, 0, 1000, 0}, tick[N];
    uint64_t c64[4] = {0, 0, ~0ull, 0};
    float fsum = 0;
    for (int i = 0; i < N; i++)
        in[i] = rnd();
    save("ga_in.bin", in, sizeof in);
    save("ga_c.bin", c, sizeof c);
    save("ga_c64.bin", c64, sizeof c64);
    save("ga_f.bin", &fsum, sizeof fsum);
    if (run("global_atomics", t, "256", "64",
            "--arg buf:ga_in.bin --arg buf:ga_c.bin --arg buf:ga_c64.bin --arg zero:1024 --arg buf:ga_f.bin "
            "--dump 1=ga_c_out.bin --dump 2=ga_c64_out.bin --dump 3=ga_tick.bin --dump 4=ga_f_out.bin"))
        return;
    uint32_t gc[10];
    uint64_t gc64[4];
    float gf;
    if (load("ga_c_out.bin", gc, sizeof gc) || load("ga_c64_out.bin", gc64, sizeof gc64) ||
        load("ga_tick.bin", tick, sizeof tick) || load("ga_f_out.bin", &gf, sizeof gf))
        return;
    float fs = 0;
    for (int g = 0; g < N; g++) {
        uint32_t v = in[g];
        c[0] += v;
        c[1] -= v >> 3;
        c[2] = v > c[2] ? v : c[2];
        c[3] = (int32_t)v < (int32_t)c[3] ? v : c[3];
        c[4] |= v & 0x01010101;
        c[5] &= v | 0xf0f0f0f0;
        c[6] ^= v;
        c[7]++;
        c[8]--;
        c64[0] += (uint64_t)v << 24;
        c64[1] = (uint64_t)v << 31 > c64[1] ? (uint64_t)v << 31 : c64[1];
        c64[2] = (uint64_t)v * 5 + 1 < c64[2] ? (uint64_t)v * 5 + 1 : c64[2];
        c64[3] |= 1ull << (v & 63);
        fs += (float)(v & 0xff);
    }
    for (int i = 0; i < 10; i++) {
        int ok = i == 9 ? gc[i] >= 1 && gc[i] <= N : gc[i] == c[i];
        if (!ok) {
            snprintf(why, sizeof why, "counter %d: got 0x%x, want 0x%x", i, gc[i], c[i]);
            return result("global_atomics", t, why);
        }
    }
    for (int i = 0; i < 4; i++)
        if (gc64[i] != c64[i]) {
            snprintf(why, sizeof why, "64-bit counter %d: got 0x%llx, want 0x%llx", i, (unsigned long long)gc64[i],
                     (unsigned long long)c64[i]);
            return result("global_atomics", t, why);
        }
    if (!is_perm(tick, N))
        return result("global_atomics", t, "atomic_inc tickets are not a permutation");
    if (gf != fs) {
        snprintf(why, sizeof why, "cmpxchg float sum: got %g, want %g", gf, fs);
        return result("global_atomics", t, why);
    }
    result("global_atomics", t, NULL);
}

/* ---- lanes -------------------------------------------------------------------------- */

static void k_lanes(const char *t)
{
    enum { N = 256 };
    int32_t in[N], out[N * 5];
    for (int i = 0; i < N; i++)
        in[i] = (int32_t)rnd();
    save("ln_in.bin", in, sizeof in);
    if (run("lanes", t, "256", "64", "--arg buf:ln_in.bin --arg zero:5120 --dump 1=ln_out.bin") ||
        load("ln_out.bin", out, sizeof out))
        return;
    int perm = strcmp(t, "gfx701") != 0 && strcmp(t, "gfx601") != 0;
    for (int g = 0; g < N; g++) {
        int l = g & 63, base = g - l;
        int32_t want[5] = {
            in[base + (l ^ 16)],
            in[base + ((l & ~3) | (3 - (l & 3)))],
            in[base + ((l & 32) | (l & 0x18) | 5)],
            perm ? base + (in[g] & 63) : 0,
            perm ? in[base + 63 - l] : 0,
        };
        for (int i = 0; i < 5; i++)
            if (out[g * 5 + i] != want[i]) {
                snprintf(why, sizeof why, "work-item %d result %d: got 0x%x, want 0x%x", g, i, out[g * 5 + i],
                         want[i]);
                return result("lanes", t, why);
            }
    }
    result("lanes", t, NULL);
}

/* ---- gen_ptr -------------------------------------------------------------------------- */

static void k_gen_ptr(const char *t)
{
    enum { N = 192, L = 64 };
    int32_t gm[N * 4], out[N * 3], ggot[N * 4];
    for (int i = 0; i < N * 4; i++)
        gm[i] = (int32_t)(rnd() & 0xffff);
    save("gp_gm.bin", gm, sizeof gm);
    if (run("gen_ptr", t, "192", "64", "--arg buf:gp_gm.bin --arg zero:2304 --dump 0=gp_gm_out.bin --dump 1=gp_out.bin") ||
        load("gp_out.bin", out, sizeof out) || load("gp_gm_out.bin", ggot, sizeof ggot))
        return;
    for (int g = 0; g < N; g++) {
        int l = g % L;
        int32_t lm[4], priv[8], *p;
        for (int i = 0; i < 4; i++)
            lm[i] = g * 10 + i;
        for (int i = 0; i < 8; i++)
            priv[i] = g * 100 + i;
        p = g % 3 == 0 ? gm + g * 4 : g % 3 == 1 ? lm : priv + (g & 3);
        (void)l;
        p[0] += g + 1;
        int32_t old = p[1];
        p[1] += g + 1;
        int32_t want[3] = {p[0] * 3 + old + p[2], p[0] + p[1] + p[2], priv[(g & 3) + 1]};
        for (int i = 0; i < 3; i++)
            if (out[g * 3 + i] != want[i]) {
                snprintf(why, sizeof why, "work-item %d (%s) result %d: got %d, want %d", g,
                         g % 3 == 0 ? "global" : g % 3 == 1 ? "local" : "private", i, out[g * 3 + i], want[i]);
                return result("gen_ptr", t, why);
            }
    }
    if (memcmp(gm, ggot, sizeof gm) != 0)
        return result("gen_ptr", t, "the global buffer after the run differs");
    result("gen_ptr", t, NULL);
}

/* ---- append -------------------------------------------------------------------------- */

static void k_append(const char *t)
{
    enum { N = 256, L = 128 };
    int32_t out[N], total[N / L];
    if (run("append", t, "256", "128", "--arg zero:1024 --arg zero:8 --dump 0=ap_out.bin --dump 1=ap_tot.bin") ||
        load("ap_out.bin", out, sizeof out) || load("ap_tot.bin", total, sizeof total))
        return;
    for (int grp = 0; grp < N / L; grp++) {
        int cnt[2] = {0, 0}, val[2] = {-1, -1};
        for (int l = 0; l < L; l++) {
            int w = l / 64, r = out[grp * L + l];
            if (l % 3 == 0) {
                if (r != -1)
                    return result("append", t, "an inactive lane got a value");
                continue;
            }
            cnt[w]++;
            if (val[w] == -1)
                val[w] = r;
            else if (val[w] != r)
                return result("append", t, "lanes of one wave got different values");
        }
        /* the two waves appended in some order */
        int ok = (val[0] == 0 && val[1] == cnt[0]) || (val[1] == 0 && val[0] == cnt[1]);
        if (!ok || total[grp] != cnt[0] + cnt[1]) {
            snprintf(why, sizeof why, "group %d: wave values %d, %d, total %d (counts %d, %d)", grp, val[0], val[1],
                     total[grp], cnt[0], cnt[1]);
            return result("append", t, why);
        }
    }
    result("append", t, NULL);
}

/* ---- halves -------------------------------------------------------------------------- */

static void k_halves(const char *t)
{
    enum { N = 256, L = 64 };
    uint16_t a[512], o[N * 6];
    /* finite values: gfx7 has no 16-bit arithmetic and may move halves
     * through f32 conversions, which quiet signaling NaNs */
    for (int i = 0; i < 512; i++) {
        a[i] = (uint16_t)rnd();
        if ((a[i] & 0x7c00) == 0x7c00)
            a[i] &= 0xbfff;
    }
    save("hv_a.bin", a, sizeof a);
    if (run("halves", t, "256", "64", "--arg buf:hv_a.bin --arg zero:3072 --dump 1=hv_out.bin") ||
        load("hv_out.bin", o, sizeof o))
        return;
    for (int g = 0; g < N; g++) {
        int l = g % L, base = g - l, k = a[g] & 7;
        uint16_t lh[64], ph[8];
        for (int i = 0; i < 64; i++)
            lh[i] = a[(base + i) * 2 + 1];
        for (int i = 0; i < 8; i++)
            ph[i] = a[(g + i * 5) & 511];
        uint16_t want[6] = {a[g + 3], a[g * 2], lh[(l + 1) % 64], lh[(l * 5) % 64], ph[k], ph[(k + 3) & 7]};
        for (int i = 0; i < 6; i++)
            if (o[g * 6 + i] != want[i]) {
                snprintf(why, sizeof why, "work-item %d half %d: got 0x%04x, want 0x%04x", g, i, o[g * 6 + i],
                         want[i]);
                return result("halves", t, why);
            }
    }
    result("halves", t, NULL);
}

int main(int argc, char **argv)
{
    if (ref_args(argc, argv))
        return 2;
    static const char *const targets[] = {"gfx601", "gfx701", "gfx803", "gfx900"};
    for (int i = 0; i < 4; i++) {
        const char *t = targets[i];
        k_priv_mixed(t);
        k_lds_types(t);
        k_lds_atomics(t);
        k_global_atomics(t);
        k_lanes(t);
        if (strcmp(t, "gfx601") != 0)
            k_gen_ptr(t);
        k_append(t);
        k_halves(t);
    }
    return failed;
}
