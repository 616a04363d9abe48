/* Bench: every CPU and OpenCL algorithm on one input, REPS times each, verified against the
 * exact classifier, with the times appended to a CSV (docs/SPECIFICATION.md section 5) and, on
 * request, every repetition with its context in a JSON file (docs/JSON.md). */
#include <errno.h>
#include <getopt.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "atomic_file.h"
#include "bench/bench.h"
#include "bench/bench_devices.h"
#include "bench/bench_json.h"
#include "bench/results_json.h"
#include "cli.h"
#include "cpu/cpu_binding.h"
#include "cpu/cpu_parallel.h"
#include "extent.h"
#include "multi/device_list.h"
#include "pair_check.h"
#include "pairs_io.h"
#include "pipeline/pair_source.h"
#include "timer.h"
#include "programs/program_options.h"
#include "compare/result_compare.h"
#include "registry/registry.h"
#include "registry/registry_print.h"

static const char *PROGRAM = "Bench";

/* Exit status when the row was written but some algorithm failed (NA in its cells). */
enum { EXIT_SOME_FAILED = 3 };

/* Single precision keeps about 7 digits, and the geometry amplifies input rounding a little:
 * 1e-4 already passes on generated data; 1e-3 leaves a margin without hiding a wrong formula. */
#define FLOAT_TOLERANCE 1e-3

typedef struct options {
    const char *algorithms;
    const char *long_csv;
    const char *json;
    double min_time; /* seconds; 0: none */
    long long input_seed; /* -1: unknown */
    int describe_columns;
    const char *describe_file;
    int no_opencl;
    int list_devices;
    int list_algorithms;
    long long local_size;
    double tolerance;
    double float_tolerance;
    const char *input, *output;
    long long reps;
    long long device;
    int device_given;
    const char *devices; /* --devices LIST|all */
    gpu_config gpu;
    int bandwidth_only, no_bandwidth;
    long long bandwidth_mib;
    long long overlap;
    long long threads; /* -1: no --threads; 0: every core */
    cpu_record_stores record_stores; /* --record-stores (set for the runs as it is read) */
} options;

