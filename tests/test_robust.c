/* test_robust: stp0r against the exact classifier on every class of RandomRayTetra (hit/miss and
 * both faces, identical, ties included; the floating-point classes near-edge, near-face and
 * at-vertex, whose Q - P is rounded, included), also with the whole pair scaled by 2^-520 and
 * 2^+330 (where the filter refuses to decide and GMP must); its reals against exact_reference
 * on every class; the filter of rt_robust.h never contradicting the exact sign of the line
 * through P and Q, with L = fl(Q - P), for the edge products and for the side of P against each
 * face plane (the triple-product bound that clipping to a ray or segment needs); and the exact
 * predicates consistent with each other. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "registry/registry.h"
#include "check.h"
#include "exact.h"
#include "fixtures.h"
#include "generator/generator.h"
#include "compare/result_compare.h"
#include "rt_robust.h"
#include "rt_topology.h"

#define PER_CLASS 1500


/* Q - P is exact in double (long double holds the difference of two doubles of nearby
 * exponents exactly). */
static int exact_direction(const ray_tetra_pair *p)
{
    vec3 L = pair_direction(p);
    return (long double)L.x == (long double)p->far.x - p->orig.x &&
           (long double)L.y == (long double)p->far.y - p->orig.y &&
           (long double)L.z == (long double)p->far.z - p->orig.z;
}

/* Signs decided by the filter and how many of them contradict the exact ones. */
typedef struct filter_count {
    size_t decided, undecided, wrong;
} filter_count;

/* The six edge products as stp0r's batch evaluates them (L = fl(Q - P)), against the exact
 * sign of det[Q - P, Vj - P, Vi - P]. */
static void count_edge_filter(const ray_tetra_pair *p, filter_count *count)
{
    rt_tetra t = rt_prepare(p->orig, pair_direction(p), p->vert[0], p->vert[1], p->vert[2], p->vert[3], 1);
    rt_real products[6];
    rt_signs signs;
    int uncertain = rt_robust_signs(&t, products, &signs);
    for (int e = 0; e < 6; ++e) {
        if (uncertain & (1 << e)) {
            ++count->undecided;
            continue;
        }
        ++count->decided;
        int filtered = ((signs.positive >> e) & 1) - ((signs.negative >> e) & 1);
        count->wrong += filtered != exact_orient(p->orig, p->far, p->vert[rt_edge_vertices[e][1]], p->vert[rt_edge_vertices[e][0]]);
    }
}

/* The side of P against each face plane, det[A - P, B - P, C - P] from the translated vertices
 * and rt_robust_triple_bound(M, M, M), against exact_orient(P, A, B, C). */
static void count_side_filter(const ray_tetra_pair *p, filter_count *count)
{
    rt_tetra t = rt_prepare(p->orig, pair_direction(p), p->vert[0], p->vert[1], p->vert[2], p->vert[3], 1);
    rt_real M = rt_max(rt_max(rt_max_abs3(t.v0), rt_max_abs3(t.v1)), rt_max(rt_max_abs3(t.v2), rt_max_abs3(t.v3)));
    rt_real bound = rt_robust_triple_bound(M, M, M);
    for (int f = 0; f < 4; ++f) {
        rt_vec3 a = rt_vertex(&t, rt_face_vertices[f][0]), b = rt_vertex(&t, rt_face_vertices[f][1]),
                c = rt_vertex(&t, rt_face_vertices[f][2]);
        rt_real side = rt_dot(a, rt_cross(b, c));
        if (bound < 0 || !(side > bound || side < -bound)) {
            ++count->undecided;
            continue;
        }
        ++count->decided;
        int exact = exact_orient(p->orig, p->vert[rt_face_vertices[f][0]], p->vert[rt_face_vertices[f][1]],
                                 p->vert[rt_face_vertices[f][2]]);
        count->wrong += (side > 0 ? 1 : -1) != exact;
    }
}

static ray_tetra_pair scaled(const ray_tetra_pair *p, int exponent)
{
    ray_tetra_pair s = *p;
    double *v = &s.vert[0].x;
    for (int i = 0; i < 18; ++i)
        v[i] = ldexp(v[i], exponent); /* exact: a power of two, no overflow or underflow here */
    return s;
}

/* Pairs of `set` (labelled by `classes`) where stp0r's hit or faces differ from exact_classify;
 * the first one's index in *first. */
static size_t differences(const ray_tetra_pair *pairs, size_t n, size_t *first)
{
    const cpu_algorithm *robust = cpu_algorithm_find("stp0r");
    size_t count = 0;
    for (size_t i = 0; i < n; ++i) {
        pair_set one = {1, (ray_tetra_pair *)&pairs[i]};
        ray_tetra_result r;
        memset(&r, 0, sizeof r);
        cpu_algorithm_run(robust, &one, &r, 1);
        int enter, leave;
        int hit = exact_classify(&pairs[i], &enter, &leave);
        if (r.hit != hit || r.enter_face != enter || r.leave_face != leave) {
            if (count++ == 0)
                *first = i;
        }
    }
    return count;
}

