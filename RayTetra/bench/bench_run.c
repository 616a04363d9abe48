/* bench_run.c: the timed runs of Bench: one untimed warm-up repetition, then REPS timed ones
 * (with --min-time, more until they take that long, as Google Benchmark grows its iterations),
 * each repetition's time kept, then verification; progress, times and their statistics are
 * printed as each algorithm finishes. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench.h"
#include "cpu/cpu_parallel.h"
#include "cpu/extent_run.h"
#include "extent.h"
#include "timer.h"
#include "opencl/gpu_layout.h"
#include "opencl/gpu_overlap.h"

/* Results an algorithm did not write must fail verification, whatever the data: a stale result
 * of the previous algorithm would otherwise pass for a correct one. */
static void poison(ray_tetra_result *results, size_t count)
{
    for (size_t i = 0; i < count; ++i) {
        ray_tetra_result *r = &results[i];
        r->hit = -1;
        r->enter_face = r->leave_face = -2;
        r->enter_point.x = r->enter_point.y = r->enter_point.z = NAN;
        r->leave_point = r->enter_point;
        r->u_enter1 = r->u_enter2 = r->u_leave1 = r->u_leave2 = r->t_enter = r->t_leave = NAN;
    }
}

/* The most repetitions --min-time may grow to (REPS's own limit). */
#define MAX_REPS 1000000

/* "median 4.115 ms = 24.30 Mtests/s, 95% CI 4.1-4.13, min 4, max 4.3, MAD 1.2%" */
static void print_statistics(FILE *out, const double *samples, int count, size_t pairs)
{
    bench_summary s;
    if (bench_summarise(samples, count, &s) != 0) {
        fputs("(no memory for the statistics)", out);
        return;
    }
    char median[24], low[24], high[24], min[24], max[24];
    fprintf(out, "median %s ms = %.2f Mtests/s, %.0f%% CI %s-%s, min %s, max %s, MAD %.1f%%",
            bench_ms_text(s.median, median, sizeof median), timer_mtests_per_s(pairs, 1, s.median),
            100 * BENCH_CONFIDENCE,
            bench_ms_text(s.median_low, low, sizeof low), bench_ms_text(s.median_high, high, sizeof high),
            bench_ms_text(s.min, min, sizeof min), bench_ms_text(s.max, max, sizeof max),
            100 * bench_relative_spread(&s));
}

/* Room for one more sample in *samples (of *capacity); 0, or -1 when out of memory. */
static int make_room(double **samples, int *capacity, int count)
{
    if (count < *capacity)
        return 0;
    int grown = *capacity ? 2 * *capacity : 16;
    double *more = realloc(*samples, (size_t)grown * sizeof *more);
    if (!more)
        return -1;
    *samples = more;
    *capacity = grown;
    return 0;
}

static void report_failure(const bench_context *c, bench_entry *e)
{
    fprintf(c->log, "FAILED\n");
    fprintf(stderr, "Bench: error: %s: %s; its cells are NA\n", e->csv_name, e->note);
}

/* ---------------------------------------------------------------- CPU output levels
 * With --output faces or hit the CPU runs write the kernels' compact records (cpu_records.h),
 * converted to results after the timing for the verification, as a kernel's are. */

/* The records the CPU runs write at the context's level (none for all, the full results): the
 * double data's, float variants included (--float-data is the float kernels' buffers). */
static cpu_records cpu_output(const bench_context *c)
{
    size_t read, written;
    gpu_pair_bytes(&c->gpu, 0, &read, &written);
    return (cpu_records){gpu_layout_pack_level, (int)c->gpu.output, written, c->gpu.extent};
}

/* Records an algorithm did not write must fail verification too: every record says the opposite
 * of the reference at level hit (any byte is a hit or a miss), and a hit with faces -1 otherwise. */
static void poison_records(const bench_context *c, unsigned char *records, size_t bytes)
{
    memset(records, 0xff, c->set->count * bytes);
    if (c->gpu.output == GPU_OUTPUT_HIT)
        for (size_t i = 0; i < c->set->count; ++i)
            records[i] = !c->reference[i].hit;
}

