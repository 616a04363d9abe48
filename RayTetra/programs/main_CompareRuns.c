/* CompareRuns: two Bench runs (their --json files) side by side: for each algorithm and phase
 * in both, how many times faster or slower it ran in B, with a bootstrap confidence interval of
 * the ratio of the medians and a rank test (Mann-Whitney U) saying whether the difference is
 * more than noise (docs/BENCH.md, "CompareRuns"). */
#include <getopt.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench_stats.h"
#include "compare/run_compare.h"
#include "compare/run_file.h"
#include "cli.h"
#include "error.h"
#include "programs/program_options.h"

static const char *PROGRAM = "CompareRuns";

static void usage(FILE *out)
{
    fprintf(out,
            "usage: CompareRuns [--force] A.json B.json\n"
            "       CompareRuns --list-algorithms | --version\n"
            "\n"
            "Compares two runs of Bench (files of Bench --json) algorithm by algorithm: for each\n"
            "algorithm and phase with verified repetitions in both, the ratio of the median times\n"
            "('STP1 (run) ran 1.31 +/- 0.04 times faster in B'), its %.0f%% bootstrap confidence interval\n"
            "and the two-sided p-value of the Mann-Whitney U test on the repetitions; a difference with\n"
            "p >= %g is reported as not significant. Then the algorithms found in one run only or not\n"
            "verified in one.\n"
            "\n"
            "Runs on different inputs (input_sha256) or devices (cpu, opencl_platform, opencl_device,\n"
            "opencl_driver) are refused, naming what differs, unless --force.\n"
            "\n"
            "  --force            compare even so\n"
            "  --list-algorithms  list the algorithms, one a line (docs/ALGORITHMS.md), and exit\n"
            "  --version          the version, commit, compiler and flags, and exit\n"
            "  -h, --help         this text\n"
            "\n"
            "Exit status: 0 compared; 1 a file cannot be read or the runs differ (without --force);\n"
            "2 bad arguments.\n",
            100 * BENCH_CONFIDENCE, RUN_COMPARE_ALPHA);
}

/* "input_sha256 (A 1f2e3d4c..., B 9a8b7c6d...), cpu (...)": what differs; 0 if nothing does. */
static int differences(const run_file *a, const run_file *b, char *text, size_t size)
{
    size_t used = 0;
    int count = 0;
    text[0] = '\0';
    for (int f = 0; f < RUN_FIELDS; ++f) {
        const char *x = a->fields[f] ? a->fields[f] : "null", *y = b->fields[f] ? b->fields[f] : "null";
        /* A run without OpenCL has nothing to compare on that side: not a difference. */
        if (f != RUN_INPUT && f != RUN_CPU && (!a->fields[f] || !b->fields[f]))
            continue;
        if (strcmp(x, y) == 0)
            continue;
        int n = snprintf(text + used, size - used, "%s%s (A %.16s%s, B %.16s%s)", count ? ", " : "",
                         RUN_FIELD_NAMES[f], x, strlen(x) > 16 ? "..." : "", y, strlen(y) > 16 ? "..." : "");
        if (n > 0 && (size_t)n < size - used)
            used += (size_t)n;
        ++count;
    }
    return count;
}

static void print_p(FILE *out, double p)
{
    if (p < 0.001)
        fprintf(out, "p < 0.001");
    else
        fprintf(out, "p = %.3f", p);
}

/* One line: "STP1 (run) ran 1.31 +/- 0.04 times faster in B (95% CI 1.27-1.35; median 4.115 ms in
 * A, 3.141 ms in B; p = 0.002)". */
