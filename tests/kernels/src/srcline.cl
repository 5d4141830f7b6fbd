/* srcline.cl — source lines (built with -g as bin/srcline-GFX-g.co): the
 * hot loop's body is one line, marked HOT-LOOP, run n times by every
 * work-item; the loop's exit is uniform, so each wave runs it n times. */
kernel void srcline_loop(global float *out, global const float *in, int n)
{
    size_t i = get_global_id(0);
    float acc = in[i];
    for (int k = 0; k < n; k++)
        acc = acc * 0.5f + in[(i + k) & 63]; /* HOT-LOOP */
    out[i] = acc;
}

/* Two loops, one inside the other (rows times cols), and a branch. */
kernel void srcline_nest(global float *out, global const float *in, int rows, int cols)
{
    size_t i = get_global_id(0);
    float acc = 0.0f;
    for (int r = 0; r < rows; r++) {
        float row = in[(i + r) & 63];
        for (int c = 0; c < cols; c++)
            acc += row * in[(r * cols + c) & 63]; /* INNER-LOOP */
        if (acc > 1000.0f)
            acc *= 0.001f;
    }
    out[i] = acc;
}

/* A helper the compiler inlines twice: its line is the callee's, and the
 * calls are on the CALL-A and CALL-B lines. */
static float blend(float a, float b)
{
    return a * 0.25f + b * b; /* INLINED */
}

kernel void srcline_inline(global float *out, global const float *in)
{
    size_t i = get_global_id(0);
    float x = blend(in[i], 2.0f); /* CALL-A */
    out[i] = blend(x, in[(i + 1) & 63]); /* CALL-B */
}
