/* bench_verify.c: the ground truth of a benchmark (the exact classifier) and the check that an
 * algorithm's results match it before its time is reported (STYLE: no timings from a run whose
 * results were wrong). */
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "bench/bench.h"
#include "exact.h"
#include "extent.h"
#include "opencl/gpu_layout.h"
#include "compare/result_compare.h"

int bench_reference(const pair_set *set, int extent, ray_tetra_result **reference, double *hit_percent,
                    error_text *err)
{
    ray_tetra_result *r = calloc(set->count ? set->count : 1, sizeof *r);
    if (!r)
        return error_set(err, "not enough memory for the reference results of %zu pairs", set->count);
    size_t hits = 0;
    /* The exact classifier is much slower than the algorithms; the pairs are independent. */
#pragma omp parallel for schedule(static) reduction(+ : hits)
    for (size_t i = 0; i < set->count; ++i) {
        extent_exact_reference(&set->pairs[i], extent, &r[i]);
        hits += (size_t)(r[i].hit != 0);
    }
    *reference = r;
    *hit_percent = set->count ? 100.0 * (double)hits / (double)set->count : 0.0;
    return 0;
}

void bench_verify(const bench_context *context, const ray_tetra_result *results, bench_entry *entry)
{
    /* Single-precision variants (CPU and OpenCL) round their inputs to float: their reals are only
     * that close. */
    cpu_precision precision = entry->cpu ? entry->cpu->precision : entry->gpu->precision;
    double tolerance = precision == CPU_PRECISION_FLOAT ? context->float_tolerance : context->tolerance;
    result_compare_summary summary;
    if (context->gpu.output != GPU_OUTPUT_ALL) {
        /* A compact output level (a kernel's or a CPU run's records) has fewer fields: check
         * exactly those (gpu_layout.h). */
        ray_tetra_result *checked = malloc(context->set->count * sizeof *checked);
        if (!checked) {
            entry->status = BENCH_FAILED;
            snprintf(entry->note, sizeof entry->note, "out of memory for verifying %zu results", context->set->count);
            return;
        }
        memcpy(checked, results, context->set->count * sizeof *checked);
        gpu_layout_fill_missing(context->gpu.output, context->reference, checked, context->set->count);
        result_compare_all(context->set, context->reference, checked, tolerance, &summary);
        free(checked);
    } else {
        result_compare_all(context->set, context->reference, results, tolerance, &summary);
    }
    if (result_compare_total(&summary) == 0)
        return;
    char text[ERROR_TEXT_SIZE - 64];
    result_compare_summary_describe(&summary, tolerance, text, sizeof text);
    /* Float arithmetic cannot decide every near-grazing pair of a large random input the way exact
     * arithmetic does (docs/ACCURACY.md); a float variant passes when at most
     * BENCH_FLOAT_MISMATCH_RATE of the pairs differ, and the differences are reported. */
    if (precision == CPU_PRECISION_FLOAT &&
        (double)result_compare_total(&summary) <= BENCH_FLOAT_MISMATCH_RATE * (double)summary.pairs) {
        fprintf(context->log, "  %-18s within the float allowance (%g of the pairs): %s\n", entry->csv_name,
                BENCH_FLOAT_MISMATCH_RATE, text);
        return;
    }
    entry->status = BENCH_FAILED;
    snprintf(entry->note, sizeof entry->note, "results differ from the exact classifier: %s", text);
}

void bench_cpu_name(char *name, size_t size)
{
    snprintf(name, size, "CPU");
    FILE *info = fopen("/proc/cpuinfo", "r");
    if (info) {
        char line[512];
        while (fgets(line, sizeof line, info)) {
            if (strncmp(line, "model name", 10) != 0)
                continue;
            const char *value = strchr(line, ':');
            if (!value)
                continue;
            value += 1 + (value[1] == ' ');
            snprintf(name, size, "%.*s", (int)strcspn(value, "\n"), value);
            fclose(info);
            return;
        }
        fclose(info);
    }
    struct utsname machine;
    if (uname(&machine) == 0)
        snprintf(name, size, "CPU (%s)", machine.machine);
}
