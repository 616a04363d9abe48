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
#include "registry.h"
#include "registry_print.h"
#include "viewer/viewer.h"

static const char *PROGRAM = "RayTetra";

typedef struct options {
    const cpu_algorithm *cpu;
    const gpu_algorithm *gpu;
    char print; /* 't' time, 'r' results, 'b' both */
    long long display;
    long long device;
    int device_given;
    const char *devices; /* --devices LIST|all; NULL: the one device of -n */
    long long local_size;
    int list_devices;
    int list_algorithms;
    const char *snapshot;
    const char *input, *output;
    long long reps;
    long long threads;
    int single; /* --precision float */
    size_t max_memory; /* --max-memory; 0: the default (pipeline_budget.h) */
    /* --layout, --output, --pairs-per-item, and --extent (RT_EXTENT_LINE by default, _RAY or
     * _SEGMENT), which the CPU algorithms' clipping follows too */
    gpu_config gpu_config;
} options;

static void usage(FILE *out)
{
    fprintf(out,
            "usage: RayTetra [algorithm] [options] INPUT OUTPUT REPS\n"
            "       RayTetra -d I [algorithm] [--snapshot FILE.png] INPUT\n"
            "       RayTetra --list-devices | --list-algorithms\n"
            "\n"
            "Runs one ray/tetrahedron algorithm REPS times on every pair of INPUT, after one untimed\n"
            "warm-up run, and writes the results (and/or the time, the sum over the REPS timed\n"
            "repetitions) to OUTPUT. INPUT may be '-' (standard input), a pipe or a FIFO; OUTPUT may be\n"
            "'-' (standard output; the progress lines then go to standard error), a device or a FIFO\n"
            "(written through); a file is replaced whole or not at all, never while it is INPUT\n"
            "(docs/FILES.md).\n"
            "\n"
            "algorithm (default: --algorithm stp1):\n"
            "  -s I               Pluecker form I (");
    registry_print_flag_values(out, 's');
    fputs(") (\"Segura\" in the original program)\n"
          "  -t I               scalar triple product form I (",
          out);
    registry_print_flag_values(out, 't');
    fputs(")\n"
          "  -a                 Haines (the line against the four face planes)\n"
          "  -m I               Moller-Trumbore variant I (",
          out);
    registry_print_flag_values(out, 'm');
    fprintf(out,
            "; --list-algorithms says what each does)\n"
            "  -g I               OpenCL algorithm I (0 to %d, the thesis' numbers; its float builds are\n"
            "                     also -g I --precision float):\n",
            registry_gpu_index_max());
    registry_print_gpu_indices(out, "                     ");
    fputs("  --algorithm NAME   by name, CPU or OpenCL, any case; also the CSV names and gI (= -g I):\n", out);
    registry_print_names(out, "                     ");
    fputs("  --precision P      double (default) or float: the algorithm chosen by -s, -t, -a, -m,\n"
          "                     -g or --algorithm in that precision\n"
          "options:\n"
          "  -p t|r|b           write the time, the results, or both (default b); the time is also\n"
          "                     printed, and written to OUTPUT as a '#' comment line (a binary OUTPUT,\n"
          "                     *.rtb, holds results only: there the time is only printed, and -p t\n"
          "                     is refused)\n"
          "  -d I               compute pair I (counting from 0) and show it in a GLUT window;\n"
          "                     OUTPUT and REPS are then not needed\n"
          "  --snapshot FILE    with -d: render one frame to FILE (PNG) instead of opening a window\n"
          "  --extent E         line (default), ray (t >= 0) or segment (0 <= t <= 1): a clipped side\n"
          "                     has face -1 and P or Q (docs/SPECIFICATION.md section 9); the\n"
          "                     clipping runs after the timed repetitions\n"
          "  --threads N        CPU algorithms on N threads (OpenMP; default 1, the sequential loop;\n"
          "                     0 = every core)\n"
          PROGRAM_RECORD_STORES_USAGE
          "  --max-memory SIZE  the most memory the run holds, whatever the number of pairs: the pairs\n"
          "                     stream through in chunks (SIZE in bytes, or with K, M, G or T; at least\n"
          "                     16M; default a quarter of the machine's memory)\n"
          "  -n, --device I     OpenCL device number (default 0; see --list-devices)\n"
          "  --devices LIST|all OpenCL: split the pairs over these devices (-n numbers, comma-separated;\n"
          "                     all = every GPU, PoCL's CPU device only when there is none), in proportion\n"
          "                     to their measured speed, one host thread each; results as on one device\n"
          "  --local-size N     OpenCL work-group size (default: 64 on AMD GPUs, the largest multiple\n"
          "                     of 32 the kernel allows on NVIDIA GPUs, 1 elsewhere)\n"
          "  --layout aos|soa   OpenCL input layout (default aos, the thesis'; docs/GPU.md)\n"
          "  --output all|faces|hit  what the OpenCL kernel computes and writes (default all; with\n"
          "                     faces the points and u are printed as nan, with hit also t, and faces -1)\n"
          "  --pairs-per-item N OpenCL pairs per work-item, grid stride (default 1)\n"
          "  --result-layout aos|soa  OpenCL records: one per pair (default aos, the thesis') or one\n"
          "                     array per field (soa: coalesced stores; the same results)\n"
          "  --transfers pinned|pageable  OpenCL transfers: page-locked memory, chunks overlapped on\n"
          "                     three queues (default pinned), or the thesis' from ordinary memory,\n"
          "                     write, kernel and read one after the other (the same results)\n"
          "  --chunk-sizes tapered|equal  pinned chunks: equal ones, then a tail of shrinking ones so\n"
          "                     that little is left when the last write ends (default tapered), or\n"
          "                     all equal (the same results)\n"
          "  --float-data single|double  the float kernels' buffers: pairs and records of floats\n"
          "                     (default single: 72 bytes in a pair, 64 out; needs no fp64), or the\n"
          "                     file's doubles and double records as the double kernels (the same\n"
          "                     results)\n"
          "  --list-devices     list the OpenCL devices and exit\n"
          "  --list-algorithms  list the algorithms, one a line (docs/ALGORITHMS.md), and exit\n"
          "  --version          the version, commit, compiler and flags, and exit\n"
          "  -h, --help         this text\n"
          "\n"
          "Environment: RAYTETRA_KERNEL_DIR overrides the folder of the .cl kernels,\n"
          "RAYTETRA_CACHE_DIR the folder of cached kernel binaries.\n",
          out);
}

