/* exec_ns.c — a private /dev/kfd and amdgpu module for the program of
 * gcnsim exec (see exec_ns.h). */
#include <dirent.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>
#include "front/exec_ns.h"

enum { PATH_MAX_NS = 4096 };

/* Whether /proc/modules lists amdgpu. */
static int amdgpu_listed(void)
{
    FILE *f = fopen("/proc/modules", "r");
    char line[512];
    int found = 0;
    while (f && !found && fgets(line, sizeof line, f))
        found = !strncmp(line, "amdgpu ", 7);
    if (f)
        fclose(f);
    return found;
}

/* Write text into the new file path with mode; 0, or -1. */
static int write_file(const char *path, const char *text, mode_t mode)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
    if (fd < 0)
        return -1;
    size_t n = strlen(text);
    int bad = write(fd, text, n) != (ssize_t)n;
    return close(fd) || bad ? -1 : 0;
}

/* Mirror entry name of /dev into dir: a link as a link, a directory or
 * file bound to the original (a file first created empty to mount on). */
static int mirror(const char *dir, const char *name)
{
    char from[300], to[PATH_MAX_NS + 300], target[PATH_MAX_NS];
    snprintf(from, sizeof from, "/dev/%s", name);
    snprintf(to, sizeof to, "%s/%s", dir, name);
    struct stat st;
    if (lstat(from, &st))
        return -1;
    if (S_ISLNK(st.st_mode)) {
        ssize_t n = readlink(from, target, sizeof target - 1);
        if (n < 0)
            return -1;
        target[n] = 0;
        return symlink(target, to);
    }
    if (S_ISDIR(st.st_mode) ? mkdir(to, st.st_mode & 07777) : write_file(to, "", 0600))
        return -1;
    return mount(from, to, NULL, MS_BIND | MS_REC, NULL);
}

/* A copy of /dev with kfd added at root/dev, bound over /dev. */
static int private_dev(const char *root)
{
    char dev[PATH_MAX_NS], kfd[PATH_MAX_NS + 8];
    snprintf(dev, sizeof dev, "%s/dev", root);
    snprintf(kfd, sizeof kfd, "%s/kfd", dev);
    DIR *d = opendir("/dev");
    if (!d || mkdir(dev, 0755)) {
        if (d)
            closedir(d);
        return -1;
    }
    int bad = 0;
    for (struct dirent *e; !bad && (e = readdir(d));)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            bad = mirror(dev, e->d_name);
    closedir(d);
    if (bad || write_file(kfd, "", 0666) || chmod(kfd, 0666))
        return -1;
    return mount(dev, "/dev", NULL, MS_BIND | MS_REC, NULL);
}

/* The path of the lsmod a shell would run, into buf; 0, or -1. */
static int find_lsmod(char *buf, size_t n)
{
    const char *path = getenv("PATH");
    char *copy = strdup(path && path[0] ? path : "/usr/sbin:/usr/bin:/sbin:/bin");
    int found = 0;
    for (char *save = NULL, *p = copy ? strtok_r(copy, ":", &save) : NULL; p && !found;
         p = strtok_r(NULL, ":", &save)) {
        snprintf(buf, n, "%s/lsmod", p);
        found = access(buf, X_OK) == 0;
    }
    free(copy);
    return found ? 0 : -1;
}

/* amdgpu among the modules: /proc/modules with a line added, or where the
 * kernel has no modules, an lsmod that lists it (it replaces the binary
 * lsmod links to, in this namespace only). */
static int private_modules(const char *root)
{
    char path[PATH_MAX_NS], lsmod[PATH_MAX_NS];
    static const char line[] = "amdgpu 0 0 - Live 0x0000000000000000\n";
    if (access("/proc/modules", R_OK) == 0) {
        snprintf(path, sizeof path, "%s/modules", root);
        FILE *in = fopen("/proc/modules", "r"), *out = fopen(path, "w");
        char buf[4096];
        size_t n;
        while (in && out && (n = fread(buf, 1, sizeof buf, in)) > 0)
            fwrite(buf, 1, n, out);
        int bad = !in || !out || fputs(line, out) < 0;
        if (in)
            fclose(in);
        if ((out && fclose(out)) || bad)
            return -1;
        return mount(path, "/proc/modules", NULL, MS_BIND, NULL);
    }
    snprintf(path, sizeof path, "%s/lsmod", root);
    if (find_lsmod(lsmod, sizeof lsmod) ||
        write_file(path, "#!/bin/sh\necho 'Module                  Size  Used by'\necho 'amdgpu 0 0'\n", 0755))
        return -1;
    return mount(path, lsmod, NULL, MS_BIND, NULL);
}

int exec_ns_kfd(const char *dir)
{
    if (!dir)
        return -1;
    int need_kfd = access("/dev/kfd", F_OK) != 0, need_mod = !amdgpu_listed();
    if (!need_kfd && !need_mod)
        return 0;
    if (unshare(CLONE_NEWNS) || mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) ||
        mount("gcnsim", dir, "tmpfs", 0, "mode=0755"))
        return -1;
    int bad = need_kfd && private_dev(dir);
    if (need_mod && private_modules(dir))
        bad = 1;
    return bad ? -1 : 0;
}
