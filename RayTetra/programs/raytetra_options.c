/* raytetra_options.c: RayTetra's command line (docs/SPECIFICATION.md section 5), read into
 * raytetra_options, and the streaming job it asks for; RayTetra and RayTetraMPI read it alike. */
#include "programs/raytetra_options.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "binary_io.h"
#include "cli.h"
#include "cpu/cpu_parallel.h"
#include "extent.h"
#include "programs/program_options.h"
#include "registry/registry.h"
#include "registry/registry_print.h"

/* The program whose parse runs, for the messages (RayTetra or RayTetraMPI). */
static const char *PROGRAM = "RayTetra";



void raytetra_usage(FILE *out)
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
          "  --devices LIST|all OpenCL: run the pairs on these devices (-n numbers, comma-separated;\n"
          "                     all = every GPU, PoCL's CPU device only when there is none), one host\n"
          "                     thread each taking chunks as it finishes; results as on one device\n"
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

static void choose(raytetra_options *o, const registry_variant *variant, const char *flag)
{
    if (o->cpu || o->gpu)
        cli_usage_error(PROGRAM, "%s: only one algorithm can be chosen", flag);
    o->cpu = variant->cpu;
    o->gpu = variant->gpu;
}

/* -s, -t, -m (with a number: the form or variant) and -a: the CPU double algorithm of the
 * registry row with that option. */
static void thesis_option(raytetra_options *o, char flag, const char *arg)
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

void raytetra_parse(const char *program, int argc, char **argv, raytetra_options *o, void (*usage)(FILE *out))
{
    PROGRAM = program;
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

int raytetra_check_extent(const char *program, const raytetra_options *o)
{
    if (o->gpu_config.extent != RT_EXTENT_LINE && o->gpu && o->gpu_config.output == GPU_OUTPUT_HIT) {
        fprintf(stderr, "%s: error: --extent %s needs t, which --output hit does not compute; use --output faces or "
                        "all\n", program, extent_name(o->gpu_config.extent));
        return -1;
    }
    return 0;
}

void raytetra_job(const raytetra_options *o, const char *program, pipeline_job *job)
{
    *job = (pipeline_job){
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
        .program = program,
    };
}
