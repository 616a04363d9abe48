/* test_precomputed: the precomputed forms (docs/ALGORITHMS.md, kernels/shared/rt_precomputed.h).
 * Every Plücker one (pluecker0p .. pluecker2p, double and float) gives its plain form's results
 * bit for bit, on random pairs and on every degenerate class, through the table (the timed
 * path), the batch that precomputes pair by pair, the one-pair contract function and the
 * threaded path: the arithmetic is the same. The STP ones round p_ij = L . ((Vj - P) x (Vi - P))
 * rather than (L x (Vj - P)) . (Vi - P): on random pairs (no degenerate input) their hit and faces
 * equal the exact classifier's in double (and the plain form's); their points agree with the
 * plain form's to rounding. The branch-free Badouel (badouelb, its table of face planes) gives
 * the same results through every path as its one-pair contract function, and its SIMD build
 * (badouelbv) gives badouelb's, bit for bit, on random pairs and on every degenerate class. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cpu/algorithms.h"
#include "cpu/cpu_parallel.h"
#include "exact.h"
#include "generator/generator.h"
#include "registry/registry.h"

#define RANDOM_PAIRS 20000
#define PER_CLASS 400

static const char *const TWINS[][2] = {
    {"pluecker0p", "pluecker0"},   {"pluecker1p", "pluecker1"},   {"pluecker2p", "pluecker2"},
    {"pluecker0pf", "pluecker0f"}, {"pluecker1pf", "pluecker1f"}, {"pluecker2pf", "pluecker2f"},
    {"stp0p", "stp0"},             {"stp1p", "stp1"},             {"stp2p", "stp2"},
    {"stp0pf", "stp0f"},           {"stp1pf", "stp1f"},           {"stp2pf", "stp2f"},
    {"badouelb", "badouelb"},      {"badouelbf", "badouelbf"},    {"badouelbv", "badouelb"},
    {"badouelbvf", "badouelbf"}};

/* Hit and faces equal, and on a hit every real bit for bit. */
static int same_result(const ray_tetra_result *a, const ray_tetra_result *b)
{
    if (a->hit != b->hit || a->enter_face != b->enter_face || a->leave_face != b->leave_face)
        return 0;
    size_t reals = sizeof *a - offsetof(ray_tetra_result, enter_point);
    return !a->hit || memcmp(&a->enter_point, &b->enter_point, reals) == 0;
}

static size_t count_different(const ray_tetra_result *a, const ray_tetra_result *b, size_t n, size_t *first)
{
    size_t wrong = 0;
    *first = n;
    for (size_t i = 0; i < n; ++i)
        if (!same_result(&a[i], &b[i]) && wrong++ == 0)
            *first = i;
    return wrong;
}

static void run_one_by_one(const cpu_algorithm *a, const ray_tetra_pair *pairs, size_t n, ray_tetra_result *out)
{
    memset(out, 0, n * sizeof *out);
    for (size_t i = 0; i < n; ++i) {
        vec3 dir = pair_direction(&pairs[i]);
        ray_tetra_result *r = &out[i];
        r->hit = a->run(&pairs[i].orig, &dir, pairs[i].vert, &r->enter_face, &r->leave_face, &r->enter_point,
                        &r->leave_point, &r->u_enter1, &r->u_enter2, &r->u_leave1, &r->u_leave2, &r->t_enter,
                        &r->t_leave);
    }
}

/* Every path of a Plücker form (or a badouelb) against its plain form, bit for bit. */
static void check_bitwise(const cpu_algorithm *pre, const cpu_algorithm *plain, const pair_set *set,
                          ray_tetra_result *expected, ray_tetra_result *got)
{
    size_t n = set->count, first;
    run_one_by_one(plain, set->pairs, n, expected);
    double precompute_ms = -1;
    cpu_algorithm_run_split(pre, set, got, 1, &precompute_ms);
    size_t wrong = count_different(got, expected, n, &first);
    CHECK(wrong == 0, "%s through its table: %zu of %zu pairs differ from %s, first %zu", pre->name, wrong, n,
          plain->name, first);
    CHECK(precompute_ms >= 0, "%s: no precomputation time", pre->name);
    pre->batch(set->pairs, got, n);
    wrong = count_different(got, expected, n, &first);
    CHECK(wrong == 0, "%s batch: %zu pairs differ from %s, first %zu", pre->name, wrong, plain->name, first);
    run_one_by_one(pre, set->pairs, n, got);
    wrong = count_different(got, expected, n, &first);
    CHECK(wrong == 0, "%s one by one: %zu pairs differ from %s, first %zu", pre->name, wrong, plain->name, first);
    int used = 0;
    cpu_algorithm_run_threads_used(pre, set, got, 2, 3, &used);
    wrong = count_different(got, expected, n, &first);
    CHECK(wrong == 0, "%s on 3 threads: %zu pairs differ, first %zu", pre->name, wrong, first);
    CHECK(used >= 1 && used <= 3, "%s: %d threads reported for 3 asked", pre->name, used);
}

