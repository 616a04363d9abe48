/* test_statistics: the statistics behind Bench's figures and CompareRuns' verdicts: median, MAD,
 * CV and the bootstrap interval of known samples; the warnings of a results row; the
 * Mann-Whitney U test against values from tables, and its rank sums against counting pairs; the
 * ratio of two runs; and the JSON numbers (shortest form that reads back exactly, null for NaN). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench_results.h"
#include "bench/bench_stats.h"
#include "bench/results_json.h"
#include "check.h"
#include "compare/run_compare.h"
#include "registry/registry.h"

static void summary_of_known_samples(void)
{
    const double samples[] = {5, 1, 4, 2, 3};
    bench_summary s;
    CHECK(bench_summarise(samples, 5, &s) == 0, "summarise");
    CHECK(s.count == 5 && s.sum == 15 && s.mean == 3, "count %d sum %g mean %g", s.count, s.sum, s.mean);
    CHECK(s.median == 3 && s.min == 1 && s.max == 5, "median %g min %g max %g", s.median, s.min, s.max);
    CHECK(s.mad == 1, "MAD of 1..5 is 1, got %g", s.mad);
    CHECK(fabs(s.cv - sqrt(2.5) / 3) < 1e-15, "CV %g", s.cv);
    CHECK(s.median_low <= s.median && s.median <= s.median_high, "CI [%g, %g] holds the median", s.median_low,
          s.median_high);
    CHECK(s.median_low >= 1 && s.median_high <= 5, "CI within the samples");
    const double even[] = {4, 1, 3, 2};
    CHECK(bench_summarise(even, 4, &s) == 0 && s.median == 2.5, "even count: mean of the middle two, got %g", s.median);

    /* The same samples give the same interval (fixed seed). */
    double noisy[200];
    rng random;
    rng_seed(&random, 3);
    for (int i = 0; i < 200; ++i)
        noisy[i] = 10 + rng_unit(&random);
    bench_summary first, second;
    bench_summarise(noisy, 200, &first);
    bench_summarise(noisy, 200, &second);
    CHECK(first.median_low == second.median_low && first.median_high == second.median_high, "reproducible interval");
    CHECK(first.median_high - first.median_low < 0.3, "200 uniform samples: a narrow interval, got [%g, %g]",
          first.median_low, first.median_high);

    const double one[] = {7};
    CHECK(bench_summarise(one, 1, &s) == 0 && s.median == 7 && s.median_low == 7 && s.median_high == 7 && s.cv == 0,
          "one sample");
}

static void resample_leaves_counts_zero(void)
{
    const double sorted[] = {1, 2, 3, 4, 5, 6};
    unsigned counts[6] = {0};
    rng random;
    rng_seed(&random, 1);
    for (int k = 0; k < 100; ++k) {
        double m = bench_resample_median(sorted, 6, counts, &random);
        CHECK(m >= 1 && m <= 6, "resample median %g within the values", m);
    }
    int zero = 1;
    for (int i = 0; i < 6; ++i)
        zero &= counts[i] == 0;
    CHECK(zero, "the tally is zero again after each resample");
}

