/* sem_smem.c — placeholder: semantics of this family are added here. */
#include "sim/wave.h"

const sem_entry_t sem_smem_table[] = {
    {0, 0},
};
