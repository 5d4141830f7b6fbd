/* dbg_value.c — the debugger's value layer (see dbg_value.h). */
#include <string.h>
#include "front/dbg_value.h"

int dbg_parse_ref(const char *text, const wave_t *w, dbg_ref_t *r, char *err, size_t errlen)
{
    (void)text; (void)w;
    memset(r, 0, sizeof *r);
    snprintf(err, errlen, "not implemented yet");
    return -1;
}

int dbg_format_ok(char fmt)
{
    return fmt == 0 || (fmt && strchr("xzduotfc", fmt));
}

int dbg_print_ref(FILE *fp, const wave_t *w, const dbg_ref_t *r, char fmt, uint64_t lane_filter)
{
    (void)fp; (void)w; (void)r; (void)fmt; (void)lane_filter;
    return -1;
}

size_t dbg_ref_size(const dbg_ref_t *r)
{
    (void)r;
    return 0;
}

size_t dbg_ref_read(const wave_t *w, const dbg_ref_t *r, uint64_t *out, size_t max)
{
    (void)w; (void)r; (void)out; (void)max;
    return 0;
}

int dbg_set_ref(wave_t *w, const dbg_ref_t *r, const char *value_text, char *err, size_t errlen)
{
    (void)w; (void)r; (void)value_text;
    snprintf(err, errlen, "not implemented yet");
    return -1;
}

int dbg_parse_cond(const char *text, const wave_t *w, dbg_cond_t *c, char *err, size_t errlen)
{
    (void)text; (void)w;
    memset(c, 0, sizeof *c);
    snprintf(err, errlen, "not implemented yet");
    return -1;
}

uint64_t dbg_eval_cond(const dbg_cond_t *c, const wave_t *w)
{
    (void)c; (void)w;
    return 0;
}

int dbg_examine(FILE *fp, wave_t *w, const char *fmt_spec, const char *addr_text, int lane, dbg_x_t *last,
                char *err, size_t errlen)
{
    (void)fp; (void)w; (void)fmt_spec; (void)addr_text; (void)lane; (void)last;
    snprintf(err, errlen, "not implemented yet");
    return -1;
}

uint64_t dbg_private_addr(const wave_t *w, unsigned lane, uint32_t off)
{
    (void)w; (void)lane; (void)off;
    return 0;
}

int dbg_print_registers(FILE *fp, const wave_t *w, const char *which, char *err, size_t errlen)
{
    (void)fp; (void)w; (void)which;
    snprintf(err, errlen, "not implemented yet");
    return -1;
}

const char *dbg_register_name(const wave_t *w, unsigned i)
{
    (void)w; (void)i;
    return NULL;
}
