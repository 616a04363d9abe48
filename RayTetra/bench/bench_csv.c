/* bench_csv.c: Bench's two CSV files. The wide one keeps the thesis' header, so that gnuplot
 * scripts written for the original sweep still read it, with one '#' metadata line (date, sizes,
 * devices) before each row; the long one has one row per algorithm and phase, for other tools.
 * Numbers are printed in the "C" locale (this program never calls setlocale with ""), the
 * header only goes into a new file, and every append is atomic: the old contents and the new row
 * go to a temporary file that then replaces the CSV, under a lock (atomic_lock) so that Bench
 * runs appending to one CSV at once lose no row. A CSV that is a device, a FIFO or "-" gets the
 * header and the row written through. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "bench/bench.h"

/* The original program's header (docs/SPECIFICATION.md section 5); new columns may only follow these. */
static const char *const THESIS_COLUMNS[] = {
    "Haines",         "Moller1",     "Moller2",         "Moller3",        "Segura0",  "Segura1",
    "Segura2",        "STP0",        "STP1",            "STP2",           "GPU_Segura0_Write",
    "GPU_Segura0",    "GPU_Segura0_Read", "GPU_STP0_Write", "GPU_STP0",   "GPU_STP0_Read",
    "GPU_STP1_Write", "GPU_STP1",    "GPU_STP1_Read",   "GPU_STP2_Write", "GPU_STP2", "GPU_STP2_Read",
};
#define THESIS_COUNT ((int)(sizeof THESIS_COLUMNS / sizeof THESIS_COLUMNS[0]))

static const char LONG_HEADER[] = "date,input,device,algorithm,phase,pairs,hit_percent,reps,ms,mtests_per_s,"
                                  "rep_min_ms,rep_median_ms,rep_max_ms,local_size,gb_per_s,percent_of_copy,layout,"
                                  "output,pairs_per_item,status";

/* Times of each algorithm; then, in columns after all of those, the device's bandwidths
 * (docs/PERFORMANCE.md) and each OpenCL kernel's throughput figures. */
typedef enum phase {
    PHASE_RUN, PHASE_WRITE, PHASE_KERNEL, PHASE_READ,
    PHASE_COPY_GBS, PHASE_PINNED_WRITE_GBS, PHASE_PINNED_READ_GBS, /* no entry: the device's */
    PHASE_MTESTS, PHASE_EFFECTIVE_GBS, PHASE_PERCENT_OF_COPY,
    PHASE_END_TO_END, PHASE_END_TO_END_GBS, PHASE_END_TO_END_PERCENT, /* --overlap */
    PHASE_THREADS, /* --threads: a CPU algorithm on several threads, the very last columns */
} phase;

typedef struct column {
    char name[80];
    int entry; /* index into the table, -1: no such algorithm any more (always NA) */
    phase phase;
} column;

/* Every column the table has, in table order (an OpenCL algorithm has three). */
static int natural_columns(const bench_table *table, column *columns)
{
    int n = 0;
    for (int i = 0; i < table->count; ++i) {
        const bench_entry *e = &table->entries[i];
        if (e->cpu) {
            columns[n++] = (column){.entry = i, .phase = PHASE_RUN};
            snprintf(columns[n - 1].name, sizeof columns[n - 1].name, "%s", e->csv_name);
            continue;
        }
        static const char *const suffix[] = {"_Write", "", "_Read"};
        static const phase phases[] = {PHASE_WRITE, PHASE_KERNEL, PHASE_READ};
        for (int k = 0; k < 3; ++k) {
            columns[n++] = (column){.entry = i, .phase = phases[k]};
            snprintf(columns[n - 1].name, sizeof columns[n - 1].name, "%s%s", e->csv_name, suffix[k]);
        }
    }
    return n;
}

