/* bench_devices.c: Bench's several-device rows (docs/BENCH.md, "Several devices"). The device
 * alone is run by the same runner with every other device left out, so both sides of the
 * scaling are measured the same way. */
#include "bench/bench_devices.h"

#include <stdlib.h>
#include <string.h>

#include "multi/gpu_multi_job.h"
#include "timer.h"


typedef struct devices_run {
    gpu_multi_summary steps, end_to_end; /* end_to_end.end_to_end_ms: the pinned run's; 0 if none */
} devices_run;

/* The steps run (REPS kernels) and, unless the kernel is robust, the pinned end-to-end run, on
 * the devices with active[d] (NULL: every one). `results` holds the steps run's results; `scratch`
 * the end-to-end run's, which must equal them. */
static int run_both(const bench_context *context, gpu_multi *multi, const unsigned char *active, size_t chunks,
                    const bench_entry *entry, ray_tetra_result *results, ray_tetra_result *scratch, devices_run *run,
                    const char *label, error_text *err)
{
    size_t n = gpu_multi_count(multi);
    gpu_multi_share *shares = calloc(n, sizeof *shares);
    if (!shares)
        return error_set_kind(err, ERROR_MEMORY, "out of memory");
    char prefix[128];
    snprintf(prefix, sizeof prefix, "devices %s: %s", entry->csv_name, label);
    memset(run, 0, sizeof *run);
    gpu_multi_plan steps = {.path = GPU_MULTI_STEPS, .reps = context->reps};
    gpu_multi_plan pinned = {.path = GPU_MULTI_END_TO_END, .chunks = chunks};
    int status = gpu_multi_job_run(multi, context->set, active, &steps, results, shares, &run->steps, err);
    if (status == 0)
        gpu_multi_print_shares(context->log, multi, prefix, shares, &steps, context->set->count);
    if (status == 0 && !entry->gpu->robust) {
        status = gpu_multi_job_run(multi, context->set, active, &pinned, scratch, shares, &run->end_to_end, err);
        if (status == 0) {
            gpu_multi_print_shares(context->log, multi, prefix, shares, &pinned, context->set->count);
            size_t at = gpu_multi_first_difference(results, scratch, context->set->count);
            if (at < context->set->count)
                status = error_set(err, "%s: pair %zu of the end-to-end run differs from the same devices' steps run",
                                   label, at);
        }
    }
    free(shares);
    return status;
}

/* "kernel X ms (R reps, M Mtests/s), end to end Y ms (how; M Mtests/s)" */
static void print_figures(FILE *out, const bench_context *context, const bench_entry *entry, const devices_run *run,
                          size_t chunks)
{
    size_t pairs = context->set->count;
    fprintf(out, "kernel %.3f ms (%d reps, %.3f Mtests/s), ", run->steps.kernel_ms, context->reps,
            timer_mtests_per_s(pairs, context->reps, run->steps.kernel_ms));
    if (entry->gpu->robust)
        fprintf(out, "end to end %.3f ms (write + one kernel + read; %.3f Mtests/s)\n", run->steps.end_to_end_ms,
                timer_mtests_per_s(pairs, 1, run->steps.end_to_end_ms));
    else
        fprintf(out, "end to end %.3f ms (pinned, %zu overlapped parts a chunk; %.3f Mtests/s)\n",
                run->end_to_end.end_to_end_ms, chunks, timer_mtests_per_s(pairs, 1, run->end_to_end.end_to_end_ms));
}

static double end_to_end_ms(const bench_entry *entry, const devices_run *run)
{
    return entry->gpu->robust ? run->steps.end_to_end_ms : run->end_to_end.end_to_end_ms;
}

int bench_run_devices(const bench_context *context, gpu_multi *multi, size_t local_size, size_t chunks,
                      const bench_entry *entry, ray_tetra_result *results)
{
    FILE *out = context->log;
    size_t n = gpu_multi_count(multi), count = context->set->count;
    int first = gpu_multi_device(multi, 0);
    ray_tetra_result *alone = malloc(count * sizeof *alone), *scratch = malloc(count * sizeof *scratch);
    unsigned char *first_only = calloc(n, sizeof *first_only);
    error_text err;
    int status = -1;
    devices_run one, all;
    if (!alone || !scratch || !first_only) {
        error_set_kind(&err, ERROR_MEMORY, "out of memory for %zu results", count);
    } else if (gpu_multi_prepare(multi, entry->gpu, local_size, &err) == 0) {
        first_only[0] = 1; /* every other device left out: the first device alone */
        char label[64];
        snprintf(label, sizeof label, "device %d alone", first);
        status = run_both(context, multi, first_only, chunks, entry, alone, scratch, &one, label, &err);
        if (status == 0)
            status = run_both(context, multi, NULL, chunks, entry, results, scratch, &all, "together", &err);
    }
    if (status == 0) {
        fprintf(out, "devices %s: device %d alone: ", entry->csv_name, first);
        print_figures(out, context, entry, &one, chunks);
        fprintf(out, "devices %s: aggregate over %zu device%s: ", entry->csv_name, all.steps.devices_used,
                all.steps.devices_used == 1 ? "" : "s");
        print_figures(out, context, entry, &all, chunks);
        double e1 = end_to_end_ms(entry, &one), en = end_to_end_ms(entry, &all);
        fprintf(out, "devices %s: scaling against device %d alone: kernel %.3fx, end to end %.3fx (%zu device%s "
                     "listed)\n",
                entry->csv_name, first, all.steps.kernel_ms > 0 ? one.steps.kernel_ms / all.steps.kernel_ms : 0.0,
                en > 0 ? e1 / en : 0.0, n, n == 1 ? "" : "s");
        bench_entry probe = *entry;
        probe.status = BENCH_OK;
        bench_verify(context, results, &probe);
        size_t at = gpu_multi_first_difference(results, alone, count);
        if (probe.status != BENCH_OK) {
            error_set(&err, "together: %s", probe.note);
            status = -1;
        } else if (at < count) {
            error_set(&err, "together: pair %zu differs from device %d alone", at, first);
            status = -1;
        } else {
            fprintf(out, "devices %s: verified; results identical to device %d alone\n", entry->csv_name, first);
        }
    }
    if (status != 0)
        fprintf(stderr, "Bench: error: devices %s: %s\n", entry->csv_name, err.text);
    free(alone);
    free(scratch);
    free(first_only);
    return status != 0;
}

int bench_run_devices_all(const bench_context *context, const int *devices, size_t count, size_t local_size,
                          size_t chunks, const bench_table *table, ray_tetra_result *results)
{
    int selected = 0, failed = 0;
    for (int i = 0; i < table->count; ++i)
        selected += table->entries[i].gpu && table->entries[i].selected;
    if (selected == 0)
        return 0;
    gpu_multi *multi;
    error_text err;
    if (gpu_multi_open(&multi, devices, count, &err) != 0) {
        fprintf(stderr, "Bench: error: devices: %s\n", err.text);
        return selected;
    }
    gpu_multi_set_config(multi, &context->gpu);
    gpu_multi_set_log(multi, stderr);
    fprintf(context->log, "devices: %zu listed (--devices); each OpenCL algorithm on device %d alone, then on all "
                          "at once, in chunks handed out as the devices finish\n",
            count, devices[0]);
    for (int i = 0; i < table->count; ++i)
        if (table->entries[i].gpu && table->entries[i].selected)
            failed += bench_run_devices(context, multi, local_size, chunks, &table->entries[i], results);
    gpu_multi_close(multi);
    return failed;
}
