/* cpu_parallel.h: the CPU algorithms on several cores (OpenMP), for the all-core figures
 * beside the single-core ones of the thesis. */
#ifndef RAYTETRA_CPU_PARALLEL_H
#define RAYTETRA_CPU_PARALLEL_H

#include "cpu/algorithms.h"
#include "cpu/cpu_records.h"

/* Pairs a thread takes at a time: its own block's in order, then what is left of the others'
 * (cpu_parallel.c). 4096 pairs are 0.1-0.5 ms of one core's work, so in a repetition of a few
 * milliseconds or more a thread ends within that of the others. */
#define CPU_SHARE_CHUNK 4096

/* Cores OpenMP would use by default (OMP_NUM_THREADS or the machine's). */
int cpu_thread_count(void);

/* Like cpu_algorithm_run, on `threads` threads (1: the sequential loop of cpu_algorithm_run),
 * each with a block of the pairs and then a share of what the others have left. Returns the
 * wall time of all repetitions in ms. */
double cpu_algorithm_run_threads(const cpu_algorithm *algorithm, const pair_set *set, ray_tetra_result *results,
                                 int reps, int threads);

/* The same, with the number of threads OpenMP actually gave the team in *used (it may give
 * fewer than asked, e.g. under OMP_THREAD_LIMIT or with nested parallelism; 1 for threads <= 1). */
double cpu_algorithm_run_threads_used(const cpu_algorithm *algorithm, const pair_set *set,
                                      ray_tetra_result *results, int reps, int threads, int *used);

/* The same without the copies: cpu_algorithm_run_threads first copies each thread's block of
 * the pairs and results into memory that thread touches first, so that a timed repetition reads
 * memory on its own NUMA node, and copies the results back. A streamed chunk, written by the
 * reader a moment before and run once, gains nothing from that and pays three copies of it. */
double cpu_algorithm_run_threads_in_place(const cpu_algorithm *algorithm, const pair_set *set,
                                          ray_tetra_result *results, int reps, int threads);

/* The same into compact records (cpu_records.h), each thread packing its own blocks. */
double cpu_algorithm_run_records_threads(const cpu_algorithm *algorithm, const pair_set *set, void *records,
                                         int reps, int threads, const cpu_records *out, int *used);

#endif
