/* test_device.c — device presets against GCN-FACTS, default presets per
 * target, generation/feature refusal, and KEY=VALUE overrides.  The
 * expected numbers are written out from GCN-FACTS 1.3, 4.2 and 4.5, not
 * taken from sim/device.c. */
#include <stdint.h>
#include <string.h>
#include "check.h"
#include "sim/device.h"

/* GCN-FACTS 4.5 device table, 1.3 DPFACTOR / fast-fmaf, 4.2 caches. */
static const struct {
    const char *name, *target;
    unsigned gen, cus, dp_factor, fast_fma;
    unsigned l2_channels, l2_kib_per_channel;   /* 4.2: [AMDGPU-KMD] channels, [MESA] per-channel size */
    unsigned l2_kib;                            /* 4.2/4.5: the product's L2 */
    unsigned k_cus, i_cus;                      /* 4.2: CUs sharing K$ / I$ */
    unsigned dram_gbps;                         /* 4.5 */
    const char *fp64;                           /* 1.3: FP64:FP32 */
} facts[] = {
    {"hd-7970", "gfx600", ISA_GFX6, 32, 2, 1, 12, 64, 768, 4, 4, 264, "1/4"},
    {"r9-290x", "gfx701", ISA_GFX7, 44, 4, 1, 16, 64, 1024, 4, 4, 320, "1/8"},
    {"r9-nano", "gfx803", ISA_GFX8, 64, 8, 0, 16, 128, 2048, 4, 4, 512, "1/16"},
    {"rx-480", "gfx803", ISA_GFX8, 36, 8, 0, 8, 256, 2048, 4, 4, 256, "1/16"},
    {"vega-64", "gfx900", ISA_GFX9, 64, 8, 1, 16, 256, 4096, 3, 3, 484, "1/16"},
    {"mi50", "gfx906", ISA_GFX9, 60, 1, 1, 16, 256, 4096, 3, 3, 1024, "1/2"},
};
#define NFACTS (sizeof facts / sizeof facts[0])

/* Engine clocks of GCN-FACTS 4.5: the base or only published clock, never
 * the boost clock. */
static const struct {
    const char *name;
    unsigned mhz, boost;   /* boost 0: none published */
} clocks[] = {
    {"hd-7970", 925, 0}, {"r9-290x", 1000, 0}, {"r9-nano", 1000, 0},
    {"rx-480", 1120, 1266}, {"vega-64", 1247, 1546}, {"mi50", 1200, 1746},
};

