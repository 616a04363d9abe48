/* bench_json.c: Bench's JSON document (docs/JSON.md, schema raytetra-bench/1), written from the
 * rows of bench_results.h: the run's full context, then one result per algorithm and phase with
 * every repetition's time and their statistics. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench.h"
#include "extent.h"
#include "bench/bench_json.h"
#include "bench/results_json.h"
#include "registry/registry_print.h"

static void add(json_object *object, const char *key, json_object *value)
{
    json_object_object_add(object, key, value);
}

static json_object *bandwidth(const bench_context *c)
{
    if (!c->bandwidth_measured)
        return NULL;
    json_object *b = json_object_new_object();
    add(b, "copy", results_json_number(c->bandwidth.copy_median_gbs));
    add(b, "pinned_write", results_json_number(c->bandwidth.write_median_gbs));
    add(b, "pinned_read", results_json_number(c->bandwidth.read_median_gbs));
    add(b, "pinned_duplex", results_json_number(c->bandwidth.duplex_median_gbs));
    return b;
}

/* The CPU copy loop's GB/s (cpu_copy.h), null when not measured. */
static json_object *cpu_bandwidth(const bench_context *c)
{
    if (!c->cpu_bandwidth_measured)
        return NULL;
    const cpu_copy_bandwidth *w = &c->cpu_bandwidth;
    json_object *b = json_object_new_object();
    add(b, "copy", results_json_number(w->copy_gbs));
    add(b, "copy_threads", w->copy_threads_gbs > 0 ? results_json_number(w->copy_threads_gbs) : NULL);
    add(b, "threads", json_object_new_int(w->threads));
    add(b, "bytes", json_object_new_int64((int64_t)w->bytes));
    return b;
}

static void fill_context(json_object *context, const bench_context *c, const bench_results *results)
{
    int opencl = c->opencl[0] != '\0';
    size_t local_size = bench_local_size(results);
    add(context, "threads", json_object_new_int(c->threads > 1 ? c->threads : 1));
    add(context, "thread_binding", c->thread_binding[0] ? json_object_new_string(c->thread_binding) : NULL);
    add(context, "record_stores", json_object_new_string(c->record_stores ? c->record_stores : "cached"));
    add(context, "opencl_platform", results_json_string(c->opencl_platform));
    add(context, "opencl_device", results_json_string(c->opencl_device));
    add(context, "opencl_driver", results_json_string(c->opencl_driver));
    add(context, "local_size", local_size ? json_object_new_int64((int64_t)local_size) : NULL);
    add(context, "pairs", json_object_new_int64((int64_t)c->set->count));
    add(context, "hit_percent", results_json_number(c->hit_percent));
    add(context, "seed", c->input_seed >= 0 ? json_object_new_int64(c->input_seed) : NULL);
    add(context, "reps", json_object_new_int(c->reps));
    add(context, "min_time_s", c->min_time_ms > 0 ? results_json_number(c->min_time_ms / 1e3) : NULL);
    add(context, "timer_resolution_ms", results_json_ms(c->timer_resolution_ms));
    add(context, "opencl_timer_resolution_ms", opencl ? results_json_ms(c->opencl_timer_resolution_ms) : NULL);
    add(context, "tolerance", results_json_number(c->tolerance));
    add(context, "float_tolerance", results_json_number(c->float_tolerance));
    add(context, "layout", opencl ? json_object_new_string(gpu_layout_name(c->gpu.layout)) : NULL);
    add(context, "output", json_object_new_string(gpu_output_name(c->gpu.output))); /* CPU runs' too */
    add(context, "result_layout", opencl ? json_object_new_string(gpu_layout_name(gpu_result_layout(&c->gpu))) : NULL);
    add(context, "float_data", opencl ? json_object_new_string(gpu_float_data_name(c->gpu.float_data)) : NULL);
    add(context, "pairs_per_item",
        opencl ? json_object_new_int64((int64_t)(c->gpu.pairs_per_item ? c->gpu.pairs_per_item : 1)) : NULL);
    add(context, "extent", json_object_new_string(extent_name(c->gpu.extent)));
    add(context, "overlap_chunks", c->overlap_chunks ? json_object_new_int64((int64_t)c->overlap_chunks) : NULL);
    add(context, "chunk_sizes",
        c->overlap_chunks ? json_object_new_string(gpu_chunk_sizes_name(c->gpu.chunk_sizes)) : NULL);
    add(context, "bandwidth_gb_per_s", bandwidth(c));
    add(context, "cpu_bandwidth_gb_per_s", cpu_bandwidth(c));
    add(context, "wall_ms", c->stages ? results_json_ms(c->stages->wall_ms) : NULL);
    add(context, "stages", c->stages ? bench_stages_json(c->stages) : NULL);
    json_object *bootstrap = json_object_new_object();
    add(bootstrap, "resamples", json_object_new_int(BENCH_BOOTSTRAP_RESAMPLES));
    add(bootstrap, "confidence", results_json_number(BENCH_CONFIDENCE));
    add(bootstrap, "seed", json_object_new_int64(BENCH_BOOTSTRAP_SEED));
    add(context, "bootstrap", bootstrap);
}

