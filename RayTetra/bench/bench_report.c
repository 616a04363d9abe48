/* bench_report.c: what Bench says at the end of a run from its rows: the warnings about
 * timings that should not be trusted, and the ranking of the verified algorithms. */
#include <string.h>

#include "bench/bench.h"

int bench_print_warnings(FILE *out, const bench_context *c, const bench_results *results)
{
    int lines = 0, few = 0;
    for (int i = 0; i < results->count; ++i) {
        const bench_row *r = &results->rows[i];
        if (r->metric != BENCH_TIME_MS || !r->warnings)
            continue;
        few += (r->warnings & BENCH_WARN_FEW_REPS) != 0;
        unsigned shown = r->warnings & ~(unsigned)BENCH_WARN_FEW_REPS;
        if (!shown)
            continue;
        char phase[32];
        const char *separator = "";
        fprintf(out, "Bench: warning: %s %s: ", r->algorithm,
                bench_phase_name(r->phase, r->threads, phase, sizeof phase));
        if (shown & BENCH_WARN_SPREAD) {
            fprintf(out, "spread %.1f%% (MAD / median), above %.0f%%", 100 * bench_relative_spread(&r->summary),
                    100 * BENCH_SPREAD_LIMIT);
            separator = "; ";
        }
        char a[24], b[24];
        if (shown & BENCH_WARN_SHORT) {
            fprintf(out, "%sshortest repetition %s ms, under %dx the timer's resolution (%s ms)", separator,
                    bench_ms_text(r->summary.min, a, sizeof a), BENCH_RESOLUTION_FACTOR,
                    bench_ms_text(r->resolution_ms, b, sizeof b));
            separator = "; ";
        }
        if (shown & BENCH_WARN_THREADS_SLOWER) {
            const bench_row *single = bench_results_find(results, r->algorithm, BENCH_PHASE_RUN, BENCH_TIME_MS);
            fprintf(out, "%s%d threads slower than 1 (median %s ms against %s ms)", separator, r->threads,
                    bench_ms_text(r->summary.median, a, sizeof a),
                    bench_ms_text(single ? single->summary.median : 0.0, b, sizeof b));
        }
        fputc('\n', out);
        ++lines;
    }
    if (few) {
        fprintf(out, "Bench: warning: %d timing%s fewer than %d repetitions (REPS %d): spread and confidence "
                     "intervals mean little; give REPS >= %d or --min-time\n",
                few, few == 1 ? " has" : "s have", BENCH_MIN_REPS, c->reps, BENCH_MIN_REPS);
        ++lines;
    }
    return lines;
}

typedef int (*candidate)(const bench_row *row);

static int cpu_run(const bench_row *r) { return r->kind == REGISTRY_CPU && r->phase == BENCH_PHASE_RUN; }

static int opencl_kernel(const bench_row *r) { return r->kind == REGISTRY_OPENCL && r->phase == BENCH_PHASE_KERNEL; }

static int exact(const bench_row *r)
{
    return (cpu_run(r) || opencl_kernel(r)) && (r->variant->algorithm->properties & REGISTRY_EXACT);
}

/* The verified time rows `is` accepts, fastest first: the first two. */
static void fastest(const bench_results *results, candidate is, const bench_row **first, const bench_row **second)
{
    *first = *second = NULL;
    for (int i = 0; i < results->count; ++i) {
        const bench_row *r = &results->rows[i];
        if (!r->variant || r->metric != BENCH_TIME_MS || r->status != BENCH_OK || !r->sample_count || !is(r))
            continue;
        if (!*first || r->summary.median < (*first)->summary.median) {
            *second = *first;
            *first = r;
        } else if (!*second || r->summary.median < (*second)->summary.median) {
            *second = r;
        }
    }
}

static void rank(FILE *out, const char *label, const bench_results *results, size_t pairs, candidate is)
{
    const bench_row *first, *second;
    fastest(results, is, &first, &second);
    fprintf(out, "  %-38s ", label);
    if (!first) {
        fprintf(out, "none verified\n");
        return;
    }
    const bench_summary *a = &first->summary;
    char text[24];
    fprintf(out, "%-10s median %s ms, %.2f Mtests/s", first->algorithm, bench_ms_text(a->median, text, sizeof text),
            a->median > 0 ? (double)pairs / a->median / 1e3 : 0.0);
    if (second) {
        const bench_summary *b = &second->summary;
        int overlap = a->median_high >= b->median_low;
        fprintf(out, "; next %s %s ms%s", second->algorithm, bench_ms_text(b->median, text, sizeof text),
                overlap ? " (the confidence intervals overlap: no clear winner)" : "");
    }
    fputc('\n', out);
}

void bench_print_ranking(FILE *out, const bench_context *c, const bench_results *results)
{
    int any = 0;
    for (int i = 0; i < results->count; ++i)
        any |= results->rows[i].variant && results->rows[i].status == BENCH_OK;
    if (!any)
        return;
    fprintf(out, "ranking (median time of a repetition, verified algorithms only):\n");
    rank(out, "fastest CPU algorithm:", results, c->set->count, cpu_run);
    rank(out, "fastest OpenCL kernel (no transfers):", results, c->set->count, opencl_kernel);
    rank(out, "fastest exact on degenerate input:", results, c->set->count, exact);
}
