/* test_input_range: the supported coordinate range (docs/INPUT_RANGE.md). The readers' check
 * accepts the bounds and refuses the next double beyond them; and at both edges every
 * algorithm, CPU and OpenCL (the first device: PoCL in CI), double and float, computes without
 * overflow, underflow or NaN. The proof: pairs scaled by a power of two give exactly the same
 * faces, u and t, and points scaled by the same power, as the pairs at their usual size (in
 * floating point, scaling by 2^k is exact and commutes with every operation as long as nothing
 * overflows or underflows); and the extremes are finite and agree with the exact classifier. */
#define _POSIX_C_SOURCE 200809L
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "compare.h"
#include "cpu/algorithms.h"
#include "registry/registry.h"
#include "exact.h"
#include "generator/generator.h"
#include "gpu_fixtures.h"
#include "pair_check.h"

#define PAIRS 4000
#define TOLERANCE 1e-9

/* Bound checks: on the bound accepted, one double beyond it refused, with the range named. */
static void check_bounds(void)
{
    ray_tetra_pair p = {{{0, 0, 0}, {0, 1, 0}, {1, 0, 0}, {0, 0, 1}}, {0.2, 0.2, -1}, {0.2, 0.2, 2}};
    char why[512];
    CHECK(pair_check(&p, why, sizeof why) == 0, "the unit pair: %s", why);
    const double limits[][2] = {
        {PAIR_RANGE_MAX, nextafter(PAIR_RANGE_MAX, INFINITY)},
        {-PAIR_RANGE_MAX, nextafter(-PAIR_RANGE_MAX, -INFINITY)},
        {PAIR_RANGE_MIN, nextafter(PAIR_RANGE_MIN, 0)},
        {-PAIR_RANGE_MIN, nextafter(-PAIR_RANGE_MIN, 0)},
    };
    for (int i = 0; i < 4; ++i) {
        ray_tetra_pair q = p;
        q.far.z = limits[i][0];
        if (fabs(limits[i][0]) < 1)
            q.orig.x = limits[i][0]; /* the far point stays; P moves by a tiny step */
        CHECK(pair_check(&q, why, sizeof why) == 0, "%g must be accepted: %s", limits[i][0], why);
        q.far.z = limits[i][1];
        if (fabs(limits[i][0]) < 1) {
            q.far.z = p.far.z;
            q.orig.x = limits[i][1];
        }
        CHECK(pair_check(&q, why, sizeof why) != 0 && strstr(why, PAIR_RANGE_TEXT) &&
                  strstr(why, fabs(limits[i][0]) < 1 ? "P.x" : "Q.z"),
              "%.17g must be refused naming the coordinate and the range: %s", limits[i][1], why);
    }
    /* Each coordinate: NaN and both infinities refused as not finite, a subnormal below the range
     * and the largest double above it refused as out of range, each naming that coordinate. */
    static const char *const names[18] = {"V0.x", "V0.y", "V0.z", "V1.x", "V1.y", "V1.z", "V2.x", "V2.y", "V2.z",
                                          "V3.x", "V3.y", "V3.z", "P.x",  "P.y",  "P.z",  "Q.x",  "Q.y",  "Q.z"};
    const double bad[] = {NAN, -NAN, INFINITY, -INFINITY, 4.9e-324, -1e-300, DBL_MAX, -DBL_MAX};
    for (int k = 0; k < 18; ++k)
        for (size_t b = 0; b < sizeof bad / sizeof bad[0]; ++b) {
            ray_tetra_pair q = p;
            (&q.vert[0].x)[k] = bad[b];
            int refused = pair_check(&q, why, sizeof why) != 0;
            const char *want = isfinite(bad[b]) ? PAIR_RANGE_TEXT : "not a finite number";
            CHECK(refused && strstr(why, want) && (!isfinite(bad[b]) || strstr(why, names[k])),
                  "%s = %g must be refused (%s): %s", names[k], bad[b], want, refused ? why : "accepted");
        }
    ray_tetra_pair zero = p;
    zero.vert[0].x = -0.0;
    CHECK(pair_check(&zero, why, sizeof why) == 0, "-0 is zero: %s", why);
    /* Single precision: the largest coordinate within SINGLE_RANGE_MAX, the pair's largest at
     * least SINGLE_RANGE_MIN. */
    ray_tetra_pair big = p, small = p;
    big.far.z = SINGLE_RANGE_MAX;
    CHECK(pair_check_single(&big, why, sizeof why) == 0, "1e8: %s", why);
    big.far.z = nextafter(SINGLE_RANGE_MAX, INFINITY);
    CHECK(pair_check_single(&big, why, sizeof why) != 0 && strstr(why, "Q.z"), "beyond 1e8: %s", why);
    double *v = &small.vert[0].x;
    for (int k = 0; k < 18; ++k)
        v[k] *= SINGLE_RANGE_MIN / 2; /* largest |coordinate| = 2 (Q.z) */
    CHECK(pair_check_single(&small, why, sizeof why) == 0, "largest 1e-6: %s", why);
    small.far.z = nextafter(small.far.z, 0);
    CHECK(pair_check_single(&small, why, sizeof why) != 0 && strstr(why, "largest coordinate Q.z"),
          "largest below 1e-6: %s", why);
}