static void usage(FILE *out)
{
    fprintf(out,
            "usage: Bench [options] INPUT OUTPUT REPS [DEVICE]\n"
            "       Bench --list-devices | --list-algorithms | --bandwidth-only [DEVICE]\n"
            "       Bench --describe-columns [CSV] | --version\n"
            "\n"
            "Runs every CPU algorithm and every OpenCL algorithm REPS times on the pairs of INPUT, after\n"
            "one untimed warm-up run each (OpenCL programs are built before it), checks every result\n"
            "against the exact classifier, prints the times as it goes, and appends one row to the CSV\n"
            "file OUTPUT (with the header when the file is new): the percentage of intersecting pairs\n"
            "(IT), then in ms each CPU algorithm's time (sum over REPS) and each OpenCL algorithm's write\n"
            "time (once), kernel time (sum over REPS) and read time (once). An algorithm that fails or\n"
            "gives a wrong result gets NA. DEVICE is the OpenCL device number (default 0); without an\n"
            "OpenCL device the CPU algorithms still run and the OpenCL cells are NA. INPUT may be '-'\n"
            "(standard input) or a pipe; OUTPUT '-' writes the header and the row to standard output\n"
            "(the progress lines then go to standard error). Appends from several Bench runs at once\n"
            "are serialised by a lock, so no row is lost (docs/FILES.md).\n"
            "\n"
            "Every repetition is timed on its own (OpenCL kernels with the device's profiling timer);\n"
            "Bench prints each timing's median (the headline, in million tests per second), 95%%\n"
            "bootstrap confidence interval, min, max and spread, warns on stderr about timings not to\n"
            "trust (spread above 5%%, repetitions under 100x the timer's resolution, fewer than 3\n"
            "repetitions, more threads slower than one) and ends with a ranking.\n"
            "\n"
            "options:\n"
            "  --algorithms LIST  only these (comma-separated); the others get NA. Names:\n");
    bench_print_names(out);
    fprintf(out,
            "  --no-opencl        do not use OpenCL (its cells are NA)\n"
            "  --json FILE        also write FILE (replaced): the run's context and every repetition of\n"
            "                     every algorithm and phase with its statistics (docs/JSON.md)\n"
            "  --min-time S       more repetitions than REPS where needed, until an algorithm's timed\n"
            "                     repetitions take S seconds (the CSV's cells stay their sums; the\n"
            "                     metadata says reps=auto, the long CSV and JSON give each count)\n"
            "  --input-seed S     the random seed INPUT was made with (RandomRayTetra --seed), recorded\n"
            "                     in the JSON\n"
            "  --csv FILE         the CSV file OUTPUT, given as an option (then: Bench [options] --csv FILE\n"
            "                     INPUT REPS [DEVICE])\n"
            "  --long-csv FILE    also append one row per algorithm and phase to FILE (columns date,\n"
            "                     input, device, algorithm, phase, pairs, hit_percent, reps, ms,\n"
            "                     mtests_per_s, rep_min_ms, rep_median_ms, rep_max_ms, local_size,\n"
            "                     gb_per_s, percent_of_copy, layout, output, pairs_per_item,\n"
            "                     bytes_read_per_pair, bytes_written_per_pair, status)\n"
            "  --local-size N     OpenCL work-group size (default: the rule of RayTetra --local-size)\n"
            "  --layout aos|soa   input layout of the kernels: array of structures (default, the\n"
            "                     thesis') or structure of arrays (converted before the timed write)\n"
            "  --output all|faces|hit  what the kernels and the CPU runs write: everything (default), hit +\n"
            "                     faces + t, or hit/miss only; verification checks just those fields\n"
            "  --pairs-per-item N pairs per work-item (grid stride; default 1)\n"
            "  --result-layout aos|soa  records the kernels write: one per pair (default, the thesis')\n"
            "                     or one array per field (coalesced; rearranged after the timed read)\n"
            "  --float-data single|double  the float kernels' buffers: floats (default; rounded before\n"
            "                     the timed write, widened after the timed read) or doubles (those of\n"
            "                     the double kernels)\n"
            "  --extent E         line (default), ray or segment: every algorithm and the exact reference\n"
            "                     clip to it (docs/SPECIFICATION.md section 9; --output all or faces)\n"
            "  --bandwidth-only   measure and print the device's copy and pinned transfer bandwidths,\n"
            "                     then exit (arguments: [DEVICE])\n"
            "  --bandwidth-mib N  buffer size of the bandwidth measurement (default %zu)\n"
            "  --no-bandwidth     do not measure the bandwidths (their cells and %%-of-copy are NA)\n"
            "  --overlap CHUNKS   also time one end-to-end run (write + kernel + read) of each kernel from\n"
            "                     pinned memory, in CHUNKS chunks on up to 3 queues (1: no overlap), REPS\n"
            "                     times: median, min and max, and the share of the full-duplex bound\n"
            "  --chunk-sizes tapered|equal  --overlap's chunks: equal ones, then a tail of shrinking ones\n"
            "                     (default tapered), or all equal\n"
            "  --threads N        also time each CPU algorithm on N threads (N >= 2; 0: every core),\n"
            "                     after one untimed warm-up, verified; columns CSV_NAME_MT (ms, sum over\n"
            "                     REPS; NA without --threads) and long-CSV phase run_threads_N\n"
            PROGRAM_RECORD_STORES_USAGE
            "  --tolerance T      relative tolerance of the verification (default %g; see\n"
            "                     CompareResults -h for how it scales)\n"
            "  --float-tolerance T  the same for the single-precision variants, CPU and OpenCL (default %g)\n"
            "  --list-devices     list the OpenCL devices and exit (status 1 when there is none)\n"
            "  --list-algorithms  list the algorithms, one a line (NAME CSV_NAME cpu|opencl double|float\n"
            "                     INDEX|- PROPERTIES DESCRIPTION; INDEX as in RayTetra -g), and exit\n"
            "  --describe-columns [CSV]  what each column of the wide CSV holds (of CSV's header, else of\n"
            "                     Bench's own), one a line: INDEX NAME ALGORITHM KIND PRECISION PHASE\n"
            "                     METRIC UNIT PROPERTIES ('-' where none applies or the column is unknown)\n"
            "  -n, --device N     the OpenCL device number, as DEVICE (the same option as RayTetra's)\n"
            "  --devices LIST|all also run each OpenCL algorithm on these devices at once (-n numbers,\n"
            "                     comma-separated; all = every GPU, PoCL's CPU device only when there is\n"
            "                     none), in chunks taken as they finish: per-device and aggregate kernel and\n"
            "                     end-to-end rows and the scaling against the first device alone; the CSV\n"
            "                     row is the first device's (end-to-end chunks: --overlap, default %d)\n"
            "  --version          the version, commit, compiler and flags, and exit\n"
            "  -h, --help         this text\n"
            "\n"
            "Exit status: 0 all verified; 3 the row was written but some algorithm failed; 1 or 2 an\n"
            "error (nothing written).\n"
            "Environment: RAYTETRA_KERNEL_DIR (folder of the .cl kernels), RAYTETRA_CACHE_DIR (folder of\n"
            "cached kernel binaries), RAYTETRA_BANDWIDTH_MIB (the default of --bandwidth-mib).\n",
            GPU_BANDWIDTH_DEFAULT_BYTES >> 20, RESULT_COMPARE_DEFAULT_TOLERANCE, FLOAT_TOLERANCE,
            BENCH_DEVICES_DEFAULT_CHUNKS);
}