int main(void)
{
    CHECK(cpu_algorithm_find("stp0r") != NULL, "stp0r is not registered");
    pair_set set;
    pair_classes classes;
    fixture_class_pairs(11, 10000, 10000, PER_CLASS, &set, &classes);
    size_t start = 0;
    for (int label = 0; label < classes.name_count; ++label) {
        size_t n = 0;
        while (start + n < set.count && classes.of_pair[start + n] == label)
            ++n;
        size_t first = 0;
        size_t wrong = differences(set.pairs + start, n, &first);
        CHECK(wrong == 0, "%s: %zu of %zu pairs differ from exact_classify (first: pair %zu)", classes.names[label],
              wrong, n, start + first);
        /* Far outside the filter's range: every sign from GMP. */
        size_t wrong_scaled = 0;
        for (int exponent = -520; exponent <= 330; exponent += 850) {
            ray_tetra_pair *copy = malloc(n * sizeof *copy);
            for (size_t i = 0; i < n; ++i)
                copy[i] = scaled(&set.pairs[start + i], exponent);
            wrong_scaled += differences(copy, n < 200 ? n : 200, &first);
            free(copy);
        }
        CHECK(wrong_scaled == 0, "%s, scaled by 2^-520 / 2^330: %zu pairs differ", classes.names[label], wrong_scaled);

        /* The filter: a sign it decides is the exact one, for the line through P and Q. */
        filter_count edges = {0, 0, 0}, sides = {0, 0, 0};
        for (size_t i = start; i < start + n; ++i) {
            count_edge_filter(&set.pairs[i], &edges);
            count_side_filter(&set.pairs[i], &sides);
        }
        printf("%-10s edge signs: %zu decided by the filter, %zu left to GMP; face sides: %zu, %zu\n",
               classes.names[label], edges.decided, edges.undecided, sides.decided, sides.undecided);
        CHECK(edges.wrong == 0 && sides.wrong == 0,
              "%s: the filter contradicts the exact sign on %zu edge products and %zu face sides", classes.names[label],
              edges.wrong, sides.wrong);
        CHECK(edges.decided > 0 && sides.decided > 0, "%s: the filter decides nothing to be tested",
              classes.names[label]);

        /* The reals: exact products where a sign was uncertain, so close to the exact ones on
         * every class; a needle's thin faces make barycentrics ill-conditioned for any double
         * evaluation (docs/ACCURACY.md), so its tolerance is wider. */
        double tolerance = strcmp(classes.names[label], "needle") == 0 ? 1e-6 : 1e-9;
        pair_set part = {n, set.pairs + start};
        ray_tetra_result *results = malloc(n * sizeof *results);
        cpu_algorithm_run(cpu_algorithm_find("stp0r"), &part, results, 1);
        size_t far_off = 0;
        for (size_t i = 0; i < n; ++i) {
            ray_tetra_result exact;
            exact_reference(&part.pairs[i], &exact);
            far_off += result_compare(&part.pairs[i], &exact, &results[i], tolerance, NULL) != RESULT_AGREE;
        }
        CHECK(far_off == 0, "stp0r, %s: %zu pairs beyond %g of the exact results", classes.names[label], far_off,
              tolerance);
        free(results);
        start += n;
    }

    /* The exact predicates agree: exact_stp_sign(P, Q - P, Vj, Vi) (where Q - P is exact),
     * exact_orient(P, Q, Vj, Vi) and exact_orient_value's sign are the sign p_ij of
     * exact_edge_signs; exact_orient_value's value is the double product where that is exact
     * (the lattice classes) and within a rounding of it elsewhere. */
    size_t inconsistent = 0, exact_directions = 0, value_off = 0;
    for (size_t i = 0; i < set.count; i += 7) {
        const ray_tetra_pair *p = &set.pairs[i];
        int signs[6];
        exact_edge_signs(p, signs);
        vec3 L = pair_direction(p);
        int exact_L = exact_direction(p);
        exact_directions += (size_t)exact_L;
        rt_tetra t = rt_prepare(p->orig, L, p->vert[0], p->vert[1], p->vert[2], p->vert[3], 1);
        rt_real products[6];
        rt_signs filtered;
        rt_real bound = rt_robust_bound(&t);
        rt_robust_signs(&t, products, &filtered);
        for (int e = 0; e < 6; ++e) {
            vec3 Vi = p->vert[rt_edge_vertices[e][0]], Vj = p->vert[rt_edge_vertices[e][1]];
            double value;
            int sign = exact_orient_value(p->orig, p->far, Vj, Vi, &value);
            inconsistent += sign != signs[e] || exact_orient(p->orig, p->far, Vj, Vi) != signs[e] ||
                            (value > 0) - (value < 0) != signs[e];
            if (exact_L)
                inconsistent += exact_stp_sign(p->orig, L, Vj, Vi) != signs[e];
            value_off += bound > 0 && !(fabs(value - products[e]) <= bound);
        }
    }
    CHECK(inconsistent == 0, "%zu edge signs of exact_stp_sign, exact_orient or exact_orient_value differ from "
          "exact_edge_signs", inconsistent);
    CHECK(exact_directions >= PER_CLASS, "only %zu pairs with an exact Q - P checked", exact_directions);
    CHECK(value_off == 0, "%zu values of exact_orient_value beyond the filter's bound of the double product",
          value_off);

    pair_classes_free(&classes);
    pair_set_free(&set);
    return check_summary("test_robust");
}
