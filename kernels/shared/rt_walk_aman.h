/* rt_walk_aman.h: the walk of Aman, Demirci & Güdükbay, "Compact tetrahedralization-based
 * acceleration structures for ray tracing", J. Visualization 25 (2022) (docs/ALGORITHMS.md,
 * docs/TETWALK.md): RT_WALK_AMAN of rt_walk.h, included by it; valid C11 and OpenCL C 1.2.
 *
 * The ray's line is projected along L onto a plane: a basis (u, v) orthogonal to L, built once
 * per segment, takes each vertex V to the 2D point ((V - P).u, (V - P).v), and the ray to the
 * origin. In 2D the orientation of the origin against an edge x -> y is the cross product
 * x.u y.v - x.v y.u (the origin's position is 0, so no difference is formed): with u x v = -L/|L|
 * it has the sign of rt_walk.h's edge product p_xy, and it is exactly antisymmetric (both
 * products are the same two roundings), so the two tetrahedra of a face see it the same way.
 *
 * A tetrahedron entered through face (a, b, c), kept in the order in which the origin lies left
 * of a -> b, b -> c and c -> a, is left through one of (a, b, d), (b, c, d), (c, a, d), d the
 * vertex opposite the entry face: the one holding the origin. Only d is new; it is projected,
 * and the orientations q_x of the edges x -> d decide as rt_walk.h's form 2 does: q_a > 0
 * leaves through (c, a, d)'s or (b, c, d)'s side (q_c decides), else (a, b, d)'s or (b, c, d)'s
 * (q_b decides). When the choice is (b, c, d), a third test checks that its new edges agree it
 * holds the origin; a ray whose orientations contradict each other that way is lost, as one
 * the fast forms' enter check rejects. The face left is the next tetrahedron's entry face, in
 * the same order, with its three points already projected.
 *
 * The compact record (mesh_compact.c builds it): per tetrahedron RT_AMAN_INTS ints, 20 bytes,
 * the XOR of its four vertex numbers (d = that ^ a ^ b ^ c) and the tetrahedron across the face
 * opposite each vertex, the vertices ranked by number (the face opposite the lowest first), -1
 * on the boundary. A step reads that record and one vertex: 44 bytes.
 *
 * The boundary faces a segment starts from are told entered or left by the same orientations
 * (rt_aman_boundary), so that the walk and the faces it starts from agree.
 *
 * Lengths: inside a segment the sum telescopes, so only the segment's entry t and its exit t
 * are computed, each from the 2D orientations as barycentric weights of the face crossed and
 * the point's component along L's major axis, as rt_face_point does. A step counts when it is left at t > 0; t is computed at each step only
 * while the segment has not yet passed t = 0 (a ray starting inside the mesh). */
#ifndef RAYTETRA_RT_WALK_AMAN_H
#define RAYTETRA_RT_WALK_AMAN_H

#ifndef __OPENCL_C_VERSION__
#include <math.h>
#endif

#define RT_AMAN_INTS 5
#define RT_AMAN_XOR 0
#define RT_AMAN_LINK(rank) (1 + (rank))

/* A point projected along the ray. */
typedef struct rt_aman_point {
    rt_real u, v;
} rt_aman_point;

/* The ray and its projection's basis. */
typedef struct rt_aman_frame {
    rt_vec3 P, L, u, v;
} rt_aman_frame;

/* u orthogonal to L, taken against the axis where L is smallest (so that the cross product is
 * well away from 0), v = u x n: then u x v = -n, n = L / |L|. L is scaled by its largest
 * component first, so that |L|^2 neither overflows nor underflows. */
