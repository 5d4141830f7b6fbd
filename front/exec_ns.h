/* exec_ns.h — what tools such as rocminfo check before they use the HSA
 * runtime, satisfied for the program of `gcnsim exec` alone: in a mount
 * namespace of its own, a /dev/kfd (an empty file: gcnsim's libhsakmt.so.1
 * never opens it) and the amdgpu module among the loaded ones.  The host's
 * /dev, /proc and files stay as they are. */
#ifndef GCNSIM_EXEC_NS_H
#define GCNSIM_EXEC_NS_H

/* In the child about to run the program: when /dev/kfd is missing or no
 * amdgpu module is listed, move into a private mount namespace and there
 * put a copy of /dev with kfd added over /dev, and a module list (or, on a
 * kernel without modules, an lsmod) that names amdgpu, using dir (an
 * empty directory the caller removes later) as the mount point of a
 * private tmpfs.  Best effort: 0 when done or not needed, -1 when the
 * namespace or a mount could not be made (the program then runs without). */
int exec_ns_kfd(const char *dir);

#endif