static void row_warnings(void)
{
    bench_results results = {0};
    const registry_variant *stp0 = registry_find("stp0");
    bench_row row = {.algorithm = "STP0", .variant = stp0, .kind = REGISTRY_CPU, .phase = BENCH_PHASE_RUN,
                     .metric = BENCH_TIME_MS, .status = BENCH_OK, .reps = 2, .resolution_ms = 0.001};
    const double noisy[] = {1.0, 1.2};
    const bench_row *r = bench_results_add(&results, &row, noisy, 2);
    CHECK(r && (r->warnings & BENCH_WARN_SPREAD), "10%% MAD: spread warning");
    CHECK(r && (r->warnings & BENCH_WARN_FEW_REPS), "2 repetitions: few repetitions");
    CHECK(r && !(r->warnings & BENCH_WARN_SHORT), "1 ms is 1000x the resolution: not short");
    const double short_reps[] = {0.05, 0.05, 0.05};
    row.phase = BENCH_PHASE_RUN_THREADS;
    row.threads = 2;
    r = bench_results_add(&results, &row, short_reps, 3);
    CHECK(r && r->warnings == BENCH_WARN_SHORT, "0.05 ms under 100 x 0.001 ms: short only, got %u",
          r ? r->warnings : 0);
    bench_results_check_threads(&results);
    CHECK(!(results.rows[1].warnings & BENCH_WARN_THREADS_SLOWER), "2 threads faster: no warning");
    const double slow[] = {5, 5, 5};
    row.algorithm = "STP1";
    row.variant = registry_find("stp1");
    row.phase = BENCH_PHASE_RUN;
    bench_results_add(&results, &row, short_reps, 3);
    row.phase = BENCH_PHASE_RUN_THREADS;
    bench_results_add(&results, &row, slow, 3);
    bench_results_check_threads(&results);
    CHECK(results.rows[3].warnings & BENCH_WARN_THREADS_SLOWER, "2 threads slower than 1: warned");
    row.phase = BENCH_PHASE_WRITE;
    const double once[] = {2};
    r = bench_results_add(&results, &row, once, 1);
    CHECK(r && !(r->warnings & BENCH_WARN_FEW_REPS), "a transfer happens once: no repetition warning");
    CHECK(bench_results_find(&results, "STP1", BENCH_PHASE_RUN_THREADS, BENCH_TIME_MS) == &results.rows[3],
          "find by algorithm, phase and metric");
    CHECK(!bench_results_find(&results, "STP1", BENCH_PHASE_KERNEL, BENCH_TIME_MS), "no such row");
    char name[32];
    CHECK(strcmp(bench_phase_name(BENCH_PHASE_RUN_THREADS, 16, name, sizeof name), "run_threads_16") == 0,
          "phase name %s", name);
    bench_results_free(&results);
}

static void mann_whitney(void)
{
    int exact;
    const double low[] = {1, 2, 3}, high[] = {4, 5, 6};
    /* Complete separation of 3 and 3: P(U = 0) = 1 / C(6, 3) = 1/20, two-sided 0.1. */
    double p = run_compare_mann_whitney(low, 3, high, 3, &exact);
    CHECK(exact && fabs(p - 0.1) < 1e-12, "3 vs 3 separated: p = 0.1, got %g", p);
    const double five_low[] = {1, 2, 3, 4, 5}, five_high[] = {6, 7, 8, 9, 10};
    p = run_compare_mann_whitney(five_high, 5, five_low, 5, &exact);
    CHECK(fabs(p - 2.0 / 252) < 1e-12, "5 vs 5 separated: p = 2/252, got %g", p);
    const double mixed_a[] = {1, 4, 5, 8}, mixed_b[] = {2, 3, 6, 7};
    p = run_compare_mann_whitney(mixed_a, 4, mixed_b, 4, &exact);
    CHECK(p > 0.9, "interleaved samples: no difference, p = %g", p);
    /* Large samples: the normal approximation, and a clear shift is significant. */
    double a[100], b[100];
    for (int i = 0; i < 100; ++i) {
        a[i] = 10 + i * 0.01;
        b[i] = 10.5 + i * 0.01;
    }
    p = run_compare_mann_whitney(a, 100, b, 100, &exact);
    CHECK(!exact && p < 1e-6, "shifted by half the range: p = %g (normal approximation)", p);
    const double tied_a[] = {1, 1, 1}, tied_b[] = {1, 1, 1};
    p = run_compare_mann_whitney(tied_a, 3, tied_b, 3, &exact);
    CHECK(!exact && p == 1, "all tied: p = 1, got %g", p);
}

/* The rank test's sums counted the slow way, pair by pair: U (a_i > b_j counting 1, a tie 1/2),
 * the tie term (t^3 - t for each group of t equal values of both samples, in increasing order of
 * value, as the sorted pass adds them) and whether a value is in both. */
