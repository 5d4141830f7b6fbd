// One time step of a D3Q19 lattice-Boltzmann fluid with the single-relaxation-
// time (SRT, BGK) collision operator, written from the published method of
// FluidX3D's benchmark (an empty cubic box, kernel stream_collide, FP32
// arithmetic and FP32 storage, 153 bytes of memory traffic per cell update).
// None of FluidX3D's code is used.
//
// - Layout: structure of arrays, population q of cell n at f[n + q*N]
//   (N = Nx*Ny*Nz cells, n = x + (y + z*Ny)*Nx).
// - Streaming: pull, with two buffers: the populations that arrive at cell n
//   are read from fA at the neighbours n - c_q, collided, and written to fB
//   at n (the host swaps A and B between steps).  Each population of fA is
//   read exactly once and each of fB written exactly once per step.
// - Boundaries: periodic in x, y and z (an empty box needs no others).
//   A cell whose flag has bit 0 set (solid) is skipped: nothing is written
//   for it (the empty box has none; the functional test uses a few).
// - Per cell: 19 floats read, 19 written and its 1-byte flag read = 153 B.
//   Density and velocity are computed but not stored (FluidX3D's benchmark
//   does not store them every step either).
// - One work-item per cell, work-groups of 64; the global size may be
//   rounded up (work-items past N do nothing).
//
// Velocity set (c_q) and weights (w_q): q = 0 rest (1/3); 1-6 the axes
// +x -x +y -y +z -z (1/18); 7-18 the face diagonals in opposite pairs
// (+x+y, -x-y), (+x+z, -x-z), (+y+z, -y-z), (+x-y, -x+y), (+x-z, -x+z),
// (+y-z, -y+z) (1/36).
//
// Collision: rho = sum f_q, u = sum c_q f_q / rho,
//   feq_q = w_q rho (1 + 3 c.u + 4.5 (c.u)^2 - 1.5 u.u),
//   f_q' = f_q + omega (feq_q - f_q),  omega = 1/tau.
//
// Used by tests/calibrate/calibrate.py (make calibrate, dataset fluidx3d)
// and checked functionally by tests/calibrate/test_lbm.py.

#define SOLID 0x01

kernel void stream_collide(global const float *restrict fA, global float *restrict fB,
                           global const uchar *restrict flags, uint Nx, uint Ny, uint Nz,
                           float omega)
{
    const uint n = get_global_id(0);
    const uint NxNy = Nx * Ny;
    const uint N = NxNy * Nz;
    if (n >= N)
        return;
    if (flags[n] & SOLID)
        return;

    // coordinates and the periodic neighbours' coordinates
    const uint z = n / NxNy;
    const uint t = n - z * NxNy;
    const uint y = t / Nx;
    const uint x = t - y * Nx;
    const uint x0 = x, xp = (x + 1 == Nx) ? 0 : x + 1, xm = (x == 0) ? Nx - 1 : x - 1;
    const uint y0 = y * Nx, yp = ((y + 1 == Ny) ? 0 : y + 1) * Nx,
               ym = ((y == 0) ? Ny - 1 : y - 1) * Nx;
    const uint z0 = z * NxNy, zp = ((z + 1 == Nz) ? 0 : z + 1) * NxNy,
               zm = ((z == 0) ? Nz - 1 : z - 1) * NxNy;

    // pull: population q arrives from the neighbour at n - c_q
    float f[19];
    f[0] = fA[n];
    f[1] = fA[(xm + y0 + z0) + 1 * N];   // +x: from x-1
    f[2] = fA[(xp + y0 + z0) + 2 * N];   // -x: from x+1
    f[3] = fA[(x0 + ym + z0) + 3 * N];   // +y
    f[4] = fA[(x0 + yp + z0) + 4 * N];   // -y
    f[5] = fA[(x0 + y0 + zm) + 5 * N];   // +z
    f[6] = fA[(x0 + y0 + zp) + 6 * N];   // -z
    f[7] = fA[(xm + ym + z0) + 7 * N];   // +x+y
    f[8] = fA[(xp + yp + z0) + 8 * N];   // -x-y
    f[9] = fA[(xm + y0 + zm) + 9 * N];   // +x+z
    f[10] = fA[(xp + y0 + zp) + 10 * N]; // -x-z
    f[11] = fA[(x0 + ym + zm) + 11 * N]; // +y+z
    f[12] = fA[(x0 + yp + zp) + 12 * N]; // -y-z
    f[13] = fA[(xm + yp + z0) + 13 * N]; // +x-y
    f[14] = fA[(xp + ym + z0) + 14 * N]; // -x+y
    f[15] = fA[(xm + y0 + zp) + 15 * N]; // +x-z
    f[16] = fA[(xp + y0 + zm) + 16 * N]; // -x+z
    f[17] = fA[(x0 + ym + zp) + 17 * N]; // +y-z
    f[18] = fA[(x0 + yp + zm) + 18 * N]; // -y+z

    // density and velocity
    const float rho = ((((f[0] + f[1]) + (f[2] + f[3])) + ((f[4] + f[5]) + (f[6] + f[7]))) +
                       (((f[8] + f[9]) + (f[10] + f[11])) + ((f[12] + f[13]) + (f[14] + f[15])))) +
                      ((f[16] + f[17]) + f[18]);
    const float jx = ((f[1] - f[2]) + (f[7] - f[8])) + ((f[9] - f[10]) + (f[13] - f[14])) +
                     (f[15] - f[16]);
    const float jy = ((f[3] - f[4]) + (f[7] - f[8])) + ((f[11] - f[12]) + (f[14] - f[13])) +
                     (f[17] - f[18]);
    const float jz = ((f[5] - f[6]) + (f[9] - f[10])) + ((f[11] - f[12]) + (f[16] - f[15])) +
                     (f[18] - f[17]);
    const float rrho = 1.0f / rho;
    const float ux = jx * rrho, uy = jy * rrho, uz = jz * rrho;

    // equilibrium: feq = w rho (1 - 1.5 u.u + 3 c.u + 4.5 (c.u)^2)
    const float c1 = 1.0f - 1.5f * (ux * ux + uy * uy + uz * uz);
    const float rw0 = rho * (1.0f / 3.0f), rwa = rho * (1.0f / 18.0f), rwd = rho * (1.0f / 36.0f);
    float feq[19];
    feq[0] = rw0 * c1;
#define PAIR(A, B, RW, CU)                                                                    \
    {                                                                                         \
        const float cu = (CU);                                                                \
        const float s = c1 + 4.5f * cu * cu;                                                  \
        feq[A] = RW * (s + 3.0f * cu);                                                        \
        feq[B] = RW * (s - 3.0f * cu);                                                        \
    }
    PAIR(1, 2, rwa, ux)
    PAIR(3, 4, rwa, uy)
    PAIR(5, 6, rwa, uz)
    PAIR(7, 8, rwd, ux + uy)
    PAIR(9, 10, rwd, ux + uz)
    PAIR(11, 12, rwd, uy + uz)
    PAIR(13, 14, rwd, ux - uy)
    PAIR(15, 16, rwd, ux - uz)
    PAIR(17, 18, rwd, uy - uz)
#undef PAIR

    // relax towards equilibrium and store at this cell
#pragma unroll
    for (uint q = 0; q < 19; q++)
        fB[n + q * N] = f[q] + omega * (feq[q] - f[q]);
}
