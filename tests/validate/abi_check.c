/* abi_check.c — front/device/hsa_abi.h against the HSA runtime's own headers:
 * every value, size and offset it declares (tests/validate/abi_items.h)
 * is compared at compile time with the numbers abi_dump.c printed from
 * hsa_abi.h (hsa_abi_ours.h); this program only exists if they agree. */
#include <stddef.h>
#include <stdio.h>
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>
#include "hsa_abi_ours.h"
#include "tests/validate/abi_items.h"

#define V(name) _Static_assert((long long)(name) == OURS_V_##name, "hsa_abi.h: value of " #name);
#define S(type) _Static_assert(sizeof(type) == OURS_S_##type, "hsa_abi.h: size of " #type);
#define O(type, member) \
    _Static_assert(offsetof(type, member) == OURS_O_##type##_##member, "hsa_abi.h: offset of " #type "." #member);
HSA_ABI_VALUES(V)
HSA_ABI_SIZES(S)
HSA_ABI_OFFSETS(O)
#undef V
#undef S
#undef O

int main(void)
{
    size_t nv = 0, ns = 0, no = 0;
#define V(name) nv++;
#define S(type) ns++;
#define O(type, member) no++;
    HSA_ABI_VALUES(V)
    HSA_ABI_SIZES(S)
    HSA_ABI_OFFSETS(O)
    printf("PASS: hsa_abi.h agrees with the runtime's headers: %zu values, %zu sizes, %zu offsets\n", nv, ns, no);
    return 0;
}