/* Room for the CPU runs' compact records; NULL at level all (or out of memory: the entry failed). */
static unsigned char *cpu_records_buffer(const bench_context *c, bench_entry *e)
{
    if (c->gpu.output == GPU_OUTPUT_ALL)
        return NULL;
    unsigned char *records = malloc(c->set->count * cpu_output(c).bytes);
    if (!records) {
        e->status = BENCH_FAILED;
        snprintf(e->note, sizeof e->note, "out of memory for %zu %s records", c->set->count,
                 gpu_output_name(c->gpu.output));
    }
    return records;
}

/* One repetition (or the warm-up) of a CPU run on one core: full results, or with `records` the
 * level's records, whose results are then in `results` (after the time). */
static double cpu_repetition(const bench_context *c, const bench_entry *e, ray_tetra_result *results,
                             unsigned char *records, double *precompute_ms)
{
    if (!records)
        return cpu_algorithm_run_extent_split(e->cpu, c->set, results, 1, c->gpu.extent, precompute_ms);
    cpu_records out = cpu_output(c);
    poison_records(c, records, out.bytes);
    double ms = cpu_algorithm_run_records(e->cpu, c->set, records, 1, &out, precompute_ms);
    gpu_layout_results(c->gpu.output, records, results, c->set->count);
    return ms;
}

void bench_run_cpu(const bench_context *c, bench_entry *e, ray_tetra_result *results)
{
    fprintf(c->log, "  %-18s ", e->csv_name);
    fflush(c->log);
    poison(results, c->set->count);
    unsigned char *records = cpu_records_buffer(c, e);
    if (e->status == BENCH_FAILED) {
        report_failure(c, e);
        return;
    }
    double precompute_ms = 0; /* a precomputed form's table, filled outside each timed repetition */
    /* Warm-up: caches, page faults, clock. */
    cpu_repetition(c, e, results, records, &precompute_ms);
    poison(results, c->set->count);
    double total = 0, least_precompute_ms = precompute_ms;
    int reps = 0, capacity = 0;
    /* One call per repetition keeps every trial's time, for the spread. */
    while (reps < c->reps || (total < c->min_time_ms && reps < MAX_REPS)) {
        if (make_room(&e->samples, &capacity, reps) != 0) {
            e->status = BENCH_FAILED;
            snprintf(e->note, sizeof e->note, "out of memory for %d repetition times", reps + 1);
            report_failure(c, e);
            free(records);
            return;
        }
        e->samples[reps] = cpu_repetition(c, e, results, records, &precompute_ms);
        least_precompute_ms = precompute_ms < least_precompute_ms ? precompute_ms : least_precompute_ms;
        total += e->samples[reps++];
    }
    free(records);
    e->ms = total;
    e->reps = reps;
    e->status = BENCH_OK;
    bench_verify(c, results, e);
    if (e->status != BENCH_OK) {
        report_failure(c, e);
        return;
    }
    if (e->cpu->precomputed) { /* reported, as every time, only for verified results */
        e->precompute_status = BENCH_OK;
        e->precompute_ms = least_precompute_ms;
    }
    fprintf(c->log, "%12.3f ms  (%d reps; ", e->ms, reps);
    print_statistics(c->log, e->samples, reps, c->set->count);
    fprintf(c->log, ")  verified\n");
    if (e->cpu->precomputed)
        fprintf(c->log, "  %-18s precomputation (not in the time above): %.3f ms, the least of %d (%zu bytes of table "
                        "a pair)\n", "", e->precompute_ms, reps + 1, e->cpu->precomputed->table_bytes);
}

