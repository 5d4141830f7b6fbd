/* exec_kmt.c — the library search path of `gcnsim exec` (see exec_kmt.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "front/exec_kmt.h"

/* Whether dir holds a readable libhsakmt.so.1. */
static int has_lib(const char *dir)
{
    size_t n = strlen(dir);
    char *lib = malloc(n + sizeof "/libhsakmt.so.1");
    if (!lib)
        return 0;
    memcpy(lib, dir, n);
    strcpy(lib + n, "/libhsakmt.so.1");
    int ok = access(lib, R_OK) == 0;
    free(lib);
    return ok;
}

/* The directory holding gcnsim's libhsakmt.so.1 (malloc'ed), or NULL. */
static char *find_dir(void)
{
    const char *env = getenv("GCNSIM_KMT_DIR");
    if (env && env[0])
        return has_lib(env) ? strdup(env) : NULL;
    char exe[4096];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[len > 0 ? len : 0] = 0;
    char *slash = strrchr(exe, '/');
    if (slash)
        *slash = 0;
    static const char *const tails[] = {"/build/kmt", "/../lib/gcnsim"};
    for (size_t i = 0; i < sizeof tails / sizeof tails[0]; i++) {
        size_t n = strlen(exe);
        char *dir = malloc(n + strlen(tails[i]) + 1);
        if (!dir)
            return NULL;
        memcpy(dir, exe, n);
        strcpy(dir + n, tails[i]);
        if (has_lib(dir))
            return dir;
        free(dir);
    }
    return NULL;
}

int exec_kmt_path(void)
{
    char *dir = find_dir();
    if (!dir)
        return 0;
    const char *old = getenv("LD_LIBRARY_PATH");
    size_t len = strlen(dir) + (old ? strlen(old) : 0) + 2;
    char *path = malloc(len);
    if (!path) {
        free(dir);
        return -1;
    }
    snprintf(path, len, "%s%s%s", dir, old && old[0] ? ":" : "", old && old[0] ? old : "");
    int bad = setenv("LD_LIBRARY_PATH", path, 1);
    free(path);
    free(dir);
    return bad ? -1 : 0;
}