static void test_presets(void)
{
    CHECK(dev_preset_count() == NFACTS, "six presets (%zu)", dev_preset_count());
    CHECK(dev_preset_at(dev_preset_count()) == NULL, "dev_preset_at past the end is NULL");
    CHECK(dev_preset("no-such-gpu") == NULL && dev_preset(NULL) == NULL, "unknown preset is NULL");
    for (size_t i = 0; i < NFACTS; i++) {
        const device_t *d = dev_preset(facts[i].name);
        CHECK(d != NULL, "%s exists", facts[i].name);
        if (!d)
            continue;
        CHECK(d == dev_preset_at(i), "%s is preset %zu", facts[i].name, i);
        CHECK_STR(d->target, facts[i].target, "%s target", d->name);
        const isa_target_t *t = isa_target_by_name(d->target);
        CHECK(t && t->gen == d->gen && d->gen == facts[i].gen, "%s gen gfx%u matches its target", d->name,
              d->gen + 6u);
        CHECK(d->product && d->product[0], "%s has a product name", d->name);
        CHECK(d->p[DEV_cus] == facts[i].cus, "%s cus %u (want %u)", d->name, d->p[DEV_cus], facts[i].cus);
        CHECK(d->p[DEV_dp_factor] == facts[i].dp_factor, "%s dp_factor %u (want %u)", d->name,
              d->p[DEV_dp_factor], facts[i].dp_factor);
        char rate[16];
        snprintf(rate, sizeof rate, "1/%u", 2 * d->p[DEV_dp_factor]);
        CHECK_STR(rate, facts[i].fp64, "%s FP64 rate", d->name);
        CHECK(d->p[DEV_fast_fma] == facts[i].fast_fma, "%s fast_fma %u", d->name, d->p[DEV_fast_fma]);
        CHECK(d->p[DEV_l2_channels] == facts[i].l2_channels, "%s l2_channels %u", d->name,
              d->p[DEV_l2_channels]);
        CHECK(d->p[DEV_l2_kib] == facts[i].l2_kib &&
                  d->p[DEV_l2_kib] == facts[i].l2_channels * facts[i].l2_kib_per_channel,
              "%s l2_kib %u = %u channels x %u KiB", d->name, d->p[DEV_l2_kib], facts[i].l2_channels,
              facts[i].l2_kib_per_channel);
        CHECK(d->p[DEV_scalar_cache_kib] == 16 && d->p[DEV_scalar_cache_cus] == facts[i].k_cus,
              "%s K$ 16 KiB per %u CUs", d->name, d->p[DEV_scalar_cache_cus]);
        CHECK(d->p[DEV_icache_kib] == 32 && d->p[DEV_icache_cus] == facts[i].i_cus, "%s I$ 32 KiB per %u CUs",
              d->name, d->p[DEV_icache_cus]);
        CHECK(d->p[DEV_l1_kib] == 16 && d->p[DEV_l1_ways] == 4 && d->p[DEV_l2_ways] == 16,
              "%s L1 16 KiB 4-way, L2 16-way", d->name);
        CHECK(d->p[DEV_dram_gbps] == facts[i].dram_gbps, "%s dram_gbps %u", d->name, d->p[DEV_dram_gbps]);
        CHECK(d->p[DEV_wave_slots] == 10, "%s 10 wave slots", d->name);
        CHECK(d->p[DEV_valu_sgpr_delay] == 16 && d->p[DEV_branch_taken] == 20 && d->p[DEV_branch_not_taken] == 4,
              "%s CLRX delays 16/20/4", d->name);
        CHECK(d->p[DEV_clock_mhz] == clocks[i].mhz && d->p[DEV_clock_mhz] != clocks[i].boost,
              "%s clock %u MHz (base, not boost)", d->name, d->p[DEV_clock_mhz]);
        /* the latencies are ordered as a memory hierarchy */
        CHECK(d->p[DEV_smem_latency] < d->p[DEV_l1_latency] && d->p[DEV_l1_latency] < d->p[DEV_l2_latency] &&
                  d->p[DEV_dram_latency] > 0,
              "%s K$ < L1 < L2 latency, DRAM > 0", d->name);
    }
}

/* Every (preset, parameter) has a source; latencies are calibration
 * choices; measured or specified values cite GCN-FACTS. */
static void test_sources(void)
{
    static const dev_param_t calib[] = {DEV_wg_launch, DEV_barrier_latency, DEV_lds_latency, DEV_smem_latency,
                                        DEV_l1_latency, DEV_l2_latency, DEV_dram_latency};
    for (size_t i = 0; i < dev_preset_count(); i++) {
        const device_t *d = dev_preset_at(i);
        unsigned empty = 0, nofacts = 0, notcalib = 0;
        for (unsigned k = 0; k < DEV_NPARAMS; k++) {
            const char *s = dev_param_source(d, (dev_param_t)k);
            if (!s || !s[0] || strchr(s, '\n'))
                empty++;
            else if (strncmp(s, "calibration: ", 13) != 0 && !strstr(s, "GCN-FACTS") && strncmp(s, "JESD", 4) != 0 &&
                     strncmp(s, "Linux ", 6) != 0)
                nofacts++;
        }
        for (size_t c = 0; c < sizeof calib / sizeof calib[0]; c++)
            if (strncmp(dev_param_source(d, calib[c]), "calibration: ", 13) != 0)
                notcalib++;
        CHECK(empty == 0, "%s: every parameter has a one-line source (%u missing)", d->name, empty);
        CHECK(nofacts == 0, "%s: every source cites GCN-FACTS, a JEDEC standard, the Linux driver or says calibration (%u do not)", d->name, nofacts);
        CHECK(notcalib == 0, "%s: the latencies are labelled calibration", d->name);
        CHECK(strstr(dev_param_source(d, DEV_cus), "4.5") != NULL, "%s: cus cites GCN-FACTS 4.5", d->name);
    }
    for (unsigned k = 0; k < DEV_NPARAMS; k++) {
        const char *key = dev_param_key((dev_param_t)k);
        CHECK(key && key[0] && dev_param_unit((dev_param_t)k) && dev_param_desc((dev_param_t)k)[0],
              "parameter %u (%s) has key, unit and description", k, key ? key : "?");
    }
    CHECK(dev_param_key(DEV_NPARAMS) == NULL && dev_param_source(dev_preset_at(0), DEV_NPARAMS) == NULL,
          "out-of-range parameter gives NULL");
    CHECK_STR(dev_param_key(DEV_clock_mhz), "clock_mhz", "key of DEV_clock_mhz");

    device_t d = *dev_preset("vega-64");
    char err[512];
    CHECK(dev_set(&d, "cus=1", err, sizeof err) == 0, "vega-64 cus=1");
    CHECK(strstr(dev_param_source(&d, DEV_cus), "overridden") != NULL, "an overridden value says so: %s",
          dev_param_source(&d, DEV_cus));
    CHECK(strstr(dev_param_source(&d, DEV_clock_mhz), "GCN-FACTS") != NULL,
          "the others keep their source");
}