/* An STP form against the exact classifier (double) and its plain form (faces; points close). */
static void check_stp(const cpu_algorithm *pre, const cpu_algorithm *plain, const pair_set *set,
                      ray_tetra_result *expected, ray_tetra_result *got)
{
    size_t n = set->count, wrong_exact = 0, wrong_faces = 0, far_points = 0;
    cpu_algorithm_run(plain, set, expected, 1);
    cpu_algorithm_run(pre, set, got, 1);
    double tolerance = pre->precision == CPU_PRECISION_FLOAT ? 1e-3 : 1e-9;
    for (size_t i = 0; i < n; ++i) {
        int enter, leave;
        exact_classify(&set->pairs[i], &enter, &leave);
        if (got[i].enter_face != enter || got[i].leave_face != leave)
            ++wrong_exact;
        if (got[i].hit != expected[i].hit || got[i].enter_face != expected[i].enter_face ||
            got[i].leave_face != expected[i].leave_face) {
            ++wrong_faces;
            continue;
        }
        if (got[i].hit && (fabs(got[i].t_enter - expected[i].t_enter) > tolerance * (1 + fabs(expected[i].t_enter)) ||
                           fabs(got[i].t_leave - expected[i].t_leave) > tolerance * (1 + fabs(expected[i].t_leave))))
            ++far_points;
    }
    /* Float rounds some pairs near an edge to the other side; the plain float form does too
     * (test_float's rate). */
    size_t allowed = pre->precision == CPU_PRECISION_FLOAT ? n / 1000 : 0;
    CHECK(wrong_exact <= allowed, "%s: %zu of %zu pairs differ from the exact classifier", pre->name, wrong_exact, n);
    CHECK(wrong_faces <= allowed, "%s: %zu of %zu pairs differ from %s in hit or faces", pre->name, wrong_faces, n,
          plain->name);
    CHECK(far_points == 0, "%s: %zu hits with t further than %g from %s's", pre->name, far_points, tolerance,
          plain->name);
    int used = 0;
    ray_tetra_result *threads = calloc(n, sizeof *threads);
    cpu_algorithm_run_threads_used(pre, set, threads, 1, 2, &used);
    size_t first;
    size_t wrong = count_different(threads, got, n, &first);
    CHECK(wrong == 0, "%s on 2 threads: %zu pairs differ from one thread, first %zu", pre->name, wrong, first);
    free(threads);
}

int main(void)
{
    generator_config random = {.seed = 777, .hits = RANDOM_PAIRS / 2, .misses = RANDOM_PAIRS / 2};
    generator_config special = {.seed = 778};
    for (int c = 0; c < GENERATOR_CLASS_COUNT; ++c)
        special.special[c] = PER_CLASS;
    pair_set random_set, special_set;
    error_text err;
    if (generator_fill(&random, &random_set, &err) != 0 || generator_fill(&special, &special_set, &err) != 0) {
        fprintf(stderr, "%s\n", err.text);
        return 1;
    }
    size_t n = random_set.count > special_set.count ? random_set.count : special_set.count;
    ray_tetra_result *expected = calloc(n, sizeof *expected), *got = calloc(n, sizeof *got);
    int rows = 0;
    for (size_t t = 0; t < sizeof TWINS / sizeof TWINS[0]; ++t) {
        const cpu_algorithm *pre = cpu_algorithm_find(TWINS[t][0]), *plain = cpu_algorithm_find(TWINS[t][1]);
        CHECK(pre && plain, "%s or %s missing", TWINS[t][0], TWINS[t][1]);
        if (!pre || !plain)
            continue;
        CHECK(pre->precomputed && pre->precomputed->table_bytes > 0, "%s has no precomputed parts", pre->name);
        if (strncmp(pre->name, "stp", 3) != 0) {
            check_bitwise(pre, plain, &random_set, expected, got);
            check_bitwise(pre, plain, &special_set, expected, got);
        } else {
            check_stp(pre, plain, &random_set, expected, got);
        }
    }
    /* Every precomputed row of the registry is one of the above. */
    int count;
    const cpu_algorithm *all = cpu_algorithms(&count);
    for (int a = 0; a < count; ++a)
        if (all[a].precomputed) {
            ++rows;
            int listed = 0;
            for (size_t t = 0; t < sizeof TWINS / sizeof TWINS[0]; ++t)
                listed |= strcmp(all[a].name, TWINS[t][0]) == 0;
            CHECK(listed, "%s: a precomputed form this test does not check", all[a].name);
        }
    CHECK(rows == (int)(sizeof TWINS / sizeof TWINS[0]), "%d precomputed variants", rows);
    free(expected);
    free(got);
    pair_set_free(&random_set);
    pair_set_free(&special_set);
    return check_summary("test_precomputed");
}
