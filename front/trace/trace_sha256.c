/* trace_sha256.c — SHA-256 (FIPS 180-4), for the code-object hash in a
 * trace's header. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "front/trace/trace.h"

typedef struct {
    uint32_t h[8];
    uint64_t len;
    uint8_t buf[64];
    unsigned n;
} sha_t;

static const uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static inline uint32_t ror(uint32_t x, unsigned n)
{
    return x >> n | x << (32 - n);
}

static void block(sha_t *s, const uint8_t *p)
{
    uint32_t w[64], a[8];
    for (unsigned i = 0; i < 16; i++)
        w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 | (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
    for (unsigned i = 16; i < 64; i++) {
        uint32_t s0 = ror(w[i - 15], 7) ^ ror(w[i - 15], 18) ^ w[i - 15] >> 3;
        uint32_t s1 = ror(w[i - 2], 17) ^ ror(w[i - 2], 19) ^ w[i - 2] >> 10;
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    memcpy(a, s->h, sizeof a);
    for (unsigned i = 0; i < 64; i++) {
        uint32_t t1 = a[7] + (ror(a[4], 6) ^ ror(a[4], 11) ^ ror(a[4], 25)) + ((a[4] & a[5]) ^ (~a[4] & a[6])) + K[i] + w[i];
        uint32_t t2 = (ror(a[0], 2) ^ ror(a[0], 13) ^ ror(a[0], 22)) + ((a[0] & a[1]) ^ (a[0] & a[2]) ^ (a[1] & a[2]));
        memmove(a + 1, a, 7 * sizeof *a);
        a[4] += t1;
        a[0] = t1 + t2;
    }
    for (unsigned i = 0; i < 8; i++)
        s->h[i] += a[i];
}

static void sha_init(sha_t *s)
{
    static const uint32_t h0[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                   0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    memcpy(s->h, h0, sizeof h0);
    s->len = 0;
    s->n = 0;
}

static void sha_add(sha_t *s, const uint8_t *p, size_t n)
{
    s->len += n;
    while (n) {
        size_t k = 64 - s->n < n ? 64 - s->n : n;
        memcpy(s->buf + s->n, p, k);
        s->n += (unsigned)k, p += k, n -= k;
        if (s->n == 64) {
            block(s, s->buf);
            s->n = 0;
        }
    }
}

static void sha_end(sha_t *s, uint8_t out[32])
{
    uint64_t bits = s->len * 8;
    uint8_t pad[72] = {0x80};
    size_t np = (s->n < 56 ? 56 : 120) - s->n;
    sha_add(s, pad, np);
    for (unsigned i = 0; i < 8; i++)
        pad[i] = (uint8_t)(bits >> (56 - 8 * i));
    sha_add(s, pad, 8);
    for (unsigned i = 0; i < 8; i++)
        for (unsigned j = 0; j < 4; j++)
            out[4 * i + j] = (uint8_t)(s->h[i] >> (24 - 8 * j));
}

void trace_sha256(const void *data, size_t len, uint8_t out[32])
{
    sha_t s;
    sha_init(&s);
    sha_add(&s, data, len);
    sha_end(&s, out);
}

int trace_sha256_file(const char *path, uint8_t out[32], char *err, size_t errlen)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        snprintf(err, errlen, "cannot open %s: %s", path, strerror(errno));
        return -1;
    }
    sha_t s;
    sha_init(&s);
    uint8_t b[65536];
    size_t n;
    while ((n = fread(b, 1, sizeof b, fp)) > 0)
        sha_add(&s, b, n);
    int bad = ferror(fp);
    fclose(fp);
    if (bad) {
        snprintf(err, errlen, "cannot read %s", path);
        return -1;
    }
    sha_end(&s, out);
    return 0;
}
