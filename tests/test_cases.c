/* test_cases: hand-made pairs with known answers on an axis-aligned tetrahedron: a line through
 * the interior (both directions), a miss, and the degenerate cases of docs/SPECIFICATION.md section 1: a line
 * through an edge, through a vertex, in a face plane crossing the face, in a face plane missing
 * it; along an edge, touching a vertex only, parallel to a face (through and above), and from one
 * edge to another. The exact classifier, thesis Algorithm 1 (forms 0, whose products are exact
 * here) and the robust stp0r must give the geometric answer (ties broken by Algorithm 1's face
 * order); every double algorithm must on the non-degenerate cases.
 * RAYTETRA_TEST_VERBOSE=1 prints what every algorithm gives on the degenerate cases. */
#include <stdlib.h>
#include <math.h>
#include <string.h>

#include "registry/registry.h"
#include "check.h"
#include "exact.h"

/* V0 origin, V1 on y, V2 on x, V3 on z: positively oriented (docs/SPECIFICATION.md section 1). Faces: F3 is
 * z = 0, F2 is x = 0, F1 is y = 0, F0 is x + y + z = 1. */
static const vec3 TETRA[4] = {{0, 0, 0}, {0, 1, 0}, {1, 0, 0}, {0, 0, 1}};

typedef struct known_case {
    const char *name;
    vec3 P, Q;
    int degenerate;
    ray_tetra_result expected;
} known_case;

static const known_case CASES[] = {
    {"interior, +z", {0.2, 0.2, -1}, {0.2, 0.2, 2}, 0,
     {1, 3, 0, 0, {0.2, 0.2, 0}, {0.2, 0.2, 0.6}, 0.2, 0.2, 0.2, 0.2, 1.0 / 3, 1.6 / 3}},
    {"interior, -z", {0.2, 0.2, 2}, {0.2, 0.2, -1}, 0,
     {1, 0, 3, 0, {0.2, 0.2, 0.6}, {0.2, 0.2, 0}, 0.2, 0.2, 0.2, 0.2, 1.4 / 3, 2.0 / 3}},
    {"miss", {2, 2, -1}, {2, 2, 2}, 0, {0, -1, -1, 0, {0, 0, 0}, {0, 0, 0}, 0, 0, 0, 0, 0, 0}},
    {"through edge V0V3", {-1, 1, 0.5}, {1, -1, 0.5}, 1,
     {1, 2, 1, 0, {0, 0, 0.5}, {0, 0, 0.5}, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5}},
    {"through vertex V3", {-1, 1, 0}, {1, -1, 2}, 1, {1, 2, 1, 0, {0, 0, 1}, {0, 0, 1}, 0, 1, 1, 0, 0.5, 0.5}},
    {"in F3's plane, crossing F3", {-1, 0.25, 0}, {1, 0.25, 0}, 1,
     {1, 2, 0, 0, {0, 0.25, 0}, {0.75, 0.25, 0}, 0.75, 0, 0.75, 0.25, 0.5, 0.875}},
    {"in F3's plane, missing F3", {-1, -0.5, 0}, {1, -0.5, 0}, 1,
     {0, -1, -1, 0, {0, 0, 0}, {0, 0, 0}, 0, 0, 0, 0, 0, 0}},
    /* Along edge V0V1 (in the planes of F3 and F2, which Algorithm 1 skips): in at V0 through F1,
     * out at V1 through F0. */
    {"along edge V0V1", {0, -1, 0}, {0, 2, 0}, 1, {1, 1, 0, 0, {0, 0, 0}, {0, 1, 0}, 0, 1, 0, 1, 1.0 / 3, 2.0 / 3}},
    /* Touching V0 only: both points are V0, faces by Algorithm 1's order. */
    {"touching vertex V0 only", {-1, 2, -3}, {1, -2, 3}, 1, {1, 3, 1, 0, {0, 0, 0}, {0, 0, 0}, 0, 0, 0, 1, 0.5, 0.5}},
    /* Parallel to F3 and F1 (and edge V0V2) through the interior, and above the tetrahedron. */
    {"parallel to F3, through", {-1, 0.25, 0.25}, {2, 0.25, 0.25}, 1,
     {1, 2, 0, 0, {0, 0.25, 0.25}, {0.5, 0.25, 0.25}, 0.5, 0.25, 0.5, 0.25, 1.0 / 3, 0.5}},
    {"parallel to F3, above", {-1, 0.25, 2}, {2, 0.25, 2}, 1, {0, -1, -1, 0, {0, 0, 0}, {0, 0, 0}, 0, 0, 0, 0, 0, 0}},
    /* In through the middle of edge V1V2, out through the middle of edge V0V3 (a tie between F2
     * and F1, which Algorithm 1 resolves as F2). */
    {"edge V1V2 to edge V0V3", {1.5, 1.5, -1}, {-0.5, -0.5, 1}, 1,
     {1, 3, 2, 0, {0.5, 0.5, 0}, {0, 0, 0.5}, 0.5, 0.5, 0.5, 0.5, 0.5, 0.75}},
};

