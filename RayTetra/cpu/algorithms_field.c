/* algorithms_field.c: the field's ray-triangle tests on the tetrahedron's faces (kernels/shared/
 * rt_field.h, rt_badouelb.h; docs/ALGORITHMS.md, "The field's tests") with the original
 * contract: Badouel, Havel-Herout, and the branch-free Badouel on its plane table (the contract,
 * the batch of both parts, and the two parts apart for the timed loops: cpu_precomputed). The
 * Makefile compiles this file twice, as algorithms_pt.c: double (badouel, ...) and float
 * (badouelf, ...; the table in float). */
#include "cpu/algorithms_wrap.h"
#include "rt_badouelb.h"
#include "rt_field.h"

/* Badouel (test 1) or Havel-Herout (2) with the contract, named WRAP_NAME(name). */
#define WRAP_FIELD_ALGORITHM(name, test) WRAP_NUMBERED_TEST_ALGORITHM_NAMED(WRAP_NAME(name), rt_field_test, test)

WRAP_FIELD_ALGORITHM(badouel, 1)
WRAP_FIELD_ALGORITHM(havel, 2)

/* ---------------------------------------------------------------- badouelb */

static inline __attribute__((always_inline)) void badouelb_table(const vec3 vert[4], rt_real *table)
{
    rt_badouelb_precompute(wrap_in(vert[0]), wrap_in(vert[1]), wrap_in(vert[2]), wrap_in(vert[3]), table);
}

/* One pair's per-line part, its result as a record. */
static inline __attribute__((always_inline)) void badouelb_line(const ray_tetra_pair *p, const rt_real *table,
                                                                ray_tetra_result *r)
{
    vec3 dir = pair_direction(p);
    rt_hit h;
    rt_real faces[2];
    int hit = rt_badouelb_lines(wrap_in(p->orig), wrap_in(dir), table, &h, faces);
    r->hit = wrap_export(hit, &h, &r->enter_face, &r->leave_face, &r->enter_point, &r->leave_point, &r->u_enter1,
                         &r->u_enter2, &r->u_leave1, &r->u_leave2, &r->t_enter, &r->t_leave);
}

/* The tables of `count` pairs, one after the other; badouelbv's too (the same table). */
void WRAP_NAME(badouelb_tables)(const ray_tetra_pair *pairs, void *table, size_t count)
{
    for (size_t i = 0; i < count; ++i)
        badouelb_table(pairs[i].vert, (rt_real *)table + i * RT_TABLE_BADOUELB);
}

RAY_TETRA_ALGORITHM(WRAP_NAME(badouelb))
{
    rt_real table[RT_TABLE_BADOUELB];
    badouelb_table(vert, table);
    rt_hit h;
    rt_real faces[2];
    int hit = rt_badouelb_lines(wrap_in(*orig), wrap_in(*dir), table, &h, faces);
    return wrap_export(hit, &h, WRAP_EXPORT_ARGS);
}

/* RAY_TETRA_BATCH and the view's name paste their argument: WRAP_NAME is expanded one level up. */
#define FIELD_BATCH(name) RAY_TETRA_BATCH(name)
#define FIELD_PRECOMPUTED(name) FIELD_PRECOMPUTED_NAMED(name)
#define FIELD_PRECOMPUTED_NAMED(name) name##_precomputed
WRAP_SCALAR_CLONES FIELD_BATCH(WRAP_NAME(badouelb))
{
    for (size_t i = 0; i < count; ++i) {
        rt_real table[RT_TABLE_BADOUELB];
        badouelb_table(pairs[i].vert, table);
        badouelb_line(&pairs[i], table, &results[i]);
    }
}

WRAP_SCALAR_CLONES static void badouelb_lines(const ray_tetra_pair *pairs, const void *table,
                                              ray_tetra_result *results, size_t count)
{
    for (size_t i = 0; i < count; ++i)
        badouelb_line(&pairs[i], (const rt_real *)table + i * RT_TABLE_BADOUELB, &results[i]);
}

const cpu_precomputed FIELD_PRECOMPUTED(WRAP_NAME(badouelb)) = {RT_TABLE_BADOUELB * sizeof(rt_real),
                                                                WRAP_NAME(badouelb_tables), badouelb_lines};
