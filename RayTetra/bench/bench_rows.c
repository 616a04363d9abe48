/* bench_rows.c: the rows of a Bench run (bench_results.h), made from its table once every
 * algorithm has run: for each algorithm and phase a time row with its repetitions and the
 * throughput rows beside it, computed the way the CSV files have always shown them. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench.h"

typedef struct builder {
    const bench_context *context;
    bench_results *results;
    int failed; /* out of memory */
} builder;

static void add(builder *b, const bench_row *row, bench_metric metric, double value, const double *samples,
                int sample_count)
{
    bench_row r = *row;
    r.metric = metric;
    r.value = r.status == BENCH_OK ? value : NAN;
    if (r.status != BENCH_OK || metric != BENCH_TIME_MS)
        sample_count = 0;
    if (!bench_results_add(b->results, &r, samples, sample_count))
        b->failed = 1;
}

/* A time row and its throughput: `repetitions` passes over the pairs took `ms`. */
static void add_time(builder *b, const bench_row *row, double ms, int repetitions, const double *samples,
                     int sample_count)
{
    add(b, row, BENCH_TIME_MS, ms, samples, sample_count);
    double tests = (double)b->context->set->count * repetitions;
    add(b, row, BENCH_MTESTS_PER_S, ms > 0 ? tests / ms / 1e3 : 0.0, NULL, 0);
}

/* GB/s of `bytes_per_pair` x pairs x repetitions in `ms`. */
static double gb_per_s(const bench_context *c, double bytes_per_pair, int repetitions, double ms)
{
    return ms > 0 ? (double)c->set->count * repetitions * bytes_per_pair / ms / 1e6 : 0.0;
}

/* A CPU run's bytes per second (the pair read, with a precomputed form's table, and the result
 * written) and their share of the CPU copy loop's `copy_gbs` (none when not measured). */
static void cpu_bandwidth_rows(builder *b, const bench_row *row, double ms, double copy_gbs)
{
    double gbs = gb_per_s(b->context, (double)(row->bytes_read + row->bytes_written), row->reps, ms);
    add(b, row, BENCH_GB_PER_S, gbs, NULL, 0);
    if (copy_gbs > 0)
        add(b, row, BENCH_PERCENT_OF_COPY, 100.0 * gbs / copy_gbs, NULL, 0);
}

/* A precomputed form's `precompute` row beside its run: one filling of the tables, which reads
 * the pair (`pair_bytes`: the file's doubles on the CPU, the kernel's data on the device) and
 * writes the table. */
static void precompute_rows(builder *b, const bench_entry *e, const bench_row *row, size_t pair_bytes,
                            size_t table_bytes)
{
    if (e->precompute_status == BENCH_SKIPPED)
        return;
    bench_row p = *row;
    p.phase = BENCH_PHASE_PRECOMPUTE;
    p.status = e->precompute_status;
    p.reps = 1;
    p.bytes_read = pair_bytes;
    p.bytes_written = table_bytes;
    add_time(b, &p, e->precompute_ms, 1, &e->precompute_ms, 1);
    add(b, &p, BENCH_GB_PER_S, gb_per_s(b->context, (double)(p.bytes_read + p.bytes_written), 1, e->precompute_ms),
        NULL, 0);
}

static void cpu_rows(builder *b, const bench_entry *e, bench_row *row)
{
    const bench_context *c = b->context;
    const cpu_precomputed *pre = e->cpu->precomputed;
    const cpu_copy_bandwidth *w = &c->cpu_bandwidth;
    /* The pair, and the record of the output level (Bench --output): the CPU variants, float ones
     * too, read the file's doubles and their results are the double records. */
    size_t read, written;
    gpu_pair_bytes(&c->gpu, 0, &read, &written);
    row->phase = BENCH_PHASE_RUN;
    row->bytes_read = read + (pre ? pre->table_bytes : 0);
    row->bytes_written = written;
    row->resolution_ms = c->timer_resolution_ms;
    add_time(b, row, e->ms, row->reps, e->samples, row->reps);
    cpu_bandwidth_rows(b, row, e->ms, c->cpu_bandwidth_measured ? w->copy_gbs : 0);
    precompute_rows(b, e, row, read, pre ? pre->table_bytes : 0);
    if (e->threads_status == BENCH_SKIPPED)
        return;
    row->phase = BENCH_PHASE_RUN_THREADS;
    row->threads = e->threads_used > 0 ? e->threads_used : c->threads;
    row->status = e->threads_status;
    add_time(b, row, e->threads_ms, row->reps, e->threads_samples, row->reps);
    cpu_bandwidth_rows(b, row, e->threads_ms, c->cpu_bandwidth_measured ? w->copy_threads_gbs : 0);
}

