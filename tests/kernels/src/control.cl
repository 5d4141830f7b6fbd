/* control.cl — divergence, private arrays (scratch) and 3-D grids. */

/* a loop whose trip count differs per lane, with a data-dependent branch */
kernel void divergent_loop(global int *out, global const int *a)
{
    size_t i = get_global_id(0);
    int n = a[i] & 63, acc = 0;
    for (int k = 0; k < n; k++) {
        if ((k ^ n) & 1)
            acc += k * n;
        else
            acc -= k;
        if (acc > 100000)
            break;
    }
    out[i] = acc;
}

/* a private array indexed with run-time values lives in scratch memory */
kernel void scratch_array(global int *out, global const int *a)
{
    int priv[48];
    size_t i = get_global_id(0);
    for (int k = 0; k < 48; k++)
        priv[k] = a[(i + k) % 64] * k;
    int idx = a[i] & 47;
    priv[idx] += 5;
    int s = 0;
    for (int k = 0; k < 8; k++)
        s += priv[(idx + 7 * k) % 48];
    out[i] = s;
}

/* 3-D grid indexing with global offsets and sizes in every dimension */
kernel void grid3d(global float *out, global const float *a)
{
    size_t x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    size_t nx = get_global_size(0), ny = get_global_size(1);
    size_t i = (z * ny + y) * nx + x;
    float v = a[i] + (float)get_local_id(2) + (float)get_group_id(1) + (float)get_num_groups(2);
    out[i] = v * (float)get_local_size(0);
}
