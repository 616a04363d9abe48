/* Accuracy: every algorithm, CPU and OpenCL, double and float, against the exact classifier on
 * an input file, per input class; prints a table and writes it as CSV (see accuracy.h for what
 * each column measures, docs/ACCURACY.md for how to read it). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "accuracy/accuracy.h"
#include "atomic_file.h"
#include "accuracy/accuracy_json.h"
#include "bench/bench.h"
#include "bench/results_json.h"
#include "cpu/algorithms.h"
#include "cpu/extent_run.h"
#include "extent.h"
#include "cli.h"
#include "opencl/gpu_handler.h"
#include "pair_check.h"
#include "pairs_io.h"
#include "pipeline/pair_source.h"
#include "programs/program_options.h"
#include "registry/registry.h"
#include "registry/registry_print.h"

static const char *PROGRAM = "Accuracy";

/* The algorithms to measure: CPU ones and OpenCL ones, in the order given. */
typedef struct selection {
    int cpu_count, gpu_count;
    const cpu_algorithm **cpu;
    const gpu_algorithm **gpu;
    int gpu_requested; /* named in --algorithms: a missing device is then an error */
} selection;

typedef struct options {
    const char *input, *csv, *json, *algorithms;
    long long device;
    int no_opencl;
    int list_algorithms;
    int extent; /* --extent: RT_EXTENT_LINE (default), _RAY or _SEGMENT */
} options;

static void usage(FILE *out)
{
    fprintf(out,
            "usage: Accuracy INPUT [--csv FILE] [--json FILE] [--algorithms LIST] [-n DEVICE] [--no-opencl]\n"
            "       Accuracy --list-algorithms | --version\n"
            "\n"
            "Runs every algorithm once on INPUT and compares it with exact arithmetic, per input class\n"
            "('# class NAME' comment lines, as RandomRayTetra writes them; other pairs are class\n"
            "'random'): misclassified hit/miss, wrong faces, and the max and median error of t and of\n"
            "the points, relative to the tetrahedron's longest edge (t as the distance |dt| |L|).\n"
            "\n"
            "  --csv FILE         also write the table as CSV (written whole or not at all; '-' for\n"
            "                     standard output, the table and notes then go to standard error)\n"
            "  --json FILE        also write the table as JSON with the run's context (docs/JSON.md)\n"
            "  --algorithms LIST  comma-separated names (default: all), as RayTetra --algorithm takes\n"
            "                     them: canonical or CSV names in any case, gI for OpenCL kernel I:\n");
    registry_print_names(out, "                     ");
    fputs("  -n, --device N     OpenCL device number (default 0)\n"
          "  --no-opencl        CPU algorithms only\n"
          "  --extent E         line (default), ray or segment: every algorithm and the exact\n"
          "                     reference clipped to it (docs/SPECIFICATION.md section 9)\n"
          "  --list-algorithms  list the algorithms, one a line (docs/ALGORITHMS.md), and exit\n"
          "  --version          the version, commit, compiler and flags, and exit\n"
          "  -h, --help         this text\n",
          out);
}

static void parse(int argc, char **argv, options *o)
{
    enum { OPT_CSV = 256, OPT_JSON, OPT_ALGORITHMS, OPT_EXTENT };
    /* Not static: the flag options (no_argument, &o->FIELD, 1) point into *o. */
    const struct option longs[] = {
        {"csv", required_argument, NULL, OPT_CSV},
        {"json", required_argument, NULL, OPT_JSON},
        {"algorithms", required_argument, NULL, OPT_ALGORITHMS},
        {"no-opencl", no_argument, &o->no_opencl, 1},
        {"extent", required_argument, NULL, OPT_EXTENT},
        {"list-algorithms", no_argument, &o->list_algorithms, 1},
        {"device", required_argument, NULL, 'n'},
        PROGRAM_VERSION_HELP_OPTIONS,
        {NULL, 0, NULL, 0},
    };
    memset(o, 0, sizeof *o);
    int c;
    while ((c = program_next_option(argc, argv, "n:h", longs)) != -1) {
        switch (c) {
        case OPT_CSV:
            o->csv = optarg;
            break;
        case OPT_JSON:
            o->json = optarg;
            break;
        case OPT_ALGORITHMS:
            o->algorithms = optarg;
            break;
        case OPT_EXTENT:
            o->extent = program_extent(PROGRAM, optarg);
            break;
        case 'n':
            o->device = program_device_number(PROGRAM, "-n/--device", optarg);
            break;
        default:
            program_default_option(PROGRAM, c, argv[optind - 1], usage); /* exits */
        }
    }
    if (o->list_algorithms)
        return;
    if (argc - optind != 1)
        program_wrong_arguments(PROGRAM, "one INPUT file", argc - optind);
    o->input = argv[optind];
    if (o->csv && atomic_same_file(o->csv, o->input)) {
        fprintf(stderr, "%s: error: --csv %s is the INPUT file %s: writing it would destroy the input; give another "
                        "file\n",
                PROGRAM, o->csv, o->input);
        exit(2);
    }
    if (o->csv && o->json && atomic_same_output(o->csv, o->json))
        cli_usage_error(PROGRAM, "--json must name another file than --csv: '%s'", o->json);
    if (o->json && atomic_same_file(o->json, o->input)) {
        fprintf(stderr, "%s: error: --json %s is the INPUT file %s: writing it would destroy the input; give another "
                        "file\n",
                PROGRAM, o->json, o->input);
        exit(2);
    }
}

