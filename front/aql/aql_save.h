/* aql_save.h — one HIP dispatch saved for gcnsim run and gcnsim debug
 * (exec --save-dispatch, debug --dispatch), as the OpenCL driver saves
 * one (front/ocl/ocl_save.c): through la_save_launch. */
#ifndef GCNSIM_AQL_SAVE_H
#define GCNSIM_AQL_SAVE_H

#include "sim/kernel.h"
#include "sim/mem.h"

/* When GCNSIM_SAVE_KERNEL, GCNSIM_SAVE_INDEX and GCNSIM_SAVE_DIR are set
 * and this dispatch of kernel name (its symbol without ".kd"), whose
 * descriptor k->desc_addr is in mem, is dispatch INDEX (from 0) of the
 * kernel KERNEL names: save its code object, the buffers its explicit
 * arguments point to and the command line that repeats it (launch l) into
 * DIR, before it runs.  A failure is one line on stderr. */
void aql_save_dispatch(mem_t *mem, const char *name, const sim_kernel_t *k, const sim_launch_t *l);

#endif