static void scale_set(const pair_set *from, pair_set *to, int exponent)
{
    for (size_t i = 0; i < from->count; ++i) {
        const double *a = &from->pairs[i].vert[0].x;
        double *b = &to->pairs[i].vert[0].x;
        for (int k = 0; k < 18; ++k)
            b[k] = ldexp(a[k], exponent);
    }
}

/* Pairs whose results differ from the unscaled ones by anything but the exact scaling. */
static size_t scaling_breaks(const ray_tetra_result *base, const ray_tetra_result *scaled, size_t count,
                             int exponent, size_t *first)
{
    size_t bad = 0;
    for (size_t i = 0; i < count; ++i) {
        const ray_tetra_result *a = &base[i], *b = &scaled[i];
        int same = a->hit == b->hit;
        if (same && a->hit) {
            const double *pa = &a->enter_point.x, *pb = &b->enter_point.x;
            same = a->enter_face == b->enter_face && a->leave_face == b->leave_face && a->u_enter1 == b->u_enter1 &&
                   a->u_enter2 == b->u_enter2 && a->u_leave1 == b->u_leave1 && a->u_leave2 == b->u_leave2 &&
                   a->t_enter == b->t_enter && a->t_leave == b->t_leave;
            for (int k = 0; k < 6 && same; ++k)
                same = ldexp(pa[k], exponent) == pb[k] && isfinite(pb[k]);
        }
        if (!same && bad++ == 0)
            *first = i;
    }
    return bad;
}

/* Hits of a double algorithm at an edge agree with the exact classifier: faces exactly, the
 * reals within the tolerance (they are finite, or the comparison fails). */
static size_t exact_disagreements(const pair_set *set, const ray_tetra_result *results, const ray_tetra_result *exact)
{
    size_t bad = 0;
    for (size_t i = 0; i < set->count; ++i)
        bad += result_difference(&set->pairs[i], &results[i], &exact[i], TOLERANCE) != NULL;
    return bad;
}

/* One edge: `base` (pairs of the usual size) scaled by 2^exponent. */
typedef struct edge {
    const char *name;
    const pair_set *base;
    int exponent;
    cpu_precision precision; /* the algorithms this edge is for */
} edge;

static void check_cpu_edge(const edge *e)
{
    pair_set scaled = {e->base->count, malloc(e->base->count * sizeof(ray_tetra_pair))};
    ray_tetra_result *base = calloc(e->base->count, sizeof *base), *out = calloc(e->base->count, sizeof *out);
    ray_tetra_result *exact = calloc(e->base->count, sizeof *exact);
    scale_set(e->base, &scaled, e->exponent);
    char why[512];
    size_t refused = 0;
    for (size_t i = 0; i < scaled.count; ++i)
        refused += (e->precision == CPU_PRECISION_DOUBLE ? pair_check(&scaled.pairs[i], why, sizeof why)
                                                         : pair_check_single(&scaled.pairs[i], why, sizeof why)) != 0;
    CHECK(refused == 0, "%s: %zu pairs fall outside the range they are meant to test", e->name, refused);
    for (size_t i = 0; i < scaled.count; ++i)
        exact_reference(&scaled.pairs[i], &exact[i]);
    int count;
    const cpu_algorithm *all = cpu_algorithms(&count);
    for (int a = 0; a < count; ++a) {
        if (all[a].precision != e->precision)
            continue;
        cpu_algorithm_run(&all[a], e->base, base, 1);
        cpu_algorithm_run(&all[a], &scaled, out, 1);
        size_t first = 0, bad = scaling_breaks(base, out, scaled.count, e->exponent, &first);
        CHECK(bad == 0, "%s, %s: %zu pairs change beyond the scaling, first pair %zu", e->name, all[a].name, bad,
              first);
        if (e->precision == CPU_PRECISION_DOUBLE) {
            size_t wrong = exact_disagreements(&scaled, out, exact);
            /* Rounding near degenerate pairs may differ from exact; the generator keeps them away. */
            CHECK(wrong == 0, "%s, %s: %zu pairs disagree with the exact classifier", e->name, all[a].name, wrong);
        }
    }
    free(scaled.pairs);
    free(base);
    free(out);
    free(exact);
}

