/* run_compare.c: the ratio of two runs' medians with its bootstrap interval, and the Mann-Whitney
 * U test (run_compare.h). */
#include "compare/run_compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench_stats.h"

/* Up to this many pairs n x m the U distribution is computed exactly (a few MB at most). */
#define EXACT_LIMIT 2500

/* One pass over both samples in order: U = R_a - n (n + 1) / 2, where R_a sums a's ranks among
 * all n + m values and a group of t equal values shares the mean of its ranks. Every term is a
 * multiple of 1/2 far below 2^52, so the sums are exact: the same U as counting the pairs. */
run_rank_sums run_compare_rank_sums(const double *a, int n, const double *b, int m)
{
    run_rank_sums r = {0, 0, 0};
    double rank_sum_a = 0;
    int i = 0, j = 0;
    while (i < n || j < m) {
        /* The next value and the group of values equal to it in each sample; a value that
         * equals nothing (NaN) is a group of its own, so that the pass always moves on. */
        int take_a = j == m || (i < n && !(b[j] < a[i]));
        double value = take_a ? a[i++] : b[j++];
        int from_a = take_a, from_b = !take_a;
        for (; i < n && a[i] == value; ++i)
            ++from_a;
        for (; j < m && b[j] == value; ++j)
            ++from_b;
        double t = from_a + from_b, first_rank = i + j - t + 1;
        rank_sum_a += from_a * (first_rank + (t - 1) / 2);
        r.tie_term += t * t * t - t;
        r.ties |= from_a && from_b;
    }
    r.u = rank_sum_a - (double)n * (n + 1) / 2;
    return r;
}

/* P(U = u) for samples of n and m values from one distribution, without ties, by the recursion
 * on the largest of the n + m values: it is a's with probability n / (n + m), and then beats all
 * m values of b: p(n, m, u) = n/(n+m) p(n-1, m, u-m) + m/(n+m) p(n, m-1, u). Returns a
 * malloc'ed array of n m + 1 probabilities, or NULL. */
static double *u_distribution(int n, int m)
{
    size_t width = (size_t)n * (size_t)m + 1;
    double *previous = calloc((size_t)(n + 1) * width, sizeof *previous); /* p(i, j-1, .) */
    double *current = calloc((size_t)(n + 1) * width, sizeof *current);   /* p(i, j, .) */
    double *result = malloc(width * sizeof *result);
    if (!previous || !current || !result) {
        free(previous);
        free(current);
        free(result);
        return NULL;
    }
    for (int i = 0; i <= n; ++i)
        previous[(size_t)i * width] = 1; /* m = 0: U = 0 */
    for (int j = 1; j <= m; ++j) {
        memset(current, 0, (size_t)(n + 1) * width * sizeof *current);
        current[0] = 1; /* n = 0: U = 0 */
        for (int i = 1; i <= n; ++i) {
            double from_a = (double)i / (i + j), from_b = (double)j / (i + j);
            double *out = current + (size_t)i * width;
            const double *shorter = current + (size_t)(i - 1) * width, *fewer = previous + (size_t)i * width;
            for (size_t u = 0; u <= (size_t)i * (size_t)j; ++u)
                out[u] = from_b * fewer[u] + (u >= (size_t)j ? from_a * shorter[u - (size_t)j] : 0);
        }
        double *swap = previous;
        previous = current;
        current = swap;
    }
    memcpy(result, previous + (size_t)n * width, width * sizeof *result);
    free(previous);
    free(current);
    return result;
}

