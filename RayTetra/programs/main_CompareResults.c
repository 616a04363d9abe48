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
#include "exact.h"
#include "extent.h"
#include "pairs_io.h"
#include "programs/program_options.h"
#include "compare/result_compare.h"

static const char *PROGRAM = "CompareResults";

static void usage(FILE *out)
{
    fprintf(out,
            "usage: CompareResults [--tolerance T] INPUT REFERENCE_RESULTS OTHER_RESULTS\n"
            "       CompareResults [--tolerance T] --exact INPUT OTHER_RESULTS\n"
            "       CompareResults --list-algorithms\n"
            "\n"
            "Compares two result files of INPUT's pairs (as RayTetra writes them) pair by pair and prints\n"
            "every disagreement as 'OTHER:LINE: pair I (REFERENCE:LINE): what differs' ('FILE: record I'\n"
            "for a binary result file), then a summary line. With --exact the reference is the exact\n"
            "classifier's result computed from INPUT (its faces exactly, its reals in long double). Any\n"
            "one of the files may be '-' (standard input), a pipe or a FIFO.\n"
            "\n"
            "Results agree when hit/miss and both faces are equal and the reals are within the tolerance:\n"
            "points within T x the tetrahedron's longest edge, u within T, t within\n"
            "T x (longest edge / |L| + |t|).\n"
            "\n"
            "  --tolerance T   relative tolerance (default %g)\n"
            "  --exact         compare OTHER_RESULTS with the exact classifier\n"
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

/* A result file's results, and the line of each (NULL for a binary file: its results are
 * located by record number); exits on an unreadable file or a count that is not the input's. */
static ray_tetra_result *read_results(const char *path, size_t pairs, const char *input, size_t **lines)
{
    ray_tetra_result *results;
    size_t count;
    error_text err;
    if (results_read_located(path, &results, &count, lines, &err) != 0) {
        error_print(PROGRAM, &err);
        exit(2);
    }
    if (count != pairs) {
        free(results);
        free(*lines);
        fprintf(stderr, "%s: error: %s holds %zu results but %s holds %zu pairs; compare results of that input\n",
                PROGRAM, path, count, input, pairs);
        exit(2);
    }
    return results;
}

/* "FILE:LINE" of a text result, "FILE: record I" of a binary one. */
static void locate(char *text, size_t size, const char *path, const size_t *lines, size_t i)
{
    if (lines)
        snprintf(text, size, "%s:%zu", path, lines[i]);
    else
        snprintf(text, size, "%s: record %zu", path, i);
}

int main(int argc, char **argv)
{
    setlocale(LC_ALL, "C");
    static const struct option longs[] = {
        {"tolerance", required_argument, NULL, 'T'},
        {"exact", no_argument, NULL, 'E'},
        {"extent", required_argument, NULL, 'X'},
        {"list-algorithms", no_argument, NULL, PROGRAM_OPT_LIST_ALGORITHMS},
        PROGRAM_VERSION_HELP_OPTIONS,
        {NULL, 0, NULL, 0},
    };
    double tolerance = RESULT_COMPARE_DEFAULT_TOLERANCE;
    int exact = 0, extent = RT_EXTENT_LINE, c;
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
        default:
            program_answer_info(PROGRAM, c, usage); /* exits on --list-algorithms, --version and --help */
            if (cli_is_negative_number(argv[optind - 1]))
                cli_usage_error(PROGRAM, "a negative number is not a valid argument: %s", argv[optind - 1]);
            cli_usage_error(PROGRAM, "unknown option or missing argument: %s", argv[optind - 1]);
        }
    }
    if (extent != RT_EXTENT_LINE && !exact)
        cli_usage_error(PROGRAM, "--extent %s applies to the exact classifier: give --exact too", extent_name(extent));
    int want = exact ? 2 : 3;
    if (argc - optind != want)
        cli_usage_error(PROGRAM, "%s",
                        exact ? "expected --exact INPUT OTHER_RESULTS"
                              : "expected INPUT REFERENCE_RESULTS OTHER_RESULTS");
    const char *input = argv[optind];
    const char *reference_path = exact ? "exact classifier" : argv[optind + 1];
    const char *other_path = argv[optind + want - 1];
    int from_stdin = 0;
    for (int i = 0; i < want; ++i)
        from_stdin += strcmp(argv[optind + i], "-") == 0;
    if (from_stdin > 1)
        cli_usage_error(PROGRAM, "standard input ('-') can be read only once; give the other files by name");
    pair_set set;
    error_text err;
    if (pairs_read(input, &set, &err) != 0) {
        error_print(PROGRAM, &err);
        return 2;
    }
    ray_tetra_result *reference;
    if (exact) {
        reference = calloc(set.count ? set.count : 1, sizeof *reference);
        if (!reference) {
            fprintf(stderr, "%s: error: not enough memory for %s pairs\n", PROGRAM, input);
            return 2;
        }
        for (size_t i = 0; i < set.count; ++i)
            extent_exact_reference(&set.pairs[i], extent, &reference[i]);
    }
    size_t *reference_lines = NULL, *other_lines = NULL;
    if (!exact)
        reference = read_results(reference_path, set.count, input, &reference_lines);
    ray_tetra_result *other = read_results(other_path, set.count, input, &other_lines);
    result_compare_summary summary = {.pairs = set.count};
    for (size_t i = 0; i < set.count; ++i) {
        result_mismatch m;
        result_mismatch_kind kind = result_compare(&set.pairs[i], &reference[i], &other[i], tolerance, &m);
        if (kind == RESULT_AGREE)
            continue;
        summary.class_differences += kind == RESULT_DIFFERENT_CLASS;
        summary.face_differences += kind == RESULT_DIFFERENT_FACES;
        summary.real_differences += kind == RESULT_DIFFERENT_REAL;
        char text[512], where[1024], reference_where[1024];
        result_mismatch_describe(&m, text, sizeof text);
        locate(where, sizeof where, other_path, other_lines, i);
        if (exact) {
            printf("%s: pair %zu: %s\n", where, i, text);
        } else {
            locate(reference_where, sizeof reference_where, reference_path, reference_lines, i);
            printf("%s: pair %zu (%s): %s\n", where, i, reference_where, text);
        }
    }
    size_t total = result_compare_total(&summary);
    if (total == 0)
        printf("%s: agrees with the %s%s on all %zu pairs (tolerance %g)\n", other_path, exact ? "" : "reference ",
               reference_path, set.count, tolerance);
    else
        printf("%s: %zu difference%s from the %s%s in %zu pairs: %zu hit/miss, %zu faces, %zu reals beyond "
               "tolerance %g\n",
               other_path, total, total == 1 ? "" : "s", exact ? "" : "reference ", reference_path, set.count,
               summary.class_differences, summary.face_differences, summary.real_differences, tolerance);
    free(other_lines);
    free(reference_lines);
    free(reference);
    free(other);
    pair_set_free(&set);
    return total != 0;
}
