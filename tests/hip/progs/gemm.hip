// gemm.hip — a tiled SGEMM, C = alpha A B + beta C (row-major, M x K times
// K x N), each 16 x 16 block of threads computing a tile of C from tiles of
// A and B staged in shared memory; M, N and K are not multiples of the tile,
// so the edge tiles are padded with zeros.  Each element is compared with a
// reference computed here in double, within the error bound below.
// Exit status: see progs.h.
#define PROG "gemm"
#include "progs.h"
#include <cmath>
#include <vector>

#define TILE 16

__global__ void sgemm_tiled(int M, int N, int K, float alpha, const float *A, const float *B, float beta, float *C)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
    float acc = 0.0f;
    for (int k0 = 0; k0 < K; k0 += TILE) {
        As[ty][tx] = row < M && k0 + tx < K ? A[row * K + k0 + tx] : 0.0f;
        Bs[ty][tx] = k0 + ty < K && col < N ? B[(k0 + ty) * N + col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < TILE; k++)
            acc += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    if (row < M && col < N)
        C[row * N + col] = alpha * acc + beta * C[row * N + col];
}

// value: a deterministic pseudo-random float in [-1, 1) from an index and a seed
static float value(unsigned i, unsigned seed)
{
    unsigned x = (i + 1) * 2654435761u ^ seed * 40503u;
    x ^= x >> 15;
    x *= 2246822519u;
    x ^= x >> 13;
    return (float)(x & 0xffff) / 32768.0f - 1.0f;
}

int main()
{
    PROG_DEVICE();
    const int M = 67, N = 45, K = 83;
    const float alpha = 1.5f, beta = -0.5f;
    std::vector<float> A(M * K), B(K * N), C(M * N), R(M * N);
    for (int i = 0; i < M * K; i++)
        A[i] = value(i, 1);
    for (int i = 0; i < K * N; i++)
        B[i] = value(i, 2);
    for (int i = 0; i < M * N; i++)
        C[i] = value(i, 3);
    float *dA, *dB, *dC;
    HIP_CHECK(hipMalloc(&dA, A.size() * sizeof(float)));
    HIP_CHECK(hipMalloc(&dB, B.size() * sizeof(float)));
    HIP_CHECK(hipMalloc(&dC, C.size() * sizeof(float)));
    HIP_CHECK(hipMemcpy(dA, A.data(), A.size() * sizeof(float), hipMemcpyHostToDevice));
    HIP_CHECK(hipMemcpy(dB, B.data(), B.size() * sizeof(float), hipMemcpyHostToDevice));
    HIP_CHECK(hipMemcpy(dC, C.data(), C.size() * sizeof(float), hipMemcpyHostToDevice));
    dim3 block(TILE, TILE), grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
    sgemm_tiled<<<grid, block>>>(M, N, K, alpha, dA, dB, beta, dC);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipDeviceSynchronize());
    HIP_CHECK(hipMemcpy(R.data(), dC, R.size() * sizeof(float), hipMemcpyDeviceToHost));
    HIP_CHECK(hipFree(dA));
    HIP_CHECK(hipFree(dB));
    HIP_CHECK(hipFree(dC));
    // The tolerance of element (i, j): the device's dot product of K terms in
    // float (with or without fused multiply-adds) and the two scalings round at
    // most K + 2 times, so its error is at most gamma_{K+2} (|alpha| sum_k
    // |a_ik b_kj| + |beta c_ij|), gamma_n = n u / (1 - n u), u = 2^-24 (Higham,
    // Accuracy and Stability of Numerical Algorithms, 3.5); the double
    // reference's own error is negligible beside it.  Relative to the
    // magnitude of the terms this is about 5e-6 for K = 83; a wrong or missing
    // term of the product (magnitude up to 1) is orders of magnitude larger.
    double u = std::ldexp(1.0, -24), g = (K + 2) * u / (1 - (K + 2) * u), worst = 0;
    int wrong = 0;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            double dot = 0, mag = 0;
            for (int k = 0; k < K; k++) {
                dot += (double)A[i * K + k] * B[k * N + j];
                mag += std::fabs((double)A[i * K + k] * B[k * N + j]);
            }
            double want = alpha * dot + beta * (double)C[i * N + j];
            double tol = g * (std::fabs(alpha) * mag + std::fabs(beta * C[i * N + j]));
            double err = std::fabs(R[i * N + j] - want);
            if (err / tol > worst)
                worst = err / tol;
            if (!(err <= tol)) {
                if (wrong < 5)
                    std::printf("gemm: C[%d][%d] = %.9g, want %.9g (error %.3g, bound %.3g)\n", i, j,
                                R[i * N + j], want, err, tol);
                wrong++;
            }
        }
    std::printf("gemm: M %d N %d K %d in %dx%d tiles of %d: largest error %.3f of its bound\n", M, N, K, grid.x,
                grid.y, TILE, worst);
    if (wrong) {
        std::printf("FAIL: gemm: %d of %d elements outside their error bound\n", wrong, M * N);
        return EXIT_WRONG;
    }
    std::printf("PASS: gemm: all %d elements of C within their error bound of the CPU reference\n", M * N);
    return 0;
}