void bench_run_cpu_threads(const bench_context *c, bench_entry *e, ray_tetra_result *results)
{
    if (c->threads < 2 || e->status != BENCH_OK)
        return;
    fprintf(c->log, "  %-18s ", "");
    fflush(c->log);
    e->threads_samples = malloc((size_t)e->reps * sizeof *e->threads_samples);
    if (!e->threads_samples) {
        e->threads_status = BENCH_FAILED;
        fprintf(c->log, "FAILED\n");
        fprintf(stderr, "Bench: error: %s on %d threads: out of memory for %d repetition times; its _MT cells are "
                        "NA\n", e->csv_name, c->threads, e->reps);
        return;
    }
    poison(results, c->set->count);
    bench_entry check = *e;
    unsigned char *records = cpu_records_buffer(c, &check);
    cpu_records out = cpu_output(c);
    double ms = 0;
    for (int rep = -1; rep < e->reps && check.status != BENCH_FAILED; ++rep) { /* -1: the warm-up, untimed */
        double sample;
        if (records) {
            /* Compact records: each thread clips and packs its own blocks, inside its time. */
            poison_records(c, records, out.bytes);
            sample = cpu_algorithm_run_records_threads(e->cpu, c->set, records, 1, c->threads, &out, &e->threads_used);
        } else {
            /* A ray or a segment: the clipping pass (one thread) is timed with the threads' run, whose
             * own time leaves out its set-up (first-touch copies, tables) as every run's does. */
            sample = cpu_algorithm_run_threads_used(e->cpu, c->set, results, 1, c->threads, &e->threads_used);
            double start = timer_now_ms();
            cpu_extent_clip(e->cpu, c->set->pairs, results, c->set->count, c->gpu.extent);
            sample += c->gpu.extent != RT_EXTENT_LINE ? timer_now_ms() - start : 0;
        }
        if (rep < 0) {
            poison(results, c->set->count);
            continue;
        }
        e->threads_samples[rep] = sample;
        ms += sample;
    }
    if (records)
        gpu_layout_results(c->gpu.output, records, results, c->set->count);
    free(records);
    /* Verified on a copy, so that a wrong multi-threaded result costs only its own cells. */
    if (check.status != BENCH_FAILED)
        bench_verify(c, results, &check);
    if (check.status != BENCH_OK) {
        e->threads_status = BENCH_FAILED;
        fprintf(c->log, "FAILED\n");
        fprintf(stderr, "Bench: error: %s on %d threads: %s; its _MT cells are NA\n", e->csv_name, c->threads,
                check.note);
        return;
    }
    e->threads_status = BENCH_OK;
    e->threads_ms = ms;
    fprintf(c->log, "%12.3f ms  on %d threads (%d asked; %d reps; ", ms, e->threads_used, c->threads, e->reps);
    print_statistics(c->log, e->threads_samples, e->reps, c->set->count);
    fprintf(c->log, "; %.2fx the single thread)  verified\n", ms > 0 ? e->ms / ms : 0.0);
}

/* --overlap: the end-to-end run, verified like the timed one; 0, or -1 with the entry failed. */
static int run_end_to_end(const bench_context *c, gpu_handler *gpu, bench_entry *e, ray_tetra_result *results)
{
    error_text err;
    gpu_end_to_end t;
    poison(results, c->set->count);
    int runs = c->reps;
    free(e->end_to_end_samples);
    if (!(e->end_to_end_samples = malloc((size_t)runs * sizeof *e->end_to_end_samples))) {
        e->status = BENCH_FAILED;
        snprintf(e->note, sizeof e->note, "out of memory for %d end-to-end times", runs);
        return -1;
    }
    gpu_prepared kernel;
    gpu_handler_prepared(gpu, &kernel);
    if (gpu_run_end_to_end_runs(&kernel, c->set, results, c->overlap_chunks, runs, e->end_to_end_samples, &t, &err) !=
        0) {
        e->status = BENCH_FAILED;
        snprintf(e->note, sizeof e->note, "%s", err.text);
        return -1;
    }
    bench_verify(c, results, e);
    if (e->status != BENCH_OK)
        return -1;
    e->end_to_end_done = 1;
    e->end_to_end = t;
    double bytes = (double)(t.bytes_in + t.bytes_out);
    e->end_to_end_gbs = t.ms > 0 ? bytes / t.ms / 1e6 : 0.0;
    if (c->bandwidth_measured && t.ms > 0) {
        const gpu_bandwidth *w = &c->bandwidth;
        double in_ms = (double)t.bytes_in / w->write_median_gbs / 1e6;
        double out_ms = (double)t.bytes_out / w->read_median_gbs / 1e6;
        double bound_ms = in_ms > out_ms ? in_ms : out_ms;
        double duplex_ms = bytes / w->duplex_median_gbs / 1e6;
        e->end_to_end_percent_of_pinned = 100.0 * (in_ms + out_ms) / t.ms;
        e->end_to_end_percent_of_bound = 100.0 * bound_ms / t.ms;
        e->end_to_end_percent_of_duplex = 100.0 * (duplex_ms > bound_ms ? duplex_ms : bound_ms) / t.ms;
    }
    return 0;
}