static double positive_number(const char *arg, const char *what)
{
    char *end;
    double v = strtod(arg, &end);
    if (end == arg || *end || !isfinite(v) || v <= 0)
        cli_usage_error(PROGRAM, "%s must be a positive number, not '%s'", what, arg);
    return v;
}

static void parse(int argc, char **argv, options *o)
{
    enum { OPT_ALGORITHMS = 256, OPT_LONG, OPT_LOCAL, OPT_TOLERANCE, OPT_FLOAT_TOLERANCE, OPT_BANDWIDTH_MIB,
           OPT_OVERLAP, OPT_THREADS, OPT_JSON, OPT_MIN_TIME, OPT_INPUT_SEED, OPT_EXTENT };
    /* Not static: the flag options (no_argument, &o->FIELD, 1) point into *o. */
    const struct option longs[] = {
        {"algorithms", required_argument, NULL, OPT_ALGORITHMS},
        {"no-opencl", no_argument, &o->no_opencl, 1},
        {"list-devices", no_argument, &o->list_devices, 1},
        {"list-algorithms", no_argument, &o->list_algorithms, 1},
        {"long-csv", required_argument, NULL, OPT_LONG},
        {"csv", required_argument, NULL, 'c'},
        {"local-size", required_argument, NULL, OPT_LOCAL},
        {"tolerance", required_argument, NULL, OPT_TOLERANCE},
        {"float-tolerance", required_argument, NULL, OPT_FLOAT_TOLERANCE},
        PROGRAM_GPU_CONFIG_OPTIONS,
        {"bandwidth-only", no_argument, &o->bandwidth_only, 1},
        {"bandwidth-mib", required_argument, NULL, OPT_BANDWIDTH_MIB},
        {"no-bandwidth", no_argument, &o->no_bandwidth, 1},
        {"overlap", required_argument, NULL, OPT_OVERLAP},
        PROGRAM_CHUNK_SIZES_OPTION,
        {"threads", required_argument, NULL, OPT_THREADS},
        PROGRAM_RECORD_STORES_OPTION,
        {"json", required_argument, NULL, OPT_JSON},
        {"min-time", required_argument, NULL, OPT_MIN_TIME},
        {"input-seed", required_argument, NULL, OPT_INPUT_SEED},
        {"describe-columns", no_argument, &o->describe_columns, 1},
        PROGRAM_DEVICE_OPTIONS,
        {"extent", required_argument, NULL, OPT_EXTENT},
        PROGRAM_VERSION_HELP_OPTIONS,
        {NULL, 0, NULL, 0},
    };
    memset(o, 0, sizeof *o);
    o->tolerance = RESULT_COMPARE_DEFAULT_TOLERANCE;
    o->float_tolerance = FLOAT_TOLERANCE;
    o->gpu = GPU_CONFIG_DEFAULT;
    /* Bench's write / kernel / read columns are the thesis' steps, one after the other from
     * ordinary memory; the pinned, overlapped figure is --overlap's end-to-end run. */
    o->gpu.transfers = GPU_TRANSFERS_PAGEABLE;
    o->bandwidth_mib = (long long)(GPU_BANDWIDTH_DEFAULT_BYTES >> 20);
    /* A default from the environment: a run of many small Benches (the test suite, a script's
     * sweep on a CPU device) need not copy hundreds of MiB in each. */
    const char *bandwidth_mib = getenv("RAYTETRA_BANDWIDTH_MIB");
    if (bandwidth_mib && *bandwidth_mib)
        o->bandwidth_mib = cli_number(PROGRAM, bandwidth_mib, 1, 1 << 16, "RAYTETRA_BANDWIDTH_MIB");
    o->threads = -1;
    o->input_seed = -1;
    int c;
    while ((c = program_next_option(argc, argv, "n:h", longs)) != -1) {
        switch (c) {
        case OPT_ALGORITHMS:
            o->algorithms = optarg;
            break;
        case 'c':
            o->output = optarg;
            break;
        case OPT_LONG:
            o->long_csv = optarg;
            break;
        case OPT_LOCAL:
            o->local_size = program_local_size(PROGRAM, optarg);
            break;
        case OPT_TOLERANCE:
            o->tolerance = positive_number(optarg, "--tolerance");
            break;
        case OPT_FLOAT_TOLERANCE:
            o->float_tolerance = positive_number(optarg, "--float-tolerance");
            break;
        case OPT_EXTENT:
            o->gpu.extent = program_extent(PROGRAM, optarg);
            break;
        case OPT_BANDWIDTH_MIB:
            o->bandwidth_mib = cli_number(PROGRAM, optarg, 1, 1 << 16, "--bandwidth-mib");
            break;
        case OPT_OVERLAP:
            o->overlap = cli_number(PROGRAM, optarg, 1, 1 << 16, "--overlap");
            break;
        case PROGRAM_OPT_RECORD_STORES:
            o->record_stores = program_record_stores(PROGRAM, optarg);
            break;
        case OPT_THREADS:
            o->threads = program_threads(PROGRAM, optarg);
            if (o->threads == 1)
                cli_usage_error_at(PROGRAM,
                                   "--threads must be 0 (every core) or at least 2; the single-threaded time is "
                                   "always measured",
                                   optarg);
            break;
        case OPT_JSON:
            o->json = optarg;
            break;
        case OPT_MIN_TIME:
            o->min_time = positive_number(optarg, "--min-time");
            break;
        case OPT_INPUT_SEED:
            o->input_seed = program_seed(PROGRAM, "--input-seed", optarg);
            break;
        case 'n':
        case PROGRAM_OPT_DEVICES:
            program_device_option(PROGRAM, c, optarg, &o->device, &o->device_given, &o->devices);
            break;
        default: /* the OpenCL options; --version, --help and unknown ones exit */
            program_other_option(PROGRAM, c, optarg, argv[optind - 1], &o->gpu, usage);
            break;
        }
    }
    if (o->list_devices || o->list_algorithms)
        return;
    if (o->describe_columns) {
        if (argc - optind > 1)
            cli_usage_error_at(PROGRAM, "--describe-columns takes at most one CSV file", argv[optind + 1]);
        o->describe_file = argc - optind == 1 ? argv[optind] : NULL;
        return;
    }
    int positional = argc - optind;
    if (o->bandwidth_only) {
        if (positional > 1)
            program_wrong_arguments(PROGRAM, "[DEVICE] with --bandwidth-only", positional);
        if (positional == 1)
            o->device = program_device_number(PROGRAM, "DEVICE", argv[optind]);
        return;
    }
    /* --csv FILE names OUTPUT (the option Accuracy has too); it is then not a positional argument. */
    int csv_option = o->output != NULL, reps_at = csv_option ? 1 : 2;
    if (positional < reps_at + 1 || positional > reps_at + 2)
        program_wrong_arguments(PROGRAM, csv_option ? "INPUT REPS [DEVICE] with --csv" : "INPUT OUTPUT REPS [DEVICE]",
                                positional);
    o->input = argv[optind];
    if (!csv_option)
        o->output = argv[optind + 1];
    o->reps = cli_number(PROGRAM, argv[optind + reps_at], 1, 1000000, "REPS");
    if (positional == reps_at + 2) {
        o->device = program_device_number(PROGRAM, "DEVICE", argv[optind + reps_at + 1]);
        o->device_given = 1;
    }
    if (o->devices && o->no_opencl)
        cli_usage_error_at(PROGRAM, "--devices runs OpenCL algorithms, which --no-opencl turns off", o->devices);
    if (o->devices && o->device_given)
        program_not_both(PROGRAM, "-n or DEVICE (one device)", "--devices (several)", o->devices);
    if (o->long_csv && atomic_same_output(o->long_csv, o->output))
        cli_usage_error_at(PROGRAM, "--long-csv must name another file than OUTPUT", o->long_csv);
    if (atomic_same_file(o->output, o->input) || (o->long_csv && atomic_same_file(o->long_csv, o->input))) {
        fprintf(stderr, "%s: error: %s is the INPUT file %s: appending to it would damage the input; give another "
                        "CSV file (see Bench -h)\n",
                PROGRAM, atomic_same_file(o->output, o->input) ? o->output : o->long_csv, o->input);
        exit(2);
    }
    if (o->json && (atomic_same_output(o->json, o->output) || (o->long_csv && atomic_same_output(o->json, o->long_csv))))
        cli_usage_error_at(PROGRAM, "--json must name another file than OUTPUT and --long-csv", o->json);
    if (o->json && atomic_same_file(o->json, o->input)) {
        fprintf(stderr, "%s: error: --json %s is the INPUT file %s: writing it would destroy the input; give another "
                        "file (see Bench -h)\n",
                PROGRAM, o->json, o->input);
        exit(2);
    }
}

