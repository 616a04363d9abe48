/* device_list.h: the --devices LIST|all option of RayTetra, Bench and TetWalk: which OpenCL
 * devices (by the -n numbering of --list-devices) share one run. */
#ifndef RAYTETRA_DEVICE_LIST_H
#define RAYTETRA_DEVICE_LIST_H

#include <stddef.h>

#include "error.h"

/* What the choice needs to know of one device (gpu_device_info has more). */
typedef struct device_kind {
    int gpu;  /* CL_DEVICE_TYPE_GPU */
    int fp64; /* the double kernels need it */
} device_kind;

/* Parse `text` against `count` devices described by kinds[]: "all" = every GPU (with fp64 when
 * `need_fp64`: the run has a kernel that needs it), or, when there is none, every such device
 * (PoCL's CPU device on a machine without a GPU);
 * otherwise device numbers separated by commas, each at most once, each < count. On success
 * *indices is a malloc'ed array of *chosen numbers in the order given (ascending for "all").
 * Returns 0, or -1 with err set (kind ERROR_USAGE, one line naming the option, the offending
 * entry and what to give instead; ERROR_NOT_FOUND when "all" finds nothing). */
int device_list_parse(const char *text, const device_kind *kinds, size_t count, int need_fp64, int **indices,
                      size_t *chosen, error_text *err);

/* device_list_parse against the devices OpenCL lists on this machine. */
int device_list_resolve(const char *text, int need_fp64, int **indices, size_t *chosen, error_text *err);

#endif