static run_rank_sums rank_sums_by_pairs(const double *sorted_a, int n, const double *sorted_b, int m)
{
    run_rank_sums r = {0, 0, 0};
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < m; ++j) {
            r.u += sorted_a[i] > sorted_b[j] ? 1 : sorted_a[i] == sorted_b[j] ? 0.5 : 0;
            r.ties |= sorted_a[i] == sorted_b[j];
        }
    double *all = malloc((size_t)(n + m) * sizeof *all);
    memcpy(all, sorted_a, (size_t)n * sizeof *all);
    memcpy(all + n, sorted_b, (size_t)m * sizeof *all);
    bench_sort(all, n + m);
    for (int i = 0; i < n + m; ++i) {
        double t = 0;
        for (int k = 0; k < n + m; ++k)
            t += all[k] == all[i];
        if (i == 0 || all[i] != all[i - 1])
            r.tie_term += t * t * t - t;
    }
    free(all);
    return r;
}

/* The normal approximation's p-value from those sums, as the test defines it. */
static double normal_p_by_pairs(run_rank_sums r, int n, int m)
{
    double total = n + m, variance = (double)n * m / 12 * ((total + 1) - r.tie_term / (total * (total - 1)));
    if (!(variance > 0))
        return 1;
    double z = (fabs(r.u - (double)n * m / 2) - 0.5) / sqrt(variance);
    return erfc((z < 0 ? 0 : z) / sqrt(2));
}

/* The sorted pass gives the very sums of counting pairs, on random samples full of ties (values
 * from a few levels), small and large, and the same p-values. */
static void rank_sums_match_pairs(void)
{
    rng random;
    rng_seed(&random, 29);
    int sums_same = 1, p_same = 1, exact_cases = 0, approximate_cases = 0;
    for (int trial = 0; trial < 2000; ++trial) {
        int n = 1 + (int)rng_below(&random, trial % 10 ? 40 : 150), m = 1 + (int)rng_below(&random, 60);
        int levels = 1 + (int)rng_below(&random, trial % 3 ? 12 : 1000);
        double a[150], b[60], sorted_a[150], sorted_b[60];
        for (int i = 0; i < n; ++i)
            sorted_a[i] = a[i] = 1 + (double)rng_below(&random, (uint64_t)levels) / 8;
        for (int j = 0; j < m; ++j)
            sorted_b[j] = b[j] = 1.0625 + (double)rng_below(&random, (uint64_t)levels) / 8 - (trial % 2) / 16.0;
        bench_sort(sorted_a, n);
        bench_sort(sorted_b, m);
        run_rank_sums fast = run_compare_rank_sums(sorted_a, n, sorted_b, m), slow = rank_sums_by_pairs(a, n, b, m);
        if (fast.u != slow.u || fast.tie_term != slow.tie_term || fast.ties != slow.ties) {
            if (sums_same)
                fprintf(stderr, "trial %d (%d vs %d, %d levels): U %.17g / %.17g, tie term %.17g / %.17g, ties %d / %d\n",
                        trial, n, m, levels, fast.u, slow.u, fast.tie_term, slow.tie_term, fast.ties, slow.ties);
            sums_same = 0;
        }
        int exact;
        double p = run_compare_mann_whitney(a, n, b, m, &exact);
        if (exact) {
            ++exact_cases;
            p_same &= !slow.ties && (long)n * m <= 2500;
        } else {
            ++approximate_cases;
            p_same &= p == normal_p_by_pairs(slow, n, m);
        }
    }
    CHECK(sums_same, "U, the tie term and the ties of the sorted pass equal counting pairs (2000 random samples)");
    CHECK(p_same, "the same p-values: exact for small samples without a shared value, else the approximation");
    CHECK(exact_cases > 100 && approximate_cases > 100, "both kinds of p-value tried: %d exact, %d approximate",
          exact_cases, approximate_cases);
}

static void ratio_of_runs(void)
{
    double a[20], b[20];
    for (int i = 0; i < 20; ++i) {
        a[i] = 2.0 + 0.01 * (i % 5);
        b[i] = 1.0 + 0.005 * (i % 5);
    }
    run_comparison c;
    CHECK(run_compare(a, 20, b, 20, &c) == 0, "compare");
    CHECK(fabs(c.ratio - 2) < 1e-12, "B twice as fast: ratio 2, got %g", c.ratio);
    CHECK(c.ratio_low <= c.ratio && c.ratio <= c.ratio_high && c.ratio_high - c.ratio_low < 0.05,
          "a tight interval around 2: [%g, %g]", c.ratio_low, c.ratio_high);
    CHECK(c.p_value < 0.001, "significant, p = %g", c.p_value);
    const double single_a[] = {3}, single_b[] = {1.5};
    CHECK(run_compare(single_a, 1, single_b, 1, &c) == 0 && c.ratio == 2 && isnan(c.ratio_low) && isnan(c.p_value),
          "one repetition each: a ratio, no interval, no test");
}

