/* wrong_sgemm.cl — front/workloads/gemm.cl with one deliberate bug (the
 * beta term is dropped), to check that gcnsim bench gemm reports FAIL.
 * Original description: single-precision C = alpha * A * B + beta * C, row-major,
 * A is M x K, B is K x N, C is M x N; M and N multiples of 64, K a
 * multiple of 16.
 *
 * A 16x16 work-group computes a 64x64 tile of C, each work-item a 4x4
 * block held in registers (rows ty + 16 i, columns tx + 16 j, so that LDS
 * reads are conflict-free and global accesses coalesce).  Per step of 16
 * along K the group stages a 64x16 slice of A (stored transposed) and a
 * 16x64 slice of B in LDS. */
#define TILE 64
#define KT 16

__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void sgemm(__global const float *A, __global const float *B, __global float *C,
           uint M, uint N, uint K, float alpha, float beta)
{
    __local float As[KT][TILE];   /* As[k][m] = A[row0 + m][k0 + k] */
    __local float Bs[KT][TILE];   /* Bs[k][n] = B[k0 + k][col0 + n] */
    uint tx = get_local_id(0), ty = get_local_id(1);
    uint row0 = get_group_id(1) * TILE, col0 = get_group_id(0) * TILE;
    uint tid = ty * 16 + tx;
    float acc[4][4];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            acc[i][j] = 0.0f;

    for (uint k0 = 0; k0 < K; k0 += KT) {
        /* 1024 elements of each slice, 4 per work-item */
        for (int r = 0; r < 4; r++) {
            uint e = tid + 256 * r;
            uint am = e / KT, ak = e % KT;          /* A slice: 64 rows of 16 */
            As[ak][am] = A[(row0 + am) * K + k0 + ak];
            uint bk = e / TILE, bn = e % TILE;      /* B slice: 16 rows of 64 */
            Bs[bk][bn] = B[(k0 + bk) * N + col0 + bn];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < KT; k++) {
            float a[4], b[4];
            for (int i = 0; i < 4; i++)
                a[i] = As[k][ty + 16 * i];
            for (int j = 0; j < 4; j++)
                b[j] = Bs[k][tx + 16 * j];
            for (int i = 0; i < 4; i++)
                for (int j = 0; j < 4; j++)
                    acc[i][j] = fma(a[i], b[j], acc[i][j]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            uint idx = (row0 + ty + 16 * i) * N + col0 + tx + 16 * j;
            C[idx] = alpha * acc[i][j];
        }
}
