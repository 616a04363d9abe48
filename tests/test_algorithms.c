/* test_algorithms: every CPU algorithm against the exact classifier on random pairs: hit/miss
 * and faces exactly, reals to a tight tolerance, tEnter <= tLeave; and the geometric meaning of
 * "enter" (dot(L, N) < 0 on the enter face) checked directly. */
#include <stdlib.h>

#include "registry/registry.h"
#include "check.h"
#include "fixtures.h"
#include "exact.h"
#include "generator/generator.h"
#include "compare/result_compare.h"
#include "rt_topology.h"

#define PAIRS 100000
#define TOLERANCE 1e-9


static double normal_dot(const ray_tetra_pair *p, int face, vec3 L)
{
    const vec3 *A = &p->vert[rt_face_vertices[face][0]], *B = &p->vert[rt_face_vertices[face][1]],
               *C = &p->vert[rt_face_vertices[face][2]];
    vec3 e1 = {B->x - A->x, B->y - A->y, B->z - A->z}, e2 = {C->x - A->x, C->y - A->y, C->z - A->z};
    vec3 N = {e1.y * e2.z - e1.z * e2.y, e1.z * e2.x - e1.x * e2.z, e1.x * e2.y - e1.y * e2.x};
    return N.x * L.x + N.y * L.y + N.z * L.z;
}

int main(void)
{
    pair_set set;
    fixture_pairs(20121, PAIRS / 2, PAIRS - PAIRS / 2, &set);
    ray_tetra_result *reference = fixture_exact_results(&set);
    ray_tetra_result *results = malloc(set.count * sizeof *results);
    size_t hits = 0;
    for (size_t i = 0; i < set.count; ++i)
        hits += (size_t)reference[i].hit;
    CHECK(hits == PAIRS / 2, "generator made %zu hits, wanted %d", hits, PAIRS / 2);
    /* The geometric definition of entering (docs/SPECIFICATION.md section 1) holds for the exact faces. */
    size_t wrong_direction = 0;
    for (size_t i = 0; i < set.count; ++i)
        if (reference[i].hit) {
            vec3 L = pair_direction(&set.pairs[i]);
            wrong_direction += normal_dot(&set.pairs[i], reference[i].enter_face, L) >= 0;
            wrong_direction += normal_dot(&set.pairs[i], reference[i].leave_face, L) <= 0;
        }
    CHECK(wrong_direction == 0, "%zu faces contradict dot(L, N) < 0 on entering", wrong_direction);

    int count;
    const cpu_algorithm *all = cpu_algorithms(&count);
    for (int a = 0; a < count; ++a) {
        if (all[a].precision != CPU_PRECISION_DOUBLE)
            continue; /* float variants: tests/test_float.c, with a float tolerance */
        cpu_algorithm_run(&all[a], &set, results, 1);
        size_t class_errors = 0, face_errors = 0, real_errors = 0, order_errors = 0, first = (size_t)-1;
        char first_reason[512] = "";
        for (size_t i = 0; i < set.count; ++i) {
            result_mismatch why;
            result_mismatch_kind kind = result_compare(&set.pairs[i], &reference[i], &results[i], TOLERANCE, &why);
            if (kind != RESULT_AGREE) {
                class_errors += kind == RESULT_DIFFERENT_CLASS;
                face_errors += kind == RESULT_DIFFERENT_FACES;
                real_errors += kind == RESULT_DIFFERENT_REAL;
                if (first == (size_t)-1) {
                    first = i;
                    result_mismatch_describe(&why, first_reason, sizeof first_reason);
                }
            }
            if (results[i].hit && results[i].t_enter > results[i].t_leave)
                ++order_errors;
        }
        CHECK(class_errors == 0, "%s: %zu hit/miss errors (first: pair %zu)", all[a].name, class_errors, first);
        CHECK(face_errors == 0, "%s: %zu face errors (first: pair %zu, %s)", all[a].name, face_errors, first,
              first_reason);
        CHECK(real_errors == 0, "%s: %zu pairs with reals beyond %g (first: pair %zu, %s)", all[a].name, real_errors,
              TOLERANCE, first, first_reason);
        CHECK(order_errors == 0, "%s: %zu pairs with tEnter > tLeave", all[a].name, order_errors);
    }
    free(reference);
    free(results);
    pair_set_free(&set);
    return check_summary("test_algorithms");
}
