/* rt_walk_maria.h: the incremental Plücker walk of M. Maria, S. Horna and L. Aveneau, "Efficient
 * ray traversal of constrained Delaunay tetrahedralization", GRAPP 2017, a method of rt_walk.h,
 * which includes this file after its types (valid C11 and OpenCL C 1.2, double precision).
 *
 * The layout is the fast forms' own: a step reads the tetrahedron's record (vertex numbers and
 * links) and the one vertex d its entry face lacks, 56 bytes. The ray's Plücker coordinates are
 * taken with the moment about d, m_d = (P - d) x L, so that an edge from d, whose moment about d
 * is 0, meets the ray in the permuted inner product of one dot:
 *     q_x = (V_x - d) . m_d = [L, d - P, V_x - P]   (x = a, b, c, the entry face's corners),
 * the suite's product of the edge x -> d (docs/ALGORITHMS.md). The line leaves through F_a, F_b
 * or F_c (the face opposite a, b or c): q_a > 0 leaves through F_a or F_b, q_c telling them
 * apart, otherwise through F_a or F_c, q_b telling: two products a step decide, in one fixed
 * sequence of operations (d subtracted first, then the cross product, then the dots). The entry
 * face is not checked, since that would take the three products the method saves: every sign
 * pattern names a face, so a rounding that picks the wrong one is not seen by the signs. It is
 * seen by the crossings: tLeave is the exit face's plane crossing, t = (N . (d - P)) / (N . L)
 * with N the cross product of the face's two edges from d, and a face crossed before the entry
 * face (tLeave < tEnter, by more than rounding: 2^-32 of the mesh's diagonal) cannot be the one
 * the line leaves through: the ray is lost there, as after a cycle (the step limit). Without
 * that check a ray walked on from the wrong neighbour and came out with a negative length (rays
 * aimed at the box's vertices). tEnter is the previous step's tLeave (the sum telescopes). */
#ifndef RAYTETRA_RT_WALK_MARIA_H
#define RAYTETRA_RT_WALK_MARIA_H

/* Is a step back from t_enter to t_leave along the line within m->exact_distance (2^-32 of the
 * mesh's diagonal), the rounding of a crossing of zero length, where the ray passes through an
 * edge or a vertex? */
RT_INLINE int rt_walk_maria_in_order(const rt_walk_mesh *m, rt_vec3 L, rt_real t_enter, rt_real t_leave)
{
    rt_real back = t_enter - t_leave;
    return t_leave >= t_enter || back * back * rt_dot(L, L) <= m->exact_distance * m->exact_distance;
}

/* One step in the tetrahedron of `corners` entered through face `enter` at t_enter: the face left
 * and its t, or -1 (lost) when the line runs parallel to that face's plane or crosses it before
 * the entry face (rt_walk_maria_in_order, which a right decision never fails). */
RT_INLINE int rt_walk_maria_step(const rt_walk_mesh *m, const rt_walk_corners *corners, int enter, rt_vec3 P,
                                 rt_vec3 L, rt_real t_enter, rt_real *t_leave)
{
    int a = rt_walk_corner(enter, 0), b = rt_walk_corner(enter, 1), c = rt_walk_corner(enter, 2);
    rt_vec3 d = rt_walk_pick_vertex(corners->V, enter);
    rt_vec3 from_d = rt_sub(P, d);
    rt_vec3 moment = rt_cross(from_d, L);
    rt_vec3 da = rt_sub(rt_walk_pick_vertex(corners->V, a), d), db = rt_sub(rt_walk_pick_vertex(corners->V, b), d);
    rt_vec3 dc = rt_sub(rt_walk_pick_vertex(corners->V, c), d);
    int leave;
    if (rt_dot(da, moment) > 0)
        leave = rt_dot(dc, moment) > 0 ? a : b;
    else
        leave = rt_dot(db, moment) < 0 ? a : c;
    /* The exit face holds d and two of a, b, c: F_a = (b, c, d), F_b = (a, c, d), F_c = (a, b, d). */
    rt_vec3 normal = rt_cross(leave == a ? db : da, leave == c ? db : dc);
    rt_real across = rt_dot(normal, L);
    if (!(across != 0))
        return -1;
    *t_leave = rt_saturate(-rt_dot(normal, from_d) / across);
    return rt_walk_maria_in_order(m, L, t_enter, *t_leave) ? leave : -1;
}

#endif
