#include "sim/wave.h"
const sem_entry_t sem_flat_table[] = {{0, 0}};
