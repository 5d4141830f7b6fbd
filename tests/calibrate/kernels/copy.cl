// Device-to-device copies for the CSCS GPU memory-bandwidth check's d2d
// case (make calibrate, dataset d2d_copy), which times
// hipMemcpy(DeviceToDevice).
//
// blit_copy follows the method of the ROCm runtime's own copy kernel
// (ROCR-Runtime, src/core/runtime/amd_blit_kernel.cpp, 2020-2021: the
// CopyAligned shader's phase 2 and its launch in SubmitLinearCopyCommand):
// a fixed grid of 64 x 4 x CUs work-items (one wave per SIMD) in
// work-groups of 64, each work-item copying one 16-byte uint4 per
// iteration (a dwordx4 load, a wait for it, a dwordx4 store) and striding
// by the whole grid.  `count` is the number of uint4s; the byte, dword
// and tail phases of the runtime's kernel do not arise for the aligned,
// whole-block sizes used here.
//
// copy_uint4 is a plain copy kernel, one uint4 per work-item, global size
// = bytes / 16: the rate a kernel without the persistent grid reaches.
//
// Used by tests/calibrate/calibrate.py and checked functionally by
// tests/calibrate/test_lds_bw.py.

kernel void copy_uint4(global const uint4 *restrict src, global uint4 *restrict dst)
{
    size_t i = get_global_id(0);
    dst[i] = src[i];
}

kernel void blit_copy(global const uint4 *restrict src, global uint4 *restrict dst, ulong count)
{
    size_t stride = get_global_size(0);
    for (size_t i = get_global_id(0); i < count; i += stride)
        dst[i] = src[i];
}
