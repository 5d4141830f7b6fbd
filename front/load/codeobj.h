/* codeobj.h — loading AMDGPU HSA code objects (v2–v5) and raw code blobs. */
#ifndef GCNSIM_CODEOBJ_H
#define GCNSIM_CODEOBJ_H

#include <stddef.h>
#include <stdint.h>
#include "isa/isa.h"
#include "front/load/target_id.h"


/* Argument value kinds from the metadata (.value_kind / ValueKind). */
typedef enum {
    CO_ARG_BY_VALUE, CO_ARG_GLOBAL_BUFFER, CO_ARG_DYNAMIC_SHARED_POINTER,
    CO_ARG_IMAGE, CO_ARG_SAMPLER, CO_ARG_PIPE, CO_ARG_QUEUE,
    CO_ARG_HIDDEN_GLOBAL_OFFSET_X, CO_ARG_HIDDEN_GLOBAL_OFFSET_Y, CO_ARG_HIDDEN_GLOBAL_OFFSET_Z,
    CO_ARG_HIDDEN_NONE, CO_ARG_HIDDEN_PRINTF_BUFFER, CO_ARG_HIDDEN_HOSTCALL_BUFFER,
    CO_ARG_HIDDEN_DEFAULT_QUEUE, CO_ARG_HIDDEN_COMPLETION_ACTION, CO_ARG_HIDDEN_MULTIGRID_SYNC_ARG,
    CO_ARG_HIDDEN_BLOCK_COUNT_X, CO_ARG_HIDDEN_BLOCK_COUNT_Y, CO_ARG_HIDDEN_BLOCK_COUNT_Z,
    CO_ARG_HIDDEN_GROUP_SIZE_X, CO_ARG_HIDDEN_GROUP_SIZE_Y, CO_ARG_HIDDEN_GROUP_SIZE_Z,
    CO_ARG_HIDDEN_REMAINDER_X, CO_ARG_HIDDEN_REMAINDER_Y, CO_ARG_HIDDEN_REMAINDER_Z,
    CO_ARG_HIDDEN_GRID_DIMS, CO_ARG_HIDDEN_HEAP_V1, CO_ARG_HIDDEN_DYNAMIC_LDS_SIZE,
    CO_ARG_HIDDEN_PRIVATE_BASE, CO_ARG_HIDDEN_SHARED_BASE, CO_ARG_HIDDEN_QUEUE_PTR,
    CO_ARG_UNKNOWN
} co_arg_kind_t;

typedef struct {
    char *name;          /* may be "" when the metadata has none */
    char *type_name;     /* e.g. "float*", "" if absent */
    uint32_t offset, size, align;
    co_arg_kind_t kind;
    char *kind_name;     /* the metadata's spelling, e.g. "global_buffer" */
    int address_space;   /* 1 global, 3 local, 4 constant, ... ; -1 if none */
    int is_const, is_restrict, is_volatile;
    int is_pipe;
    char *access;        /* "read_only", "write_only", "read_write", or "" */
    uint32_t pointee_align;   /* dynamic_shared_pointer alignment, 0 if absent */
} co_arg_t;

/* The kernel descriptor fields the hardware consumes (from the v3+ kernel
 * descriptor, or converted from a v2 amd_kernel_code_t). */
typedef struct {
    uint32_t group_segment_fixed_size;
    uint32_t private_segment_fixed_size;
    uint32_t kernarg_size;
    int64_t entry_offset;          /* from the descriptor to the first instruction */
    uint32_t rsrc1, rsrc2, rsrc3;
    uint16_t kernel_code_properties;  /* v2: bits 0-6 as v3+, bits 7-9 enable the
                                         grid work-group count X/Y/Z user SGPRs */
} co_desc_t;

typedef struct {
    char *name;
    uint64_t desc_addr;            /* address of the descriptor / amd_kernel_code_t */
    uint64_t code_addr;            /* address of the first instruction */
    uint64_t code_size;            /* bytes of code (symbol size, or to the next symbol) */
    co_desc_t desc;
    /* metadata */
    co_arg_t *args;
    size_t nargs;
    uint32_t kernarg_segment_size, kernarg_segment_align;
    uint32_t sgpr_count, vgpr_count;   /* as the metadata states (0 if absent) */
    uint32_t sgpr_spill_count, vgpr_spill_count;
    uint32_t max_flat_workgroup_size;
    uint32_t reqd_workgroup_size[3];   /* 0 when not required */
    uint32_t workgroup_size_hint[3];   /* 0 when not hinted */
    char *vec_type_hint;               /* "float4"; NULL when not hinted */
    uint32_t wavefront_size;
    int uses_dynamic_stack;
    char *language;                    /* "OpenCL C", "HIP", "" */
    /* added by the loader */
    char *symbol;                      /* descriptor symbol: "NAME.kd" (v3+), "NAME" (v2) */
    int has_metadata;                  /* the metadata describes this kernel */
    uint32_t language_version[2];      /* e.g. {2, 0}; {0, 0} if absent */
} co_kernel_t;

typedef struct {
    char *name;
    uint64_t addr, size;
    int is_func;                       /* STT_FUNC (kernel or device function) */
    int is_label;                      /* STT_NOTYPE: a label (old LLVM kept its blocks' BB0_2) */
} co_symbol_t;

/* A section header (names and numbers only; contents are in image). */
typedef struct {
    char *name;
    uint32_t type;                     /* SHT_* */
    uint64_t flags, addr, offset, size;
} co_section_t;

