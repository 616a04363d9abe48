/* compare_2012: our Plücker and STP forms against the 2012 thesis program's own code, on the same
 * pairs, side by side in one process (not a test: `make compare-2012 THESIS_SRC=DIR` builds and
 * runs it; docs/PERFORMANCE.md, "Against the 2012 thesis program").
 *
 *     compare_2012 ROUNDS INPUT [INPUT ...] [--also NAME[,NAME...]] [--store]
 *
 * The 2012 code is not part of RayTetra: THESIS_SRC is a checkout of the thesis' repository,
 * whose RayTetraSegura.cpp (the Plücker forms) and RayTetraSTP.cpp are compiled with g++ -O2
 * beside compare_2012_thesis.cpp, which runs them as the thesis' Bench does (thesis_run): its
 * outputs discarded, where ours are written to the 112-byte record; --store makes the thesis'
 * code write the record too.
 *
 * For each input and each form n of each family, two contenders: ours (the registry's batch
 * loop, exactly what Bench times: pluecker<n>, stp<n>) and the thesis' (RayTetraSegura<n>,
 * RayTetraSTP<n>); each --also algorithm of ours is compared with the thesis' STP form 1 (its
 * fastest). One untimed run of each, then ROUNDS rounds in which both run once, their order
 * alternating, so that drift of the machine's speed falls on both. Reported: the median over the
 * rounds of million tests per second by the thread's CPU time (steadier than the wall clock on a
 * shared machine; pin the process to one core with taskset), the spread (max - min over median,
 * of the times), and ours over the thesis'. Hits and faces of the two are compared before any
 * time is printed: they may differ only where the thesis' sign test (|x| <= 1e-6 is 0) does, on
 * near-degenerate pairs; the count of such pairs is printed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "pairs_io.h"
#include "registry/registry.h"
#include "side_by_side.h"

#define PROGRAM "compare_2012"

/* The thesis' form (stp 0: Plücker, 1: STP; form 0..2) over pairs: as its Bench runs it
 * (store 0: the outputs discarded), or writing every pair's record (store 1). */
void thesis_run(int stp, int form, int store, const ray_tetra_pair *pairs, ray_tetra_result *results,
                size_t count);

typedef struct contest {
    const cpu_algorithm *ours;
    int stp, form; /* the thesis' form */
} contest;

/* One run: contender 0 ours, 1 the thesis' (storing its records when `store`); its CPU time in ms. */
static double run(const contest *c, int contender, int store, const pair_set *set, ray_tetra_result *results)
{
    double start = thread_cpu_ms();
    if (contender == 0)
        c->ours->batch(set->pairs, results, set->count);
    else
        thesis_run(c->stp, c->form, store, set->pairs, results, set->count);
    return thread_cpu_ms() - start;
}

static size_t count_hits(const ray_tetra_result *results, size_t count)
{
    size_t hits = 0;
    for (size_t i = 0; i < count; ++i)
        hits += results[i].hit != 0;
    return hits;
}

/* Pairs whose hit or faces differ. */
static size_t disagreements(const ray_tetra_result *a, const ray_tetra_result *b, size_t count)
{
    size_t different = 0;
    for (size_t i = 0; i < count; ++i)
        different += (a[i].hit != 0) != (b[i].hit != 0) ||
                     (a[i].hit && (a[i].enter_face != b[i].enter_face || a[i].leave_face != b[i].leave_face));
    return different;
}

static double spread(double *times, int rounds)
{
    double lo = times[0], hi = times[0];
    for (int r = 1; r < rounds; ++r) {
        lo = times[r] < lo ? times[r] : lo;
        hi = times[r] > hi ? times[r] : hi;
    }
    return (hi - lo) / median(times, rounds) * 100;
}