/* The wide CSV's columns after IT: the thesis' first, then the rest. Returns a malloc'ed array. */
static column *wide_columns(const bench_table *table, int *count)
{
    int capacity = THESIS_COUNT + 9 * table->count + 3;
    column *natural = calloc((size_t)capacity, sizeof *natural);
    column *wide = calloc((size_t)capacity, sizeof *wide);
    if (!natural || !wide) {
        free(natural);
        free(wide);
        return NULL;
    }
    int natural_count = natural_columns(table, natural), n = 0;
    char *used = calloc((size_t)natural_count + 1, 1);
    if (!used) {
        free(natural);
        free(wide);
        return NULL;
    }
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
    static const char *const bandwidth_names[] = {"Copy_GBs", "Pinned_Write_GBs", "Pinned_Read_GBs"};
    for (int k = 0; k < 3; ++k) {
        wide[n] = (column){.entry = -1, .phase = (phase)(PHASE_COPY_GBS + k)};
        snprintf(wide[n++].name, sizeof wide[0].name, "%s", bandwidth_names[k]);
    }
    static const char *const metric_suffix[] = {"_Mtests_s", "_GBs", "_Pct_Copy", "_E2E", "_E2E_GBs",
                                                 "_E2E_Pct_Pinned"};
    for (int i = 0; i < table->count; ++i)
        for (int k = 0; table->entries[i].gpu && k < 6; ++k) {
            wide[n] = (column){.entry = i, .phase = (phase)(PHASE_MTESTS + k)};
            snprintf(wide[n++].name, sizeof wide[0].name, "%s%s", table->entries[i].csv_name, metric_suffix[k]);
        }
    for (int i = 0; i < table->count; ++i)
        if (table->entries[i].cpu) {
            wide[n] = (column){.entry = i, .phase = PHASE_THREADS};
            snprintf(wide[n++].name, sizeof wide[0].name, "%s_MT", table->entries[i].csv_name);
        }
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

static double phase_ms(const bench_entry *e, phase p)
{
    return p == PHASE_WRITE ? e->write_ms
         : p == PHASE_READ ? e->read_ms
         : p == PHASE_END_TO_END ? e->end_to_end_ms
         : p == PHASE_THREADS ? e->threads_ms
         : e->ms;
}

/* A bandwidth column's value (median GB/s), or a negative number for NA. */
static double bandwidth_value(const bench_context *c, phase p)
{
    if (!c->bandwidth_measured)
        return -1;
    return p == PHASE_COPY_GBS ? c->bandwidth.copy_median_gbs
                               : (p == PHASE_PINNED_WRITE_GBS ? c->bandwidth.write_median_gbs
                                                              : c->bandwidth.read_median_gbs);
}

/* A throughput column's value, or a negative number for NA. */
static double metric_value(const bench_context *c, const bench_entry *e, phase p)
{
    if (p == PHASE_MTESTS)
        return e->mtests_per_s;
    if (p == PHASE_EFFECTIVE_GBS)
        return e->effective_gbs;
    if (p == PHASE_PERCENT_OF_COPY)
        return c->bandwidth_measured ? e->percent_of_copy : -1;
    if (!e->end_to_end_done)
        return -1;
    if (p == PHASE_END_TO_END)
        return e->end_to_end_ms;
    if (p == PHASE_END_TO_END_GBS)
        return e->end_to_end_gbs;
    return c->bandwidth_measured ? e->end_to_end_percent_of_pinned : -1;
}

/* The first line of `path` (without its line end) into `line`: 1 if there is one, 0 if the
 * file does not exist or is empty, -1 on a read error. */
static int first_line(const char *path, char *line, size_t size, error_text *err)
{
    FILE *in = fopen(path, "r");
    if (!in) {
        if (errno == ENOENT)
            return 0;
        return error_set(err, "%s: cannot read the CSV file: %s", path, strerror(errno));
    }
    int found = fgets(line, (int)size, in) != NULL;
    fclose(in);
    if (found)
        line[strcspn(line, "\r\n")] = '\0';
    return found;
}

/* 0 when rows can be appended below the file's first line (or the file is new), 1 when the
 * CSV is written through (a device, a FIFO, "-": nothing to read back), -1 with err set. */
static int check_header(const char *path, const char *header, const char *what, error_text *err)
{
    int stream = atomic_is_stream(path, err);
    if (stream != 0)
        return stream;
    char line[4096];
    int found = first_line(path, line, sizeof line, err);
    if (found <= 0)
        return found;
    if (strcmp(line, header) != 0)
        return error_set(err,
                         "%s: the file's first line is not the %s header, so a row cannot be appended; give a new "
                         "file name or the CSV of an earlier Bench run",
                         path, what);
    return 0;
}

/* Can a file be made beside `path`? Tried before the timing, not after it. */
static int check_writable(const char *path, error_text *err)
{
    atomic_file probe;
    if (atomic_open(&probe, path, err) != 0)
        return -1;
    atomic_abort(&probe);
    return 0;
}

int bench_check_wide_csv(const char *path, const bench_table *table, error_text *err)
{
    char *header = bench_wide_header(table);
    if (!header)
        return error_set(err, "out of memory");
    int status = check_header(path, header, "Bench wide CSV", err);
    free(header);
    return status < 0 ? -1 : (status == 1 ? 0 : check_writable(path, err));
}

int bench_check_long_csv(const char *path, error_text *err)
{
    int status = check_header(path, LONG_HEADER, "Bench long CSV", err);
    return status < 0 ? -1 : (status == 1 ? 0 : check_writable(path, err));
}

/* Copy the old file (read under the lock), or write the header into a new one, add `text`,
 * replace the file. */
static int copy_and_append(const char *path, const char *header, const char *text, error_text *err)
{
    FILE *old = fopen(path, "rb");
    if (!old && errno != ENOENT)
        return error_set(err, "%s: cannot read the CSV file: %s", path, strerror(errno));
    atomic_file file;
    if (atomic_open(&file, path, err) != 0) {
        if (old)
            fclose(old);
        return -1;
    }
    size_t copied = 0;
    int last = '\n';
    if (old) {
        char buffer[65536];
        size_t n;
        while ((n = fread(buffer, 1, sizeof buffer, old)) > 0) {
            fwrite(buffer, 1, n, file.stream);
            copied += n;
            last = buffer[n - 1];
        }
        int failed = ferror(old);
        fclose(old);
        if (failed) {
            atomic_abort(&file);
            return error_set(err, "%s: reading the CSV file failed", path);
        }
    }
    if (copied == 0)
        fprintf(file.stream, "%s\n", header);
    else if (last != '\n') /* a file cut short must not glue our row to its last line */
        fputc('\n', file.stream);
    fputs(text, file.stream);
    return atomic_commit(&file, err);
}

static int append(const char *path, const char *header, const char *text, error_text *err)
{
    const char *what = strcmp(header, LONG_HEADER) ? "Bench wide CSV" : "Bench long CSV";
    int stream = atomic_is_stream(path, err);
    if (stream < 0)
        return -1;
    if (stream) {
        atomic_file file;
        if (atomic_open(&file, path, err) != 0)
            return -1;
        fprintf(file.stream, "%s\n%s", header, text);
        return atomic_commit(&file, err);
    }
    /* The header check, the copy and the replacement form one step no other Bench may enter. */
    int lock = atomic_lock(path, err);
    if (lock < 0)
        return -1;
    int status = check_header(path, header, what, err) < 0 ? -1 : copy_and_append(path, header, text, err);
    atomic_unlock(lock);
    return status;
}

/* A metadata value without the separators of the metadata line. */
static void clean(char *s)
{
    for (; *s; ++s)
        if (*s == ';' || *s == '\n' || *s == '\r')
            *s = ' ';
}

/* The local size used by the OpenCL algorithms that ran (0 if none ran). */
static size_t used_local_size(const bench_table *table)
{
    for (int i = 0; i < table->count; ++i)
        if (table->entries[i].gpu && table->entries[i].status == BENCH_OK)
            return table->entries[i].local_size;
    return 0;
}

int bench_append_wide_csv(const char *path, const bench_context *c, const bench_table *table, error_text *err)
{
    int count;
    column *columns = wide_columns(table, &count);
    char *header = bench_wide_header(table);
    char *text = NULL;
    size_t size = 0;
    FILE *row = columns && header ? open_memstream(&text, &size) : NULL;
    if (!row) {
        free(columns);
        free(header);
        return error_set(err, "out of memory");
    }
    char input[1024], cpu[256], opencl[512];
    snprintf(input, sizeof input, "%s", c->input);
    snprintf(cpu, sizeof cpu, "%s", c->cpu_name);
    snprintf(opencl, sizeof opencl, "%s", c->opencl[0] ? c->opencl : "none");
    clean(input);
    clean(cpu);
    clean(opencl);
    fprintf(row, "# Bench; date=%s; input=%s; pairs=%zu; reps=%d; hit_percent=%.6g; tolerance=%g; float_tolerance=%g; "
                 "cpu=%s; layout=%s; output=%s; pairs_per_item=%zu; overlap_chunks=%zu; opencl=%s; ",
            c->date, input, c->set->count, c->reps, c->hit_percent, c->tolerance, c->float_tolerance, cpu,
            gpu_layout_name(c->gpu.layout), gpu_output_name(c->gpu.output),
            c->gpu.pairs_per_item ? c->gpu.pairs_per_item : 1, c->overlap_chunks, opencl);
    size_t local_size = used_local_size(table);
    if (local_size)
        fprintf(row, "local_size=%zu\n", local_size);
    else
        fprintf(row, "local_size=NA\n");
    fprintf(row, "%.6g", c->hit_percent);
    for (int i = 0; i < count; ++i) {
        const bench_entry *e = columns[i].entry >= 0 ? &table->entries[columns[i].entry] : NULL;
        phase p = columns[i].phase;
        double value = -1;
        if (p >= PHASE_COPY_GBS && p <= PHASE_PINNED_READ_GBS)
            value = bandwidth_value(c, p);
        else if (p == PHASE_THREADS)
            value = e && e->threads_status == BENCH_OK ? e->threads_ms : -1;
        else if (e && e->status == BENCH_OK)
            value = p >= PHASE_MTESTS ? metric_value(c, e, p) : phase_ms(e, p);
        if (value >= 0)
            fprintf(row, ",%.3f", value);
        else
            fputs(",NA", row);
    }
    fputc('\n', row);
    int status;
    if (fclose(row) != 0)
        status = error_set(err, "out of memory");
    else
        status = append(path, header, text, err);
    free(columns);
    free(header);
    free(text);
    return status;
}

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

static const char *status_name(bench_status s)
{
    return s == BENCH_OK ? "ok" : (s == BENCH_FAILED ? "failed" : (s == BENCH_UNAVAILABLE ? "unavailable" : "skipped"));
}

static void long_row(FILE *out, const bench_context *c, const bench_entry *e, phase p)
{
    static const char *const phase_names[] = {"run", "write", "kernel", "read", "", "", "", "", "", "",
                                              "end_to_end"};
    put_field(out, c->date);
    fputc(',', out);
    put_field(out, c->input);
    fputc(',', out);
    put_field(out, e->cpu ? c->cpu_name : (c->opencl[0] ? c->opencl : "none"));
    /* A --threads row carries its thread count in the phase name: run_threads_N. */
    bench_status status = p == PHASE_THREADS ? e->threads_status : e->status;
    char threads_phase[32];
    snprintf(threads_phase, sizeof threads_phase, "run_threads_%d", c->threads);
    fprintf(out, ",%s,%s,%zu,%.6g,%d,", e->csv_name, p == PHASE_THREADS ? threads_phase : phase_names[p],
            c->set->count, c->hit_percent, c->reps);
    if (status == BENCH_OK) {
        double ms = phase_ms(e, p);
        /* Transfers and end-to-end runs happen once, the kernel REPS times: throughput in
         * millions of pairs per s. */
        double tests = (double)c->set->count * (p == PHASE_KERNEL || p == PHASE_RUN || p == PHASE_THREADS ? c->reps : 1);
        fprintf(out, "%.3f,%.3f,", ms, ms > 0 ? tests / ms / 1e3 : 0.0);
    } else {
        fputs("NA,NA,", out);
    }
    if (status == BENCH_OK && e->cpu && p == PHASE_RUN)
        fprintf(out, "%.3f,%.3f,%.3f,", e->rep_min_ms, e->rep_median_ms, e->rep_max_ms);
    else
        fputs("NA,NA,NA,", out);
    if (e->status == BENCH_OK && e->gpu)
        fprintf(out, "%zu,", e->local_size);
    else
        fputs("NA,", out);
    /* Bytes per second: what the kernel must move, or what a transfer moved (gpu_pair_bytes). */
    size_t read, written;
    gpu_pair_bytes(&c->gpu, &read, &written);
    double ms = phase_ms(e, p), bytes = (double)c->set->count;
    bytes *= p == PHASE_WRITE ? (double)read
             : p == PHASE_READ ? (double)written
             : (double)(read + written) * (p == PHASE_END_TO_END ? 1 : c->reps);
    if (e->status == BENCH_OK && e->gpu && ms > 0)
        fprintf(out, "%.3f,", bytes / ms / 1e6);
    else
        fputs("NA,", out);
    if (e->status == BENCH_OK && e->gpu && p == PHASE_KERNEL && c->bandwidth_measured)
        fprintf(out, "%.2f,", e->percent_of_copy);
    else
        fputs("NA,", out);
    if (e->gpu)
        fprintf(out, "%s,%s,%zu,", gpu_layout_name(c->gpu.layout), gpu_output_name(c->gpu.output),
                c->gpu.pairs_per_item ? c->gpu.pairs_per_item : 1);
    else
        fputs("NA,NA,NA,", out);
    fprintf(out, "%s\n", status_name(status));
}

/* The device's bandwidths as rows of algorithm "bandwidth": phase copy, pinned_write or
 * pinned_read, the median in gb_per_s (the best is in the wide CSV's metadata and printed). */
static void bandwidth_rows(FILE *out, const bench_context *c)
{
    static const char *const names[] = {"copy", "pinned_write", "pinned_read"};
    for (int k = 0; k < 3; ++k) {
        put_field(out, c->date);
        fputc(',', out);
        put_field(out, c->input);
        fputc(',', out);
        put_field(out, c->opencl);
        fprintf(out, ",bandwidth,%s,%zu,%.6g,%d,NA,NA,NA,NA,NA,NA,%.3f,%s,NA,NA,NA,ok\n", names[k], c->set->count,
                c->hit_percent, c->bandwidth.trials * c->bandwidth.launches,
                bandwidth_value(c, (phase)(PHASE_COPY_GBS + k)), k == 0 ? "100.00" : "NA");
    }
}

int bench_append_long_csv(const char *path, const bench_context *c, const bench_table *table, error_text *err)
{
    char *text = NULL;
    size_t size = 0;
    FILE *rows = open_memstream(&text, &size);
    if (!rows)
        return error_set(err, "out of memory");
    if (c->bandwidth_measured)
        bandwidth_rows(rows, c);
    for (int i = 0; i < table->count; ++i) {
        const bench_entry *e = &table->entries[i];
        if (e->status == BENCH_SKIPPED)
            continue;
        if (e->cpu) {
            long_row(rows, c, e, PHASE_RUN);
            if (e->threads_status != BENCH_SKIPPED)
                long_row(rows, c, e, PHASE_THREADS);
        } else {
            long_row(rows, c, e, PHASE_WRITE);
            long_row(rows, c, e, PHASE_KERNEL);
            long_row(rows, c, e, PHASE_READ);
            if (e->end_to_end_done)
                long_row(rows, c, e, PHASE_END_TO_END);
        }
    }
    if (fclose(rows) != 0) {
        free(text);
        return error_set(err, "out of memory");
    }
    int status = append(path, LONG_HEADER, text, err);
    free(text);
    return status;
}