/* Target feature settings from e_flags (v2/v3: on/off; v4+: unsupported
 * (the target has no such feature), any, off, on). */
enum { CO_FEAT_UNSUPPORTED, CO_FEAT_ANY, CO_FEAT_OFF, CO_FEAT_ON };

typedef struct {
    char *path;                        /* as given (not taken from the file) */
    const isa_target_t *target;
    int version;                       /* code object version 2..5; 0 for raw */
    uint32_t e_flags;
    uint8_t *image;                    /* the whole file */
    size_t size;
    /* the .text section as loaded: its address and its bytes */
    uint64_t text_addr;
    const uint8_t *text;
    size_t text_size;
    co_kernel_t *kernels;
    size_t nkernels;
    co_symbol_t *syms;                 /* symbols in .text, sorted by address */
    size_t nsyms;
    /* added by the loader */
    co_section_t *secs;                /* every section header, in file order */
    size_t nsecs;
    char *target_id;                   /* metadata amdhsa.target or v2 ISA name, "" if absent */
    int xnack, sramecc;                /* CO_FEAT_* from e_flags */
    const co_kernel_t **kernel_by_name;   /* the kernels sorted by name (co_find_kernel) */
    char **printf_fmts;                /* the printf format records of the metadata (amdhsa.printf, v2
                                          Printf): "ID:NARGS:SIZE...:FORMAT", the format with its
                                          escapes as the compiler wrote them (front/launch/printf.c) */
    size_t nprintf;
} co_file_t;

/* Load an HSA code object.  Returns 0, or nonzero with a one-line message
 * in err naming the file and, where it applies, the offset and what is
 * wrong ("k.co: offset 0x40: section header table runs past end of file").
 * Every string taken from the file (kernel, symbol, section, argument and
 * type names, kinds, language, target id) is stored in its printable form
 * (strsafe.h: controls and bytes that are not UTF-8 as \xNN, '\' as
 * \\), so it can go to a terminal or a one-line message as it is.  Every
 * size and offset is checked in 64-bit arithmetic: the kernarg segment
 * (descriptor and metadata) at most SIM_MAX_KERNARG (sim/dispatch.h) bytes and each argument
 * of 1 to SIM_MAX_KERNARG bytes inside it; static LDS at most the target's
 * per-work-group LDS; scratch per work-item at most what
 * COMPUTE_TMPRING_SIZE can give a wave; SGPR and VGPR counts, work-group
 * sizes and the wavefront size within the target's.  A violation names
 * the file, offset, kernel, field and value:
 * "k.co: offset 0x1f0: metadata: kernel 'k': .args[3] .offset 4294967288 +
 * .size 16 runs past the kernarg segment (.kernarg_segment_size 64)". */
int co_load(const char *path, co_file_t *out, char *err, size_t errlen);

/* co_load of a file that may also be a container of code objects (a clang
 * offload bundle, as hipcc --genco writes, or a host program or library
 * with HIP device code in .hip_fatbin; bundle.h): the code object for
 * processor gfx ("gfx900"; NULL: the only processor it has), and among
 * several for it (separately compiled sources) the first with the kernel
 * named kernel (co_match_kernel; NULL: the first).  The loaded file's path
 * is "FILE(ENTRY-ID)".  A container with several processors and no gfx,
 * or none for gfx, is an error that lists the processors it has. */
int co_load_for(const char *path, const char *gfx, const char *kernel, co_file_t *out, char *err, size_t errlen);

/* Load a raw code blob (no ELF) for the given target: one pseudo-kernel
 * named after the file's base name, code at address 0. */
int co_load_raw(const char *path, const isa_target_t *t, co_file_t *out, char *err, size_t errlen);

/* Load from memory instead of a file (used by the fuzz target); path is
 * used in messages only.  The buffer is copied. */
int co_load_mem(const char *path, const void *data, size_t size, co_file_t *out, char *err, size_t errlen);

/* Find a kernel by name (its printable form); NULL if absent.  The first
 * in address order if several share the name.  O(log n). */
const co_kernel_t *co_find_kernel(const co_file_t *f, const char *name);

/* A kernel by the name a user gives: its symbol (co_find_kernel), else
 * its demangled C++ name whole, without return type and parameters
 * ("block_sum<int>"), without template arguments ("block_sum"), or without
 * scopes ("ns::k" as "k"), the first of these forms any kernel has.  NULL
 * when none matches (*nmatch 0) or several do (*nmatch their count). */
const co_kernel_t *co_match_kernel(const co_file_t *f, const char *name, int *nmatch);

/* The first kernel (in f->kernels order) whose descriptor is at addr;
 * NULL if none.  O(log n). */
const co_kernel_t *co_kernel_at(const co_file_t *f, uint64_t addr);

/* Index in f->syms of the first symbol whose address is greater than
 * addr (f->nsyms if none): the symbol labelling addr is the one before
 * it, the next code starts at it.  O(log n). */
size_t co_sym_after(const co_file_t *f, uint64_t addr);

/* Bytes of memory at an address of the loaded image (code or data);
 * NULL if [addr, addr+len) is not inside a loaded section. */
const uint8_t *co_bytes_at(const co_file_t *f, uint64_t addr, size_t len);

/* Name of a CO_FEAT_* setting ("unsupported", "any", "off", "on"). */
const char *co_feat_name(int feat);

/* Name of an argument kind as the v3+ metadata spells it ("by_value"). */
const char *co_arg_kind_name(co_arg_kind_t k);

/* Release everything co_load allocated. */
void co_free(co_file_t *f);


#endif
