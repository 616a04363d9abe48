/* gpu_multi_job.h: one --devices run of pairs as RayTetra and Bench make it: run on every device
 * at once, and the per-device and aggregate figures (docs/GPU.md, "Several devices"). */
#ifndef RAYTETRA_GPU_MULTI_JOB_H
#define RAYTETRA_GPU_MULTI_JOB_H

#include <stddef.h>
#include <stdio.h>

#include "error.h"
#include "multi/gpu_multi.h"
#include "pairs.h"

/* The aggregate of one several-device run. The devices run at once, so the run takes as long
 * as its slowest device: each figure is the largest over the devices that had pairs. */
typedef struct gpu_multi_summary {
    size_t pairs, devices_used; /* devices_used: those that took a chunk */
    int reps;
    double kernel_ms;     /* GPU_MULTI_STEPS: the slowest device's kernel time, all repetitions */
    double end_to_end_ms; /* STEPS: the slowest write + one repetition's kernel + read; END_TO_END:
                           * the slowest pinned, overlapped end-to-end time */
    double wall_ms;       /* first thread's start to last thread's end (warm-up and staging included) */
} gpu_multi_summary;

/* The figures of one device's share, as the summary counts them. */
double gpu_multi_share_end_to_end_ms(const gpu_multi_share *share, const gpu_multi_plan *plan);

void gpu_multi_summarise(const gpu_multi_share *shares, size_t count, const gpu_multi_plan *plan, size_t pairs,
                         double wall_ms, gpu_multi_summary *summary);

/* Run `set` by `plan` on the devices of `multi` (prepared) with active[d] (NULL: every one), and
 * summarise; results as one device gives them. shares needs room for gpu_multi_count(multi).
 * Returns 0, or -1 with err set (naming the device). */
int gpu_multi_job_run(gpu_multi *multi, const pair_set *set, const unsigned char *active, const gpu_multi_plan *plan,
                      ray_tetra_result *results, gpu_multi_share *shares, gpu_multi_summary *summary,
                      error_text *err);

/* The first of `count` results where a and b differ in a byte the host writes (all but
 * `uncertain`, which the record conversion leaves as the array held it), or count when none
 * does: "bit-identical to one device". */
size_t gpu_multi_first_difference(const ray_tetra_result *a, const ray_tetra_result *b, size_t count);

/* One line per device ("PREFIX: device N (DESCRIPTION): P pairs (S %) over C chunks, ...") and
 * nothing else;
 * `prefix` starts each line (the algorithm's name). */
void gpu_multi_print_shares(FILE *out, gpu_multi *multi, const char *prefix, const gpu_multi_share *shares,
                            const gpu_multi_plan *plan, size_t pairs);

#endif
