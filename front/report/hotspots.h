/* hotspots.h — the per-instruction counts of a timing run as JSON (the
 * "hotspots" array: every instruction of the kernel with its issue count,
 * wave-cycles, stalls by reason, active VALU lanes and FP32 flops, and
 * its disassembly) and the kernel's FP32 flops ("flops_fp32"), which the
 * HTML report's roofline places against the device's peaks. */
#ifndef GCNSIM_HOTSPOTS_H
#define GCNSIM_HOTSPOTS_H

#include "front/report/report.h"

/* FP32 floating-point operations per active lane of instruction op: 2
 * for the fused and unfused multiply-adds (v_fma_f32, v_mac_f32,
 * v_mad_f32, v_fmac_f32, v_madak/madmk_f32, the legacy forms), 1 for
 * v_add_f32, v_sub_f32, v_subrev_f32, v_mul_f32, v_mul_legacy_f32, 0 for
 * every other instruction (other precisions, transcendental and
 * conversions included: the roofline's peak is FP32 FMA's). */
unsigned rep_flops_per_lane(unsigned op);

/* Write "flops_fp32" (the sum over instructions of active lanes x
 * rep_flops_per_lane) and "hotspots": [{offset, count, cycles, lanes,
 * flops, stall: {reason: wave-cycles, only those not 0}, instruction}]
 * for each instruction of kernel k of f (prog: its text decoded once),
 * in address order, into the object open in j.  Nothing when r's
 * statistics hold no per-pc counts. */
void rep_json_hotspots(json_t *j, const rep_launch_t *r, const co_file_t *f, const sim_prog_t *prog,
                       const co_kernel_t *k);

#endif