RT_INLINE rt_aman_frame rt_aman_frame_make(rt_vec3 P, rt_vec3 L)
{
    rt_aman_frame f;
    f.P = P;
    f.L = L;
    rt_real ax = rt_abs(L.x), ay = rt_abs(L.y), az = rt_abs(L.z);
    rt_vec3 scaled = rt_scale(L, 1 / rt_max_abs3(L));
    rt_vec3 n = rt_scale(scaled, 1 / sqrt(rt_dot(scaled, scaled)));
    rt_vec3 axis = ax <= ay && ax <= az ? rt_v(1, 0, 0) : (ay <= az ? rt_v(0, 1, 0) : rt_v(0, 0, 1));
    rt_vec3 u = rt_cross(n, axis);
    f.u = rt_scale(u, 1 / sqrt(rt_dot(u, u)));
    f.v = rt_cross(f.u, n);
    return f;
}

RT_INLINE rt_aman_point rt_aman_project(const rt_aman_frame *f, rt_vec3 V)
{
    rt_vec3 d = rt_sub(V, f->P);
    rt_aman_point p;
    p.u = rt_dot(d, f->u);
    p.v = rt_dot(d, f->v);
    return p;
}

/* The orientation of the origin against x -> y: > 0 when it lies left (p_xy > 0). */
RT_INLINE rt_real rt_aman_orient(rt_aman_point x, rt_aman_point y) { return x.u * y.v - x.v * y.u; }

RT_INLINE rt_aman_point rt_aman_vertex(const rt_walk_mesh *m, const rt_aman_frame *f, int vertex)
{
    return rt_aman_project(f, rt_walk_vertex(m, vertex));
}

/* t where the line crosses face (x, y, d), in the entry order, from the 2D orientations as the
 * barycentric weights (the centroid where they sum to 0, as rt_barycentrics has it). */
RT_INLINE rt_real rt_aman_parameter(const rt_walk_mesh *m, const rt_aman_frame *f, int x, int y, int d,
                                    rt_aman_point px, rt_aman_point py, rt_aman_point pd)
{
    rt_real ux, uy, ud;
    rt_barycentrics(rt_aman_orient(py, pd), rt_aman_orient(pd, px), rt_aman_orient(px, py), &ux, &uy, &ud);
    rt_vec3 rel = rt_add(rt_add(rt_scale(rt_sub(rt_walk_vertex(m, x), f->P), ux),
                                rt_scale(rt_sub(rt_walk_vertex(m, y), f->P), uy)),
                         rt_scale(rt_sub(rt_walk_vertex(m, d), f->P), ud));
    return rt_saturate(rt_major_component(rel, f->L) / rt_major_component(f->L, f->L));
}

/* The entry face of a segment, from the full record (rt_topology.h) of tetrahedron face >> 2:
 * its corners in the face's order, which is the entry order. */
RT_INLINE void rt_aman_entry(const rt_walk_mesh *m, int face, int corner[3])
{
    RT_GLOBAL const int *cell = m->cells + RT_CELL_INTS * (long)(face >> 2);
    for (int k = 0; k < 3; ++k)
        corner[k] = cell[RT_CELL_VERTEX(rt_walk_corner(face & 3, k))];
}

/* Does the line cross boundary face `face` (a face reference)? +1 entering, -1 leaving, 0 not;
 * *t its parameter there. Decided by the walk's own orientations, so that a segment starts
 * through a face its first tetrahedron agrees it is entered through, and of two boundary faces
 * sharing an edge the line passes within rounding of, exactly one is entered. */
RT_INLINE int rt_aman_boundary(const rt_walk_mesh *m, int face, rt_vec3 P, rt_vec3 L, rt_real *t)
{
    rt_aman_frame frame = rt_aman_frame_make(P, L);
    int corner[3];
    rt_aman_entry(m, face, corner);
    rt_aman_point p0 = rt_aman_vertex(m, &frame, corner[0]), p1 = rt_aman_vertex(m, &frame, corner[1]),
                  p2 = rt_aman_vertex(m, &frame, corner[2]);
    int role = rt_face_sign(rt_aman_orient(p0, p1), rt_aman_orient(p1, p2), rt_aman_orient(p2, p0));
    if (role != 0)
        *t = rt_aman_parameter(m, &frame, corner[0], corner[1], corner[2], p0, p1, p2);
    return role;
}

