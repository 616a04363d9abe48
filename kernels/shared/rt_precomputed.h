/* rt_precomputed.h: the precomputed Plücker and STP forms (docs/ALGORITHMS.md), for many lines
 * against one tetrahedron: the tetrahedron's part of every edge product is computed once
 * (rt_precompute_pluecker, rt_precompute_stp) into a table, and the per-line part reads it.
 * Forms 0, 1 and 2 are rt_algorithms.h's bodies unchanged: only where an edge product comes
 * from differs (rt_edge_product). Valid C11 and OpenCL C 1.2; precision follows rt_math.h.
 *
 * Plücker: the table holds the six edges' Plücker coordinates pi(Vi -> Vj); a product is the
 * permuted inner product with the line's coordinates, the very operations of the plain form,
 * so the results are the plain form's bit for bit.
 *
 * STP: p_ij = (L x v_j) . v_i with v = V - P depends on the line through both P and L. The part
 * that does not depend on the line's direction L is c_ij = v_j x v_i (and the translated
 * vertices, for the points): p_ij = L . c_ij, one dot product an edge instead of a cross
 * product per vertex and a dot product per edge. It is precomputed per tetrahedron and point P:
 * lines from one origin (a camera, a point source) meeting one tetrahedron share it. The same
 * number rounded differently ((L x v_j) . v_i against L . (v_j x v_i)): the results equal the
 * plain form's where the signs agree, and are checked against the exact classifier. For lines
 * with different points (a mesh walk), the part of STP that depends on neither P nor L is
 * the edges' Plücker coordinates themselves: p_ij = L . (Vj x Vi) + (L x P) . (Vj - Vi), the
 * Plücker form; so STP has no precomputed form of its own there. */
#ifndef RAYTETRA_RT_PRECOMPUTED_H
#define RAYTETRA_RT_PRECOMPUTED_H

#include "rt_algorithms.h"

/* The Plücker table of the tetrahedron (RT_TABLE_PLUECKER reals). The edges are written out (a
 * loop over an array of vertices stays a loop through memory at -O2). */
RT_INLINE void rt_precompute_pluecker(rt_vec3 V0, rt_vec3 V1, rt_vec3 V2, rt_vec3 V3, rt_real *table)
{
    rt_pluecker_store(rt_pluecker_edge(V0, V1), table + 6 * RT_E01);
    rt_pluecker_store(rt_pluecker_edge(V0, V2), table + 6 * RT_E02);
    rt_pluecker_store(rt_pluecker_edge(V0, V3), table + 6 * RT_E03);
    rt_pluecker_store(rt_pluecker_edge(V1, V2), table + 6 * RT_E12);
    rt_pluecker_store(rt_pluecker_edge(V1, V3), table + 6 * RT_E13);
    rt_pluecker_store(rt_pluecker_edge(V2, V3), table + 6 * RT_E23);
}

RT_INLINE void rt_store3(rt_vec3 v, rt_real *x)
{
    x[0] = v.x;
    x[1] = v.y;
    x[2] = v.z;
}

/* c_e = a x b, edge e's three reals of the STP table's products. */
RT_INLINE void rt_store_cross(rt_vec3 a, rt_vec3 b, rt_real *c, int e) { rt_store3(rt_cross(a, b), c + 3 * e); }

/* The STP table of the tetrahedron and the point P (RT_TABLE_STP reals). */
RT_INLINE void rt_precompute_stp(rt_vec3 P, rt_vec3 V0, rt_vec3 V1, rt_vec3 V2, rt_vec3 V3, rt_real *table)
{
    rt_vec3 v0 = rt_sub(V0, P), v1 = rt_sub(V1, P), v2 = rt_sub(V2, P), v3 = rt_sub(V3, P);
    rt_store3(v0, table);
    rt_store3(v1, table + 3);
    rt_store3(v2, table + 6);
    rt_store3(v3, table + 9);
    rt_real *c = table + RT_TABLE_STP_PRODUCTS;
    rt_store_cross(v1, v0, c, RT_E01);
    rt_store_cross(v2, v0, c, RT_E02);
    rt_store_cross(v3, v0, c, RT_E03);
    rt_store_cross(v2, v1, c, RT_E12);
    rt_store_cross(v3, v1, c, RT_E13);
    rt_store_cross(v3, v2, c, RT_E23);
}

/* The per-line part: the tetrahedron as a form sees it, from the line and the table (for
 * Plücker also the vertices, for the points; STP reads its translated vertices from the table). */
RT_INLINE rt_tetra rt_prepare_precomputed(rt_vec3 P, rt_vec3 L, rt_vec3 V0, rt_vec3 V1, rt_vec3 V2, rt_vec3 V3,
                                          RT_GLOBAL const rt_real *table, int stp)
{
    /* Plücker's preparation (the line's coordinates, the vertices as they are); STP then takes
     * its translated vertices from the table and needs no L x v_k. */
    rt_tetra t = rt_prepare(P, L, V0, V1, V2, V3, 0);
    t.stp = stp;
    t.precomputed = 1;
    t.table = table;
    if (stp) {
        t.v0 = rt_v(table[0], table[1], table[2]);
        t.v1 = rt_v(table[3], table[4], table[5]);
        t.v2 = rt_v(table[6], table[7], table[8]);
        t.v3 = rt_v(table[9], table[10], table[11]);
        t.ray.u = L;
        t.ray.v = L;
    }
    return t;
}

/* The precomputed forms: as rt_intersect, with the tetrahedron's table. */
RT_INLINE int rt_intersect_precomputed(rt_vec3 P, rt_vec3 L, rt_vec3 V0, rt_vec3 V1, rt_vec3 V2, rt_vec3 V3,
                                       RT_GLOBAL const rt_real *table, int stp, int form, rt_hit *out)
{
    rt_tetra t = rt_prepare_precomputed(P, L, V0, V1, V2, V3, table, stp);
    return rt_run_form(&t, form, out);
}

#endif