/* The timed run of a prepared kernel: REPS launches, or with --min-time as many more as make the
 * kernel time reach it (each try again from the write, the last one kept). 0, or -1 with the
 * entry failed. */
static int timed_gpu_run(const bench_context *c, gpu_handler *gpu, bench_entry *e, ray_tetra_result *results,
                         gpu_times *times)
{
    error_text err;
    int reps = c->reps;
    for (;;) {
        double *samples = realloc(e->samples, (size_t)reps * sizeof *samples);
        if (!samples) {
            e->status = BENCH_FAILED;
            snprintf(e->note, sizeof e->note, "out of memory for %d repetition times", reps);
            return -1;
        }
        e->samples = samples;
        poison(results, c->set->count);
        if (gpu_run_sampled(gpu, c->set, results, reps, times, e->samples, &err) != 0) {
            e->status = BENCH_FAILED;
            snprintf(e->note, sizeof e->note, "%s", err.text);
            return -1;
        }
        e->reps = reps;
        if (times->kernel_ms >= c->min_time_ms || reps >= MAX_REPS)
            return 0;
        /* Google Benchmark's rule: aim 40% past the goal, at most 10 times more a step. */
        double factor = times->kernel_ms > 0 ? 1.4 * c->min_time_ms / times->kernel_ms : 10;
        factor = factor > 10 ? 10 : (factor < 2 ? 2 : factor);
        reps = reps * factor < MAX_REPS ? (int)(reps * factor) : MAX_REPS;
    }
}