static void check_gpu_edge(gpu_handler *gpu, const edge *e)
{
    pair_set scaled = {e->base->count, malloc(e->base->count * sizeof(ray_tetra_pair))};
    ray_tetra_result *base = calloc(e->base->count, sizeof *base), *out = calloc(e->base->count, sizeof *out);
    scale_set(e->base, &scaled, e->exponent);
    int count;
    const gpu_algorithm *all = gpu_algorithms(&count);
    for (int a = 0; a < count; ++a) {
        if (all[a].precision != e->precision)
            continue;
        error_text err;
        gpu_times times;
        int status = gpu_prepare(gpu, &all[a], 0, &err);
        if (status == 0)
            status = gpu_run(gpu, e->base, base, 1, &times, &err);
        if (status == 0)
            status = gpu_run(gpu, &scaled, out, 1, &times, &err);
        CHECK(status == 0, "%s, %s: %s", e->name, all[a].csv_name, err.text);
        if (status != 0)
            continue;
        size_t first = 0, bad = scaling_breaks(base, out, scaled.count, e->exponent, &first);
        CHECK(bad == 0, "%s, %s: %zu pairs change beyond the scaling, first pair %zu", e->name, all[a].csv_name, bad,
              first);
    }
    free(scaled.pairs);
    free(base);
    free(out);
}

/* The largest pair the range allows, in the worst shape for Haines' quartic normalisation: a
 * regular tetrahedron on corners of the cube [-M, M]^3, the line along its long diagonal. */
static void check_extreme_corners(void)
{
    const double M = PAIR_RANGE_MAX;
    ray_tetra_pair p = {{{-M, -M, -M}, {M, -M, M}, {M, M, -M}, {-M, M, M}}, {-M, -M, -M / 2}, {M, M, M / 2}};
    if (exact_tetra_orientation(p.vert) > 0) {
        vec3 t = p.vert[1];
        p.vert[1] = p.vert[2];
        p.vert[2] = t;
    }
    char why[512];
    CHECK(pair_check(&p, why, sizeof why) == 0, "the corner pair: %s", why);
    ray_tetra_result exact, result;
    exact_reference(&p, &exact);
    CHECK(exact.hit, "the corner pair's line passes through the tetrahedron");
    pair_set one = {1, &p};
    int count;
    const cpu_algorithm *all = cpu_algorithms(&count);
    for (int a = 0; a < count; ++a) {
        if (all[a].precision != CPU_PRECISION_DOUBLE)
            continue;
        cpu_algorithm_run(&all[a], &one, &result, 1);
        const char *difference = result_difference(&p, &result, &exact, TOLERANCE);
        CHECK(difference == NULL, "corners at 1e75, %s: %s", all[a].name, difference ? difference : "");
    }
}

/* Data of the usual size shifted away from 0 (x + 4 in [2.5, 5.5]): every coordinate is then
 * far from zero, so scaling down tests the lower bound on all 18 of them. */
static void shifted(const pair_set *from, pair_set *to)
{
    char why[512];
    to->count = 0;
    to->pairs = malloc(from->count * sizeof *to->pairs);
    for (size_t i = 0; i < from->count; ++i) {
        ray_tetra_pair p = from->pairs[i];
        double *v = &p.vert[0].x;
        for (int k = 0; k < 18; ++k)
            v[k] += 4;
        if (pair_check(&p, why, sizeof why) == 0 && exact_edge_signs(&p, (int[6]){0}) == 0)
            to->pairs[to->count++] = p;
    }
}

int main(void)
{
    check_bounds();
    error_text err;
    generator_config config = {.seed = 12, .hits = PAIRS / 2, .misses = PAIRS / 2};
    pair_set unit, away;
    CHECK(generator_fill(&config, &unit, &err) == 0, "%s", err.text);
    shifted(&unit, &away);
    CHECK(away.count > PAIRS * 9 / 10, "the shifted set keeps most pairs (%zu)", away.count);
    /* Coordinates of `unit` lie in [-1.5, 1.5], of `away` in [2.5, 5.5]. */
    const edge edges[] = {
        {"double, largest (|x| <= 1.5 * 2^248 < 1e75)", &unit, 248, CPU_PRECISION_DOUBLE},
        {"double, smallest (|x| >= 2.5 * 2^-166 > 1e-50)", &away, -166, CPU_PRECISION_DOUBLE},
        {"float, largest (|x| <= 1.5 * 2^25 < 1e8)", &unit, 25, CPU_PRECISION_FLOAT},
        {"float, smallest (largest |x| >= 2.5 * 2^-21 > 1e-6)", &away, -21, CPU_PRECISION_FLOAT},
    };
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; ++i)
        check_cpu_edge(&edges[i]);
    check_extreme_corners();

    char cache[4096];
    gpu_fixture_cache("raytetra-range-cache.XXXXXX", cache, sizeof cache);
    gpu_handler *gpu = NULL;
    CHECK(gpu_open(&gpu, gpu_fixture_device(), &err) == 0, "OpenCL device: %s", err.text);
    if (gpu) {
        for (size_t i = 0; i < sizeof edges / sizeof edges[0]; ++i)
            check_gpu_edge(gpu, &edges[i]);
        gpu_close(gpu);
    }
    fixture_remove_dir(cache);
    pair_set_free(&unit);
    pair_set_free(&away);
    return check_summary("test_input_range");
}
