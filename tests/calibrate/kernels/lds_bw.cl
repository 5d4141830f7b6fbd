// LDS-bandwidth kernel after the CSCS GPU shared-memory micro-benchmark,
// written from its published method (256 work-items per group, four LDS
// segments swapped `iters` times, in double precision); what the method
// leaves open is assumed as follows.  Each work-group holds four segments
// of 256 doubles in LDS (8 KiB), work-item l owning element l of each,
// loaded from the input (element group * 256 + l and the three following
// quarters of the input: in[(4 * group + s) * 256 + l] for segment s).
// One iteration is four swaps of a work-item's elements between segments,
// in two rounds separated by barriers:
//     swap(s0, s1); swap(s2, s3); barrier; swap(s0, s2); swap(s1, s3); barrier
// A swap reads both elements from LDS and writes them back exchanged (two
// 8-byte reads and two writes); the published count takes 3 accesses per
// swap (tmp = a; a = b; b = tmp), 4 swaps per iteration: 3 x 4 x 8 bytes
// per work-item and iteration (make calibrate counts the same).  After
// the iterations the four segments are written back to out at the input's
// positions.  One iteration leaves segment s holding what segment 3 - s
// held before (the first round exchanges 0-1 and 2-3, the second 0-2 and
// 1-3), so an even number of iterations gives the input back.  clang-15
// keeps every access (the barriers order them) and pairs them into
// ds_read2st64_b64 / ds_write2st64_b64: per iteration and work-item 8
// reads and 8 writes of 8 bytes, i.e. 128 bytes moved for the 96 counted.
//
// Used by tests/calibrate/calibrate.py (make calibrate) and checked
// functionally by tests/calibrate/test_lds_bw.py.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define SWAP(a, b) { double t_ = (a); (a) = (b); (b) = t_; }

__attribute__((reqd_work_group_size(256, 1, 1)))
kernel void lds_swap_double(global const double *restrict in, global double *restrict out,
                            int iters)
{
    local double seg[4][256];
    int l = (int)get_local_id(0);
    size_t g = get_group_id(0);
    for (int s = 0; s < 4; s++)
        seg[s][l] = in[(4 * g + s) * 256 + l];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = 0; i < iters; i++) {
        SWAP(seg[0][l], seg[1][l]);
        SWAP(seg[2][l], seg[3][l]);
        barrier(CLK_LOCAL_MEM_FENCE);
        SWAP(seg[0][l], seg[2][l]);
        SWAP(seg[1][l], seg[3][l]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int s = 0; s < 4; s++)
        out[(4 * g + s) * 256 + l] = seg[s][l];
}