/* The single-precision variants compute only input inside their narrower range (pair_check.h):
 * outside it they are not run, and their cells are NA. */
static void leave_out_single(const pair_set *set, const char *input, bench_table *table)
{
    char why[ERROR_TEXT_SIZE / 2];
    size_t bad = pairs_check_single(set, why, sizeof why);
    if (bad == set->count)
        return;
    char note[ERROR_TEXT_SIZE];
    snprintf(note, sizeof note, "%s: pair %zu: %s", input, bad, why);
    int left_out = 0;
    for (int i = 0; i < table->count; ++i) {
        bench_entry *e = &table->entries[i];
        cpu_precision precision = e->cpu ? e->cpu->precision : e->gpu->precision;
        if (!e->selected || precision != CPU_PRECISION_FLOAT)
            continue;
        e->selected = 0;
        e->status = BENCH_UNAVAILABLE;
        snprintf(e->note, sizeof e->note, "%s", note);
        ++left_out;
    }
    if (left_out)
        fprintf(stderr, "%s: the single-precision algorithms are not run (their cells are NA): %s\n", PROGRAM, note);
}

static int list_devices(void)
{
    error_text err;
    int count = gpu_list_devices(stdout, &err);
    if (count < 0) {
        error_print(PROGRAM, &err);
        return 1;
    }
    if (count == 0) {
        fprintf(stderr, "%s: error: no OpenCL device found (install an OpenCL driver, e.g. PoCL for the CPU)\n",
                PROGRAM);
        return 1;
    }
    return 0;
}

