/* bench_long.c: the long CSV's rows of one run, written from the rows of bench_results.h: one
 * line per algorithm and phase (and one per bandwidth of the device), its time, throughput and
 * transfer figures side by side, for R, pandas and spreadsheets. The header and the append are
 * bench_csv.c's. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench.h"

/* A CSV field, quoted when it holds a comma, a quote or a line end (RFC 4180). */
static void put_field(FILE *out, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, out);
        return;
    }
    fputc('"', out);
    for (; *s; ++s) {
        if (*s == '"')
            fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

static void prefix(FILE *out, const bench_context *c, const char *device)
{
    put_field(out, c->date);
    fputc(',', out);
    put_field(out, c->input);
    fputc(',', out);
    put_field(out, device);
}

/* A sibling row's value with `format`, or NA when there is none or its run was not verified. */
static void value(FILE *out, const bench_results *results, const bench_row *time, bench_metric metric,
                  const char *format)
{
    const bench_row *row = bench_results_find(results, time->algorithm, time->phase, metric);
    if (row && row->status == BENCH_OK && !isnan(row->value))
        fprintf(out, format, row->value);
    else
        fputs("NA", out);
    fputc(',', out);
}

/* The line of one algorithm's phase, from its time row and the other metrics of that phase. */
static void phase_line(FILE *out, const bench_context *c, const bench_results *results, const bench_row *time)
{
    int opencl = time->kind == REGISTRY_OPENCL;
    prefix(out, c, opencl ? (c->opencl[0] ? c->opencl : "none") : c->cpu_name);
    char phase[32];
    fprintf(out, ",%s,%s,%zu,%.6g,%d,", time->algorithm,
            bench_phase_name(time->phase, time->threads, phase, sizeof phase), c->set->count, c->hit_percent,
            time->reps);
    int ok = time->status == BENCH_OK;
    if (ok)
        fprintf(out, "%.3f,", time->value);
    else
        fputs("NA,", out);
    value(out, results, time, BENCH_MTESTS_PER_S, "%.3f");
    /* Per repetition: the single-threaded CPU run, the kernel (its launches' device times,
     * summed over the chunks) and the end-to-end runs; the other transfers happen once. */
    if (ok && time->sample_count &&
        ((!opencl && time->phase == BENCH_PHASE_RUN) ||
         (opencl && (time->phase == BENCH_PHASE_KERNEL || time->phase == BENCH_PHASE_END_TO_END))))
        fprintf(out, "%.3f,%.3f,%.3f,", time->summary.min, time->summary.median, time->summary.max);
    else
        fputs("NA,NA,NA,", out);
    if (ok && opencl)
        fprintf(out, "%zu,", time->local_size);
    else
        fputs("NA,", out);
    if (ok && time->value > 0)
        value(out, results, time, BENCH_GB_PER_S, "%.3f");
    else
        fputs("NA,", out);
    value(out, results, time, BENCH_PERCENT_OF_COPY, "%.2f");
    if (opencl)
        /* The input layout, and "/soa" after it for records written as arrays (the column keeps
         * its meaning for every run before --result-layout). */
        fprintf(out, "%s%s,%s,%zu,", gpu_layout_name(c->gpu.layout),
                gpu_result_layout(&c->gpu) == GPU_LAYOUT_SOA ? "/soa" : "", gpu_output_name(c->gpu.output),
                c->gpu.pairs_per_item ? c->gpu.pairs_per_item : 1);
    else /* a CPU run has an output level too (Bench --output), but no layout nor work-items */
        fprintf(out, "NA,%s,NA,", gpu_output_name(c->gpu.output));
    /* The data this phase moves a pair (bench_rows.c: a kernel's by its data precision, with a
     * precomputed form's table), the figures its gb_per_s and percent_of_copy come from. */
    fprintf(out, "%zu,%zu,%s\n", time->bytes_read, time->bytes_written, bench_status_name(time->status));
}

/* A bandwidth of the device (algorithm "bandwidth") or of the CPU ("cpu_bandwidth"): the median
 * in gb_per_s, 100 % of the copy bandwidth for the copy itself. */
static void bandwidth_line(FILE *out, const bench_context *c, const bench_row *row)
{
    int copy = row->phase == BENCH_PHASE_COPY || row->phase == BENCH_PHASE_COPY_THREADS;
    prefix(out, c, row->kind == REGISTRY_CPU ? c->cpu_name : c->opencl);
    char phase[32];
    fprintf(out, ",%s,%s,%zu,%.6g,%d,NA,NA,NA,NA,NA,NA,%.3f,%s,NA,NA,NA,NA,NA,%s\n", row->algorithm,
            bench_phase_name(row->phase, row->threads, phase, sizeof phase), c->set->count, c->hit_percent,
            row->reps, row->value, copy ? "100.00" : "NA", bench_status_name(row->status));
}

char *bench_long_text(const bench_context *c, const bench_results *results)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    if (!out)
        return NULL;
    for (int i = 0; i < results->count; ++i) {
        const bench_row *row = &results->rows[i];
        if (!row->variant && row->metric == BENCH_GB_PER_S)
            bandwidth_line(out, c, row);
        else if (row->variant && row->metric == BENCH_TIME_MS)
            phase_line(out, c, results, row);
    }
    if (fclose(out) != 0) {
        free(text);
        return NULL;
    }
    return text;
}
