/* RayTetra: run one algorithm, CPU or OpenCL, on an input file (docs/SPECIFICATION.md section 5). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "cpu/algorithms.h"
#include "cli.h"
#include "cpu/cpu_parallel.h"
#include "error.h"
#include "extent.h"
#include "cpu/extent_run.h"
#include "binary_io.h"
#include "opencl/gpu_handler.h"
#include "multi/gpu_multi_program.h"
#include "pair_check.h"
#include "pairs_io.h"
#include "pipeline/pipeline.h"
#include "pipeline/pipeline_budget.h"
#include "programs/program_options.h"
#include "programs/raytetra_options.h"
#include "registry/registry.h"
#include "registry/registry_print.h"
#include "viewer/viewer.h"

static const char *PROGRAM = "RayTetra";

typedef raytetra_options options;

static const char *algorithm_name(const options *o) { return o->gpu ? o->gpu->csv_name : o->cpu->name; }

/* Run the chosen algorithm; returns the total time in ms, or exits on failure. */
static double run(const options *o, const pair_set *set, ray_tetra_result *results, int reps)
{
    if (o->cpu)
        return cpu_algorithm_run_threads(o->cpu, set, results, reps,
                                         o->threads == 0 ? cpu_thread_count() : (int)o->threads);
    error_text err;
    if (o->devices) {
        gpu_multi_summary summary;
        if (gpu_multi_program_run(o->devices, &o->gpu_config, o->gpu, (size_t)o->local_size, set, results, reps,
                                  stdout, &summary, &err) != 0) {
            error_print(PROGRAM, &err);
            exit(error_exit_status(err.kind));
        }
        return summary.kernel_ms;
    }
    gpu_handler *gpu = NULL;
    gpu_times times;
    if (gpu_open(&gpu, (int)o->device, &err) == 0)
        gpu_set_config(gpu, &o->gpu_config);
    if (!gpu || gpu_prepare(gpu, o->gpu, (size_t)o->local_size, &err) != 0 ||
        gpu_run(gpu, set, results, reps, &times, &err) != 0) {
        gpu_close(gpu);
        error_print(PROGRAM, &err);
        exit(1);
    }
    printf("device: %s\n", gpu_device_description(gpu));
    printf("kernel: %s\n", gpu_program_note(gpu));
    size_t read, written;
    gpu_algorithm_pair_bytes(o->gpu, &o->gpu_config, &read, &written);
    printf("buffers: %zu bytes a pair in, %zu out (%s precision)\n", read, written,
           gpu_single_data(o->gpu, &o->gpu_config) ? "single" : "double");
    if (times.transfers == GPU_TRANSFERS_PINNED)
        /* The steps overlap: each one's device time, and the whole from the host's clock. */
        printf("%s: pinned transfers, %zu chunk%s on %zu queue%s: end to end %.3f ms; device times: write %.3f ms, "
               "kernel %.3f ms (%d reps), read %.3f ms; local size %zu, %zu launches; copying the pairs into pinned "
               "memory before: %.3f ms\n",
               o->gpu->csv_name, times.chunks, times.chunks == 1 ? "" : "s", times.queues, times.queues == 1 ? "" : "s",
               times.end_to_end_ms, times.write_ms, times.kernel_ms, reps, times.read_ms, times.local_size,
               times.launches, times.staging_ms);
    else
        printf("%s: write %.3f ms, kernel %.3f ms (%d reps), read %.3f ms, local size %zu, %zu launches\n",
               o->gpu->csv_name, times.write_ms, times.kernel_ms, reps, times.read_ms, times.local_size,
               times.launches);
    if (o->gpu->precompute_kernel)
        printf("%s: tables (%zu bytes a pair) precomputed on the device in %.3f ms (not in the kernel time)\n",
               o->gpu->csv_name, o->gpu->table_bytes, times.precompute_ms);
    if (o->gpu->robust)
        printf("%s: %zu pairs with an uncertain sign decided exactly on the host in %.3f ms (inside the read time)\n",
               o->gpu->csv_name, times.uncertain, times.finish_ms);
    gpu_close(gpu);
    return times.kernel_ms;
}

