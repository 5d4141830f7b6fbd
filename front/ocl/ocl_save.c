/* ocl_save.c — one dispatch of a program saved for gcnsim debug: when
 * GCNSIM_SAVE_KERNEL, GCNSIM_SAVE_INDEX and GCNSIM_SAVE_DIR are set (gcnsim
 * exec --save-dispatch, gcnsim debug --dispatch), dispatch number INDEX
 * (from 0) of the kernel named KERNEL is saved into DIR before it runs:
 * its code object, the buffers its arguments point to and the command
 * line that repeats it (la_save_launch). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/ocl/ocl.h"

void ocl_save_dispatch(launch_t *L)
{
    static unsigned long seen;   /* dispatches of that kernel so far (under the driver's lock) */
    const char *want = getenv("GCNSIM_SAVE_KERNEL"), *dir = getenv("GCNSIM_SAVE_DIR");
    const char *nth = getenv("GCNSIM_SAVE_INDEX");
    if (!want || !dir || !want[0] || !dir[0] || !la_kernel_named(L->k->name, want))
        return;
    if (seen++ != strtoul(nth ? nth : "0", NULL, 10))
        return;
    char *line = NULL, err[512];
    if (la_save_launch(L, NULL, dir, NULL, 0, &line, err, sizeof err))
        fprintf(stderr, "gcnsim OpenCL: saving dispatch %lu of %s: %s\n", seen - 1, want, err);
    free(line);
}