static void choose(options *o, const registry_variant *variant, const char *flag)
{
    if (o->cpu || o->gpu)
        cli_usage_error(PROGRAM, "%s: only one algorithm can be chosen", flag);
    o->cpu = variant->cpu;
    o->gpu = variant->gpu;
}

/* -s, -t, -m (with a number: the form or variant) and -a: the CPU double algorithm of the
 * registry row with that option. */
static void thesis_option(options *o, char flag, const char *arg)
{
    int low = 0, high = -1, value = -1;
    registry_flag_range(flag, &low, &high);
    const char *what = flag == 's'   ? "-s (Pluecker form)"
                       : flag == 't' ? "-t (STP form)"
                                     : "-m (Moller-Trumbore variant)";
    if (arg)
        value = (int)cli_number(PROGRAM, arg, low, high, what);
    const cpu_algorithm *algorithm = registry_flag_algorithm(flag, value);
    char option[32];
    snprintf(option, sizeof option, "-%c %.20s", flag, arg ? arg : "");
    if (!algorithm)
        cli_usage_error(PROGRAM, "%s: no such algorithm", option);
    option[2] = '\0'; /* "-t", as the other options say it */
    if (o->cpu || o->gpu)
        cli_usage_error(PROGRAM, "%s: only one algorithm can be chosen", option);
    o->cpu = algorithm;
}

