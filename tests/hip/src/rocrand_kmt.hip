// An ordinary program on one of Debian's prebuilt HIP libraries, rocRAND
// (librocrand1, its kernels built by Debian for gfx803, gfx900 and
// gfx906): N 32-bit numbers from the Philox4x32-10 generator with seed
// SEED, generated on the device, copied back and printed one a line.
// Usage: rocrand_kmt N SEED
#include <hip/hip_runtime.h>
#include <rocrand/rocrand.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc != 3 || atol(argv[1]) <= 0) {
        fprintf(stderr, "usage: rocrand_kmt N SEED\n");
        return 2;
    }
    size_t n = (size_t)atol(argv[1]);
    unsigned long long seed = strtoull(argv[2], NULL, 0);
    unsigned int *d, *h = (unsigned int *)malloc(n * sizeof *h);
    rocrand_generator g;
    if (!h || hipMalloc(&d, n * sizeof *h) != hipSuccess ||
        rocrand_create_generator(&g, ROCRAND_RNG_PSEUDO_PHILOX4_32_10) != ROCRAND_STATUS_SUCCESS ||
        rocrand_set_seed(g, seed) != ROCRAND_STATUS_SUCCESS || rocrand_generate(g, d, n) != ROCRAND_STATUS_SUCCESS ||
        hipMemcpy(h, d, n * sizeof *h, hipMemcpyDeviceToHost) != hipSuccess) {
        fprintf(stderr, "rocrand_kmt: generating failed\n");
        return 1;
    }
    for (size_t i = 0; i < n; i++)
        printf("%u\n", h[i]);
    rocrand_destroy_generator(g);
    hipFree(d);
    free(h);
    return 0;
}