void bench_run_gpu(const bench_context *c, gpu_handler *gpu, size_t local_size, bench_entry *e,
                   ray_tetra_result *results)
{
    fprintf(c->log, "  %-18s ", e->csv_name);
    fflush(c->log);
    error_text err;
    gpu_times warm, times;
    poison(results, c->set->count);
    /* A kernel the device cannot run (double buffers or arithmetic without cl_khr_fp64) is
     * unavailable there, not failed: its cells are NA as without a device. */
    if (gpu_check_algorithm_fp64(gpu, e->gpu, &c->gpu, &err) != 0) {
        e->status = BENCH_UNAVAILABLE;
        snprintf(e->note, sizeof e->note, "%s", err.text);
        fprintf(c->log, "unavailable: %s\n", e->note);
        return;
    }
    /* The program build (or cache load) and one warm-up run stay outside the timed region. */
    gpu_set_config(gpu, &c->gpu);
    if (gpu_prepare(gpu, e->gpu, local_size, &err) != 0 || gpu_run(gpu, c->set, results, 1, &warm, &err) != 0) {
        e->status = BENCH_FAILED;
        snprintf(e->note, sizeof e->note, "%s", err.text);
        report_failure(c, e);
        return;
    }
    if (timed_gpu_run(c, gpu, e, results, &times) != 0) {
        report_failure(c, e);
        return;
    }
    e->kernel_resolution_ms = gpu_timer_resolution_ms(gpu);
    e->write_ms = times.write_ms;
    e->ms = times.kernel_ms;
    e->read_ms = times.read_ms;
    e->local_size = times.local_size;
    e->launches = times.launches;
    e->global_size = times.global_size;
    e->pairs_per_item = c->gpu.pairs_per_item ? c->gpu.pairs_per_item : 1;
    size_t read, written;
    gpu_kernel_pair_bytes(e->gpu, &c->gpu, &read, &written);
    e->mtests_per_s = timer_mtests_per_s(c->set->count, e->reps, e->ms);
    e->effective_gbs = e->ms > 0 ? (double)c->set->count * e->reps * (double)(read + written) / e->ms / 1e6 : 0.0;
    e->percent_of_copy = c->bandwidth_measured ? 100.0 * e->effective_gbs / c->bandwidth.copy_median_gbs : 0.0;
    e->status = BENCH_OK;
    bench_verify(c, results, e);
    if (e->status == BENCH_OK && e->gpu->precompute_kernel) { /* reported, as every time, only when verified */
        e->precompute_status = BENCH_OK;
        e->precompute_ms = times.precompute_ms;
    }
    /* The robust kernel is left out of --overlap: its host-side finishing is not part of the
     * pipeline; its end-to-end cells are NA. */
    if (e->status != BENCH_OK || (c->overlap_chunks && !e->gpu->robust && run_end_to_end(c, gpu, e, results) != 0)) {
        report_failure(c, e);
        return;
    }
    fprintf(c->log,
            "write %.3f ms, kernel %.3f ms (%d reps; %.2f Mtests/s), read %.3f ms; local size %zu, %zu launches "
            "(%zu chunk%s)  verified\n",
            e->write_ms, e->ms, e->reps, e->mtests_per_s, e->read_ms, e->local_size, e->launches, times.chunks,
            times.chunks == 1 ? "" : "s");
    fprintf(c->log, "  %-18s per repetition (device timer): ", "");
    print_statistics(c->log, e->samples, e->reps, c->set->count);
    fputc('\n', c->log);
    fprintf(c->log, "  %-18s %.2f Mtests/s, %.3f GB/s effective (%zu+%zu bytes a pair)", "", e->mtests_per_s,
            e->effective_gbs, read, written);
    if (c->bandwidth_measured)
        fprintf(c->log, " = %.1f%% of the copy bandwidth", e->percent_of_copy);
    fprintf(c->log, "; %zu work-items, %zu pair%s each\n", e->global_size, e->pairs_per_item,
            e->pairs_per_item == 1 ? "" : "s");
    if (e->end_to_end_done) {
        fprintf(c->log, "  %-18s end to end (pinned, %zu %s chunk%s of at most %zu pairs on %zu queue%s, %d run%s): "
                        "median %.3f ms (min %.3f, max %.3f), %.3f GB/s", "",
                e->end_to_end.chunks, gpu_chunk_sizes_name(c->gpu.chunk_sizes), e->end_to_end.chunks == 1 ? "" : "s",
                e->end_to_end.largest_chunk, e->end_to_end.queues, e->end_to_end.queues == 1 ? "" : "s",
                e->end_to_end.runs, e->end_to_end.runs == 1 ? "" : "s", e->end_to_end.ms, e->end_to_end.min_ms, e->end_to_end.max_ms,
                e->end_to_end_gbs);
        if (c->bandwidth_measured)
            fprintf(c->log, " = %.1f%% of the full-duplex bound (%.1f%% with the both-at-once bandwidth; the "
                            "transfers one after the other: %.1f%%)",
                    e->end_to_end_percent_of_bound, e->end_to_end_percent_of_duplex, e->end_to_end_percent_of_pinned);
        fputc('\n', c->log);
    }
    if (e->gpu->precompute_kernel)
        fprintf(c->log, "  %-18s tables precomputed on the device (not in the kernel time): %.3f ms (%zu bytes of "
                        "table a pair, read by the kernel beside its pair)\n", "", e->precompute_ms,
                e->gpu->table_bytes);
    fprintf(c->log, "  %-18s %s\n", "", gpu_program_note(gpu));
    if (e->gpu->robust)
        fprintf(c->log, "  %-18s %zu pairs with an uncertain sign decided exactly on the host in %.3f ms (in the read "
                        "time)\n", "", times.uncertain, times.finish_ms);
}
