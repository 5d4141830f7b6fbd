/* bitonic.cl — one compare-and-exchange step of a bitonic sorting network.
 *
 * The host sorts 2^k keys with k(k+1)/2 launches of N/2 work-items: for
 * stage s = 0..k-1 and pass p = 0..s, work-item t compares the pair
 * (lo, lo + 2^(s-p)) and orders it ascending or descending depending on
 * which 2^(s+1)-block it belongs to (direction 1 = ascending overall). */
__kernel void bitonic_step(__global uint *a, uint stage, uint pass, uint direction)
{
    uint t = get_global_id(0);
    uint dist = 1u << (stage - pass);
    uint lo = (t & (dist - 1)) + ((t >> (stage - pass)) << (stage - pass + 1));
    uint hi = lo + dist;
    uint x = a[lo], y = a[hi];
    /* blocks of 2^(s+1) keys alternate direction */
    uint up = ((t >> stage) & 1u) ? 1u - direction : direction;
    uint small = min(x, y), big = max(x, y);
    a[lo] = up ? small : big;
    a[hi] = up ? big : small;
}
