/* bench_wide.c: the wide CSV's columns and the text of one run, written from the rows of
 * bench_results.h, and --describe-columns. The columns keep the thesis' header as their fixed
 * prefix, so that gnuplot scripts written for the original sweep still read the file; each
 * column is one (algorithm, phase, metric) of the rows, which is what --describe-columns says,
 * so that scripts need not guess from a column's name. Values are those of the rows: times in ms
 * summed over the repetitions, NA where a run failed or did not happen. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench.h"
#include "extent.h"
#include "registry/registry_print.h"

/* The original program's header (docs/SPECIFICATION.md section 5); new columns may only follow these. */
static const char *const THESIS_COLUMNS[] = {
    "Haines",         "Moller1",     "Moller2",         "Moller3",        "Segura0",  "Segura1",
    "Segura2",        "STP0",        "STP1",            "STP2",           "GPU_Segura0_Write",
    "GPU_Segura0",    "GPU_Segura0_Read", "GPU_STP0_Write", "GPU_STP0",   "GPU_STP0_Read",
    "GPU_STP1_Write", "GPU_STP1",    "GPU_STP1_Read",   "GPU_STP2_Write", "GPU_STP2", "GPU_STP2_Read",
};
#define THESIS_COUNT ((int)(sizeof THESIS_COLUMNS / sizeof THESIS_COLUMNS[0]))

static const char BANDWIDTH[] = "bandwidth";
static const char CPU_BANDWIDTH[] = "cpu_bandwidth";

/* One column: the row it shows. `entry` -1 with no algorithm: a thesis column of an algorithm
 * that no longer exists (always NA). */
typedef struct column {
    char name[80];
    int entry;             /* index into the table; -1: none */
    const char *algorithm; /* the rows' algorithm name (CSV name, or "bandwidth"); NULL: none */
    bench_phase phase;
    bench_metric metric;
} column;

static column make(const bench_table *table, int entry, const char *algorithm, bench_phase phase,
                   bench_metric metric, const char *suffix)
{
    column c = {.entry = entry, .algorithm = algorithm, .phase = phase, .metric = metric};
    if (entry >= 0)
        c.algorithm = table->entries[entry].csv_name;
    snprintf(c.name, sizeof c.name, "%s%s", c.algorithm, suffix);
    return c;
}

/* A precomputed form, CPU or OpenCL: they came later, so their columns go last (wide_columns). */
static int precomputed(const bench_entry *e)
{
    return e->cpu ? e->cpu->precomputed != NULL : e->gpu->precompute_kernel != NULL;
}

/* An OpenCL algorithm's three time columns. */
static int opencl_time_columns(const bench_table *table, int i, column *columns)
{
    columns[0] = make(table, i, NULL, BENCH_PHASE_WRITE, BENCH_TIME_MS, "_Write");
    columns[1] = make(table, i, NULL, BENCH_PHASE_KERNEL, BENCH_TIME_MS, "");
    columns[2] = make(table, i, NULL, BENCH_PHASE_READ, BENCH_TIME_MS, "_Read");
    return 3;
}

/* An OpenCL algorithm's kernel throughput and end-to-end columns. */
static int opencl_rate_columns(const bench_table *table, int i, column *columns)
{
    columns[0] = make(table, i, NULL, BENCH_PHASE_KERNEL, BENCH_MTESTS_PER_S, "_Mtests_s");
    columns[1] = make(table, i, NULL, BENCH_PHASE_KERNEL, BENCH_GB_PER_S, "_GBs");
    columns[2] = make(table, i, NULL, BENCH_PHASE_KERNEL, BENCH_PERCENT_OF_COPY, "_Pct_Copy");
    columns[3] = make(table, i, NULL, BENCH_PHASE_END_TO_END, BENCH_TIME_MS, "_E2E");
    columns[4] = make(table, i, NULL, BENCH_PHASE_END_TO_END, BENCH_GB_PER_S, "_E2E_GBs");
    columns[5] = make(table, i, NULL, BENCH_PHASE_END_TO_END, BENCH_PERCENT_OF_PINNED, "_E2E_Pct_Pinned");
    return 6;
}

/* Every time column the table has, in table order (an OpenCL algorithm has three), but the
 * precomputed forms'. */
static int natural_columns(const bench_table *table, column *columns)
{
    int n = 0;
    for (int i = 0; i < table->count; ++i) {
        if (precomputed(&table->entries[i]))
            continue;
        if (table->entries[i].cpu)
            columns[n++] = make(table, i, NULL, BENCH_PHASE_RUN, BENCH_TIME_MS, "");
        else
            n += opencl_time_columns(table, i, columns + n);
    }
    return n;
}