/* The text json-c writes for a number. */
static int number_is(double value, const char *text)
{
    json_object *number = results_json_number(value);
    int same = number && strcmp(json_object_to_json_string_ext(number, JSON_C_TO_STRING_PLAIN), text) == 0;
    if (!same)
        fprintf(stderr, "%.17g: got %s, expected %s\n", value,
                number ? json_object_to_json_string_ext(number, JSON_C_TO_STRING_PLAIN) : "null", text);
    json_object_put(number);
    return same;
}

static void json_numbers(void)
{
    CHECK(number_is(30, "30"), "an integer without an exponent");
    CHECK(number_is(0.1, "0.1"), "0.1 in its shortest form");
    CHECK(number_is(1e-9, "1e-09"), "small numbers with an exponent");
    CHECK(number_is(-2.5, "-2.5"), "negative");
    CHECK(results_json_number(NAN) == NULL && results_json_number(INFINITY) == NULL, "NaN and inf are null");
    rng random;
    rng_seed(&random, 9);
    int exact = 1;
    for (int i = 0; i < 10000; ++i) {
        double value = (rng_unit(&random) - 0.5) * pow(10, (int)rng_below(&random, 40) - 20);
        json_object *number = results_json_number(value);
        exact &= strtod(json_object_to_json_string_ext(number, JSON_C_TO_STRING_PLAIN), NULL) == value;
        json_object_put(number);
    }
    CHECK(exact, "every number reads back as the same double");
    json_object *ms = results_json_ms(0.026649999897927046);
    CHECK(strcmp(json_object_to_json_string_ext(ms, JSON_C_TO_STRING_PLAIN), "0.02665") == 0,
          "times rounded to the nanosecond: %s", json_object_to_json_string_ext(ms, JSON_C_TO_STRING_PLAIN));
    json_object_put(ms);
    json_object *words = results_json_words("thesis,exact");
    CHECK(strcmp(json_object_to_json_string_ext(words, JSON_C_TO_STRING_PLAIN), "[\"thesis\", \"exact\"]") == 0,
          "a compact list of words: %s", json_object_to_json_string_ext(words, JSON_C_TO_STRING_PLAIN));
    json_object_put(words);
    words = results_json_words("-");
    CHECK(json_object_array_length(words) == 0, "'-' is no words");
    json_object_put(words);
    char *argv[] = {"Bench", "--algorithms", "stp0", "it's here.txt", NULL};
    char *command = results_json_command(4, argv);
    CHECK(command && strcmp(command, "Bench --algorithms stp0 'it'\\''s here.txt'") == 0, "quoted command: %s",
          command ? command : "(null)");
    free(command);
}

int main(void)
{
    summary_of_known_samples();
    resample_leaves_counts_zero();
    row_warnings();
    mann_whitney();
    rank_sums_match_pairs();
    ratio_of_runs();
    json_numbers();
    char text[24];
    CHECK(strcmp(bench_ms_text(0.026299, text, sizeof text), "0.0263") == 0, "4 digits: %s", text);
    CHECK(strcmp(bench_ms_text(4.115, text, sizeof text), "4.115") == 0, "4 digits: %s", text);
    CHECK(strcmp(bench_ms_text(1234.56, text, sizeof text), "1235") == 0, "whole ms above a second: %s", text);
    CHECK(strcmp(bench_ms_text(0.00006, text, sizeof text), "6e-05") == 0, "below a microsecond: %s", text);
    CHECK(bench_timer_resolution_ms() > 0 && bench_timer_resolution_ms() < 20, "a clock resolution of %g ms",
          bench_timer_resolution_ms());
    return check_summary("test_statistics");
}
