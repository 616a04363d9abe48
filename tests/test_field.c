/* test_field: the field's tests (Badouel, Havel-Herout, the branch-free Badouel and its SIMD
 * build, double and float; kernels/shared/rt_field.h, rt_badouelb.h) on lines whose record is
 * known in closed form, through the one-pair contract and the batch: a line across the
 * tetrahedron (faces, points, t and every barycentric weight, which only the face's own vertex
 * order gives), and lines parallel to two face planes, inside both (a hit through the other two
 * faces) and beyond one of them, where the other two faces alone would still give
 * t_enter <= t_leave: the branch-free test must see the parallel face (docs/ALGORITHMS.md). Each
 * case is first checked against the exact classifier. Random pairs and the degenerate classes
 * are test_algorithms', test_float's, test_defined's and test_precomputed's. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "exact.h"
#include "registry/registry.h"

/* The tetrahedron V0 (0,0,0), V1 (1,0,0), V2 (0,1,0), V3 (0,0,-1): positively oriented (the
 * normal of F3 = (V0, V1, V2) points away from V3). Its faces: F3 z = 0, F2 y = 0, F1 x = 0,
 * F0 x + y - z = 1. */
static const vec3 TETRA[4] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, -1}};

typedef struct known_case {
    const char *what;
    vec3 P, Q;
    ray_tetra_result expected; /* hit, faces, points, u, t */
} known_case;

static const known_case CASES[] = {
    /* Down z at x 0.2, y 0.3: enters F3 at z 0 (t 1; u: V1 0.2, V2 0.3), leaves F0 = (V3, V2, V1)
     * at z -0.5 (t 1.5; u: V2 0.3, V1 0.2). */
    {"across, down z", {0.2, 0.3, 1}, {0.2, 0.3, 0}, {1, 3, 0, 0, {0.2, 0.3, 0}, {0.2, 0.3, -0.5}, 0.2, 0.3, 0.3, 0.2, 1, 1.5}},
    /* Along x at y 0.25, z -0.25, parallel to F3 and F2 and inside both: enters F1 = (V2, V3, V0)
     * at x 0 (t 0.5; u: V3 0.25, V0 0.5), leaves F0 at x 0.5 (t 0.75; u: V2 0.25, V1 0.5). */
    {"parallel to two faces, inside", {-1, 0.25, -0.25}, {1, 0.25, -0.25},
     {1, 1, 0, 0, {0, 0.25, -0.25}, {0.5, 0.25, -0.25}, 0.25, 0.5, 0.25, 0.5, 0.5, 0.75}},
    /* Along x at y 0.25, z 0.5: beyond F3's plane z = 0, parallel to it. F1 (x = 0, t 0.5) and F0
     * (x = 1.25, t 1.125) alone would make a hit. */
    {"parallel to two faces, beyond one", {-1, 0.25, 0.5}, {1, 0.25, 0.5}, {0, -1, -1, 0, {0, 0, 0}, {0, 0, 0}, 0, 0, 0, 0, 0, 0}},
};
#define CASE_COUNT (sizeof CASES / sizeof CASES[0])

static const char *const FIELD_TESTS[] = {"badouel",  "badouelf",  "havel",     "havelf",
                                          "badouelb", "badouelbf", "badouelbv", "badouelbvf"};

static int near(double a, double b, double tolerance) { return fabs(a - b) <= tolerance; }

static int near3(vec3 a, vec3 b, double tolerance)
{
    return near(a.x, b.x, tolerance) && near(a.y, b.y, tolerance) && near(a.z, b.z, tolerance);
}

/* The record of `got` is the case's: hit, faces, and on a hit every real within `tolerance`. */
static int as_expected(const ray_tetra_result *e, const ray_tetra_result *got, double tolerance)
{
    if ((got->hit != 0) != (e->hit != 0) || got->enter_face != e->enter_face || got->leave_face != e->leave_face)
        return 0;
    return !e->hit || (near3(got->enter_point, e->enter_point, tolerance) &&
                       near3(got->leave_point, e->leave_point, tolerance) &&
                       near(got->u_enter1, e->u_enter1, tolerance) && near(got->u_enter2, e->u_enter2, tolerance) &&
                       near(got->u_leave1, e->u_leave1, tolerance) && near(got->u_leave2, e->u_leave2, tolerance) &&
                       near(got->t_enter, e->t_enter, tolerance) && near(got->t_leave, e->t_leave, tolerance));
}

static void describe(const ray_tetra_result *r, char *text, size_t size)
{
    snprintf(text, size, "hit %d faces %d %d t %.9g %.9g u %.9g %.9g %.9g %.9g", r->hit, r->enter_face, r->leave_face,
             r->t_enter, r->t_leave, r->u_enter1, r->u_enter2, r->u_leave1, r->u_leave2);
}

static ray_tetra_pair case_pair(const known_case *c)
{
    ray_tetra_pair pair;
    memcpy(pair.vert, TETRA, sizeof TETRA);
    pair.orig = c->P;
    pair.far = c->Q;
    return pair;
}

/* The expected faces are the exact classifier's. */
static void test_cases_are_exact(void)
{
    for (size_t k = 0; k < CASE_COUNT; ++k) {
        ray_tetra_pair pair = case_pair(&CASES[k]);
        int enter, leave;
        int hit = exact_classify(&pair, &enter, &leave);
        CHECK(hit == CASES[k].expected.hit && enter == CASES[k].expected.enter_face &&
                  leave == CASES[k].expected.leave_face,
              "%s: the exact classifier gives hit %d faces %d %d", CASES[k].what, hit, enter, leave);
    }
}

/* One algorithm on every case, one pair at a time and in a batch. */
static void test_algorithm(const cpu_algorithm *a)
{
    double tolerance = a->precision == CPU_PRECISION_FLOAT ? 1e-6 : 1e-14;
    ray_tetra_pair pairs[CASE_COUNT];
    ray_tetra_result batch[CASE_COUNT];
    for (size_t k = 0; k < CASE_COUNT; ++k)
        pairs[k] = case_pair(&CASES[k]);
    a->batch(pairs, batch, CASE_COUNT);
    for (size_t k = 0; k < CASE_COUNT; ++k) {
        ray_tetra_result one = {0};
        vec3 dir = pair_direction(&pairs[k]);
        one.hit = a->run(&pairs[k].orig, &dir, pairs[k].vert, &one.enter_face, &one.leave_face, &one.enter_point,
                         &one.leave_point, &one.u_enter1, &one.u_enter2, &one.u_leave1, &one.u_leave2, &one.t_enter,
                         &one.t_leave);
        char got_one[256], got_batch[256];
        describe(&one, got_one, sizeof got_one);
        describe(&batch[k], got_batch, sizeof got_batch);
        CHECK(as_expected(&CASES[k].expected, &one, tolerance), "%s, %s, one pair: %s", a->name, CASES[k].what,
              got_one);
        CHECK(as_expected(&CASES[k].expected, &batch[k], tolerance), "%s, %s, batch: %s", a->name, CASES[k].what,
              got_batch);
    }
}

int main(void)
{
    test_cases_are_exact();
    for (size_t i = 0; i < sizeof FIELD_TESTS / sizeof FIELD_TESTS[0]; ++i) {
        const cpu_algorithm *a = cpu_algorithm_find(FIELD_TESTS[i]);
        CHECK(a != NULL, "no algorithm %s", FIELD_TESTS[i]);
        if (a)
            test_algorithm(a);
    }
    return check_summary("test_field");
}
