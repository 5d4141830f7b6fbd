/* check_bindings.c — the build's check that every instruction row has
 * exactly one handler or is on the committed list of unexecuted rows
 * (sim/unexecuted.def).  The Makefile runs it before it links gcnsim; a
 * problem stops the build with the rows named. */
#include <stdio.h>
#include "sim/exec.h"

int main(void)
{
    char err[4096];
    unsigned n = sem_check_bindings(err, sizeof err);
    if (n) {
        fprintf(stderr, "gcnsim: %u problem%s binding semantics to instruction rows:\n%s\n", n, n == 1 ? "" : "s",
                err);
        return 1;
    }
    return 0;
}