static int compare_one(const run_result *a, const run_result *b)
{
    run_comparison c;
    if (run_compare(a->samples, a->count, b->samples, b->count, &c) != 0)
        return -1;
    int faster = c.ratio >= 1;
    double factor = faster ? c.ratio : 1 / c.ratio;
    double low = faster ? c.ratio_low : 1 / c.ratio_high, high = faster ? c.ratio_high : 1 / c.ratio_low;
    printf("%s (%s) ran %.2f", a->algorithm, a->phase, factor);
    if (!isnan(low))
        printf(" +/- %.2f", (high - low) / 2);
    printf(" times %s in B (", faster ? "faster" : "slower");
    if (!isnan(low))
        printf("%.0f%% CI %.2f-%.2f; ", 100 * BENCH_CONFIDENCE, low, high);
    printf("median %.6g ms in A, %.6g ms in B; ", c.median_a, c.median_b);
    if (isnan(c.p_value)) {
        printf("a single repetition: no interval, no test)\n");
        return 0;
    }
    print_p(stdout, c.p_value);
    printf("%s)%s\n", c.exact ? "" : ", normal approximation",
           c.p_value < RUN_COMPARE_ALPHA ? "" : ": not significant");
    return 0;
}

/* On one line after `label`: the results of `run` that `other` lacks (unverified: 0), or that
 * both have but one of them did not verify (unverified: 1). */
static void unmatched(const char *label, const run_file *run, const run_file *other, int unverified)
{
    int any = 0;
    for (int i = 0; i < run->count; ++i) {
        const run_result *r = &run->results[i], *o = run_file_find(other, r->algorithm, r->phase);
        if (unverified ? !o || (r->verified && o->verified) : o != NULL)
            continue;
        printf("%s%s (%s)", any ? ", " : label, r->algorithm, r->phase);
        any = 1;
    }
    if (any)
        putchar('\n');
}

int main(int argc, char **argv)
{
    setlocale(LC_ALL, "C");
    enum { OPT_FORCE = 256 };
    static const struct option longs[] = {
        {"force", no_argument, NULL, OPT_FORCE},
        {"list-algorithms", no_argument, NULL, PROGRAM_OPT_LIST_ALGORITHMS},
        PROGRAM_VERSION_HELP_OPTIONS,
        {NULL, 0, NULL, 0},
    };
    int force = 0, c;
    while ((c = program_next_option(argc, argv, "h", longs)) != -1) {
        switch (c) {
        case OPT_FORCE:
            force = 1;
            break;
        default:
            program_default_option(PROGRAM, c, argv[optind - 1], usage); /* exits */
        }
    }
    if (argc - optind != 2)
        program_wrong_arguments(PROGRAM, "A.json B.json", argc - optind);
    error_text err;
    run_file a, b;
    if (run_file_read(argv[optind], &a, &err) != 0) {
        error_print(PROGRAM, &err);
        return 1;
    }
    if (run_file_read(argv[optind + 1], &b, &err) != 0) {
        run_file_free(&a);
        error_print(PROGRAM, &err);
        return 1;
    }
    char what[ERROR_TEXT_SIZE - 200];
    int differ = differences(&a, &b, what, sizeof what);
    if (differ && !force) {
        fprintf(stderr, "%s: error: the runs differ in %s: their times are not comparable; give --force to compare "
                        "them anyway\n", PROGRAM, what);
        run_file_free(&a);
        run_file_free(&b);
        return 1;
    }
    printf("A: %s (%s, input %s)\nB: %s (%s, input %s)\n", argv[optind], a.date ? a.date : "no date",
           a.input ? a.input : "unknown", argv[optind + 1], b.date ? b.date : "no date", b.input ? b.input : "unknown");
    if (differ)
        printf("compared with --force although they differ in %s\n", what);
    int status = 0, compared = 0;
    for (int i = 0; i < a.count && status == 0; ++i) {
        const run_result *x = &a.results[i], *y = run_file_find(&b, x->algorithm, x->phase);
        if (!y || !x->verified || !y->verified || !x->count || !y->count)
            continue;
        status = compare_one(x, y);
        ++compared;
    }
    if (status != 0) {
        fprintf(stderr, "%s: error: out of memory\n", PROGRAM);
    } else {
        unmatched("only in A: ", &a, &b, 0);
        unmatched("only in B: ", &b, &a, 0);
        unmatched("not verified in A or in B: ", &a, &b, 1);
        if (!compared)
            printf("nothing to compare: no algorithm and phase has verified repetitions in both runs\n");
    }
    run_file_free(&a);
    run_file_free(&b);
    return status ? 1 : 0;
}
