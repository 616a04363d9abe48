/* CompareResults: every disagreement between two result files of the same input, within a
 * numeric tolerance (docs/SPECIFICATION.md section 4: results differ in their last bits between algorithms and
 * devices, so `diff` cannot compare them). Used by scripts/result_compare.sh. */
#include <getopt.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "error.h"
#include "extent.h"
#include "programs/program_options.h"
#include "compare/compare_stream.h"
#include "compare/result_compare.h"
#include "pipeline/pipeline_budget.h"

static const char *PROGRAM = "CompareResults";

static void usage(FILE *out)
{
    fprintf(out,
            "usage: CompareResults [--tolerance T] [--max-memory SIZE] INPUT REFERENCE_RESULTS OTHER_RESULTS\n"
            "       CompareResults [--tolerance T] [--max-memory SIZE] --exact INPUT OTHER_RESULTS\n"
            "       CompareResults --list-algorithms\n"
            "\n"
            "Compares two result files of INPUT's pairs (as RayTetra writes them) pair by pair and prints\n"
            "every disagreement as 'OTHER:LINE: pair I (REFERENCE:LINE): what differs' ('FILE: record I'\n"
            "for a binary result file), then a summary line. With --exact the reference is the exact\n"
            "classifier's result computed from INPUT (its faces exactly, its reals in long double). Any\n"
            "one of the files may be '-' (standard input), a pipe or a FIFO. The files are read together in\n"
            "chunks, each parsed and compared on every core, so that any number of pairs fits in memory.\n"
            "\n"
            "Results agree when hit/miss and both faces are equal and the reals are within the tolerance:\n"
            "points within T x the tetrahedron's longest edge, u within T, t within\n"
            "T x (longest edge / |L| + |t|).\n"
            "\n"
            "  --tolerance T   relative tolerance (default %g)\n"
            "  --exact         compare OTHER_RESULTS with the exact classifier\n"
            "  --max-memory SIZE  the most memory the chunks hold (SIZE in bytes, or with K, M, G or T;\n"
            "                  at least 16M; default a quarter of the machine's memory)\n"
            "  --extent E      with --exact: the classifier's extent, line (default), ray or segment\n"
            "                  (docs/SPECIFICATION.md section 9; a clipped side has face -1)\n"
            "  --list-algorithms  list the algorithms whose results it compares, one a line\n"
            "                  (docs/ALGORITHMS.md), and exit\n"
            "  --version       the version, commit, compiler and flags, and exit\n"
            "  -h, --help      this text\n"
            "\n"
            "Exit status: 0 all agree, 1 some differ, 2 an error (bad arguments, unreadable files, files\n"
            "of different lengths).\n",
            RESULT_COMPARE_DEFAULT_TOLERANCE);
}

int main(int argc, char **argv)
{
    setlocale(LC_ALL, "C");
    static const struct option longs[] = {
        {"tolerance", required_argument, NULL, 'T'},
        {"exact", no_argument, NULL, 'E'},
        {"extent", required_argument, NULL, 'X'},
        {"max-memory", required_argument, NULL, 'M'},
        {"list-algorithms", no_argument, NULL, PROGRAM_OPT_LIST_ALGORITHMS},
        PROGRAM_VERSION_HELP_OPTIONS,
        {NULL, 0, NULL, 0},
    };
    double tolerance = RESULT_COMPARE_DEFAULT_TOLERANCE;
    int exact = 0, extent = RT_EXTENT_LINE, c;
    size_t max_memory = 0; /* the default (pipeline_budget.h) */
    while ((c = program_next_option(argc, argv, "h", longs)) != -1) {
        switch (c) {
        case 'T': {
            char *end;
            tolerance = strtod(optarg, &end);
            if (end == optarg || *end || !isfinite(tolerance) || tolerance < 0)
                cli_usage_error(PROGRAM, "--tolerance must be a number >= 0, not '%s'", optarg);
            break;
        }
        case 'E':
            exact = 1;
            break;
        case 'X':
            extent = program_extent(PROGRAM, optarg);
            break;
        case 'M':
            max_memory = program_max_memory(PROGRAM, optarg);
            break;
        default:
            program_default_option(PROGRAM, c, argv[optind - 1], usage); /* exits */
        }
    }
    if (extent != RT_EXTENT_LINE && !exact)
        cli_usage_error(PROGRAM, "--extent %s applies to the exact classifier: give --exact too", extent_name(extent));
    int want = exact ? 2 : 3;
    if (argc - optind != want)
        program_wrong_arguments(PROGRAM, exact ? "--exact INPUT OTHER_RESULTS" : "INPUT REFERENCE_RESULTS OTHER_RESULTS",
                                argc - optind);
    const char *input = argv[optind];
    const char *reference_path = exact ? "exact classifier" : argv[optind + 1];
    const char *other_path = argv[optind + want - 1];
    int from_stdin = 0;
    for (int i = 0; i < want; ++i)
        from_stdin += strcmp(argv[optind + i], "-") == 0;
    if (from_stdin > 1)
        cli_usage_error(PROGRAM, "standard input ('-') can be read only once; give the other files by name");
    compare_job job = {.input = input, .reference = exact ? NULL : reference_path, .other = other_path,
                       .extent = extent, .tolerance = tolerance, .max_memory = max_memory, .out = stdout};
    result_compare_summary summary;
    error_text err;
    if (compare_stream_run(&job, &summary, &err) != 0) {
        fflush(stdout);
        error_print(PROGRAM, &err);
        return 2;
    }
    size_t total = result_compare_total(&summary);
    if (total == 0)
        printf("%s: agrees with the %s%s on all %zu pairs (tolerance %g)\n", other_path, exact ? "" : "reference ",
               reference_path, summary.pairs, tolerance);
    else
        printf("%s: %zu difference%s from the %s%s in %zu pairs: %zu hit/miss, %zu faces, %zu reals beyond "
               "tolerance %g\n",
               other_path, total, total == 1 ? "" : "s", exact ? "" : "reference ", reference_path, summary.pairs,
               summary.class_differences, summary.face_differences, summary.real_differences, tolerance);
    return total != 0;
}
