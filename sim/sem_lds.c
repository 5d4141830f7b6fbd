/* sem_lds.c — placeholder: semantics of this family are added here. */
#include "sim/wave.h"

const sem_entry_t sem_lds_table[] = {
    {0, 0},
};