/* The test on sorted samples (run_compare_mann_whitney). */
static double mann_whitney_sorted(const double *a, int n, const double *b, int m, int *exact)
{
    run_rank_sums r = run_compare_rank_sums(a, n, b, m);
    double u = r.u;
    *exact = !r.ties && (long)n * m <= EXACT_LIMIT;
    if (*exact) {
        double *p = u_distribution(n, m);
        if (!p)
            return NAN;
        double below = 0, above = 0; /* P(U <= u), P(U >= u) */
        for (int k = 0; k <= n * m; ++k) {
            if (k <= u)
                below += p[k];
            if (k >= u)
                above += p[k];
        }
        free(p);
        double two_sided = 2 * (below < above ? below : above);
        return two_sided < 1 ? two_sided : 1;
    }
    double total = n + m, mean = (double)n * m / 2;
    double variance = (double)n * m / 12 * ((total + 1) - r.tie_term / (total * (total - 1)));
    if (!(variance > 0))
        return 1; /* every value equal: no evidence of a difference */
    double z = (fabs(u - mean) - 0.5) / sqrt(variance); /* with the continuity correction */
    if (z < 0)
        z = 0;
    return erfc(z / sqrt(2));
}

double run_compare_mann_whitney(const double *a, int n, const double *b, int m, int *exact)
{
    double *sorted_a = malloc((size_t)n * sizeof *sorted_a), *sorted_b = malloc((size_t)m * sizeof *sorted_b);
    double p = NAN;
    *exact = 0;
    if (sorted_a && sorted_b) {
        memcpy(sorted_a, a, (size_t)n * sizeof *a);
        memcpy(sorted_b, b, (size_t)m * sizeof *b);
        bench_sort(sorted_a, n);
        bench_sort(sorted_b, m);
        p = mann_whitney_sorted(sorted_a, n, sorted_b, m, exact);
    }
    free(sorted_a);
    free(sorted_b);
    return p;
}

int run_compare(const double *a, int n, const double *b, int m, run_comparison *c)
{
    memset(c, 0, sizeof *c);
    double *sorted_a = malloc((size_t)n * sizeof *sorted_a), *sorted_b = malloc((size_t)m * sizeof *sorted_b);
    unsigned *counts_a = calloc((size_t)n, sizeof *counts_a), *counts_b = calloc((size_t)m, sizeof *counts_b);
    double *ratios = malloc(BENCH_BOOTSTRAP_RESAMPLES * sizeof *ratios);
    int status = sorted_a && sorted_b && counts_a && counts_b && ratios ? 0 : -1;
    if (status == 0) {
        memcpy(sorted_a, a, (size_t)n * sizeof *a);
        memcpy(sorted_b, b, (size_t)m * sizeof *b);
        bench_sort(sorted_a, n);
        bench_sort(sorted_b, m);
        c->median_a = bench_median_sorted(sorted_a, n);
        c->median_b = bench_median_sorted(sorted_b, m);
        c->ratio = c->median_b > 0 ? c->median_a / c->median_b : NAN;
        c->ratio_low = c->ratio_high = c->p_value = NAN;
    }
    if (status == 0 && n > 1 && m > 1) {
        /* Each run resampled on its own (they are independent), with the fixed seed: the same
         * files always give the same interval. */
        rng random;
        rng_seed(&random, BENCH_BOOTSTRAP_SEED);
        int kept = 0;
        for (int k = 0; k < BENCH_BOOTSTRAP_RESAMPLES; ++k) {
            double median_a = bench_resample_median(sorted_a, n, counts_a, &random);
            double median_b = bench_resample_median(sorted_b, m, counts_b, &random);
            if (median_b > 0)
                ratios[kept++] = median_a / median_b;
        }
        if (kept > 0) {
            bench_sort(ratios, kept);
            c->ratio_low = bench_quantile_sorted(ratios, kept, (1 - BENCH_CONFIDENCE) / 2);
            c->ratio_high = bench_quantile_sorted(ratios, kept, (1 + BENCH_CONFIDENCE) / 2);
        }
        c->p_value = mann_whitney_sorted(sorted_a, n, sorted_b, m, &c->exact);
        if (isnan(c->p_value))
            status = -1;
    }
    free(sorted_a);
    free(sorted_b);
    free(counts_a);
    free(counts_b);
    free(ratios);
    return status;
}