/* Expected default preset per target (GCN-FACTS 4.5 targets; otherwise the
 * first preset of the generation that can run the code). */
static const struct {
    const char *target, *preset;
} defaults[] = {
    {"gfx600", "hd-7970"}, {"gfx601", "hd-7970"}, {"gfx602", "hd-7970"},
    {"gfx700", "r9-290x"}, {"gfx701", "r9-290x"}, {"gfx702", "r9-290x"}, {"gfx703", "r9-290x"},
    {"gfx704", "r9-290x"}, {"gfx705", "r9-290x"},
    {"gfx801", "r9-nano"}, {"gfx802", "r9-nano"}, {"gfx803", "r9-nano"}, {"gfx805", "r9-nano"},
    {"gfx810", "r9-nano"},
    {"gfx900", "vega-64"}, {"gfx902", "vega-64"}, {"gfx904", "mi50"}, {"gfx906", "mi50"},
    {"gfx909", "vega-64"}, {"gfx90c", "vega-64"},
};

static void test_defaults(void)
{
    size_t n = 0;
    char err[256];
    for (size_t i = 0; isa_target_at(i); i++, n++) {
        const isa_target_t *t = isa_target_at(i);
        const device_t *d = dev_default_for(t);
        const char *want = NULL;
        for (size_t k = 0; k < sizeof defaults / sizeof defaults[0]; k++)
            if (strcmp(defaults[k].target, t->name) == 0)
                want = defaults[k].preset;
        CHECK(d && want && strcmp(d->name, want) == 0, "default for %s: %s (want %s)", t->name,
              d ? d->name : "(none)", want ? want : "(not in the test's table)");
        CHECK(d && dev_check_target(d, t, err, sizeof err) == 0, "the default for %s accepts it", t->name);
    }
    CHECK(n == sizeof defaults / sizeof defaults[0], "every known target is in the table (%zu targets)", n);
    CHECK(dev_default_for(NULL) == NULL, "no default for no target");
}

/* ok != 0: accepted; else refused with a one-line message containing want. */
static void check_target(const char *dev, const char *target, int ok, const char *want)
{
    char err[256] = "";
    const device_t *d = dev_preset(dev);
    const isa_target_t *t = isa_target_by_name(target);
    int rc = dev_check_target(d, t, err, sizeof err);
    if (ok)
        CHECK(rc == 0, "%s runs %s code", dev, target);
    else
        CHECK(rc == -1 && !strchr(err, '\n') && strstr(err, want), "%s refuses %s code: %s", dev, target, err);
}