static int list_algorithms(void)
{
    registry_print_list(stdout);
    return 0;
}

/* --describe-columns [CSV]: of the CSV's header line, or of Bench's own. */
static int describe_columns(const char *path)
{
    error_text err;
    bench_table table;
    if (bench_table_init(&table, &err) != 0) {
        error_print(PROGRAM, &err);
        return 1;
    }
    char *line = NULL;
    size_t size = 0;
    int status = 0;
    if (path) {
        FILE *in = fopen(path, "r");
        if (!in || getline(&line, &size, in) < 0 || strncmp(line, "#Intersecting_Pairs", 19) != 0) {
            fprintf(stderr, "%s: error: %s: %s; give a wide CSV that Bench wrote\n", PROGRAM, path,
                    !in ? strerror(errno) : "the first line is not a Bench wide CSV header (#Intersecting_Pairs,...)");
            status = 1;
        }
        if (in)
            fclose(in);
    }
    if (status == 0 && bench_describe_columns(stdout, &table, line, &err) != 0) {
        error_print(PROGRAM, &err);
        status = 1;
    }
    free(line);
    bench_table_free(&table);
    return status;
}

static int any_selected_gpu(const bench_table *table)
{
    for (int i = 0; i < table->count; ++i)
        if (table->entries[i].gpu && table->entries[i].selected)
            return 1;
    return 0;
}

static void mark_gpu(bench_table *table, bench_status status, const char *note)
{
    for (int i = 0; i < table->count; ++i) {
        bench_entry *e = &table->entries[i];
        if (e->gpu && e->selected) {
            e->status = status;
            snprintf(e->note, sizeof e->note, "%s", note);
        }
    }
}

/* Open the OpenCL device before any timing, so that a wrong DEVICE stops at once. Returns the
 * handler, or NULL when the OpenCL algorithms cannot run (they are then marked unavailable);
 * exits when an explicitly chosen device cannot be used. */
static gpu_handler *open_device(const options *o, bench_table *table, bench_context *context)
{
    if (!any_selected_gpu(table))
        return NULL;
    error_text err;
    /* The listing itself is not wanted, but when there is no device its text says why. */
    char *listing = NULL;
    size_t listing_size = 0;
    FILE *stream = open_memstream(&listing, &listing_size);
    int count = stream ? gpu_list_devices(stream, &err) : -1;
    if (!stream)
        error_set(&err, "out of memory");
    else
        fclose(stream);
    if (count <= 0) {
        char note[ERROR_TEXT_SIZE];
        const char *why = count < 0 ? err.text : (listing && listing[0] ? listing : "none found");
        snprintf(note, sizeof note, "%.*s", (int)strcspn(why, "\n"), why);
        free(listing);
        fprintf(stderr, "%s: %s: running the CPU algorithms only; the OpenCL cells are NA\n", PROGRAM, note);
        mark_gpu(table, BENCH_UNAVAILABLE, note);
        return NULL;
    }
    free(listing);
    if (o->device >= count) {
        fprintf(stderr, "%s: error: OpenCL device %lld does not exist; there %s %d (0 to %d; see Bench --list-devices)\n",
                PROGRAM, o->device, count == 1 ? "is" : "are", count, count - 1);
        exit(2);
    }
    gpu_handler *gpu = NULL;
    if (gpu_open(&gpu, (int)o->device, &err) != 0) {
        if (o->device_given) {
            error_print(PROGRAM, &err);
            exit(1);
        }
        fprintf(stderr, "%s: OpenCL device %lld cannot be used (%s): running the CPU algorithms only; the OpenCL "
                        "cells are NA\n",
                PROGRAM, o->device, err.text);
        mark_gpu(table, BENCH_UNAVAILABLE, err.text);
        return NULL;
    }
    snprintf(context->opencl, sizeof context->opencl, "%s", gpu_device_description(gpu));
    const gpu_device_info *info = device_session_info(gpu_session(gpu));
    snprintf(context->opencl_platform, sizeof context->opencl_platform, "%s", info->platform_name);
    snprintf(context->opencl_device, sizeof context->opencl_device, "%s", info->name);
    snprintf(context->opencl_driver, sizeof context->opencl_driver, "%s", info->driver_version);
    context->opencl_timer_resolution_ms = gpu_timer_resolution_ms(gpu);
    return gpu;
}