static int compete(const contest *c, const pair_set *set, int rounds, int store, ray_tetra_result *ours,
                   ray_tetra_result *theirs, double *times)
{
    static const char *FAMILY[2] = {"Segura", "STP"};
    run(c, 0, 1, set, ours);
    run(c, 1, 1, set, theirs);
    size_t different = disagreements(ours, theirs, set->count);
    double hit_percent = 100.0 * (double)count_hits(ours, set->count) / (double)set->count;
    for (int r = 0; r < rounds; ++r)
        for (int k = 0; k < 2; ++k) {
            int contender = (r + k) % 2;
            times[contender * rounds + r] = run(c, contender, store, set, contender == 0 ? ours : theirs);
        }
    double spread_ours = spread(times, rounds), spread_theirs = spread(times + rounds, rounds);
    double mt_ours = (double)set->count / median(times, rounds) / 1e3;
    double mt_theirs = (double)set->count / median(times + rounds, rounds) / 1e3;
    printf("| %-11s | RayTetra%s%d | %5.1f | %7.2f (%4.1f%%) | %7.2f (%4.1f%%) | %5.2f | %zu |\n", c->ours->name,
           FAMILY[c->stp], c->form, hit_percent, mt_theirs, spread_theirs, mt_ours, spread_ours, mt_ours / mt_theirs,
           different);
    fflush(stdout);
    return 0;
}

static const char *option_value(int argc, char **argv, const char *name)
{
    for (int i = 1; i + 1 < argc; ++i)
        if (strcmp(argv[i], name) == 0)
            return argv[i + 1];
    return NULL;
}

int main(int argc, char **argv)
{
    int rounds = argc >= 3 ? atoi(argv[1]) : 0;
    if (rounds < 1) {
        fprintf(stderr, "usage: %s ROUNDS INPUT [INPUT ...] [--also NAME[,NAME...]] [--store] (ROUNDS >= 1)\n",
                PROGRAM);
        return 2;
    }
    int store = 0;
    contest contests[32];
    int n = 0;
    static const char *FORMS[2][3] = {{"pluecker0", "pluecker1", "pluecker2"}, {"stp0", "stp1", "stp2"}};
    for (int stp = 1; stp >= 0; --stp)
        for (int form = 0; form < 3; ++form)
            contests[n++] = (contest){cpu_algorithm_find(FORMS[stp][form]), stp, form};
    for (int i = 2; i < argc; ++i)
        store |= strcmp(argv[i], "--store") == 0;
    const char *also = option_value(argc, argv, "--also");
    char list[512];
    snprintf(list, sizeof list, "%s", also ? also : "");
    for (char *name = strtok(list, ","); name && n < 32; name = strtok(NULL, ",")) {
        const cpu_algorithm *a = cpu_algorithm_find(name);
        if (!a) {
            fprintf(stderr, "%s: error: --also %s: not a CPU algorithm (Bench --list-algorithms)\n", PROGRAM, name);
            return 2;
        }
        contests[n++] = (contest){a, 1, 1};
    }
    printf("| ours | thesis' | hits %% | thesis' Mtests/s (spread) | ours Mtests/s (spread) | ratio | "
           "pairs not agreeing |\n|---|---|---|---|---|---|---|\n");
    for (int i = 2; i < argc; ++i) {
        if (strcmp(argv[i], "--also") == 0) {
            ++i;
            continue;
        }
        if (strcmp(argv[i], "--store") == 0)
            continue;
        pair_set set;
        error_text err;
        if (pairs_read(argv[i], &set, &err) != 0) {
            error_print(PROGRAM, &err);
            return 1;
        }
        ray_tetra_result *ours = calloc(set.count, sizeof *ours), *theirs = calloc(set.count, sizeof *theirs);
        double *times = malloc((size_t)rounds * 2 * sizeof *times);
        if (!ours || !theirs || !times) {
            fprintf(stderr, "%s: error: out of memory for %zu results\n", PROGRAM, set.count);
            return 1;
        }
        for (int c = 0; c < n; ++c)
            compete(&contests[c], &set, rounds, store, ours, theirs, times);
        free(ours);
        free(theirs);
        free(times);
        pair_set_free(&set);
    }
    return 0;
}
