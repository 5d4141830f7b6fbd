// Pointer chase after the CSCS GPU pointer-chase micro-benchmark, written
// from its published method: a single work-item follows a linked list,
// each load's address being the value the previous load returned, so that
// every jump costs one full load latency.  The nodes are 8-byte pointers
// `stride` ulongs apart (32: 256 B, one node per cache line) and the list
// is a cycle (the last node points back to the first).
//
// The host cannot know the device addresses, so it builds the list as
// byte offsets from the start of the buffer: node i (ulong i * stride)
// holds the offset of the node that follows it.  The kernel, launched as
// one work-group, first turns every offset into an address (the work-items
// of the group share the nodes), waits at a barrier, then work-item 0
// makes `jumps` dependent loads from the first node and writes the offset
// of the node it stopped at to out[0].  The chase loop is unrolled 16
// times (jumps a multiple of 16 for the unrolled body alone to run), so
// the loop's own instructions add little to a jump.  The set-up pass costs
// the same whatever `jumps` is: make calibrate takes the difference of two
// runs with different jump counts, which leaves the loads alone.
//
// Used by tests/calibrate/calibrate.py (make calibrate) and checked
// functionally by tests/calibrate/test_chase.py.

kernel void chase(global ulong *list, uint nodes, uint stride, uint jumps,
                  global ulong *restrict out)
{
    uint l = (uint)get_local_id(0);
    uint step = (uint)get_local_size(0);
    ulong base = (ulong)list;
    for (uint i = l; i < nodes; i += step) {
        size_t k = (size_t)i * stride;
        list[k] = base + list[k];
    }
    barrier(CLK_GLOBAL_MEM_FENCE);
    if (l == 0) {
        global ulong *p = list;
        #pragma unroll 16
        for (uint j = 0; j < jumps; j++)
            p = (global ulong *)*p;
        out[0] = (ulong)p - base;
    }
}