/* Measure and print the device's bandwidths; returns 0, or -1 with err set. */
static int measure_bandwidth(gpu_handler *gpu, long long mib, gpu_bandwidth *bandwidth, error_text *err)
{
    if (gpu_measure_bandwidth(gpu_session(gpu), (size_t)mib << 20, bandwidth, err) != 0)
        return -1;
    printf("bandwidth (%.1f MiB buffers, %d trials of %d launches, median / best): copy kernel %.3f / %.3f GB/s "
           "(read + written), pinned write %.3f / %.3f GB/s, pinned read %.3f / %.3f GB/s, both at once %.3f / %.3f "
           "GB/s (written + read)\n",
           (double)bandwidth->bytes / 1048576.0, bandwidth->trials, bandwidth->launches, bandwidth->copy_median_gbs,
           bandwidth->copy_best_gbs, bandwidth->write_median_gbs, bandwidth->write_best_gbs,
           bandwidth->read_median_gbs, bandwidth->read_best_gbs, bandwidth->duplex_median_gbs,
           bandwidth->duplex_best_gbs);
    return 0;
}

static int bandwidth_only(const options *o)
{
    error_text err;
    gpu_handler *gpu = NULL;
    gpu_bandwidth bandwidth;
    if (gpu_open(&gpu, (int)o->device, &err) != 0) {
        error_print(PROGRAM, &err);
        return 1;
    }
    printf("OpenCL device %lld: %s\n", o->device, gpu_device_description(gpu));
    int status = measure_bandwidth(gpu, o->bandwidth_mib, &bandwidth, &err);
    if (status != 0)
        error_print(PROGRAM, &err);
    gpu_close(gpu);
    return status ? 1 : 0;
}

/* The CSV rows and the JSON file, all in place or none (atomic_set_begin): an append that
 * cannot be completed leaves every file as it was. */
static int write_outputs(const options *o, const bench_context *context, const bench_table *table,
                         const bench_results *rows, error_text *err)
{
    double start = timer_now_ms();
    atomic_set_begin();
    int status = bench_append_wide_csv(o->output, context, table, rows, err) != 0 ||
                 (o->long_csv && bench_append_long_csv(o->long_csv, context, rows, err) != 0);
    /* The JSON holds the CSV writes; its own write falls after the wall time it gives. */
    context->stages->ms[BENCH_STAGE_WRITE] = timer_now_ms() - start;
    bench_stages_stop(context->stages);
    if (status || (o->json && bench_write_json(o->json, context, rows, err) != 0)) {
        atomic_set_abort();
        return -1;
    }
    status = atomic_set_commit(err);
    context->stages->ms[BENCH_STAGE_WRITE] = timer_now_ms() - start;
    bench_stages_stop(context->stages);
    return status;
}