static int near(double a, double b) { return fabs(a - b) <= 1e-12; }

static int same(const ray_tetra_result *a, const ray_tetra_result *b)
{
    if (a->hit != b->hit)
        return 0;
    if (!a->hit)
        return 1;
    return a->enter_face == b->enter_face && a->leave_face == b->leave_face && near(a->enter_point.x, b->enter_point.x) &&
           near(a->enter_point.y, b->enter_point.y) && near(a->enter_point.z, b->enter_point.z) &&
           near(a->leave_point.x, b->leave_point.x) && near(a->leave_point.y, b->leave_point.y) &&
           near(a->leave_point.z, b->leave_point.z) && near(a->u_enter1, b->u_enter1) &&
           near(a->u_enter2, b->u_enter2) && near(a->u_leave1, b->u_leave1) && near(a->u_leave2, b->u_leave2) &&
           near(a->t_enter, b->t_enter) && near(a->t_leave, b->t_leave);
}

static void describe(const char *who, const ray_tetra_result *r)
{
    if (!r->hit) {
        fprintf(stderr, "    %s: miss\n", who);
        return;
    }
    fprintf(stderr, "    %s: faces %d %d, enter (%g %g %g) leave (%g %g %g), u %g %g / %g %g, t %g %g\n", who,
            r->enter_face, r->leave_face, r->enter_point.x, r->enter_point.y, r->enter_point.z, r->leave_point.x,
            r->leave_point.y, r->leave_point.z, r->u_enter1, r->u_enter2, r->u_leave1, r->u_leave2, r->t_enter,
            r->t_leave);
}

int main(void)
{
    CHECK(exact_tetra_orientation(TETRA) < 0, "the test tetrahedron must be positively oriented");
    int count;
    const cpu_algorithm *all = cpu_algorithms(&count);
    for (size_t c = 0; c < sizeof CASES / sizeof CASES[0]; ++c) {
        const known_case *k = &CASES[c];
        ray_tetra_pair pair;
        memcpy(pair.vert, TETRA, sizeof TETRA);
        pair.orig = k->P;
        pair.far = k->Q;
        int signs[6];
        int zeros = exact_edge_signs(&pair, signs);
        /* A degenerate intersection has zero edge signs; the vertical lines have one too (they are
         * parallel to edge V0V3), which every algorithm must handle. */
        CHECK(!k->degenerate || zeros > 0, "%s: %d zero edge signs", k->name, zeros);
        ray_tetra_result exact;
        exact_reference(&pair, &exact);
        CHECK(same(&exact, &k->expected), "%s: exact classifier", k->name);
        pair_set one = {1, &pair};
        for (int a = 0; a < count; ++a) {
            if (all[a].precision != CPU_PRECISION_DOUBLE)
                continue; /* float variants: tests/test_float.c */
            ray_tetra_result r;
            memset(&r, 0, sizeof r);
            cpu_algorithm_run(&all[a], &one, &r, 1);
            int must_match = !k->degenerate || !strcmp(all[a].name, "pluecker0") || !strcmp(all[a].name, "stp0") ||
                             !strcmp(all[a].name, "stp0r");
            if (!must_match && getenv("RAYTETRA_TEST_VERBOSE")) {
                fprintf(stderr, "%s:\n", k->name);
                describe(all[a].name, &r);
            }
            if (must_match) {
                CHECK(same(&r, &k->expected), "%s: %s", k->name, all[a].name);
                if (!same(&r, &k->expected)) {
                    describe("expected", &k->expected);
                    describe(all[a].name, &r);
                }
            }
        }
    }
    return check_summary("test_cases");
}