/* The wide CSV's columns after IT: the thesis' first, then the rest. Returns a malloc'ed array. */
static column *wide_columns(const bench_table *table, int *count)
{
    int capacity = THESIS_COUNT + 10 * table->count + 5;
    column *natural = calloc((size_t)capacity, sizeof *natural);
    column *wide = calloc((size_t)capacity, sizeof *wide);
    char *used = calloc((size_t)capacity, 1);
    if (!natural || !wide || !used) {
        free(natural);
        free(wide);
        free(used);
        return NULL;
    }
    int natural_count = natural_columns(table, natural), n = 0;
    for (int t = 0; t < THESIS_COUNT; ++t) {
        wide[n] = (column){.entry = -1};
        snprintf(wide[n].name, sizeof wide[n].name, "%s", THESIS_COLUMNS[t]);
        for (int k = 0; k < natural_count; ++k)
            if (!used[k] && strcmp(natural[k].name, THESIS_COLUMNS[t]) == 0) {
                wide[n] = natural[k];
                used[k] = 1;
                break;
            }
        ++n;
    }
    for (int k = 0; k < natural_count; ++k)
        if (!used[k])
            wide[n++] = natural[k];
    wide[n++] = make(table, -1, BANDWIDTH, BENCH_PHASE_COPY, BENCH_GB_PER_S, "");
    wide[n++] = make(table, -1, BANDWIDTH, BENCH_PHASE_PINNED_WRITE, BENCH_GB_PER_S, "");
    wide[n++] = make(table, -1, BANDWIDTH, BENCH_PHASE_PINNED_READ, BENCH_GB_PER_S, "");
    snprintf(wide[n - 3].name, sizeof wide[0].name, "Copy_GBs");
    snprintf(wide[n - 2].name, sizeof wide[0].name, "Pinned_Write_GBs");
    snprintf(wide[n - 1].name, sizeof wide[0].name, "Pinned_Read_GBs");
    for (int i = 0; i < table->count; ++i)
        if (table->entries[i].gpu && !precomputed(&table->entries[i]))
            n += opencl_rate_columns(table, i, wide + n);
    for (int i = 0; i < table->count; ++i)
        if (table->entries[i].cpu && !table->entries[i].cpu->precomputed)
            wide[n++] = make(table, i, NULL, BENCH_PHASE_RUN_THREADS, BENCH_TIME_MS, "_MT");
    /* Added since, after every older column (a header written before is a prefix of this one):
     * the CPU copy loop (one core, the threads), then the CPU precomputed forms' run, precomputation
     * and multi-threaded run, then the OpenCL precomputed forms' times, precomputation and rates. */
    wide[n++] = make(table, -1, CPU_BANDWIDTH, BENCH_PHASE_COPY, BENCH_GB_PER_S, "");
    wide[n++] = make(table, -1, CPU_BANDWIDTH, BENCH_PHASE_COPY_THREADS, BENCH_GB_PER_S, "");
    snprintf(wide[n - 2].name, sizeof wide[0].name, "CPU_Copy_GBs");
    snprintf(wide[n - 1].name, sizeof wide[0].name, "CPU_Copy_MT_GBs");
    for (int i = 0; i < table->count; ++i)
        if (table->entries[i].cpu && table->entries[i].cpu->precomputed)
            wide[n++] = make(table, i, NULL, BENCH_PHASE_RUN, BENCH_TIME_MS, "");
    for (int i = 0; i < table->count; ++i)
        if (table->entries[i].cpu && table->entries[i].cpu->precomputed)
            wide[n++] = make(table, i, NULL, BENCH_PHASE_PRECOMPUTE, BENCH_TIME_MS, "_Pre");
    for (int i = 0; i < table->count; ++i)
        if (table->entries[i].cpu && table->entries[i].cpu->precomputed)
            wide[n++] = make(table, i, NULL, BENCH_PHASE_RUN_THREADS, BENCH_TIME_MS, "_MT");
    for (int i = 0; i < table->count; ++i)
        if (table->entries[i].gpu && precomputed(&table->entries[i]))
            n += opencl_time_columns(table, i, wide + n);
    for (int i = 0; i < table->count; ++i)
        if (table->entries[i].gpu && precomputed(&table->entries[i]))
            wide[n++] = make(table, i, NULL, BENCH_PHASE_PRECOMPUTE, BENCH_TIME_MS, "_Pre");
    for (int i = 0; i < table->count; ++i)
        if (table->entries[i].gpu && precomputed(&table->entries[i]))
            n += opencl_rate_columns(table, i, wide + n);
    free(used);
    free(natural);
    *count = n;
    return wide;
}

char *bench_wide_header(const bench_table *table)
{
    int count;
    column *columns = wide_columns(table, &count);
    if (!columns)
        return NULL;
    size_t size = 32;
    for (int i = 0; i < count; ++i)
        size += strlen(columns[i].name) + 1;
    char *header = malloc(size);
    if (header) {
        strcpy(header, "#Intersecting_Pairs");
        for (int i = 0; i < count; ++i) {
            strcat(header, ",");
            strcat(header, columns[i].name);
        }
    }
    free(columns);
    return header;
}

/* A metadata value without the separators of the metadata line. */
static void clean(char *s)
{
    for (; *s; ++s)
        if (*s == ';' || *s == '\n' || *s == '\r')
            *s = ' ';
}

