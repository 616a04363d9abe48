/* rt_walk_badouelb.h: the branch-free Badouel walk of mesh-based Monte Carlo photon transport
 * (Q. Fang and D. R. Kaeli, "Accelerating mesh-based Monte Carlo method on modern CPU
 * architectures", Biomed. Opt. Express 3(12) (2012) 3223), a method of rt_walk.h, which includes
 * this file after its types (valid C11 and OpenCL C 1.2, double precision).
 *
 * A step reads the tetrahedron's row of the mesh's plane table (mesh_build_planes: the four face
 * planes of rt_badouelb.h, x[4], y[4], z[4], d[4], 128 bytes in double) and its record's links,
 * never a vertex. For the four faces at once t_f = (d_f - n_f . P) / (n_f . L); the faces the
 * line leaves through have n_f . L > 0, and the one left is the one of them with the smallest t
 * (ties: the first of faces 3, 2, 1, 0, as the pair test). The entry face must have n . L < 0 in
 * this tetrahedron too, which also keeps it out of the leaving faces: each tetrahedron holds its
 * own plane of a shared face, rounded its own way, and where the two disagree on the side the
 * line crosses it from, the ray is lost, as the other fast forms' are. tEnter is the previous
 * step's tLeave; only the boundary crossings reach the length (the sum telescopes). */
#ifndef RAYTETRA_RT_WALK_BADOUELB_H
#define RAYTETRA_RT_WALK_BADOUELB_H

#include "rt_badouelb.h"

RT_INLINE RT_GLOBAL const double *rt_walk_planes(const rt_walk_mesh *m, int tet)
{
    return m->planes + RT_TABLE_BADOUELB * (long)tet;
}

/* n . L of face f, by selects (no index known only at run time). */
RT_INLINE rt_real rt_walk_badouelb_den(rt_badouelb_face x0, rt_badouelb_face x1, rt_badouelb_face x2,
                                       rt_badouelb_face x3, int f)
{
    return f == 0 ? x0.den : (f == 1 ? x1.den : (f == 2 ? x2.den : x3.den));
}

/* One step in tetrahedron `tet` entered through face `enter`: the face left (-1: lost) and its t. */
RT_INLINE int rt_walk_badouelb_step(const rt_walk_mesh *m, int tet, int enter, rt_vec3 P, rt_vec3 L, rt_real *t_leave)
{
    RT_GLOBAL const double *planes = rt_walk_planes(m, tet);
    rt_badouelb_face x0 = RT_BADOUELB_FACE(planes, 0, P, L), x1 = RT_BADOUELB_FACE(planes, 1, P, L);
    rt_badouelb_face x2 = RT_BADOUELB_FACE(planes, 2, P, L), x3 = RT_BADOUELB_FACE(planes, 3, P, L);
    rt_badouelb_pick away = rt_badouelb_none(0);
    away = rt_badouelb_consider(away, x3, 3, 0);
    away = rt_badouelb_consider(away, x2, 2, 0);
    away = rt_badouelb_consider(away, x1, 1, 0);
    away = rt_badouelb_consider(away, x0, 0, 0);
    int entered = rt_walk_badouelb_den(x0, x1, x2, x3, enter) < 0;
    *t_leave = away.t;
    return entered && away.t < RT_REAL_MAX ? (int)away.face : -1;
}

/* Does the line cross boundary face f of tetrahedron `tet`? +1 entering, -1 leaving, 0 not; *t
 * its parameter there. The pair test on the tetrahedron's planes (Badouel's: the plane's t, then
 * the point inside the face by its barycentric coordinates, the other faces' lambda). */
RT_INLINE int rt_walk_badouelb_boundary(const rt_walk_mesh *m, int tet, int f, rt_vec3 P, rt_vec3 L, rt_real *t)
{
    rt_hit hit;
    rt_real faces[2];
    if (!rt_badouelb_lines(P, L, rt_walk_planes(m, tet), &hit, faces))
        return 0;
    if (hit.enter_face == f) {
        *t = hit.t_enter;
        return 1;
    }
    if (hit.leave_face == f) {
        *t = hit.t_leave;
        return -1;
    }
    return 0;
}

#endif
