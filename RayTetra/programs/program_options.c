/* program_options.c: the options several programs share (program_options.h). */
#include "programs/program_options.h"

#include <stdlib.h>

#include "cli.h"
#include "extent.h"
#include "registry_print.h"
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

void program_gpu_config_option(const char *program, int c, const char *arg, gpu_config *config)
{
    const char *option = c == PROGRAM_OPT_LAYOUT          ? "layout"
                         : c == PROGRAM_OPT_OUTPUT        ? "output"
                         : c == PROGRAM_OPT_RESULT_LAYOUT ? "result-layout"
                         : c == PROGRAM_OPT_TRANSFERS     ? "transfers"
                                                          : "pairs-per-item";
    error_text err;
    if (gpu_config_parse(config, option, arg, &err) != 0)
        cli_usage_error(program, "%s", err.text);
}
