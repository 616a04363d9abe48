/* cpu_copy.h: the CPU's copy bandwidth, the roofline the CPU runs are measured against (Bench's
 * algorithms, docs/BENCH.md; TetWalk's walks, docs/TETWALK.md): a loop that reads one buffer and
 * writes another, on one core and on every thread of a team, as the OpenCL copy kernel does on a
 * device (gpu_bandwidth.h). Its GB/s count the bytes read and written. */
#ifndef RAYTETRA_CPU_COPY_H
#define RAYTETRA_CPU_COPY_H

#include <stddef.h>
#include <stdio.h>

#include "error.h"

#define CPU_COPY_TRIALS 7

typedef struct cpu_copy_bandwidth {
    size_t bytes;             /* of each buffer */
    int trials, passes;       /* timed trials, copies a trial */
    double copy_gbs;          /* one core: the median trial's (read + written bytes) / time */
    double copy_threads_gbs;  /* every thread of the team, each on its own block; 0: not measured */
    int threads;              /* the team's size OpenMP gave (1: no multi-threaded measurement) */
} cpu_copy_bandwidth;

/* Measure with buffers of `bytes` (the algorithms' working set, so that both run from the same
 * level of the memory hierarchy), on one core and on `threads` threads (< 2: one core only).
 * Each buffer block is first touched by the thread that copies it. 0, or -1 with err set. */
int cpu_copy_measure(size_t bytes, int threads, cpu_copy_bandwidth *bandwidth, error_text *err);

/* The same loop on `threads` threads only (< 2: one core), the figure a run on that many threads
 * is compared with: the median trial's GB/s, or 0 with err set. */
double cpu_copy_team_gbs(size_t bytes, int threads, error_text *err);

/* Buffers far larger than any cache, so that the figure is main memory's (TetWalk's meshes). */
#define CPU_COPY_MEMORY_BYTES ((size_t)256 << 20)

/* "CPU copy loop (2 x 1.4 MiB buffers, 7 trials of 12 copies, median): 1 core 9.1 GB/s, 2 threads 15 GB/s" */
void cpu_copy_print(FILE *out, const cpu_copy_bandwidth *bandwidth);

#endif
