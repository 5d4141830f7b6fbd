// Device-to-device copy after the CSCS GPU memory-bandwidth check's d2d
// case, which times hipMemcpy(DeviceToDevice): the runtime does that copy
// with a blit kernel of its own, not reproduced here; this is a plain
// copy kernel instead, each work-item copying one 16-byte uint4 (a
// dwordx4 load and store per lane), global size = bytes / 16.
//
// Used by tests/calibrate/calibrate.py (make calibrate) and checked
// functionally by tests/calibrate/test_copy.py.

kernel void copy_uint4(global const uint4 *restrict src, global uint4 *restrict dst)
{
    size_t i = get_global_id(0);
    dst[i] = src[i];
}
