/* exec_kmt.h — the HIP side of `gcnsim exec`: gcnsim's libhsakmt.so.1
 * (front/kmt) put first on the program's library search path, so that
 * Debian's HSA runtime under a HIP program finds it before the system's. */
#ifndef GCNSIM_EXEC_KMT_H
#define GCNSIM_EXEC_KMT_H

/* Put the directory of gcnsim's libhsakmt.so.1 (GCNSIM_KMT_DIR, else
 * build/kmt beside gcnsim in the source tree, else ../lib/gcnsim from
 * gcnsim's directory) before the rest of LD_LIBRARY_PATH.  0 (also when
 * there is none: then only OpenCL programs run on the simulator), or -1
 * when out of memory. */
int exec_kmt_path(void);

#endif