static void parse(int argc, char **argv, options *o)
{
    enum { OPT_ALGORITHM = 256, OPT_LOCAL, OPT_SNAPSHOT, OPT_THREADS, OPT_PRECISION, OPT_EXTENT, OPT_MAX_MEMORY };
    /* Not static: the flag options (no_argument, &o->FIELD, 1) point into *o. */
    const struct option longs[] = {
        {"algorithm", required_argument, NULL, OPT_ALGORITHM},
        {"list-devices", no_argument, &o->list_devices, 1},
        {"list-algorithms", no_argument, &o->list_algorithms, 1},
        {"local-size", required_argument, NULL, OPT_LOCAL},
        {"snapshot", required_argument, NULL, OPT_SNAPSHOT},
        {"threads", required_argument, NULL, OPT_THREADS},
        PROGRAM_RECORD_STORES_OPTION,
        {"precision", required_argument, NULL, OPT_PRECISION},
        PROGRAM_GPU_CONFIG_OPTIONS,
        PROGRAM_TRANSFERS_OPTION,
        PROGRAM_CHUNK_SIZES_OPTION,
        PROGRAM_DEVICE_OPTIONS,
        {"extent", required_argument, NULL, OPT_EXTENT},
        {"max-memory", required_argument, NULL, OPT_MAX_MEMORY},
        PROGRAM_VERSION_HELP_OPTIONS,
        {NULL, 0, NULL, 0},
    };
    memset(o, 0, sizeof *o);
    o->print = 'b';
    o->display = -1;
    o->threads = 1;
    o->gpu_config = GPU_CONFIG_DEFAULT;
    int c;
    while ((c = program_next_option(argc, argv, "s:t:am:g:p:d:n:h", longs)) != -1) {
        switch (c) {
        case 's':
        case 't':
        case 'm':
        case 'a': /* no number */
            thesis_option(o, (char)c, c == 'a' ? NULL : optarg);
            break;
        case OPT_ALGORITHM: {
            const registry_variant *variant = registry_find(optarg);
            if (!variant)
                cli_usage_error(PROGRAM, "unknown algorithm '%s'", optarg);
            choose(o, variant, "--algorithm");
            break;
        }
        case 'g': {
            long long i = cli_number(PROGRAM, optarg, 0, registry_gpu_index_max(), "-g (OpenCL algorithm)");
            const gpu_algorithm *algorithm = gpu_algorithm_get((int)i);
            if (!algorithm)
                cli_usage_error(PROGRAM, "-g %s: no such OpenCL algorithm", optarg);
            choose(o, registry_of_gpu(algorithm), "-g");
            break;
        }
        case 'p':
            if (strcmp(optarg, "t") && strcmp(optarg, "r") && strcmp(optarg, "b"))
                cli_usage_error(PROGRAM, "-p takes t (time), r (results) or b (both), not '%s'", optarg);
            o->print = optarg[0];
            break;
        case 'd':
            o->display = cli_number(PROGRAM, optarg, 0, (long long)1 << 50, "-d (pair number)");
            break;
        case 'n':
        case PROGRAM_OPT_DEVICES:
            program_device_option(PROGRAM, c, optarg, &o->device, &o->device_given, &o->devices);
            break;
        case OPT_LOCAL:
            o->local_size = program_local_size(PROGRAM, optarg);
            break;
        case OPT_SNAPSHOT:
            o->snapshot = optarg;
            break;
        case OPT_PRECISION:
            if (strcmp(optarg, "double") && strcmp(optarg, "float"))
                cli_usage_error(PROGRAM, "--precision takes double or float, not '%s'", optarg);
            o->single = optarg[0] == 'f';
            break;
        case PROGRAM_OPT_RECORD_STORES:
            (void)program_record_stores(PROGRAM, optarg);
            break;
        case OPT_THREADS:
            o->threads = program_threads(PROGRAM, optarg);
            break;
        case OPT_EXTENT:
            o->gpu_config.extent = program_extent(PROGRAM, optarg);
            break;
        case OPT_MAX_MEMORY:
            o->max_memory = program_max_memory(PROGRAM, optarg);
            break;
        default: /* the OpenCL options; --version, --help and unknown ones exit */
            program_other_option(PROGRAM, c, optarg, argv[optind - 1], &o->gpu_config, usage);
            break;
        }
    }
    if (!o->cpu && !o->gpu)
        o->cpu = cpu_algorithm_find("stp1");
    if (o->single && o->gpu) {
        const gpu_algorithm *variant = gpu_algorithm_in_precision(o->gpu, CPU_PRECISION_FLOAT);
        if (!variant)
            cli_usage_error(PROGRAM, "%s has no single-precision variant", o->gpu->csv_name);
        o->gpu = variant;
    }
    if (o->single && o->cpu) {
        const cpu_algorithm *variant = cpu_algorithm_in_precision(o->cpu, CPU_PRECISION_FLOAT);
        if (!variant)
            cli_usage_error(PROGRAM, "%s has no single-precision variant", o->cpu->name);
        o->cpu = variant;
    }
    if (o->list_devices || o->list_algorithms)
        return;
    if (o->devices && !o->gpu)
        cli_usage_error(PROGRAM, "--devices %s: only OpenCL algorithms (-g) run on devices; choose one with -g",
                        o->devices);
    if (o->devices && o->device_given)
        program_not_both(PROGRAM, "-n (one device)", "--devices (several)", o->devices);
    int positional = argc - optind;
    if (o->display >= 0) {
        if (positional < 1)
            cli_usage_error(PROGRAM, "%s: -d needs INPUT", "-d");
        o->input = argv[optind]; /* OUTPUT and REPS, if given, are ignored (docs/SPECIFICATION.md section 5) */
        if (o->snapshot && atomic_same_file(o->snapshot, o->input)) {
            fprintf(stderr, "%s: error: --snapshot %s is the INPUT file %s: writing it would destroy the input; give "
                            "another file\n",
                    PROGRAM, o->snapshot, o->input);
            exit(2);
        }
        return;
    }
    if (o->snapshot)
        cli_usage_error(PROGRAM, "%s is only used with -d", "--snapshot");
    if (positional != 3)
        program_wrong_arguments(PROGRAM, "INPUT OUTPUT REPS", positional);
    o->input = argv[optind];
    o->output = argv[optind + 1];
    o->reps = cli_number(PROGRAM, argv[optind + 2], 1, 1000000000, "REPS");
    if (o->print == 't' && binary_path(o->output))
        cli_usage_error(PROGRAM,
                        "-p t writes only the time, which a binary OUTPUT (%s) cannot hold; give a text OUTPUT or "
                        "use -p b",
                        o->output);
    if (atomic_same_file(o->output, o->input)) {
        fprintf(stderr, "%s: error: OUTPUT %s is the INPUT file %s: writing it would destroy the input; give another "
                        "OUTPUT\n",
                PROGRAM, o->output, o->input);
        exit(2);
    }
}

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
    pipeline_job job = {
        .input = o->input,
        .output = o->output,
        .write_results = o->print != 't',
        .write_timing = o->print != 'r' && !binary_path(o->output),
        .reps = (int)o->reps,
        .max_memory = o->max_memory,
        .cpu = o->cpu,
        .gpu = o->gpu,
        .threads = o->threads == 0 ? cpu_thread_count() : (int)o->threads,
        .device = (int)o->device,
        .devices = o->devices,
        .local_size = (size_t)o->local_size,
        .config = o->gpu_config,
        .report = stdout,
        .program = PROGRAM,
    };
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
    parse(argc, argv, &o);
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
    if (o.gpu_config.extent != RT_EXTENT_LINE && o.gpu && o.gpu_config.output == GPU_OUTPUT_HIT) {
        fprintf(stderr, "%s: error: --extent %s needs t, which --output hit does not compute; use --output faces or "
                        "all\n", PROGRAM, extent_name(o.gpu_config.extent));
        return 2;
    }
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
