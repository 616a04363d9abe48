/* gpu_multi_program.h: `RayTetra -g I --devices LIST|all`: the whole several-device run of one
 * OpenCL algorithm (write, REPS kernels, read on each device's share), with its lines on `out`. */
#ifndef RAYTETRA_GPU_MULTI_PROGRAM_H
#define RAYTETRA_GPU_MULTI_PROGRAM_H

#include <stdio.h>

#include "error.h"
#include "multi/gpu_multi_job.h"

/* Resolve `devices` (device_list.h), open and prepare every device, run in chunks handed out
 * as the devices finish, print the per-device and aggregate lines, close. Returns 0 with *summary filled, or -1
 * with err set (a bad list: kind ERROR_USAGE; a failing device: named). */
int gpu_multi_program_run(const char *devices, const gpu_config *config, const gpu_algorithm *algorithm,
                          size_t local_size, const pair_set *set, ray_tetra_result *results, int reps, FILE *out,
                          gpu_multi_summary *summary, error_text *err);

#endif