/* Fill `s` from --algorithms (or everything); exits on an unknown name. */
static void select_algorithms(const options *o, selection *s)
{
    int cpu_total, gpu_total;
    const cpu_algorithm *cpu = cpu_algorithms(&cpu_total);
    const gpu_algorithm *gpu = gpu_algorithms(&gpu_total);
    s->cpu = calloc((size_t)cpu_total + 1, sizeof *s->cpu);
    s->gpu = calloc((size_t)gpu_total + 1, sizeof *s->gpu);
    if (!s->cpu || !s->gpu) {
        fprintf(stderr, "%s: error: out of memory\n", PROGRAM);
        exit(1);
    }
    if (!o->algorithms) {
        for (int i = 0; i < cpu_total; ++i)
            s->cpu[s->cpu_count++] = &cpu[i];
        for (int i = 0; i < gpu_total && !o->no_opencl; ++i)
            s->gpu[s->gpu_count++] = &gpu[i];
        return;
    }
    char *list = strdup(o->algorithms);
    for (char *save = NULL, *name = strtok_r(list, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
        const registry_variant *v = registry_find(name);
        const cpu_algorithm *c = v ? v->cpu : NULL;
        const gpu_algorithm *g = v ? v->gpu : NULL;
        if (!v) {
            char unknown[64];
            snprintf(unknown, sizeof unknown, "%s", name);
            free(list);
            free(s->cpu);
            free(s->gpu);
            cli_usage_error(PROGRAM, "--algorithms: unknown algorithm '%s'", unknown);
        }
        if (c && s->cpu_count < cpu_total)
            s->cpu[s->cpu_count++] = c;
        if (g && !o->no_opencl && s->gpu_count < gpu_total) {
            s->gpu[s->gpu_count++] = g;
            s->gpu_requested = 1;
        }
    }
    free(list);
}

static void measure(const pair_set *set, const pair_classes *classes, const accuracy_reference *reference,
                    const accuracy_subject *subject, accuracy_table *table)
{
    error_text err;
    if (accuracy_measure(set, classes, reference, subject, table, &err) != 0) {
        error_print(PROGRAM, &err);
        exit(1);
    }
}

/* The OpenCL algorithms, if a device is there; without one, a note and the CPU only (or an error
 * when they were asked for by name). */
static void measure_opencl(const options *o, const selection *s, const pair_set *set, const pair_classes *classes,
                           const accuracy_reference *reference, ray_tetra_result *results, accuracy_table *table,
                           accuracy_run *run)
{
    if (o->no_opencl || s->gpu_count == 0)
        return;
    error_text err;
    gpu_handler *gpu = NULL;
    if (gpu_open(&gpu, (int)o->device, &err) != 0) {
        if (s->gpu_requested) {
            error_print(PROGRAM, &err);
            exit(1);
        }
        fprintf(stderr, "%s: no OpenCL device %lld (%s); measuring the CPU algorithms only\n", PROGRAM, o->device,
                err.text);
        return;
    }
    gpu_config config = GPU_CONFIG_DEFAULT;
    config.extent = o->extent;
    gpu_set_config(gpu, &config);
    printf("OpenCL device: %s\n", gpu_device_description(gpu));
    const gpu_device_info *info = device_session_info(gpu_session(gpu));
    snprintf(run->opencl_platform, sizeof run->opencl_platform, "%s", info->platform_name);
    snprintf(run->opencl_device, sizeof run->opencl_device, "%s", info->name);
    snprintf(run->opencl_driver, sizeof run->opencl_driver, "%s", info->driver_version);
    for (int i = 0; i < s->gpu_count; ++i) {
        const gpu_algorithm *g = s->gpu[i];
        gpu_times times;
        fprintf(stderr, "%s: %s: building (or loading) the kernel and running it\n", PROGRAM, g->csv_name);
        if (gpu_prepare(gpu, g, 0, &err) != 0 || gpu_run(gpu, set, results, 1, &times, &err) != 0) {
            fprintf(stderr, "%s: %s left out: %s\n", PROGRAM, g->csv_name, err.text);
            continue;
        }
        accuracy_subject subject = {g->csv_name, cpu_precision_name(g->precision), "opencl", results};
        measure(set, classes, reference, &subject, table);
        if (!run->local_size)
            run->local_size = times.local_size;
    }
    gpu_close(gpu);
}

/* --json: the table with the run's context. */
static int write_json(const options *o, const char *command, const accuracy_reference *reference, accuracy_run *run,
                      const accuracy_table *table, error_text *err)
{
    char date[32], cpu[256];
    results_json_date(date, sizeof date);
    bench_cpu_name(cpu, sizeof cpu);
    size_t hits = 0;
    for (size_t i = 0; i < reference->count; ++i)
        hits += reference->results[i].hit != 0;
    run->command = command;
    run->date = date;
    run->cpu_name = cpu;
    run->hit_percent = reference->count ? 100.0 * (double)hits / (double)reference->count : 0.0;
    return accuracy_write_json(o->json, run, table, err);
}

int main(int argc, char **argv)
{
    /* The command line as given (getopt reorders argv); it lives as long as the program. */
    static char *command;
    command = results_json_command(argc, argv);
    options o;
    parse(argc, argv, &o);
    if (o.list_algorithms) {
        registry_print_list(stdout);
        return 0;
    }
    atomic_claim_stdout(o.csv); /* the CSV alone on standard output */
    error_text err;
    /* Before the reading and the runs, which may take minutes. */
    const program_output outputs[] = {{"--csv", o.csv}, {"--json", o.json}};
    program_check_outputs(PROGRAM, outputs, 2, &o.input, 1);
    selection s = {0};
    select_algorithms(&o, &s);
    pair_set set;
    pair_classes classes;
    pair_read_times read_times;
    if (pair_source_read_all(o.input, &set, &classes, &read_times, &err) != 0) {
        error_print(PROGRAM, &err);
        free(s.cpu);
        free(s.gpu);
        return 1;
    }
    accuracy_reference reference;
    ray_tetra_result *results = malloc((set.count ? set.count : 1) * sizeof *results);
    if (!results || accuracy_reference_compute(&set, o.extent, &reference, &err) != 0) {
        error_print(PROGRAM, results ? &err : &(error_text){ERROR_MEMORY, "out of memory for the results"});
        free(results);
        free(s.cpu);
        free(s.gpu);
        pair_classes_free(&classes);
        pair_set_free(&set);
        return 1;
    }
    accuracy_table table = {0};
    /* The single-precision variants compute only input inside their narrower range. */
    char why[ERROR_TEXT_SIZE / 2];
    size_t outside = pairs_check_single(&set, why, sizeof why);
    int single_ok = outside == set.count;
    if (!single_ok)
        fprintf(stderr, "%s: the single-precision algorithms are left out: %s: pair %zu: %s\n", PROGRAM, o.input,
                outside, why);
    for (int i = 0; i < s.cpu_count; ++i) {
        const cpu_algorithm *a = s.cpu[i];
        if (a->precision == CPU_PRECISION_FLOAT && !single_ok)
            continue;
        cpu_algorithm_run_extent(a, &set, results, 1, o.extent);
        accuracy_subject subject = {a->name, cpu_precision_name(a->precision), "cpu", results};
        measure(&set, &classes, &reference, &subject, &table);
    }
    if (!single_ok) { /* the same for the OpenCL ones */
        int kept = 0;
        for (int i = 0; i < s.gpu_count; ++i)
            if (s.gpu[i]->precision != CPU_PRECISION_FLOAT)
                s.gpu[kept++] = s.gpu[i];
        s.gpu_count = kept;
    }
    accuracy_run run = {.input = o.input, .pairs = set.count, .extent = o.extent};
    measure_opencl(&o, &s, &set, &classes, &reference, results, &table, &run);
    printf("%s: %zu pairs, %d classes; errors relative to the longest edge\n", o.input, set.count, classes.name_count);
    accuracy_table_print(stdout, &table);
    /* Both files or neither (atomic_set_begin). */
    atomic_set_begin();
    int status = 0;
    if ((o.csv && accuracy_table_write_csv(o.csv, &table, &err) != 0) ||
        (o.json && write_json(&o, command, &reference, &run, &table, &err) != 0)) {
        atomic_set_abort();
        status = 1;
    } else {
        status = atomic_set_commit(&err) != 0;
    }
    if (status != 0)
        error_print(PROGRAM, &err);
    accuracy_table_free(&table);
    accuracy_reference_free(&reference);
    free(results);
    free(s.cpu);
    free(s.gpu);
    pair_classes_free(&classes);
    pair_set_free(&set);
    return status;
}
