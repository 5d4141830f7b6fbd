/* sem_valu_ext.c — placeholder: semantics of this family are added here. */
#include "sim/wave.h"

const sem_entry_t sem_valu_ext_table[] = {
    {0, 0},
};