/* A CPU algorithm's line results clipped to the ray or the segment (cpu_extent_clip). An OpenCL
 * algorithm clips in its kernel (-DRT_EXTENT), GPU_STP0R in its host-side finishing, exactly. */
static void clip(const options *o, const pair_set *set, ray_tetra_result *results)
{
    if (o->cpu)
        cpu_extent_clip(o->cpu, set->pairs, results, set->count, o->gpu_config.extent);
}

static int display(const options *o, const pair_set *set)
{
    if ((size_t)o->display >= set->count) {
        fprintf(stderr, "%s: error: -d %lld: %s holds pairs 0 to %zu only\n", PROGRAM, o->display, o->input,
                set->count ? set->count - 1 : 0);
        return 1;
    }
    pair_set one = {1, &set->pairs[o->display]};
    ray_tetra_result result;
    run(o, &one, &result, 1);
    clip(o, &one, &result);
    viewer_request request = {
        .pair = &set->pairs[o->display],
        .index = (size_t)o->display,
        .algorithm = algorithm_name(o),
        .result = &result,
        .snapshot_path = o->snapshot,
        .width = 800,
        .height = 600,
    };
    error_text err;
    if (viewer_show(&request, &err) != 0) {
        error_print(PROGRAM, &err);
        return 1;
    }
    return 0;
}

/* A single-precision algorithm computes only pairs inside its narrower range (pair_check.h). */
static void check_single_range(const options *o, const pair_set *set)
{
    cpu_precision precision = o->gpu ? o->gpu->precision : o->cpu->precision;
    if (precision != CPU_PRECISION_FLOAT)
        return;
    char why[ERROR_TEXT_SIZE / 2];
    size_t bad = pairs_check_single(set, why, sizeof why);
    if (bad < set->count) {
        fprintf(stderr, "%s: error: %s: pair %zu: %s; %s cannot compute it, use its double-precision variant\n",
                PROGRAM, o->input, bad, why, algorithm_name(o));
        exit(1);
    }
}

/* The streaming run of every pair of INPUT into OUTPUT (pipeline.h), and its report lines. */
static int stream(const options *o)
{
    pipeline_job job;
    raytetra_job(o, PROGRAM, &job);
    pipeline_stats stats;
    error_text err;
    if (pipeline_run(&job, &stats, &err) != 0) {
        error_print(PROGRAM, &err);
        return err.kind == ERROR_USAGE ? 2 : 1;
    }
    char timing[256];
    pipeline_timing_line(&job, stats.pairs, stats.algorithm_ms, timing, sizeof timing);
    fputs(timing + 2, stdout);
    pipeline_print_stages(stdout, &stats);
    return 0;
}

int main(int argc, char **argv)
{
    options o;
    raytetra_parse(PROGRAM, argc, argv, &o, raytetra_usage);
    /* The data alone on standard output; the progress lines on stderr. */
    atomic_claim_stdout(o.output);
    atomic_claim_stdout(o.snapshot);
    error_text err;
    if (o.list_algorithms) {
        registry_print_list(stdout);
        return 0;
    }
    if (o.list_devices) {
        if (gpu_list_devices(stdout, &err) < 0) {
            error_print(PROGRAM, &err);
            return 1;
        }
        return 0;
    }
    /* Before the reading and the runs, which may take minutes. */
    const program_output outputs[] = {{"OUTPUT", o.output}, {"--snapshot", o.snapshot}};
    program_check_outputs(PROGRAM, outputs, 2, &o.input, 1);
    if (raytetra_check_extent(PROGRAM, &o) != 0)
        return 2;
    if (o.display < 0)
        return stream(&o);
    pair_set set;
    if (pairs_read(o.input, &set, &err) != 0) {
        error_print(PROGRAM, &err);
        return 1;
    }
    check_single_range(&o, &set);
    int status = display(&o, &set);
    pair_set_free(&set);
    return status;
}
