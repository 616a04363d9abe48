/* run_compare.h: how much faster one run of an algorithm was than another, and whether the
 * difference is more than noise (CompareRuns; docs/BENCH.md, "CompareRuns"): the ratio of the
 * medians with a bootstrap confidence interval, and the Mann-Whitney U test on the two sets of
 * repetitions, which assumes nothing about their distribution. */
#ifndef RAYTETRA_RUN_COMPARE_H
#define RAYTETRA_RUN_COMPARE_H

/* Below this p-value a difference is called significant. */
#define RUN_COMPARE_ALPHA 0.05

typedef struct run_comparison {
    double median_a, median_b;
    double ratio;                 /* median_a / median_b: above 1, B was faster */
    double ratio_low, ratio_high; /* its BENCH_CONFIDENCE bootstrap interval; NaN with a single repetition */
    double p_value;               /* two-sided Mann-Whitney U; NaN with a single repetition */
    int exact;                    /* the p-value is exact (small samples without ties), not the normal approximation */
} run_comparison;

/* Compare two sets of repetition times (count_a, count_b >= 1). Returns 0, or -1 when out of
 * memory. */
int run_compare(const double *a, int count_a, const double *b, int count_b, run_comparison *comparison);

/* The two-sided p-value of the Mann-Whitney U test of `a` against `b` (each at least one value):
 * exact for small samples without ties, else the normal approximation with the tie correction.
 * *exact says which. O((n + m) log(n + m)) beside the exact distribution's bounded table. NaN
 * when out of memory. */
double run_compare_mann_whitney(const double *a, int count_a, const double *b, int count_b, int *exact);

/* U of the Mann-Whitney test of sorted `a` against sorted `b`, from their ranks in one pass:
 * the number of pairs (a_i, b_j) with a_i > b_j, ties counting half; the tie correction of its
 * variance, the sum of t^3 - t over the groups of t equal values of both; whether a value is in
 * both (then the p-value is the normal approximation). O(n + m). */
typedef struct run_rank_sums {
    double u, tie_term;
    int ties;
} run_rank_sums;
run_rank_sums run_compare_rank_sums(const double *sorted_a, int count_a, const double *sorted_b, int count_b);

#endif