int main(int argc, char **argv)
{
    /* Machine-readable output must not follow a comma-decimal locale. */
    setlocale(LC_ALL, "C");
    bench_stages stages = {.start_ms = timer_now_ms()};
    /* The command line as given (getopt reorders argv); it lives as long as the program. */
    static char *command;
    command = results_json_command(argc, argv);
    options o;
    parse(argc, argv, &o);
    /* The CSV alone on standard output; the progress lines on stderr. */
    atomic_claim_stdout(o.output);
    atomic_claim_stdout(o.long_csv);
    if (o.list_devices)
        return list_devices();
    if (o.list_algorithms)
        return list_algorithms();
    if (o.describe_columns)
        return describe_columns(o.describe_file);
    if (o.bandwidth_only)
        return bandwidth_only(&o);
    if (o.gpu.extent != RT_EXTENT_LINE && o.gpu.output == GPU_OUTPUT_HIT) {
        fprintf(stderr, "%s: error: --extent %s needs t, which --output hit does not compute; use --output faces or "
                        "all\n", PROGRAM, extent_name(o.gpu.extent));
        return 2;
    }
    error_text err;
    bench_table table;
    if (bench_table_init(&table, &err) != 0 || (o.algorithms && bench_select(&table, o.algorithms, &err) != 0) ||
        bench_check_wide_csv(o.output, &table, &err) != 0 ||
        (o.long_csv && bench_check_long_csv(o.long_csv, &err) != 0) ||
        (o.json && results_json_check_writable(o.json, &err) != 0)) {
        bench_table_free(&table);
        error_print(PROGRAM, &err);
        return error_exit_status(err.kind);
    }
    if (o.no_opencl)
        for (int i = 0; i < table.count; ++i)
            if (table.entries[i].gpu)
                table.entries[i].selected = 0;
    pair_set set;
    pair_read_times read_times;
    if (pair_source_read_all(o.input, &set, NULL, &read_times, &err) != 0) {
        bench_table_free(&table);
        error_print(PROGRAM, &err);
        return 1;
    }
    if (set.count == 0) {
        bench_table_free(&table);
        die(PROGRAM, "%s holds no pairs, so there is nothing to time; give a file with pairs (see RandomRayTetra)",
            o.input);
    }
    int *devices = NULL; /* --devices: resolved before anything is timed */
    size_t device_count = 0;
    if (o.devices) {
        /* fp64 where some selected kernel needs it (a float one with single data does not). */
        int need_fp64 = 0;
        for (int i = 0; i < table.count; ++i)
            need_fp64 |= table.entries[i].gpu && table.entries[i].selected && !gpu_single_data(table.entries[i].gpu, &o.gpu);
        if (device_list_resolve(o.devices, need_fp64, &devices, &device_count, &err) != 0) {
            pair_set_free(&set);
            bench_table_free(&table);
            error_print(PROGRAM, &err);
            return error_exit_status(err.kind);
        }
        o.device = devices[0]; /* the usual cells: the first device's */
        o.device_given = 1;
    }
    leave_out_single(&set, o.input, &table);
    bench_context context = {.input = o.input, .set = &set, .reps = (int)o.reps, .tolerance = o.tolerance,
                             .float_tolerance = o.float_tolerance, .log = stdout, .gpu = o.gpu,
                             .overlap_chunks = (size_t)o.overlap, .min_time_ms = o.min_time * 1e3,
                             .command = command, .input_seed = o.input_seed};
    if (o.threads >= 0)
        context.threads = o.threads == 0 ? cpu_thread_count() : (int)o.threads;
    results_json_date(context.date, sizeof context.date);
    context.timer_resolution_ms = bench_timer_resolution_ms();
    bench_cpu_name(context.cpu_name, sizeof context.cpu_name);
    stages.ms[BENCH_STAGE_READ] = read_times.read_ms;
    context.stages = &stages;
    double reference_start = timer_now_ms();
    ray_tetra_result *reference = NULL, *results = calloc(set.count, sizeof *results);
    int reference_status = results ? bench_reference(&set, o.gpu.extent, &reference, &context.hit_percent, &err) : -1;
    stages.ms[BENCH_STAGE_CHECK] = read_times.check_ms + (timer_now_ms() - reference_start);
    if (reference_status != 0) {
        free(results);
        pair_set_free(&set);
        bench_table_free(&table);
        die(PROGRAM, "not enough memory for the results of %zu pairs", set.count);
    }
    context.reference = reference;
    printf("input: %s: %zu pairs (%.1f MiB in memory), %.6g%% intersecting (exact classifier)\n", o.input, set.count,
           (double)set.count * sizeof *set.pairs / 1048576.0, context.hit_percent);
    printf("repetitions: %lld timed after 1 warm-up; verification tolerance %g (single-precision variants %g)\n",
           o.reps, o.tolerance, o.float_tolerance);
    if (o.min_time > 0)
        printf("repetitions: more where needed, until an algorithm's timed repetitions take %g s (--min-time)\n",
               o.min_time);
    printf("timer: resolution %.6f ms (host clock, clock_getres and the smallest step seen)\n",
           context.timer_resolution_ms);
    gpu_handler *gpu = o.no_opencl ? NULL : open_device(&o, &table, &context);
    int devices_failed = 0;
    printf("CPU: %s\n", context.cpu_name);
    if (o.gpu.extent != RT_EXTENT_LINE)
        printf("extent: %s (every algorithm clipped to it, timed with it; the reference too)\n",
               extent_name(o.gpu.extent));
    if (o.threads >= 0) {
        cpu_binding binding;
        cpu_binding_begin(&binding, context.threads);
        if (context.threads >= 2)
            cpu_binding_text(&binding, context.threads, context.thread_binding, sizeof context.thread_binding);
        printf("CPU threads: %d for the multi-threaded runs (--threads %lld)%s%s\n", context.threads, o.threads,
               context.threads < 2 ? "; fewer than 2 cores, so there are none" : ", ", context.thread_binding);
    }
    int any_cpu = 0;
    const cpu_algorithm *simd = NULL; /* a selected algorithm with a streamed batch */
    for (int i = 0; i < table.count; ++i) {
        any_cpu |= table.entries[i].cpu && table.entries[i].selected;
        if (table.entries[i].cpu && table.entries[i].selected && table.entries[i].cpu->batch_streamed)
            simd = table.entries[i].cpu;
    }
    context.record_stores = simd && cpu_streams_records(simd, set.count) ? "streamed" : "cached";
    if (simd)
        printf("CPU record stores: %s for the SIMD forms' full records (--record-stores %s)\n",
               context.record_stores, cpu_record_stores_name(o.record_stores));
    /* The CPU algorithms' roofline; a failed measurement costs only the %-of-copy figures. */
    if (any_cpu && !o.no_bandwidth) {
        int copy_threads = context.threads >= 2 ? context.threads : cpu_thread_count();
        if (cpu_copy_measure(set.count * sizeof *set.pairs, copy_threads, &context.cpu_bandwidth, &err) == 0) {
            context.cpu_bandwidth_measured = 1;
            cpu_copy_print(stdout, &context.cpu_bandwidth);
        } else {
            fprintf(stderr, "%s: warning: %s; the CPU bandwidth cells are NA\n", PROGRAM, err.text);
        }
    }
    if (any_cpu && o.gpu.output != GPU_OUTPUT_ALL)
        printf("CPU runs: output %s: each block of pairs computed in the cache, then written as the kernels' "
               "%s records (the bytes of the %%-of-copy figures)\n",
               gpu_output_name(o.gpu.output),
               o.gpu.output == GPU_OUTPUT_HIT ? "1-byte hit" : "24-byte hit, faces and t");
    for (int i = 0; i < table.count; ++i)
        if (table.entries[i].cpu && table.entries[i].selected) {
            bench_run_cpu(&context, &table.entries[i], results);
            bench_run_cpu_threads(&context, &table.entries[i], results);
        }
    if (gpu) {
        printf("OpenCL device %lld: %s\n", o.device, context.opencl);
        printf("OpenCL kernels: %s layout, output %s (%s records), %zu pair%s per work-item, float kernels with %s "
               "data\n",
               gpu_layout_name(o.gpu.layout), gpu_output_name(o.gpu.output),
               gpu_layout_name(gpu_result_layout(&o.gpu)), o.gpu.pairs_per_item, o.gpu.pairs_per_item == 1 ? "" : "s",
               gpu_float_data_name(o.gpu.float_data));
        /* A failed measurement costs only the %-of-copy figures, not the timings. */
        if (!o.no_bandwidth) {
            if (measure_bandwidth(gpu, o.bandwidth_mib, &context.bandwidth, &err) == 0)
                context.bandwidth_measured = 1;
            else
                fprintf(stderr, "%s: warning: %s; the bandwidth cells are NA\n", PROGRAM, err.text);
        }
        for (int i = 0; i < table.count; ++i)
            if (table.entries[i].gpu && table.entries[i].selected)
                bench_run_gpu(&context, gpu, (size_t)o.local_size, &table.entries[i], results);
        gpu_close(gpu);
        if (devices)
            devices_failed = bench_run_devices_all(&context, devices, device_count, (size_t)o.local_size,
                                                   o.overlap ? (size_t)o.overlap : BENCH_DEVICES_DEFAULT_CHUNKS,
                                                   &table, results);
    } else if (o.no_opencl) {
        printf("OpenCL: not used (--no-opencl)\n");
    }
    bench_stages_add_opencl(&stages, &table);
    int failed = devices_failed;
    free(devices);
    for (int i = 0; i < table.count; ++i)
        failed += table.entries[i].status == BENCH_FAILED || table.entries[i].threads_status == BENCH_FAILED;
    int status = 0;
    bench_results rows = {0};
    if (bench_collect(&context, &table, &rows, &err) != 0 || write_outputs(&o, &context, &table, &rows, &err) != 0) {
        error_print(PROGRAM, &err);
        status = 1;
    } else {
        printf("appended a row to %s%s%s\n", o.output, o.long_csv ? " and to " : "", o.long_csv ? o.long_csv : "");
        if (o.json)
            printf("wrote %s\n", o.json);
        bench_stages_print(stdout, &stages);
        bench_print_ranking(stdout, &context, &rows);
        bench_print_warnings(stderr, &context, &rows);
        if (failed) {
            fprintf(stderr, "%s: error: %d algorithm%s failed (see above); %s NA in the CSV\n", PROGRAM, failed,
                    failed == 1 ? "" : "s", failed == 1 ? "its cells are" : "their cells are");
            status = EXIT_SOME_FAILED;
        }
    }
    bench_results_free(&rows);
    free(reference);
    free(results);
    pair_set_free(&set);
    bench_table_free(&table);
    return status;
}