static void metadata(FILE *out, const bench_context *c, const bench_results *results)
{
    char input[1024], cpu[256], opencl[512], reps[32];
    snprintf(input, sizeof input, "%s", c->input);
    snprintf(cpu, sizeof cpu, "%s", c->cpu_name);
    snprintf(opencl, sizeof opencl, "%s", c->opencl[0] ? c->opencl : "none");
    clean(input);
    clean(cpu);
    clean(opencl);
    /* With --min-time each algorithm has its own count (the long CSV and the JSON give it). */
    if (c->min_time_ms > 0)
        snprintf(reps, sizeof reps, "auto");
    else
        snprintf(reps, sizeof reps, "%d", c->reps);
    fprintf(out, "# Bench; date=%s; input=%s; pairs=%zu; reps=%s; hit_percent=%.6g; tolerance=%g; float_tolerance=%g; "
                 "cpu=%s; layout=%s; output=%s; pairs_per_item=%zu; overlap_chunks=%zu; opencl=%s; ",
            c->date, input, c->set->count, reps, c->hit_percent, c->tolerance, c->float_tolerance, cpu,
            gpu_layout_name(c->gpu.layout), gpu_output_name(c->gpu.output),
            c->gpu.pairs_per_item ? c->gpu.pairs_per_item : 1, c->overlap_chunks, opencl);
    size_t local_size = bench_local_size(results);
    if (local_size)
        fprintf(out, "local_size=%zu", local_size);
    else
        fprintf(out, "local_size=NA");
    /* The line, the thesis' extent, is the default and goes unnamed (the line stays as it was). */
    if (c->gpu.extent != RT_EXTENT_LINE)
        fprintf(out, "; extent=%s", extent_name(c->gpu.extent));
    /* Likewise the thesis' records. */
    if (gpu_result_layout(&c->gpu) == GPU_LAYOUT_SOA)
        fprintf(out, "; result_layout=soa");
    /* And the float kernels' single-precision buffers. */
    if (c->gpu.float_data == GPU_FLOAT_DATA_DOUBLE)
        fprintf(out, "; float_data=double");
    fputc('\n', out);
}

char *bench_wide_text(const bench_context *c, const bench_table *table, const bench_results *results)
{
    int count;
    column *columns = wide_columns(table, &count);
    char *text = NULL;
    size_t size = 0;
    FILE *out = columns ? open_memstream(&text, &size) : NULL;
    if (!out) {
        free(columns);
        return NULL;
    }
    metadata(out, c, results);
    fprintf(out, "%.6g", c->hit_percent);
    for (int i = 0; i < count; ++i) {
        const column *k = &columns[i];
        const bench_row *row = k->algorithm ? bench_results_find(results, k->algorithm, k->phase, k->metric) : NULL;
        if (row && row->status == BENCH_OK && !isnan(row->value))
            fprintf(out, ",%.3f", row->value);
        else
            fputs(",NA", out);
    }
    fputc('\n', out);
    free(columns);
    if (fclose(out) != 0) {
        free(text);
        return NULL;
    }
    return text;
}

static void describe(FILE *out, int index, const char *name, const bench_table *table, const column *k)
{
    if (!k) {
        fprintf(out, "%d %s - - - - - - -\n", index, name);
        return;
    }
    const registry_variant *v = NULL;
    if (k->entry >= 0) {
        const bench_entry *e = &table->entries[k->entry];
        v = e->cpu ? registry_of_cpu(e->cpu) : registry_of_gpu(e->gpu);
    }
    char phase[32], words[64];
    fprintf(out, "%d %s %s %s %s %s %s %s %s\n", index, name, k->algorithm,
            v ? (v->kind == REGISTRY_CPU ? "cpu" : "opencl") : (k->algorithm == CPU_BANDWIDTH ? "cpu" : "opencl"),
            v ? cpu_precision_name(v->precision) : "-", bench_phase_name(k->phase, 0, phase, sizeof phase),
            bench_metric_name(k->metric), bench_metric_unit(k->metric),
            v ? registry_properties_text(v, words, sizeof words) : "-");
}

int bench_describe_columns(FILE *out, const bench_table *table, const char *header, error_text *err)
{
    char *own = header ? NULL : bench_wide_header(table);
    int count;
    column *columns = wide_columns(table, &count);
    char *copy = strdup(header ? header : own ? own : "");
    if (!columns || !copy || (!header && !own)) {
        free(own);
        free(columns);
        free(copy);
        return error_set(err, "out of memory");
    }
    copy[strcspn(copy, "\r\n")] = '\0';
    int index = 0;
    char *save = NULL;
    for (char *name = strtok_r(copy, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
        ++index;
        if (index == 1 && strcmp(name, "#Intersecting_Pairs") == 0) {
            fprintf(out, "1 %s - - - input hit_percent %% -\n", name);
            continue;
        }
        const column *found = NULL;
        for (int i = 0; i < count && !found; ++i)
            if (columns[i].algorithm && strcmp(columns[i].name, name) == 0)
                found = &columns[i];
        describe(out, index, name, table, found);
    }
    free(own);
    free(columns);
    free(copy);
    return 0;
}