/* The registry's properties as a list of words (those of --list-algorithms). */
static json_object *properties(const bench_row *row)
{
    char text[64];
    return results_json_words(registry_properties_text(row->variant, text, sizeof text));
}

static json_object *warnings(const bench_row *row)
{
    json_object *list = results_json_compact_array();
    for (unsigned flag = 1; flag <= BENCH_WARN_THREADS_SLOWER; flag <<= 1)
        if (row->warnings & flag)
            json_object_array_add(list, json_object_new_string(bench_warning_name(flag)));
    return list;
}

/* A sibling row's value (same algorithm and phase), null when there is none. */
static json_object *sibling(const bench_results *results, const bench_row *time, bench_metric metric)
{
    const bench_row *row = bench_results_find(results, time->algorithm, time->phase, metric);
    return row && row->status == BENCH_OK ? results_json_number(row->value) : NULL;
}

static json_object *result(const bench_context *c, const bench_results *results, const bench_row *row)
{
    const bench_summary *s = &row->summary;
    int measured = row->status == BENCH_OK && row->sample_count > 0;
    char phase[32];
    json_object *r = json_object_new_object(), *samples = results_json_compact_array();
    for (int i = 0; measured && i < row->sample_count; ++i)
        json_object_array_add(samples, results_json_ms(row->samples[i]));
    add(r, "algorithm", json_object_new_string(row->algorithm));
    add(r, "kind", json_object_new_string(row->kind == REGISTRY_CPU ? "cpu" : "opencl"));
    add(r, "precision", json_object_new_string(cpu_precision_name(row->variant->precision)));
    add(r, "phase", json_object_new_string(bench_phase_name(row->phase, row->threads, phase, sizeof phase)));
    add(r, "pairs", json_object_new_int64((int64_t)c->set->count));
    add(r, "reps", json_object_new_int(measured ? row->sample_count : 0));
    add(r, "samples_ms", samples);
    add(r, "median_ms", measured ? results_json_ms(s->median) : NULL);
    add(r, "min_ms", measured ? results_json_ms(s->min) : NULL);
    add(r, "max_ms", measured ? results_json_ms(s->max) : NULL);
    /* From the median as written (to the nanosecond), so that the file agrees with itself. */
    double median = round(s->median * 1e6) / 1e6;
    add(r, "mtests_per_s", measured && median > 0 ? results_json_number((double)c->set->count / median / 1e3) : NULL);
    add(r, "bytes_read_per_pair", json_object_new_int64((int64_t)row->bytes_read));
    add(r, "bytes_written_per_pair", json_object_new_int64((int64_t)row->bytes_written));
    add(r, "verified", json_object_new_boolean(row->status == BENCH_OK));
    add(r, "status", json_object_new_string(bench_status_name(row->status)));
    add(r, "sum_ms", measured ? results_json_ms(s->sum) : NULL);
    add(r, "mean_ms", measured ? results_json_ms(s->mean) : NULL);
    add(r, "mad_ms", measured ? results_json_ms(s->mad) : NULL);
    add(r, "cv", measured ? results_json_number(s->cv) : NULL);
    json_object *interval = NULL;
    if (measured) {
        interval = results_json_compact_array();
        json_object_array_add(interval, results_json_ms(s->median_low));
        json_object_array_add(interval, results_json_ms(s->median_high));
    }
    add(r, "median_ci_ms", interval);
    add(r, "resolution_ms", results_json_ms(row->resolution_ms));
    add(r, "threads", json_object_new_int(row->phase == BENCH_PHASE_RUN_THREADS ? row->threads : 1));
    int cpu_run = row->phase == BENCH_PHASE_RUN || row->phase == BENCH_PHASE_RUN_THREADS;
    int opencl = row->kind == REGISTRY_OPENCL && row->local_size;
    add(r, "local_size", opencl ? json_object_new_int64((int64_t)row->local_size) : NULL);
    add(r, "gb_per_s", sibling(results, row, BENCH_GB_PER_S));
    if (row->phase == BENCH_PHASE_KERNEL || (cpu_run && c->cpu_bandwidth_measured))
        add(r, "percent_of_copy", sibling(results, row, BENCH_PERCENT_OF_COPY));
    if (row->phase == BENCH_PHASE_END_TO_END)
    {
        add(r, "percent_of_pinned", sibling(results, row, BENCH_PERCENT_OF_PINNED));
        add(r, "percent_of_bound", sibling(results, row, BENCH_PERCENT_OF_BOUND));
        add(r, "percent_of_duplex", sibling(results, row, BENCH_PERCENT_OF_DUPLEX));
    }
    add(r, "properties", properties(row));
    add(r, "warnings", warnings(row));
    return r;
}

int bench_write_json(const char *path, const bench_context *c, const bench_results *results, error_text *err)
{
    json_object *document =
        results_json_document(RESULTS_JSON_BENCH_SCHEMA, c->command, c->date, c->input, c->cpu_name, err);
    if (!document)
        return -1;
    fill_context(results_json_context(document), c, results);
    json_object *list = results_json_results(document);
    for (int i = 0; i < results->count; ++i) {
        const bench_row *row = &results->rows[i];
        if (row->variant && row->metric == BENCH_TIME_MS)
            json_object_array_add(list, result(c, results, row));
    }
    int status = results_json_write(path, document, err);
    json_object_put(document);
    return status;
}
