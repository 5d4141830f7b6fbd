// An empty kernel, for the launch-overhead rows of make calibrate (O14:
// CSCS kernel_latency's null_kernel<<<1,1>>>, launched back to back): no
// arguments, no work.  Used by tests/calibrate/calibrate.py.
kernel void empty_kernel(void)
{
}