static void test_check_target(void)
{
    check_target("r9-nano", "gfx900", 0,
                 "device r9-nano (gfx803, gfx8) cannot run gfx900 code: choose a gfx9 preset such as vega-64 or mi50");
    check_target("hd-7970", "gfx701", 0, "choose a gfx7 preset such as r9-290x");
    check_target("r9-290x", "gfx600", 0, "choose a gfx6 preset such as hd-7970");
    check_target("vega-64", "gfx803", 0, "such as r9-nano or rx-480");
    check_target("mi50", "gfx701", 0, "cannot run gfx701 code");
    check_target("vega-64", "gfx906", 0, "choose mi50");
    check_target("vega-64", "gfx906", 0, "dot-product and v_fma_mix");
    check_target("vega-64", "gfx904", 0, "v_fma_mix");
    check_target("mi50", "gfx906", 1, NULL);
    check_target("mi50", "gfx900", 1, NULL);
    check_target("mi50", "gfx904", 1, NULL);
    check_target("vega-64", "gfx900", 1, NULL);
    check_target("vega-64", "gfx90c", 1, NULL);
    check_target("rx-480", "gfx803", 1, NULL);
    check_target("r9-nano", "gfx802", 1, NULL);
    check_target("r9-nano", "gfx810", 1, NULL);
    check_target("r9-290x", "gfx700", 1, NULL);
    check_target("hd-7970", "gfx601", 1, NULL);
}

/* dev_set of a on vega-64: ok or an error containing want; on error the
 * device is unchanged. */
static void check_set(const char *a, int ok, const char *want)
{
    device_t d = *dev_preset("vega-64"), before = d;
    char err[512] = "";
    int rc = dev_set(&d, a, err, sizeof err);
    if (ok)
        CHECK(rc == 0, "set '%s' accepted", a);
    else
        CHECK(rc == -1 && !strchr(err, '\n') && strstr(err, want) && memcmp(&d, &before, sizeof d) == 0,
              "set '%s' refused, device unchanged: %s", a, err);
}

static void test_set(void)
{
    device_t d = *dev_preset("r9-nano");
    char err[512];
    CHECK(dev_set(&d, "cus=1", err, sizeof err) == 0 && d.p[DEV_cus] == 1, "cus=1 sets cus");
    CHECK(dev_set(&d, "clock_mhz=1500", err, sizeof err) == 0 && d.p[DEV_clock_mhz] == 1500, "clock_mhz=1500");
    CHECK(dev_set(&d, "dram_latency=0", err, sizeof err) == 0 && d.p[DEV_dram_latency] == 0, "a latency may be 0");
    CHECK(dev_set(&d, "dp_factor=1", err, sizeof err) == 0 && d.p[DEV_dp_factor] == 1, "dp_factor=1");
    CHECK(d.p[DEV_cus] == 1 && d.p[DEV_l2_kib] == 2048, "other parameters untouched");

    check_set("cus=256", 1, NULL);
    check_set("clock_mhz=5000", 1, NULL);
    check_set("wave_slots=1", 1, NULL);
    check_set("wave_slots=10", 1, NULL);
    check_set("dp_factor=2", 1, NULL);
    check_set("dp_factor=4", 1, NULL);
    check_set("dp_factor=8", 1, NULL);
    check_set("fast_fma=0", 1, NULL);
    check_set("l2_kib=512", 1, NULL);
    check_set("l1_kib=1", 1, NULL);          /* 1024 B >= 4 ways x 64 B */
    check_set("l1_ways=64", 1, NULL);        /* 16 KiB >= 64 x 64 B */
    check_set("smem_latency=007", 1, NULL);

    check_set("foo=1", 0, "unknown device parameter 'foo'");
    check_set("foo=1", 0, "keys: cus, clock_mhz, ");
    check_set("foo=1", 0, "dram_gbps");
    check_set("cus", 0, "expected KEY=VALUE");
    check_set("=5", 0, "expected KEY=VALUE");
    check_set("", 0, "expected KEY=VALUE");
    check_set("cus=", 0, "not an unsigned decimal");
    check_set("cus=-1", 0, "not an unsigned decimal");
    check_set("cus=+1", 0, "not an unsigned decimal");
    check_set("cus= 1", 0, "not an unsigned decimal");
    check_set("cus=1x", 0, "not an unsigned decimal");
    check_set("cus=0x10", 0, "not an unsigned decimal");
    check_set("cus=1.5", 0, "not an unsigned decimal");
    check_set("cus=4294967296", 0, "not an unsigned decimal");
    check_set("cus=99999999999999999999999", 0, "not an unsigned decimal");
    check_set("cus=0", 0, "cus=0 is out of range (1..256 CUs)");
    check_set("cus=257", 0, "out of range");
    check_set("clock_mhz=0", 0, "out of range");
    check_set("clock_mhz=5001", 0, "out of range");
    check_set("wave_slots=0", 0, "out of range");
    check_set("wave_slots=11", 0, "out of range");
    check_set("dp_factor=0", 0, "out of range");
    check_set("dp_factor=3", 0, "must be 1, 2, 4 or 8");
    check_set("dp_factor=16", 0, "out of range");
    check_set("fast_fma=2", 0, "out of range");
    check_set("l1_ways=0", 0, "out of range");
    check_set("l2_ways=0", 0, "out of range");
    check_set("l2_channels=0", 0, "out of range");
    check_set("l1_kib=0", 0, "out of range");
    check_set("l2_kib=0", 0, "out of range");
    check_set("scalar_cache_kib=0", 0, "out of range");
    check_set("icache_kib=0", 0, "out of range");
    check_set("scalar_cache_cus=0", 0, "out of range");
    check_set("dram_gbps=0", 0, "out of range");
    check_set("branch_taken=0", 0, "out of range");
    check_set("l2_kib=8", 0, "cannot hold 16 ways");     /* 8 KiB / 16 channels = 512 B < 16 x 64 B */
    check_set("l2_kib=16", 1, NULL);                          /* 1 KiB per channel = 16 x 64 B */

    /* cache geometry across assignments: the one that breaks it is refused */
    d = *dev_preset("vega-64");
    CHECK(dev_set(&d, "l1_kib=1", err, sizeof err) == 0, "l1_kib=1 with 4 ways");
    CHECK(dev_set(&d, "l1_ways=16", err, sizeof err) == 0, "l1_ways=16 fills 1 KiB exactly");
    CHECK(dev_set(&d, "l1_ways=17", err, sizeof err) == -1 && d.p[DEV_l1_ways] == 16,
          "l1_ways=17 refused for a 1 KiB L1: %s", err);
    CHECK(dev_set(&d, "l2_channels=64", err, sizeof err) == 0, "l2_channels=64: 64 KiB per channel");
    CHECK(dev_set(&d, "l2_kib=32", err, sizeof err) == -1, "l2_kib=32 over 64 channels refused: %s", err);

    /* every preset's own values pass the checks */
    for (size_t i = 0; i < dev_preset_count(); i++) {
        const device_t *p = dev_preset_at(i);
        device_t c = *p;
        unsigned bad = 0;
        for (unsigned k = 0; k < DEV_NPARAMS; k++) {
            char a[64];
            snprintf(a, sizeof a, "%s=%u", dev_param_key((dev_param_t)k), p->p[k]);
            if (dev_set(&c, a, err, sizeof err) != 0) {
                bad++;
                printf("      %s: %s\n", p->name, err);
            }
        }
        CHECK(bad == 0 && memcmp(&c, p, sizeof c) == 0, "%s: every default passes dev_set's checks", p->name);
    }
}