/* Walk from boundary face `face`, entered at t_first, to the boundary face the line leaves
 * through; adds to *r (and to *record), as rt_walk_segments does. */
RT_INLINE void rt_walk_aman_segment(const rt_walk_mesh *m, rt_vec3 P, rt_vec3 L, int face, rt_real t_first,
                                    rt_walk_result *r, rt_walk_record *record)
{
    rt_aman_frame frame = rt_aman_frame_make(P, L);
    int corner[3];
    rt_aman_entry(m, face, corner);
    int a = corner[0], b = corner[1], c = corner[2];
    rt_aman_point pa = rt_aman_vertex(m, &frame, a), pb = rt_aman_vertex(m, &frame, b),
                  pc = rt_aman_vertex(m, &frame, c);
    rt_real ab = rt_aman_orient(pa, pb), bc = rt_aman_orient(pb, pc), ca = rt_aman_orient(pc, pa);
    if (!(ab >= 0 && bc >= 0 && ca >= 0 && (ab != 0 || bc != 0 || ca != 0))) {
        r->status = RT_WALK_LOST; /* the tetrahedron does not agree it is entered there */
        return;
    }
    int tet = face >> 2;
    int ahead = t_first > 0;
    rt_real t_visit = t_first; /* a record's t of entering tet (only kept when recording) */
    for (int steps = 0;; ++steps) {
        if (steps >= m->step_limit) {
            r->status = RT_WALK_LOST; /* a cycle */
            return;
        }
        RT_GLOBAL const int *cell = m->aman_cells + RT_AMAN_INTS * (long)tet;
        int d = cell[RT_AMAN_XOR] ^ a ^ b ^ c;
        rt_aman_point pd = rt_aman_vertex(m, &frame, d);
        /* The face left, (x, y, d) in the entry order, and the vertex z opposite it. */
        int x, y, z;
        rt_aman_point px, py;
        if (rt_aman_orient(pa, pd) > 0) {
            if (rt_aman_orient(pc, pd) > 0) {
                if (rt_aman_orient(pb, pd) > 0) {
                    r->status = RT_WALK_LOST;
                    return;
                }
                x = b, y = c, z = a, px = pb, py = pc;
            } else {
                x = c, y = a, z = b, px = pc, py = pa;
            }
        } else if (rt_aman_orient(pb, pd) < 0) {
            if (rt_aman_orient(pc, pd) < 0) {
                r->status = RT_WALK_LOST;
                return;
            }
            x = b, y = c, z = a, px = pb, py = pc;
        } else {
            x = a, y = b, z = c, px = pa, py = pb;
        }
        int rank = (a < z) + (b < z) + (c < z) + (d < z);
        int next = cell[RT_AMAN_LINK(rank)];
        rt_real t_out = next < 0 || !ahead ? rt_aman_parameter(m, &frame, x, y, d, px, py, pd) : 1;
        if (record) {
            /* Recording (the exact references, visit lists) wants each visit's t: computed here
             * only, so that a walk without a record keeps its two or three tests a step. */
            rt_real t_leave = rt_aman_parameter(m, &frame, x, y, d, px, py, pd);
            if (ahead || t_out > 0)
                rt_walk_record_visit(record, tet, rt_walk_clip(t_visit), rt_walk_clip(t_leave));
            t_visit = t_leave;
        }
        if (ahead || t_out > 0)
            r->steps += 1;
        if (next < 0) {
            if (t_out > 0)
                r->length += rt_walk_clip(t_out) - rt_walk_clip(t_first);
            return;
        }
        ahead = ahead || t_out > 0;
        tet = next;
        a = x, b = y, c = d;
        pa = px, pb = py, pc = pd;
    }
}

#endif
