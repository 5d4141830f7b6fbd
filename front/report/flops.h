/* flops.h — the FP32 floating-point operations of a timing run, from the
 * active VALU lanes counted per instruction (tm_pc_t.lanes): per
 * instruction and the kernel's sum ("flops_fp32"), which the HTML
 * report's roofline places against the device's peaks. */
#ifndef GCNSIM_FLOPS_H
#define GCNSIM_FLOPS_H

#include "front/load/codeobj.h"
#include "front/report/json.h"
#include "front/report/report.h"

/* FP32 floating-point operations per active lane of instruction op: 2
 * for the fused and unfused multiply-adds (v_fma_f32, v_mac_f32,
 * v_mad_f32, v_fmac_f32, v_madak/madmk_f32, the legacy forms), 1 for
 * v_add_f32, v_sub_f32, v_subrev_f32, v_mul_f32, v_mul_legacy_f32, 0 for
 * every other instruction (other precisions, transcendental and
 * conversions included: the roofline's peak is FP32 FMA's). */
unsigned rep_flops_per_lane(unsigned op);

/* Write "flops_fp32", the sum over the instructions of kernel k of f
 * (prog: its text decoded once) of active lanes x rep_flops_per_lane,
 * into the object open in j.  Nothing when r's statistics hold no per-pc
 * counts. */
void rep_json_flops(json_t *j, const rep_launch_t *r, const co_file_t *f, const sim_prog_t *prog,
                    const co_kernel_t *k);

#endif