/* dev_set_all: the cross-parameter checks after every assignment, so the
 * order does not matter; a refused list leaves the device unchanged. */
static void test_set_all(void)
{
    device_t d = *dev_preset("mi50");
    char err[256];
    const char *ok[] = {"dram_refi_ns=200", "dram_rfc_ns=100"};
    CHECK(dev_set(&d, ok[0], err, sizeof err) != 0, "dev_set alone: refi 200 below the preset's tRFC (260) is refused");
    CHECK(dev_set_all(&d, ok, 2, err, sizeof err) == 0 && d.p[DEV_dram_refi_ns] == 200 && d.p[DEV_dram_rfc_ns] == 100,
          "dev_set_all: refi 200 then rfc 100 accepted together");
    device_t before = d;
    const char *bad[] = {"cus=8", "dram_rfc_ns=200"};
    CHECK(dev_set_all(&d, bad, 2, err, sizeof err) != 0 && strstr(err, "does not fit") != NULL &&
              memcmp(&d, &before, sizeof d) == 0,
          "dev_set_all: a refresh as long as its interval refused, the device unchanged (%s)", err);
    const char *page[] = {"dram_page=3000"};
    CHECK(dev_set_all(&d, page, 1, err, sizeof err) != 0 && strstr(err, "power of two") != NULL,
          "dev_set_all: a DRAM page of 3000 bytes refused (%s)", err);
}

int main(void)
{
    test_set_all();
    test_presets();
    test_sources();
    test_defaults();
    test_check_target();
    test_set();
    return check_done();
}
