/* program_options.c: the options several programs share (program_options.h). */
#include "programs/program_options.h"

#include <stdint.h>
#include <stdlib.h>

#include "atomic_file.h"
#include "cli.h"
#include "cpu/algorithms.h"
#include "extent.h"
#include "pipeline/pipeline_budget.h"
#include "registry/registry_print.h"
#include "version.h"

int program_next_option(int argc, char **argv, const char *short_options, const struct option *long_options)
{
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, short_options, long_options, NULL)) == 0)
        continue; /* a flag option: getopt_long has set it */
    return c;
}

void program_answer_info(const char *program, int c, void (*usage)(FILE *out))
{
    if (c == PROGRAM_OPT_VERSION)
        version_print(stdout, program);
    else if (c == 'h')
        usage(stdout);
    else if (c == PROGRAM_OPT_LIST_ALGORITHMS)
        registry_print_list(stdout);
    else
        return;
    exit(0);
}

int program_extent(const char *program, const char *arg)
{
    int extent = extent_parse(arg);
    if (extent < 0)
        cli_usage_error(program, "--extent takes line, ray or segment, not '%s'", arg);
    return extent;
}

cpu_record_stores program_record_stores(const char *program, const char *arg)
{
    int stores = cpu_record_stores_parse(arg);
    if (stores < 0)
        cli_usage_error(program, "--record-stores takes auto, cached or streamed, not '%s'", arg);
    cpu_set_record_stores((cpu_record_stores)stores);
    return (cpu_record_stores)stores;
}

int program_gpu_config_option(const char *program, int c, const char *arg, gpu_config *config)
{
    const char *option = c == PROGRAM_OPT_LAYOUT          ? "layout"
                         : c == PROGRAM_OPT_OUTPUT        ? "output"
                         : c == PROGRAM_OPT_RESULT_LAYOUT ? "result-layout"
                         : c == PROGRAM_OPT_TRANSFERS     ? "transfers"
                         : c == PROGRAM_OPT_PAIRS_PER_ITEM ? "pairs-per-item"
                         : c == PROGRAM_OPT_FLOAT_DATA    ? "float-data"
                         : c == PROGRAM_OPT_CHUNK_SIZES   ? "chunk-sizes"
                                                          : NULL;
    if (!option)
        return 0;
    error_text err;
    if (gpu_config_parse(config, option, arg, &err) != 0)
        cli_usage_error(program, "%s", err.text);
    return 1;
}

long long program_device_number(const char *program, const char *option, const char *arg)
{
    return cli_number(program, arg, 0, 1 << 20, option);
}

void program_device_option(const char *program, int c, const char *arg, long long *device, int *device_given,
                           const char **devices)
{
    if (c == PROGRAM_OPT_DEVICES) {
        *devices = arg;
        return;
    }
    *device = program_device_number(program, "-n/--device", arg);
    *device_given = 1;
}

long long program_local_size(const char *program, const char *arg)
{
    return cli_number(program, arg, 1, 1 << 20, "--local-size");
}

long long program_threads(const char *program, const char *arg)
{
    return cli_number(program, arg, 0, 4096, "--threads");
}

long long program_seed(const char *program, const char *option, const char *arg)
{
    return cli_number(program, arg, 0, INT64_MAX, option);
}

size_t program_max_memory(const char *program, const char *arg)
{
    size_t bytes;
    error_text err;
    if (pipeline_parse_memory(arg, &bytes, &err) != 0)
        cli_usage_error(program, "%s", err.text);
    return bytes;
}

void program_bad_option(const char *program, const char *arg)
{
    if (cli_is_negative_number(arg))
        cli_usage_error(program, "%s: a negative number where an option was expected (%s's positional arguments are "
                        "never negative)", arg, program);
    cli_usage_error(program, "%s: unknown option or missing argument", arg);
}

void program_wrong_arguments(const char *program, const char *expected, int got)
{
    cli_usage_error(program, "expected %s, got %d argument%s", expected, got, got == 1 ? "" : "s");
}

void program_not_both(const char *program, const char *first, const char *second, const char *arg)
{
    cli_usage_error(program, "give %s or %s, not both%s%s", first, second, arg ? ": " : "", arg ? arg : "");
}

void program_default_option(const char *program, int c, const char *written, void (*usage)(FILE *out))
{
    program_answer_info(program, c, usage);
    program_bad_option(program, written);
}

void program_other_option(const char *program, int c, const char *arg, const char *written, gpu_config *config,
                          void (*usage)(FILE *out))
{
    if (program_gpu_config_option(program, c, arg, config))
        return;
    program_default_option(program, c, written, usage);
}

void program_check_outputs(const char *program, const program_output *outputs, int count, const char *const *inputs,
                           int input_count)
{
    for (int i = 0; i < count; ++i) {
        const program_output *output = &outputs[i];
        if (!output->path)
            continue;
        for (int k = 0; k < input_count; ++k)
            if (inputs[k] && atomic_same_file(output->path, inputs[k]))
                cli_usage_error(program, "%s %s is the input file %s: writing it would destroy the input; give another "
                                "file", output->option, output->path, inputs[k]);
        for (int k = 0; k < i; ++k)
            if (outputs[k].path && atomic_same_output(output->path, outputs[k].path))
                cli_usage_error(program, "%s and %s both name %s: give each output its own file", outputs[k].option,
                                output->option, output->path);
        error_text err;
        if (atomic_check_output(output->path, &err) != 0)
            die(program, "%s: %s", output->option, err.text);
    }
}
