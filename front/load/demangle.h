/* demangle.h — kernel names as people write them: C++ symbols demangled
 * (libstdc++'s __cxa_demangle) and cut to the function's name. */
#ifndef GCNSIM_DEMANGLE_H
#define GCNSIM_DEMANGLE_H

#include <stddef.h>

/* The demangled form of a C++ symbol into out ("_Z9block_sumIiEvPKT_PS0_"
 * gives "void block_sum<int>(int const*, int*)"); returns 0, or -1 (out
 * "") when sym is no mangled name or longer than 4096 bytes. */
int dm_demangle(const char *sym, char *out, size_t n);

/* Forms of a demangled name, from the fullest to the shortest: level 0 the
 * whole text, 1 without return type and parameters ("block_sum<int>"),
 * 2 also without template arguments ("block_sum"), 3 also without
 * namespaces or classes ("ns::k" gives "k").  Into out; 0, or -1 when the
 * level is out of range. */
int dm_form(const char *demangled, int level, char *out, size_t n);

#endif
