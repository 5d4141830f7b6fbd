/* abi_dump.c — print front/device/hsa_abi.h's values, sizes and offsets as C
 * macros (build/abi/hsa_abi_ours.h) for abi_check.c. */
#include <stddef.h>
#include <stdio.h>
#include "front/device/hsa_abi.h"
#include "tests/validate/abi_items.h"

int main(void)
{
#define V(name) printf("#define OURS_V_%s %lldLL\n", #name, (long long)(name));
#define S(type) printf("#define OURS_S_%s %zu\n", #type, sizeof(type));
#define O(type, member) printf("#define OURS_O_%s_%s %zu\n", #type, #member, offsetof(type, member));
    HSA_ABI_VALUES(V)
    HSA_ABI_SIZES(S)
    HSA_ABI_OFFSETS(O)
    return 0;
}
