/* target_id.c — the processor named by a target id, an ISA name or an
 * offload-bundle entry id. */
#include <string.h>
#include "front/load/target_id.h"

/* The gfx name in a target id; see target_id.h. */
void co_target_gfx(const char *id, char *out, size_t n)
{
    size_t k = strcspn(id, ":+");   /* the triple and processor, before any feature */
    const char *s = id;
    for (size_t i = 0; i < k; i++)
        if (id[i] == '-')
            s = id + i + 1;          /* after the last '-': the processor */
    k -= (size_t)(s - id);
    if (n == 0)
        return;
    if (k >= n)
        k = n - 1;
    memcpy(out, s, k);
    out[k] = 0;
}