static void gpu_rows(builder *b, const bench_entry *e, bench_row *row)
{
    const bench_context *c = b->context;
    size_t read, written, kernel_read; /* the pair and record transferred; the kernel's with its table */
    gpu_algorithm_pair_bytes(e->gpu, &c->gpu, &read, &written);
    gpu_kernel_pair_bytes(e->gpu, &c->gpu, &kernel_read, &written);
    row->local_size = e->local_size;
    row->resolution_ms = c->timer_resolution_ms;

    row->phase = BENCH_PHASE_WRITE;
    row->bytes_read = read;
    row->bytes_written = 0;
    add_time(b, row, e->write_ms, 1, &e->write_ms, 1);
    add(b, row, BENCH_GB_PER_S, gb_per_s(c, (double)read, 1, e->write_ms), NULL, 0);

    /* The tables are made on the device between the write and the kernels (the host's clock). */
    precompute_rows(b, e, row, read, e->gpu->table_bytes);

    row->phase = BENCH_PHASE_KERNEL;
    row->bytes_read = kernel_read;
    row->bytes_written = written;
    row->resolution_ms = e->kernel_resolution_ms > 0 ? e->kernel_resolution_ms : c->timer_resolution_ms;
    add(b, row, BENCH_TIME_MS, e->ms, e->samples, row->reps);
    add(b, row, BENCH_MTESTS_PER_S, e->mtests_per_s, NULL, 0);
    add(b, row, BENCH_GB_PER_S, e->effective_gbs, NULL, 0);
    if (c->bandwidth_measured)
        add(b, row, BENCH_PERCENT_OF_COPY, e->percent_of_copy, NULL, 0);
    row->resolution_ms = c->timer_resolution_ms;

    row->phase = BENCH_PHASE_READ;
    row->bytes_read = 0;
    add_time(b, row, e->read_ms, 1, &e->read_ms, 1);
    add(b, row, BENCH_GB_PER_S, gb_per_s(c, (double)written, 1, e->read_ms), NULL, 0);

    if (!e->end_to_end_done)
        return;
    row->phase = BENCH_PHASE_END_TO_END;
    row->bytes_read = read; /* what crosses to the device: the tables are made there */
    /* Its time is the median run's (not a sum like the kernel's: each run is the whole job). */
    row->reps = e->end_to_end.runs;
    add(b, row, BENCH_TIME_MS, e->end_to_end.ms, e->end_to_end_samples, e->end_to_end.runs);
    add(b, row, BENCH_MTESTS_PER_S, e->end_to_end.ms > 0 ? (double)c->set->count / e->end_to_end.ms / 1e3 : 0.0,
        NULL, 0);
    add(b, row, BENCH_GB_PER_S, e->end_to_end_gbs, NULL, 0);
    if (c->bandwidth_measured) {
        add(b, row, BENCH_PERCENT_OF_PINNED, e->end_to_end_percent_of_pinned, NULL, 0);
        add(b, row, BENCH_PERCENT_OF_BOUND, e->end_to_end_percent_of_bound, NULL, 0);
        add(b, row, BENCH_PERCENT_OF_DUPLEX, e->end_to_end_percent_of_duplex, NULL, 0);
    }
}

static void bandwidth_rows(builder *b)
{
    const gpu_bandwidth *w = &b->context->bandwidth;
    const double values[] = {w->copy_median_gbs, w->write_median_gbs, w->read_median_gbs, w->duplex_median_gbs};
    const bench_phase phases[] = {BENCH_PHASE_COPY, BENCH_PHASE_PINNED_WRITE, BENCH_PHASE_PINNED_READ,
                                  BENCH_PHASE_PINNED_DUPLEX};
    for (int k = 0; k < 4; ++k) {
        bench_row row = {.algorithm = "bandwidth", .kind = REGISTRY_OPENCL, .phase = phases[k], .status = BENCH_OK,
                         .reps = w->trials * w->launches};
        add(b, &row, BENCH_GB_PER_S, values[k], NULL, 0);
    }
}

/* The CPU copy loop's: one core, and the team's when measured. */
static void cpu_copy_rows(builder *b)
{
    const cpu_copy_bandwidth *w = &b->context->cpu_bandwidth;
    bench_row row = {.algorithm = "cpu_bandwidth", .kind = REGISTRY_CPU, .phase = BENCH_PHASE_COPY,
                     .status = BENCH_OK, .reps = w->trials * w->passes};
    add(b, &row, BENCH_GB_PER_S, w->copy_gbs, NULL, 0);
    if (w->copy_threads_gbs <= 0)
        return;
    row.phase = BENCH_PHASE_COPY_THREADS;
    row.threads = w->threads;
    add(b, &row, BENCH_GB_PER_S, w->copy_threads_gbs, NULL, 0);
}

int bench_collect(const bench_context *c, const bench_table *table, bench_results *results, error_text *err)
{
    builder b = {c, results, 0};
    if (c->bandwidth_measured)
        bandwidth_rows(&b);
    if (c->cpu_bandwidth_measured)
        cpu_copy_rows(&b);
    for (int i = 0; i < table->count; ++i) {
        const bench_entry *e = &table->entries[i];
        if (e->status == BENCH_SKIPPED)
            continue;
        const registry_variant *v = e->cpu ? registry_of_cpu(e->cpu) : registry_of_gpu(e->gpu);
        bench_row row = {.algorithm = e->csv_name, .variant = v, .kind = v->kind, .status = e->status,
                         .reps = e->reps ? e->reps : c->reps};
        if (e->cpu)
            cpu_rows(&b, e, &row);
        else
            gpu_rows(&b, e, &row);
    }
    if (b.failed)
        return error_set(err, "out of memory for the results");
    bench_results_check_threads(results);
    return 0;
}

size_t bench_local_size(const bench_results *results)
{
    for (int i = 0; i < results->count; ++i) {
        const bench_row *r = &results->rows[i];
        if (r->variant && r->kind == REGISTRY_OPENCL && r->status == BENCH_OK)
            return r->local_size;
    }
    return 0;
}
