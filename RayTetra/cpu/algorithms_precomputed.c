/* algorithms_precomputed.c: the precomputed Plücker and STP forms (kernels/shared/rt_precomputed.h)
 * with the original contract, and their two parts for the timed loops (cpu_precomputed). The
 * Makefile compiles this file twice, as algorithms_pt.c: double (pluecker0p, ...) and float
 * (pluecker0pf, ...; the table in float). */
#include "cpu/algorithms_wrap.h"
#include "rt_precomputed.h"

/* One pair's table: the tetrahedron's part (stp: with P). */
static inline __attribute__((always_inline)) void precompute_pair(const vec3 *orig, const vec3 vert[4],
                                                                  rt_real *table, int stp)
{
    if (stp)
        rt_precompute_stp(wrap_in(*orig), wrap_in(vert[0]), wrap_in(vert[1]), wrap_in(vert[2]), wrap_in(vert[3]),
                          table);
    else
        rt_precompute_pluecker(wrap_in(vert[0]), wrap_in(vert[1]), wrap_in(vert[2]), wrap_in(vert[3]), table);
}

/* One pair's per-line part, its result through the contract. */
static inline __attribute__((always_inline)) void line_part(const ray_tetra_pair *p, const rt_real *table,
                                                            ray_tetra_result *r, int stp, int form)
{
    vec3 dir = pair_direction(p);
    rt_hit h;
    int hit = rt_intersect_precomputed(wrap_in(p->orig), wrap_in(dir), wrap_in(p->vert[0]), wrap_in(p->vert[1]),
                                       wrap_in(p->vert[2]), wrap_in(p->vert[3]), table, stp, form, &h);
    r->hit = wrap_export(hit, &h, &r->enter_face, &r->leave_face, &r->enter_point, &r->leave_point, &r->u_enter1,
                         &r->u_enter2, &r->u_leave1, &r->u_leave2, &r->t_enter, &r->t_leave);
}

#define TABLE_REALS(stp) ((stp) ? RT_TABLE_STP : RT_TABLE_PLUECKER)

/* The precomputation of the Plücker and of the STP forms (shared by forms 0, 1, 2). */
static void precompute_pluecker_tables(const ray_tetra_pair *pairs, void *table, size_t count)
{
    for (size_t i = 0; i < count; ++i)
        precompute_pair(&pairs[i].orig, pairs[i].vert, (rt_real *)table + i * RT_TABLE_PLUECKER, 0);
}

static void precompute_stp_tables(const ray_tetra_pair *pairs, void *table, size_t count)
{
    for (size_t i = 0; i < count; ++i)
        precompute_pair(&pairs[i].orig, pairs[i].vert, (rt_real *)table + i * RT_TABLE_STP, 1);
}

/* The entry points of form `form` named WRAP_NAME(name): the contract and the batch (both
 * parts, pair by pair), the per-line batch over a table, and the cpu_precomputed view. (The
 * middle level expands WRAP_NAME before the last pastes the name.) */
#define WRAP_PRECOMPUTED(name, stp, form) WRAP_PRECOMPUTED_EXPANDED(WRAP_NAME(name), stp, form)
#define WRAP_PRECOMPUTED_EXPANDED(name, stp, form) WRAP_PRECOMPUTED_NAMED(name, stp, form)
#define WRAP_PRECOMPUTED_NAMED(name, stp, form)                                                                   \
    RAY_TETRA_ALGORITHM(name)                                                                                     \
    {                                                                                                             \
        rt_real table[TABLE_REALS(stp)];                                                                          \
        precompute_pair(orig, vert, table, stp);                                                                  \
        rt_hit h;                                                                                                 \
        int hit = rt_intersect_precomputed(wrap_in(*orig), wrap_in(*dir), wrap_in(vert[0]), wrap_in(vert[1]),    \
                                           wrap_in(vert[2]), wrap_in(vert[3]), table, stp, form, &h);            \
        return wrap_export(hit, &h, WRAP_EXPORT_ARGS);                                                            \
    }                                                                                                             \
    WRAP_SCALAR_CLONES RAY_TETRA_BATCH(name)                                                                      \
    {                                                                                                             \
        for (size_t i = 0; i < count; ++i) {                                                                      \
            rt_real table[TABLE_REALS(stp)];                                                                      \
            precompute_pair(&pairs[i].orig, pairs[i].vert, table, stp);                                           \
            line_part(&pairs[i], table, &results[i], stp, form);                                                  \
        }                                                                                                         \
    }                                                                                                             \
    WRAP_SCALAR_CLONES static void name##_lines(const ray_tetra_pair *pairs, const void *table,                   \
                                                ray_tetra_result *results, size_t count)                          \
    {                                                                                                             \
        for (size_t i = 0; i < count; ++i)                                                                        \
            line_part(&pairs[i], (const rt_real *)table + i * TABLE_REALS(stp), &results[i], stp, form);          \
    }                                                                                                             \
    const cpu_precomputed name##_precomputed = {TABLE_REALS(stp) * sizeof(rt_real),                               \
                                                (stp) ? precompute_stp_tables : precompute_pluecker_tables,       \
                                                name##_lines};

/* Every form of WRAP_PT_FORMS, as name + "p". */
#define WRAP_PRECOMPUTED_FORM(name, stp, form) WRAP_PRECOMPUTED(name##p, stp, form)
WRAP_PT_FORMS(WRAP_PRECOMPUTED_FORM)
