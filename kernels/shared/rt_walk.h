/* rt_walk.h: rays walked through a tetrahedral mesh (docs/TETWALK.md), written once for the CPU
 * (RayTetra/walk/walk_cpu.c) and the OpenCL kernel (kernels/TetWalk.cl). Valid C11 and OpenCL
 * C 1.2, double precision only.
 *
 * A ray P + t L (t >= 0) finds the boundary faces it crosses through the hierarchy of
 * mesh_bvh.h; from each boundary face it enters, it walks from tetrahedron to tetrahedron:
 * in a tetrahedron entered through a known face, a "known-enter-face" form of an algorithm of
 * rt_algorithms.h finds the face it leaves through, and the walk goes on in the neighbour across
 * it, until a boundary face. The length inside the mesh is |L| times the sum of tLeave - tEnter
 * over the tetrahedra (the host multiplies by |L|).
 *
 * The methods:
 *   RT_WALK_PLUECKER, RT_WALK_STP  each tetrahedron prepares its frame (rt_prepare of
 *       rt_algorithms.h) and computes each edge's product from the edge's two vertices in the
 *       mesh's order, lower vertex number first, negated where its own edge runs the other way
 *       (rt_walk_product): neighbours get the very same number for a shared edge. Forms:
 *       0  the enter face checked, then faces 3, 2, 1, 0 (not the enter face) tested in turn
 *          with three fresh products each; the first that passes the leaving test is left;
 *       1  products cached, each edge once; the enter face checked, the first other face tested
 *          for the leaving role only (rt_face_is), else the other two told apart by the sign of
 *          their shared edge, untested (thesis items 2, 4, 6);
 *       2  the enter face checked; then the three edges from the enter face's vertices a, b, c
 *          to the opposite vertex d decide alone: q_a > 0 leaves through F_a or F_b (q_c
 *          decides), else F_a or F_c (q_b decides). Two products decide; no face is tested.
 *   RT_WALK_PRECOMPUTED  the forms 0, 1, 2 above with each product read from the mesh's table
 *       of edge Plücker coordinates (mesh_build_edges): the tetrahedron's part computed once,
 *       as the precomputed forms do; neighbours then read the very same number for a shared edge.
 *   RT_WALK_AMAN  the segments walked by rt_walk_aman.h on its compact records (2D orientations
 *       of the vertices projected along the ray), its boundary faces told by the same orientations.
 *   RT_WALK_BADOUELB  the branch-free Badouel walk on the mesh's plane table (rt_walk_badouelb.h).
 *   RT_WALK_MARIA  Maria, Horna & Aveneau's walk: the ray's moment about the vertex opposite the
 *       entry face, two products a step (rt_walk_maria.h).
 *   RT_WALK_ROBUST  exact signs (rt_robust.h's filter; what it cannot decide, exact expansion
 *       arithmetic of rt_expansion.h, here on the CPU and in the kernel alike) with the
 *       tie-breaking rule below.
 * A fast form checks that a tetrahedron agrees it is entered through the face its neighbour
 * left through (all three products of that face >= 0, not all 0); when it does not, or no face
 * passes a form 0 leaving test, or a segment takes more steps than the mesh has tetrahedra (a
 * cycle), the ray is lost.
 *
 * Ties (the robust variant; docs/TETWALK.md has the argument). Every sign is that of the line
 * moved by the infinitesimal (e, e^2, e^3): p_ij(P + d) = p_ij(P) + [L, d, Vj - Vi] exactly, so a
 * zero p_ij is replaced by the sign of ((Vj - Vi) x L)_x, then _y, then _z. The rule belongs to
 * the edge and the line alone, and is antisymmetric in the edge's direction, so the two
 * tetrahedra of a face always agree; and it is the sign of a real line, which meets no edge
 * (edges parallel to L keep 0 and are never needed) and lies in no face's plane: that line
 * crosses each tetrahedron it meets through exactly one enter and one leave face, so the walk
 * can neither be lost nor cycle. Its crossings tend to the ray's as e -> 0, so tEnter and tLeave
 * are those of the ray itself, computed from the products with their exact (unmoved) signs.
 *
 * Lengths. Inside a segment each step's tEnter is the previous step's tLeave, so the sum
 * telescopes and only the segment's two boundary crossings decide its length. Where a ray runs
 * nearly in a boundary face's plane, t there is ill-conditioned (the crossing may lie anywhere
 * on the face): when the filter's error could move that crossing by more than
 * m->exact_distance (2^-32 of the mesh's diagonal), the face's products are taken from the
 * adaptive stages where their error bound keeps it within that, else evaluated exactly and
 * rounded once, which leaves t the accuracy of a well-conditioned crossing.
 *
 * Nothing is left to the host: every walk ends OK or LOST, and the robust walk never LOST. */
#ifndef RAYTETRA_RT_WALK_H
#define RAYTETRA_RT_WALK_H

#include "rt_expansion.h"
#include "rt_robust.h"
#include "rt_walk_node.h"

#ifdef RT_SINGLE
#error "rt_walk.h is double precision only"
#endif

/* RT_GLOBAL (the kernels' __global): rt_algorithms.h. */
#define RT_WALK_PLUECKER 0
#define RT_WALK_STP 1
#define RT_WALK_PRECOMPUTED 2
#define RT_WALK_ROBUST 3
/* 4 is the host's exact traversal (WALK_EXACT, registry/registry.h). */
#define RT_WALK_BADOUELB 5 /* rt_walk_badouelb.h */
#define RT_WALK_MARIA 6    /* rt_walk_maria.h */
#define RT_WALK_AMAN 7     /* rt_walk_aman.h */

/* A ray's status. */
#define RT_WALK_OK 0
#define RT_WALK_LOST 1

#define RT_WALK_HUGE 0x1.fffffffffffffp1023


/* The mesh as flat arrays (mesh.h, mesh_bvh.h). */
typedef struct rt_walk_mesh {
    RT_GLOBAL const double *vertices;   /* x y z of each vertex */
    RT_GLOBAL const int *cells;         /* RT_CELL_INTS per tetrahedron (rt_topology.h): vertex
                                           numbers, then neighbour links */
    RT_GLOBAL const double *edge_lines; /* RT_WALK_PRECOMPUTED: 6 Plücker coordinates per edge */
    RT_GLOBAL const int *tetra_edges;   /* RT_WALK_PRECOMPUTED: 6 per tetrahedron, edge * 2 + reversed */
    RT_GLOBAL const double *planes;     /* RT_WALK_BADOUELB: 16 per tetrahedron (mesh_build_planes) */
    RT_GLOBAL const rt_walk_node *bvh_nodes; /* the hierarchy's nodes, node 0 the root */
    RT_GLOBAL const int *bvh_faces;     /* face references in leaf order */
    RT_GLOBAL const int *aman_cells;    /* RT_WALK_AMAN: RT_AMAN_INTS per tetrahedron (rt_walk_aman.h) */
    int step_limit;                     /* steps of one segment before the ray counts as lost */
    double exact_distance;              /* robust: a boundary crossing whose rounding could move it
                                           further than this is computed exactly */
} rt_walk_mesh;

/* A ray's result; the kernel's output record (16 bytes). length is in units of t. */
typedef struct rt_walk_result {
    double length;
    int steps; /* tetrahedra left at t > 0 */
    int status;
} rt_walk_result;

/* The tetrahedra a ray visits (the host's --export-pairs, the library's visits and ends; in a
 * kernel, TetWalk.cl's tet_walk_record, else NULL). They are recorded in the walk's order:
 * segment by segment in the order the hierarchy hands out their entry faces, which need not be
 * the order along the ray in a mesh the ray enters more than once. */
typedef struct rt_walk_record {
    RT_GLOBAL int *tetra; /* NULL: none kept (first and last only) */
    RT_GLOBAL double *t;  /* NULL, or t_enter, t_leave of each tetrahedron kept, clipped at 0 */
    int capacity, count; /* count may exceed capacity: then only the first capacity were kept */
    int first, last;     /* the tetrahedra visited first and last along the ray; -1 before any */
    double first_t, last_t; /* first's t_enter, last's t_leave */
} rt_walk_record;

/* An empty record keeping up to capacity tetrahedra (tetra and t may be NULL). */
RT_INLINE rt_walk_record rt_walk_record_start(RT_GLOBAL int *tetra, RT_GLOBAL double *t, int capacity)
{
    rt_walk_record r;
    r.tetra = tetra;
    r.t = t;
    r.capacity = capacity;
    r.count = 0;
    r.first = r.last = -1;
    r.first_t = r.last_t = 0;
    return r;
}

/* Tetrahedron tet left at t_leave > 0 after entering at t_enter (both clipped at 0). Of equal t,
 * the first is the one walked first and the last the one walked last (a segment walks along the
 * ray). */
RT_INLINE void rt_walk_record_visit(rt_walk_record *r, int tet, double t_enter, double t_leave)
{
    if (r->count < r->capacity) {
        if (r->tetra)
            r->tetra[r->count] = tet;
        if (r->t) {
            r->t[2 * r->count] = t_enter;
            r->t[2 * r->count + 1] = t_leave;
        }
    }
    if (r->count == 0 || t_enter < r->first_t) {
        r->first = tet;
        r->first_t = t_enter;
    }
    if (r->count == 0 || t_leave >= r->last_t) {
        r->last = tet;
        r->last_t = t_leave;
    }
    r->count += 1;
}

/* One segment's visits in short: its first and last tetrahedron (walked first and last) and how
 * many (rt_walk_segments keeps it for a record that lists nothing). */
typedef struct rt_walk_span {
    int first, last, count;
    double first_t, last_t;
} rt_walk_span;

RT_INLINE rt_walk_span rt_walk_span_start(void)
{
    rt_walk_span s;
    s.first = s.last = -1;
    s.count = 0;
    s.first_t = s.last_t = 0;
    return s;
}

RT_INLINE void rt_walk_span_add(rt_walk_span *s, int tet, double t_enter, double t_leave)
{
    if (s->count == 0) {
        s->first = tet;
        s->first_t = t_enter;
    }
    s->last = tet;
    s->last_t = t_leave;
    s->count += 1;
}

/* A segment's span into the record, as rt_walk_record_visit would take its visits' ends. */
RT_INLINE void rt_walk_record_span(rt_walk_record *r, const rt_walk_span *s)
{
    if (s->count == 0)
        return;
    if (r->count == 0 || s->first_t < r->first_t) {
        r->first = s->first;
        r->first_t = s->first_t;
    }
    if (r->count == 0 || s->last_t >= r->last_t) {
        r->last = s->last;
        r->last_t = s->last_t;
    }
    r->count += s->count;
}

/* ---------------------------------------------------------------- one tetrahedron */

/* Corner k of face f (docs/SPECIFICATION.md section 1). */
RT_INLINE int rt_walk_corner(int f, int k)
{
    if (f == 3)
        return k;
    if (f == 2)
        return k == 0 ? 1 : (k == 1 ? 0 : 3);
    if (f == 1)
        return k == 0 ? 2 : (k == 1 ? 3 : 0);
    return 3 - k;
}

/* The canonical edge (RT_E01 ... RT_E23) joining corners i != j; *sign = +1 when Vi -> Vj is its
 * direction, -1 otherwise. */
RT_INLINE int rt_walk_edge(int i, int j, int *sign)
{
    int low = i < j ? i : j, high = i < j ? j : i;
    *sign = i < j ? 1 : -1;
    return low == 0 ? high - 1 : (low == 1 ? high + 1 : RT_E23);
}

/* A tetrahedron prepared for the fast forms: its geometry in the algorithm's frame, m0 = L x v0
 * (STP; rt_prepare makes m1 .. m3), the edges whose local direction (lower corner to higher)
 * runs against the mesh's (lower vertex number to higher) and, for the precomputed forms, where
 * its edges' products come from. */
typedef struct rt_walk_cell {
    rt_tetra geometry;
    rt_vec3 m0;
    int against; /* bit e: edge e runs from the higher vertex number to the lower */
    int precomputed;
    RT_GLOBAL const double *edge_lines;
    int edges[6];
} rt_walk_cell;

/* A tetrahedron as a step reads it from the mesh: its record (rt_topology.h's RT_CELL_INTS) and
 * its four vertices. */
typedef struct rt_walk_corners {
    int vertex[4]; /* the vertices' numbers in the mesh */
    int link[4];   /* the face reference across each face, -1 on the boundary */
    rt_vec3 V[4];
} rt_walk_corners;

/* a[k] for a k known only at run time, as selects (an index into a private array would put the
 * array in a kernel's local memory). */
RT_INLINE int rt_walk_pick4(const int a[4], int k)
{
    return k == 0 ? a[0] : (k == 1 ? a[1] : (k == 2 ? a[2] : a[3]));
}

/* V[k] for a k known only at run time, by selects, as rt_walk_pick4. */
RT_INLINE rt_vec3 rt_walk_pick_vertex(const rt_vec3 V[4], int k)
{
    return k == 0 ? V[0] : (k == 1 ? V[1] : (k == 2 ? V[2] : V[3]));
}

RT_INLINE rt_vec3 rt_walk_vertex(const rt_walk_mesh *m, int vertex)
{
    RT_GLOBAL const double *x = m->vertices + 3 * (long)vertex;
    return rt_v(x[0], x[1], x[2]);
}

RT_INLINE void rt_walk_read_cell(const rt_walk_mesh *m, int tet, rt_walk_corners *c)
{
    RT_GLOBAL const int *cell = m->cells + RT_CELL_INTS * (long)tet;
    for (int k = 0; k < 4; ++k) {
        c->vertex[k] = cell[RT_CELL_VERTEX(k)];
        c->link[k] = cell[RT_CELL_LINK(k)];
    }
}

/* Tetrahedron `tet` with all four vertices read (a segment's first tetrahedron, a boundary face). */
RT_INLINE rt_walk_corners rt_walk_fetch(const rt_walk_mesh *m, int tet)
{
    rt_walk_corners c;
    rt_walk_read_cell(m, tet, &c);
    for (int k = 0; k < 4; ++k)
        c.V[k] = rt_walk_vertex(m, c.vertex[k]);
    return c;
}

/* Tetrahedron `tet`, entered through its face `enter` from `from`: the face's three vertices are
 * among from's, so only the one opposite `enter` is read. The coordinates are the very same
 * doubles, so every decision and length is that of rt_walk_fetch. Written with selects, no index
 * known only at run time: a kernel then keeps the corners in registers, not in local memory. */
RT_INLINE rt_walk_corners rt_walk_fetch_next(const rt_walk_mesh *m, int tet, int enter, const rt_walk_corners *from)
{
    rt_walk_corners c;
    rt_walk_read_cell(m, tet, &c);
    int apex = rt_walk_pick4(c.vertex, enter);
    rt_vec3 new_vertex = rt_walk_vertex(m, apex);
    for (int k = 0; k < 4; ++k) {
        int v = c.vertex[k];
        rt_vec3 kept = from->vertex[0] == v
                           ? from->V[0]
                           : (from->vertex[1] == v ? from->V[1] : (from->vertex[2] == v ? from->V[2] : from->V[3]));
        c.V[k] = k == enter ? new_vertex : kept;
    }
    return c;
}

/* What a step of `method` reads of tetrahedron `tet` (entered through `enter` from `from`; -1 and
 * NULL: a segment's first): the Badouel walk its record's links alone (its planes are its own
 * table's), the others the vertices too. */
RT_INLINE rt_walk_corners rt_walk_fetch_for(const rt_walk_mesh *m, int method, int tet, int enter,
                                            const rt_walk_corners *from)
{
    if (method == RT_WALK_BADOUELB) {
        rt_walk_corners c;
        rt_walk_read_cell(m, tet, &c);
        for (int k = 0; k < 4; ++k)
            c.V[k] = rt_v(0, 0, 0);
        return c;
    }
    return from ? rt_walk_fetch_next(m, tet, enter, from) : rt_walk_fetch(m, tet);
}

RT_INLINE rt_walk_cell rt_walk_cell_prepare(const rt_walk_mesh *m, int method, int tet, const rt_walk_corners *corners,
                                            rt_vec3 P, rt_vec3 L)
{
    const rt_vec3 *V = corners->V;
    rt_walk_cell c;
    c.geometry = rt_prepare(P, L, V[0], V[1], V[2], V[3], method == RT_WALK_STP);
    c.m0 = rt_cross(L, c.geometry.v0);
    c.against = 0;
    for (int e = 0; e < 6; ++e)
        c.against |= (corners->vertex[rt_edge_start(e)] > corners->vertex[rt_edge_end(e)]) << e;
    c.precomputed = method == RT_WALK_PRECOMPUTED;
    c.edge_lines = m->edge_lines;
    for (int e = 0; e < 6; ++e)
        c.edges[e] = c.precomputed ? m->tetra_edges[6 * tet + e] : 0;
    return c;
}

/* m = L x v_k of corner k (STP). A kernel computes it where a product needs it, by the same
 * operations as rt_prepare (so the same number): four moments kept through the step are twelve
 * doubles more, and at the 128-register cap the STP walks spilled twice as much, 7-10 % slower
 * on an H200 (docs/TETWALK.md). The CPU keeps them. */
#ifdef __OPENCL_C_VERSION__
RT_INLINE rt_vec3 rt_walk_moment(const rt_walk_cell *c, int k)
{
    const rt_tetra *t = &c->geometry;
    return rt_cross(t->L, rt_vertex(t, k));
}
#else
RT_INLINE rt_vec3 rt_walk_moment(const rt_walk_cell *c, int k)
{
    const rt_tetra *t = &c->geometry;
    return k == 0 ? c->m0 : (k == 1 ? t->m1 : (k == 2 ? t->m2 : t->m3));
}
#endif

/* Entry e of six products or edge codes: in a kernel by selects, since an array indexed at run
 * time goes to local memory, and a step reads three of them (the robust step its leave face's
 * products, the precomputed forms their faces' edge lines); on the CPU by the index. */
#ifdef __OPENCL_C_VERSION__
RT_INLINE rt_real rt_walk_pick6(const rt_real p[6], int e)
{
    return e == 0 ? p[0] : (e == 1 ? p[1] : (e == 2 ? p[2] : (e == 3 ? p[3] : (e == 4 ? p[4] : p[5]))));
}

RT_INLINE int rt_walk_pick_edge(const int edges[6], int e)
{
    return e == 0 ? edges[0]
                  : (e == 1 ? edges[1] : (e == 2 ? edges[2] : (e == 3 ? edges[3] : (e == 4 ? edges[4] : edges[5]))));
}

RT_INLINE void rt_walk_put6(rt_real p[6], int e, rt_real value)
{
    p[0] = e == 0 ? value : p[0];
    p[1] = e == 1 ? value : p[1];
    p[2] = e == 2 ? value : p[2];
    p[3] = e == 3 ? value : p[3];
    p[4] = e == 4 ? value : p[4];
    p[5] = e == 5 ? value : p[5];
}
#else
RT_INLINE rt_real rt_walk_pick6(const rt_real p[6], int e) { return p[e]; }
RT_INLINE void rt_walk_put6(rt_real p[6], int e, rt_real value) { p[e] = value; }
RT_INLINE int rt_walk_pick_edge(const int edges[6], int e) { return edges[e]; }
#endif

/* p_e of the cell: the mesh's edge line against the ray (precomputed), or computed from the
 * edge's two vertices taken in the mesh's direction, lower vertex number first, and negated
 * where the cell's edge runs the other way. The arithmetic then depends on the edge and the ray
 * alone, so the tetrahedra sharing an edge get the very same number for it: a face left by one
 * is entered by the other, whatever rounding did to its signs. */
RT_INLINE rt_real rt_walk_product(const rt_walk_cell *c, int e)
{
    if (c->precomputed) {
        int code = rt_walk_pick_edge(c->edges, e);
        rt_real p = rt_permuted(c->geometry.ray, rt_pluecker_load(c->edge_lines + 6 * (code >> 1)));
        return (code & 1) ? -p : p;
    }
    int against = (c->against >> e) & 1;
    int low = against ? rt_edge_end(e) : rt_edge_start(e), high = against ? rt_edge_start(e) : rt_edge_end(e);
    const rt_tetra *t = &c->geometry;
    rt_real p = t->stp ? rt_dot(rt_walk_moment(c, high), rt_vertex(t, low))
                       : rt_permuted(t->ray, rt_pluecker_edge(rt_vertex(t, low), rt_vertex(t, high)));
    return against ? -p : p;
}

RT_INLINE rt_real rt_walk_get(const rt_walk_cell *c, rt_products *cache, int e)
{
    if (!(cache->known & (1 << e))) {
        cache->p[e] = rt_walk_product(c, e);
        cache->known |= 1 << e;
    }
    return cache->p[e];
}

/* Product k of face f; cache NULL: computed afresh (form 0). Form 0 uses no product twice in a
 * face, and a cache indexed by an edge known only at run time sits in a kernel's local memory:
 * with one, each product went there and back, and the form 0 walks took 1.07-1.53 times as long
 * on an H200 (docs/TETWALK.md, "Form 0 without a product cache"). The same number either way. */
RT_INLINE rt_real rt_walk_face_product(const rt_walk_cell *c, rt_products *cache, int f, int k)
{
    int sign;
    int e = rt_face_edge(f, k, &sign);
    rt_real p = cache ? rt_walk_get(c, cache, e) : rt_walk_product(c, e);
    return sign < 0 ? -p : p;
}

/* Does the line cross face f in the role `want` (+1 enter, -1 leave)? Then *t is its parameter
 * there. */
RT_INLINE int rt_walk_crossing(const rt_walk_cell *c, rt_products *cache, int f, int want, rt_real *t)
{
    rt_real w0 = rt_walk_face_product(c, cache, f, 0);
    rt_real w1 = rt_walk_face_product(c, cache, f, 1);
    rt_real w2 = rt_walk_face_product(c, cache, f, 2);
    if (rt_face_sign(w0, w1, w2) != want)
        return 0;
    rt_vec3 point;
    rt_real u1, u2;
    rt_face_point(&c->geometry, f, w0, w1, w2, &point, &u1, &u2, t);
    return 1;
}

/* The parameter of the line on face f from its products, untested (forms 1 and 2 take a face
 * by elimination). */
RT_INLINE rt_real rt_walk_parameter(const rt_walk_cell *c, rt_products *cache, int f)
{
    rt_vec3 point;
    rt_real u1, u2, t;
    rt_face_point(&c->geometry, f, rt_walk_face_product(c, cache, f, 0), rt_walk_face_product(c, cache, f, 1),
                  rt_walk_face_product(c, cache, f, 2), &point, &u1, &u2, &t);
    return t;
}

/* The faces other than `enter`, in the thesis' order 3, 2, 1, 0. */
RT_INLINE int rt_walk_other_face(int enter, int n)
{
    int f = 3 - n;
    return f <= enter ? f - 1 : f;
}

/* Item 6: face f only for the leaving role, stopping at the first product of the wrong sign. */
RT_INLINE int rt_walk_leaves(const rt_walk_cell *c, rt_products *cache, int f)
{
    rt_real a = rt_walk_face_product(c, cache, f, 0);
    if (a > 0)
        return 0;
    rt_real b = rt_walk_face_product(c, cache, f, 1);
    if (b > 0)
        return 0;
    rt_real d = rt_walk_face_product(c, cache, f, 2);
    if (d > 0)
        return 0;
    return a != 0 || b != 0 || d != 0;
}

/* Items 2 and 4: of faces f and g, the one left by the line, told by the sign of their shared
 * edge (f is taken when g is coplanar with the line). */
RT_INLINE int rt_walk_choose(const rt_walk_cell *c, rt_products *cache, int f, int g)
{
    /* The shared edge joins the two corners that are neither f nor g; its sign on face f. */
    int i = (f != 0 && g != 0) ? 0 : ((f != 1 && g != 1) ? 1 : 2);
    int j = (f != 3 && g != 3) ? 3 : ((f != 2 && g != 2) ? 2 : 1);
    int sign_on_f = 0;
    for (int k = 0; k < 3; ++k) {
        int sign;
        int e = rt_face_edge(f, k, &sign);
        int unused;
        if (e == rt_walk_edge(i, j, &unused))
            sign_on_f = sign;
    }
    int sign_edge;
    rt_real p = rt_walk_get(c, cache, rt_walk_edge(i, j, &sign_edge)) * sign_on_f;
    if (p < 0)
        return f;
    if (p == 0 && rt_walk_face_product(c, cache, g, 0) == 0 && rt_walk_face_product(c, cache, g, 1) == 0 &&
        rt_walk_face_product(c, cache, g, 2) == 0)
        return f;
    return g;
}

/* Product of the edge from corner x to corner d (x -> d). */
RT_INLINE rt_real rt_walk_apex(const rt_walk_cell *c, rt_products *cache, int x, int d)
{
    int sign;
    rt_real p = rt_walk_get(c, cache, rt_walk_edge(x, d, &sign));
    return sign < 0 ? -p : p;
}

/* One step of a fast form in a tetrahedron entered through face `enter`: the face it leaves
 * through (-1: lost), tEnter and tLeave. */
RT_INLINE int rt_walk_fast_step(const rt_walk_cell *c, int form, int enter, rt_real *t_enter, rt_real *t_leave)
{
    rt_products cache = rt_products_empty();
    if (!rt_walk_crossing(c, form == 0 ? 0 : &cache, enter, 1, t_enter))
        return -1; /* this tetrahedron does not agree it is entered there */
    if (form == 0) {
        for (int n = 0; n < 3; ++n) {
            int f = rt_walk_other_face(enter, n);
            if (rt_walk_crossing(c, 0, f, -1, t_leave))
                return f;
        }
        return -1;
    }
    int leave;
    if (form == 1) {
        int first = rt_walk_other_face(enter, 0);
        leave = rt_walk_leaves(c, &cache, first)
                    ? first
                    : rt_walk_choose(c, &cache, rt_walk_other_face(enter, 1), rt_walk_other_face(enter, 2));
    } else {
        int a = rt_walk_corner(enter, 0), b = rt_walk_corner(enter, 1), cc = rt_walk_corner(enter, 2);
        if (rt_walk_apex(c, &cache, a, enter) > 0)
            leave = rt_walk_apex(c, &cache, cc, enter) > 0 ? a : b;
        else
            leave = rt_walk_apex(c, &cache, b, enter) < 0 ? a : cc;
    }
    *t_leave = rt_walk_parameter(c, &cache, leave);
    return leave;
}

#include "rt_walk_badouelb.h"
#include "rt_walk_maria.h"

/* ---------------------------------------------------------------- the robust variant */

/* Exact signs of edge products one ray has evaluated, by the edge's vertex numbers (lower first): around
 * a vertex the ray passes within rounding of, every tetrahedron and boundary face holding it
 * asks again for the same few edges. Direct-mapped; filled on the first use (`ready`), so that
 * rays the filter decides alone never touch it. */
#define RT_WALK_EXACT_SLOTS 32
#if RT_WALK_EXACT_SLOTS > 32
#error "rt_walk_exact_cache keeps one bit a slot in an unsigned"
#endif

typedef struct rt_walk_exact_cache {
    int low[RT_WALK_EXACT_SLOTS], high[RT_WALK_EXACT_SLOTS];
    rt_real value[RT_WALK_EXACT_SLOTS];
    int exact[RT_WALK_EXACT_SLOTS], moved[RT_WALK_EXACT_SLOTS];
    unsigned accurate; /* bit s: slot s's value is the exact product rounded, not only of its sign */
    int ready;
} rt_walk_exact_cache;

/* The robust variant's view of a tetrahedron: the STP frame, the six products, their exact
 * signs (unmoved) and moved signs (the tie rule), which signs are known, and which products are
 * the exact values rounded (rt_walk_evaluate) rather than the filter's. */
typedef struct rt_walk_exact {
    rt_tetra geometry;
    rt_vec3 V[4]; /* as in the mesh: the exact arithmetic needs the untranslated vertices */
    int vertex[4]; /* their numbers in the mesh */
    rt_walk_exact_cache *cache;
    rt_real p[6];
    rt_signs exact, moved;
    rt_real bound; /* the filter's error bound of every product (negative: none) */
    int uncertain; /* edges whose sign is not decided yet */
    int evaluated; /* edges whose p is the exact value rounded (relative error below 2^-52); the
                      others' p is off by at most `bound` */
} rt_walk_exact;

/* Filled in place: returned by value, the struct's copy cost a step a tenth of its instructions
 * on the CPU. */
RT_INLINE void rt_walk_exact_prepare(rt_walk_exact *x, const rt_walk_corners *corners, rt_vec3 P, rt_vec3 L,
                                     rt_walk_exact_cache *cache)
{
    for (int k = 0; k < 4; ++k) {
        x->V[k] = corners->V[k];
        x->vertex[k] = corners->vertex[k];
    }
    x->cache = cache;
    x->geometry = rt_prepare(P, L, x->V[0], x->V[1], x->V[2], x->V[3], 1);
    x->uncertain = rt_robust_signs(&x->geometry, x->p, &x->exact);
    x->bound = rt_robust_bound(&x->geometry);
    x->moved = x->exact;
    x->evaluated = 0;
}

/* p_ij = [L, Vj - P, Vi - P] exactly (rt_expansion.h): returns it rounded (relative error below
 * 2^-52, exactly 0 when it is 0); *exact its sign, *moved its sign under the tie rule, that of
 * ((Vj - Vi) x L)_x, then _y, then _z for a zero p_ij. Kept out of line on the CPU: the arrays of
 * the exact arithmetic stay out of the walk's fast path. */
RT_SLOW_PATH rt_real rt_walk_exact_edge(rt_vec3 P, rt_vec3 L, rt_vec3 Vi, rt_vec3 Vj, int *exact, int *moved)
{
    rt_real value[RT_EXPANSION_EDGE];
    int count = rt_expansion_triple(L, Vj, Vi, P, value);
    *exact = rt_expansion_sign(count, value);
    *moved = *exact;
    for (int k = 0; k < 3 && *moved == 0; ++k)
        *moved = rt_expansion_cross_sign(Vi, Vj, L, k);
    return rt_expansion_estimate(count, value);
}

/* p_ij with its exact sign, from the adaptive stages of rt_expansion.h (most signs the filter
 * leaves open near a vertex are decided there, at a tenth of the full expansion's cost), else
 * from rt_walk_exact_edge. *accurate: the value is the exact product rounded; otherwise it is
 * off by less than 4 eps perm, within the filter's bound (rt_robust.h), so the walk may use it
 * wherever it uses the filter's products. Out of line, as rt_walk_exact_edge. */
RT_SLOW_PATH rt_real rt_walk_signed_edge(rt_vec3 P, rt_vec3 L, rt_vec3 Vi, rt_vec3 Vj, int *exact, int *moved,
                                         int *accurate)
{
    rt_real value;
    int stage = rt_expansion_triple_adaptive(L, Vj, Vi, P, &value);
    if (stage == RT_STAGE_NONE) {
        *accurate = 1;
        return rt_walk_exact_edge(P, L, Vi, Vj, exact, moved);
    }
    *accurate = stage == RT_STAGE_EXACT;
    *exact = value > 0 ? 1 : (value < 0 ? -1 : 0);
    *moved = *exact;
    for (int k = 0; k < 3 && *moved == 0; ++k)
        *moved = rt_expansion_cross_sign(Vi, Vj, L, k);
    return value;
}

/* p_ij for corners i, j of x with its exact sign, and the exact value rounded when `accurate`
 * (rt_walk_signed_edge, rt_walk_exact_edge), from the ray's cache when it holds the edge (as
 * accurately): evaluated from the lower vertex number to the higher and negated for the other
 * direction (p_ij = -p_ji exactly, the tie rule's sign too, and rounding is symmetric).
 * *is_accurate: what the value returned is. */
RT_INLINE rt_real rt_walk_exact_cached(const rt_walk_exact *x, int i, int j, int accurate, int *exact, int *moved,
                                       int *is_accurate)
{
    rt_walk_exact_cache *cache = x->cache;
    int vi = rt_walk_pick4(x->vertex, i), vj = rt_walk_pick4(x->vertex, j);
    int reversed = vi > vj;
    int low = reversed ? vj : vi, high = reversed ? vi : vj;
    if (!cache->ready) {
        for (int s = 0; s < RT_WALK_EXACT_SLOTS; ++s)
            cache->low[s] = -1;
        cache->accurate = 0;
        cache->ready = 1;
    }
    int slot = (int)(((unsigned)low * 2654435761u ^ (unsigned)high) % RT_WALK_EXACT_SLOTS);
    rt_vec3 Vlow = rt_walk_pick_vertex(x->V, reversed ? j : i), Vhigh = rt_walk_pick_vertex(x->V, reversed ? i : j);
    unsigned bit = 1u << slot;
    int held = cache->low[slot] == low && cache->high[slot] == high;
    if (!held || (accurate && !(cache->accurate & bit))) {
        int rounded = 1;
        cache->value[slot] = accurate ? rt_walk_exact_edge(x->geometry.P, x->geometry.L, Vlow, Vhigh,
                                                           &cache->exact[slot], &cache->moved[slot])
                                      : rt_walk_signed_edge(x->geometry.P, x->geometry.L, Vlow, Vhigh,
                                                            &cache->exact[slot], &cache->moved[slot], &rounded);
        cache->accurate = rounded ? cache->accurate | bit : cache->accurate & ~bit;
        cache->low[slot] = low;
        cache->high[slot] = high;
    }
    *is_accurate = (cache->accurate & bit) != 0;
    *exact = reversed ? -cache->exact[slot] : cache->exact[slot];
    *moved = reversed ? -cache->moved[slot] : cache->moved[slot];
    return reversed ? -cache->value[slot] : cache->value[slot];
}

/* Evaluate the edges of `mask` exactly: their signs, moved signs and products (the exact values
 * rounded when `accurate`, else values of the exact sign within the filter's bound). */
RT_INLINE void rt_walk_evaluate(rt_walk_exact *x, int mask, int accurate)
{
    for (int e = 0; e < 6; ++e) {
        if (!(mask & (1 << e)))
            continue;
        int i = e < 3 ? 0 : (e < 5 ? 1 : 2);
        int j = e < 3 ? e + 1 : (e < 5 ? e - 1 : 3);
        int exact, moved, is_accurate;
        rt_walk_put6(x->p, e, rt_walk_exact_cached(x, i, j, accurate, &exact, &moved, &is_accurate));
        x->evaluated |= is_accurate << e;
        x->exact.positive &= ~(1 << e);
        x->exact.negative &= ~(1 << e);
        x->moved.positive &= ~(1 << e);
        x->moved.negative &= ~(1 << e);
        rt_signs_set(&x->exact, e, exact);
        rt_signs_set(&x->moved, e, moved);
    }
    x->uncertain &= ~mask;
}

/* Decide the edges of `mask` the filter left open. */
RT_INLINE void rt_walk_resolve(rt_walk_exact *x, int mask)
{
    int open = x->uncertain & mask;
    if (open != 0)
        rt_walk_evaluate(x, open, 0);
}

/* Moved sign of edge x -> d. */
RT_INLINE int rt_walk_moved(const rt_walk_exact *x, int from, int to)
{
    int sign;
    int e = rt_walk_edge(from, to, &sign);
    return (((x->moved.positive >> e) & 1) - ((x->moved.negative >> e) & 1)) * sign;
}

/* Bit set of the edges of face f. */
RT_INLINE int rt_walk_face_edges(int f) { return rt_face_plus(f) | rt_face_minus(f); }

/* Moved signs of face f's three edges in the face's direction: +1 all >= 0 and not all 0
 * (entered), -1 all <= 0 and not all 0 (left), 0 otherwise. */
RT_INLINE int rt_walk_moved_face(const rt_walk_exact *x, int f)
{
    int positive = (x->moved.positive & rt_face_plus(f)) | (x->moved.negative & rt_face_minus(f));
    int negative = (x->moved.negative & rt_face_plus(f)) | (x->moved.positive & rt_face_minus(f));
    if ((positive | negative) == 0)
        return 0;
    return negative == 0 ? 1 : (positive == 0 ? -1 : 0);
}

/* Weight of edge k of face f: its product in the face's direction. Once the face's edges are
 * decided every product has its exact sign: the filter's by the filter's definition, the others
 * being the exact values rounded. */
RT_INLINE rt_real rt_walk_weight(const rt_walk_exact *x, int f, int k)
{
    int sign;
    int e = rt_face_edge(f, k, &sign);
    rt_real p = rt_walk_pick6(x->p, e);
    return sign < 0 ? -p : p;
}

/* An upper bound of the length of face f's longest edge (the sum of the coordinate differences). */
RT_INLINE rt_real rt_walk_face_extent(const rt_walk_exact *x, int f)
{
    rt_vec3 a = rt_walk_pick_vertex(x->V, rt_walk_corner(f, 0)), b = rt_walk_pick_vertex(x->V, rt_walk_corner(f, 1)),
            c = rt_walk_pick_vertex(x->V, rt_walk_corner(f, 2));
    rt_real ab = rt_abs(b.x - a.x) + rt_abs(b.y - a.y) + rt_abs(b.z - a.z);
    rt_real bc = rt_abs(c.x - b.x) + rt_abs(c.y - b.y) + rt_abs(c.z - b.z);
    rt_real ca = rt_abs(a.x - c.x) + rt_abs(a.y - c.y) + rt_abs(a.z - c.z);
    return rt_max(ab, rt_max(bc, ca));
}

/* Could rounding move the crossing of face f by more than `distance`? Each filtered weight is
 * off by at most the filter's bound, so each barycentric by at most 4 bound / |sum| and the
 * point by 8 bound extent / |sum|. */
RT_INLINE int rt_walk_fragile(const rt_walk_exact *x, int f, rt_real distance)
{
    rt_real sum = rt_abs(rt_walk_weight(x, f, 0)) + rt_abs(rt_walk_weight(x, f, 1)) + rt_abs(rt_walk_weight(x, f, 2));
    return x->bound < 0 || !(8 * x->bound * rt_walk_face_extent(x, f) <= distance * sum);
}

/* p_ij for vertices i -> j through the adaptive stages (rt_expansion_triple_staged), with a
 * bound of its error in *error; -1 there when the stages cannot bound it. Out of line on the
 * CPU, as rt_walk_exact_edge. */
RT_SLOW_PATH rt_real rt_walk_staged_edge(rt_vec3 P, rt_vec3 L, rt_vec3 Vi, rt_vec3 Vj, rt_real *error)
{
    rt_real value = 0;
    if (!rt_expansion_triple_staged(L, Vj, Vi, P, &value, error))
        *error = -1;
    return value;
}

/* Face f's three products from the adaptive stages, each evaluated from the lower vertex number
 * to the higher as rt_walk_exact_cached does, into x->p: 1 when every one has its exact sign and
 * their bounds keep the crossing within `distance` (rt_walk_fragile's reckoning with the bound
 * doubled), else 0 (the exact products must then do). Edges already evaluated exactly keep their
 * value (error 2^-52 of it). */
RT_INLINE int rt_walk_staged_face(rt_walk_exact *x, int f, rt_real distance)
{
    rt_real worst = 0, sum = 0;
    int signs_agree = 1;
    for (int k = 0; k < 3; ++k) {
        int sign;
        int e = rt_face_edge(f, k, &sign);
        int exact = ((x->exact.positive >> e) & 1) - ((x->exact.negative >> e) & 1);
        rt_real p = rt_walk_pick6(x->p, e), error = 0x1p-52 * rt_abs(p);
        if (!((x->evaluated >> e) & 1)) {
            int i = rt_edge_start(e), j = rt_edge_end(e);
            int vi = rt_walk_pick4(x->vertex, i), vj = rt_walk_pick4(x->vertex, j);
            int reversed = vi > vj;
            p = exact == 0 ? 0
                           : rt_walk_staged_edge(x->geometry.P, x->geometry.L,
                                                 rt_walk_pick_vertex(x->V, reversed ? j : i),
                                                 rt_walk_pick_vertex(x->V, reversed ? i : j), &error);
            p = reversed ? -p : p;
            error = exact == 0 ? 0 : error;
            rt_walk_put6(x->p, e, p);
        }
        signs_agree &= error >= 0 && (p > 0 ? 1 : (p < 0 ? -1 : 0)) == exact;
        worst = rt_max(worst, error);
        sum += rt_abs(p);
    }
    return signs_agree && 16 * worst * rt_walk_face_extent(x, f) <= distance * sum;
}

/* t on face f (its edges decided) from its weights. Where rounding could move the crossing by
 * more than `distance` (0: never checked; inside a segment the sum telescopes), the products are
 * first taken from the adaptive stages with a bound of their error, and where that bound could
 * still move it so far (or a stage's sign is not the exact one), evaluated exactly: each weight
 * then has a relative error below 2^-52 and all three share a sign, so the barycentrics are
 * accurate to a few units in the last place however close to the face's plane the line runs
 * (docs/TETWALK.md). Near a silhouette seen from afar most boundary crossings need one or the
 * other; the stages cost a small part of the exact products. */
RT_INLINE rt_real rt_walk_exact_parameter(rt_walk_exact *x, int f, rt_real distance)
{
    int rounded = rt_walk_face_edges(f) & ~x->evaluated;
    if (distance > 0 && rounded != 0 && rt_walk_fragile(x, f, distance) && !rt_walk_staged_face(x, f, distance))
        rt_walk_evaluate(x, rounded, 1);
    rt_vec3 point;
    rt_real u1, u2, t;
    rt_face_point(&x->geometry, f, rt_walk_weight(x, f, 0), rt_walk_weight(x, f, 1), rt_walk_weight(x, f, 2), &point,
                  &u1, &u2, &t);
    return t;
}

/* The leave face from the moved signs q_a, q_b, q_c of the edges a -> d, b -> d, c -> d (a, b, c
 * the enter face's corners, d = the corner opposite it). Face F_a (opposite a) holds c -> b,
 * b -> d, d -> c, so the line leaves through it iff q_b <= 0 <= q_c, not both 0; likewise
 * F_b (q_c <= 0 <= q_a) and F_c (q_a <= 0 <= q_b). On moved signs exactly one holds. Shared by
 * the exact traversal (walk_exact.c). Returns -1 if none does. */
RT_INLINE int rt_walk_leave_by_signs(int enter, int qa, int qb, int qc)
{
    int a = rt_walk_corner(enter, 0), b = rt_walk_corner(enter, 1), c = rt_walk_corner(enter, 2);
    int leaves_a = qb <= 0 && qc >= 0 && (qb != 0 || qc != 0);
    int leaves_b = qc <= 0 && qa >= 0 && (qc != 0 || qa != 0);
    int leaves_c = qa <= 0 && qb >= 0 && (qa != 0 || qb != 0);
    return leaves_a ? a : (leaves_b ? b : (leaves_c ? c : -1));
}

/* One robust step: the leave face (-1: lost, which the argument above rules out) and tLeave;
 * tEnter is the previous step's tLeave. When the face left is on the boundary, an
 * ill-conditioned tLeave is computed from exact products (rt_walk_exact_parameter). */
RT_INLINE int rt_walk_robust_step(const rt_walk_mesh *m, const rt_walk_corners *corners, int enter, rt_vec3 P,
                                  rt_vec3 L, rt_real *t_leave, rt_walk_exact_cache *cache)
{
    rt_walk_exact x;
    rt_walk_exact_prepare(&x, corners, P, L, cache);
    int d = enter;
    int a = rt_walk_corner(enter, 0), b = rt_walk_corner(enter, 1), c = rt_walk_corner(enter, 2);
    /* The edges at d decide; the leave face's third edge is needed for its weights. */
    rt_walk_resolve(&x, 63 & ~rt_walk_face_edges(enter));
    int leave = rt_walk_leave_by_signs(enter, rt_walk_moved(&x, a, d), rt_walk_moved(&x, b, d), rt_walk_moved(&x, c, d));
    if (leave < 0)
        return -1;
    rt_walk_resolve(&x, rt_walk_face_edges(leave));
    /* Only a boundary crossing's t reaches the length (inside, the sum telescopes). */
    int boundary = rt_walk_pick4(corners->link, leave) < 0;
    *t_leave = rt_walk_exact_parameter(&x, leave, boundary ? m->exact_distance : 0);
    return leave;
}

/* ---------------------------------------------------------------- boundary and segments */

RT_INLINE rt_real rt_walk_clip(rt_real t) { return t > 0 ? t : 0; }

#include "rt_walk_aman.h"

/* Does the line cross boundary face `face` (a face reference)? +1 entering, -1 leaving, 0 not;
 * *t its parameter there, for a face left only when `leaving_t` (the robust walk leaves it
 * unset otherwise: near the silhouette its parameter may need exact products, and only a ray
 * from inside the root box counts the faces it left before P). */
RT_INLINE int rt_walk_boundary(const rt_walk_mesh *m, int method, int face, rt_vec3 P, rt_vec3 L, rt_real *t,
                               rt_walk_exact_cache *cache, int leaving_t)
{
    if (method == RT_WALK_AMAN)
        return rt_aman_boundary(m, face, P, L, t);
    int tet = face >> 2, f = face & 3;
    if (method == RT_WALK_BADOUELB)
        return rt_walk_badouelb_boundary(m, tet, f, P, L, t);
    rt_walk_corners corners = rt_walk_fetch(m, tet);
    if (method == RT_WALK_ROBUST) {
        rt_walk_exact x;
        rt_walk_exact_prepare(&x, &corners, P, L, cache);
        rt_walk_resolve(&x, rt_walk_face_edges(f));
        int role = rt_walk_moved_face(&x, f);
        if (role > 0 || (role < 0 && leaving_t))
            *t = rt_walk_exact_parameter(&x, f, m->exact_distance);
        return role;
    }
    /* Maria's layout is the STP forms': their boundary test. */
    rt_walk_cell c = rt_walk_cell_prepare(m, method == RT_WALK_MARIA ? RT_WALK_STP : method, tet, &corners, P, L);
    rt_products products = rt_products_empty();
    if (rt_walk_crossing(&c, &products, f, 1, t))
        return 1;
    return rt_walk_crossing(&c, &products, f, -1, t) ? -1 : 0;
}

/* Brent's cycle detection over a segment's states (tetrahedron, entry face, tEnter): the step
 * being a function of its state, a state seen again repeats forever. Maria's walk is the one
 * measured to cycle, around vertices the line passes within rounding of (docs/TETWALK.md); the
 * others stop at step_limit alone and their kernels are left as they are. */
typedef struct rt_walk_cycle {
    int tet, enter, power, length;
    rt_real t;
} rt_walk_cycle;

RT_INLINE rt_walk_cycle rt_walk_cycle_start(void)
{
    rt_walk_cycle c;
    c.tet = c.enter = -1;
    c.t = 0;
    c.power = 1;
    c.length = 0;
    return c;
}

/* Is (tet, enter, t) the state saved last? The state is saved again after 1, 2, 4, 8, ... more
 * steps, so that a cycle of length l entered after s steps is found within about s + 2 l steps. */
RT_INLINE int rt_walk_cycled(rt_walk_cycle *c, int tet, int enter, rt_real t)
{
    if (tet == c->tet && enter == c->enter && t == c->t)
        return 1;
    if (++c->length == c->power) {
        c->tet = tet;
        c->enter = enter;
        c->t = t;
        c->power *= 2;
        c->length = 0;
    }
    return 0;
}

/* Walk the segment from boundary face face0, entered at t0, to the boundary face the line leaves
 * through, then, when count is 2, the one from face1 (entered at t1); adds to *r (and to
 * *record). `located`: a lost segment ends the ray. One loop walks both, the second starting
 * where the first ended: in a warp, a ray's second segment walks beside the other rays' first
 * ones instead of after the longest of them. Every step, sum and record are those of walking the
 * two one after the other. Two faces, in four variables: an array indexed at run time goes to a
 * kernel's local memory, and with four faces so held an H100 walked 1.3 to 5 times slower
 * (docs/TETWALK.md). */
RT_INLINE void rt_walk_segments(const rt_walk_mesh *m, int method, int form, rt_vec3 P, rt_vec3 L, int face0,
                                rt_real t0, int face1, rt_real t1, int count, int located, rt_walk_result *r,
                                rt_walk_record *record, rt_walk_exact_cache *cache)
{
    if (method == RT_WALK_AMAN) {
        rt_walk_aman_segment(m, P, L, face0, t0, r, record);
        if (count > 1 && !(located && r->status != RT_WALK_OK))
            rt_walk_aman_segment(m, P, L, face1, t1, r, record);
        return;
    }
    int k = 0;
    int tet = face0 >> 2, enter = face0 & 3;
    rt_real t_enter = t0;
    rt_walk_corners corners = rt_walk_fetch_for(m, method, tet, -1, 0);
    /* A record without a list gets each segment's span once, at its end: kept in registers, it
     * costs the step next to nothing. */
    int listing = record && (record->tetra || record->t);
    rt_walk_span span = rt_walk_span_start();
    rt_walk_cycle cycle = rt_walk_cycle_start();
    for (int steps = 0;; ++steps) {
        int next = -1;
        if (steps >= m->step_limit || (method == RT_WALK_MARIA && rt_walk_cycled(&cycle, tet, enter, t_enter))) {
            r->status = RT_WALK_LOST; /* a cycle */
        } else {
            rt_real t_in = t_enter, t_out = 0;
            int leave;
            if (method == RT_WALK_ROBUST) {
                leave = rt_walk_robust_step(m, &corners, enter, P, L, &t_out, cache);
            } else if (method == RT_WALK_BADOUELB) {
                leave = rt_walk_badouelb_step(m, tet, enter, P, L, &t_out);
            } else if (method == RT_WALK_MARIA) {
                leave = rt_walk_maria_step(m, &corners, enter, P, L, t_in, &t_out);
            } else {
                rt_walk_cell c = rt_walk_cell_prepare(m, method, tet, &corners, P, L);
                leave = rt_walk_fast_step(&c, form, enter, &t_in, &t_out);
            }
            if (leave < 0) {
                r->status = RT_WALK_LOST;
            } else {
                if (t_out > 0) {
                    r->steps += 1;
                    r->length += rt_walk_clip(t_out) - rt_walk_clip(t_in);
                    if (listing)
                        rt_walk_record_visit(record, tet, rt_walk_clip(t_in), rt_walk_clip(t_out));
                    else if (record)
                        rt_walk_span_add(&span, tet, rt_walk_clip(t_in), rt_walk_clip(t_out));
                }
                next = rt_walk_pick4(corners.link, leave);
                t_enter = t_out;
            }
        }
        if (next >= 0) {
            tet = next >> 2;
            enter = next & 3;
            corners = rt_walk_fetch_for(m, method, tet, enter, &corners);
            continue;
        }
        /* The segment has ended (left the mesh, or lost): on to the next one. */
        if (record && !listing) {
            rt_walk_record_span(record, &span);
            span = rt_walk_span_start();
        }
        k += 1;
        if (k >= count || (located && r->status != RT_WALK_OK))
            break;
        tet = face1 >> 2;
        enter = face1 & 3;
        t_enter = t1;
        steps = -1;
        cycle = rt_walk_cycle_start();
        corners = rt_walk_fetch_for(m, method, tet, -1, 0);
    }
}

/* Does the line meet the node's box at some t >= t_min? inverse: 1 / L per axis (infinite for
 * a zero component, which the test treats apart). */
RT_INLINE int rt_walk_box(RT_GLOBAL const double *box, rt_vec3 P, rt_vec3 L, rt_vec3 inverse, rt_real t_min)
{
    rt_real near = t_min, far = RT_WALK_HUGE;
    rt_real p[3] = {P.x, P.y, P.z}, l[3] = {L.x, L.y, L.z}, inv[3] = {inverse.x, inverse.y, inverse.z};
    for (int a = 0; a < 3; ++a) {
        if (l[a] == 0) {
            if (p[a] < box[a] || p[a] > box[3 + a])
                return 0;
            continue;
        }
        rt_real t1 = (box[a] - p[a]) * inv[a], t2 = (box[3 + a] - p[a]) * inv[a];
        near = rt_max(near, t1 < t2 ? t1 : t2);
        far = t1 < t2 ? (far < t2 ? far : t2) : (far < t1 ? far : t1);
    }
    return near <= far;
}

/* The hierarchy's leaves along a line, one boundary face at a time: the faces of every leaf
 * whose box the line P + t L meets at some t >= t_min, in the order of a depth-first traversal
 * (the first child before the second). One traversal for the walks here and the exact one of
 * walk_exact.c. It keeps no stack: the nodes lie in that depth-first order, so a node's first
 * child is the next node, and past a missed box or a leaf the traversal goes to the node after
 * its subtree (the nodes' skips, mesh_bvh.h). A stack, indexed at run time, sat in a kernel's
 * local memory with the rest of this state, and every box test went through it (docs/TETWALK.md). */
typedef struct rt_walk_boundary_faces {
    int node;        /* the next node to test; -1 once the traversal is over */
    int next, end;   /* the current leaf's faces not handed out yet */
    rt_vec3 inverse; /* 1 / L per axis (0 for a zero component, which rt_walk_box treats apart) */
    rt_real t_min;
} rt_walk_boundary_faces;

RT_INLINE void rt_walk_faces_start(rt_walk_boundary_faces *w, rt_vec3 L, rt_real t_min)
{
    w->inverse = rt_v(L.x != 0 ? 1 / L.x : 0, L.y != 0 ? 1 / L.y : 0, L.z != 0 ? 1 / L.z : 0);
    w->t_min = t_min;
    w->node = 0;
    w->next = 0;
    w->end = 0;
}

/* The next face (a face reference), or -1 once the traversal is over. */
RT_INLINE int rt_walk_faces_next(rt_walk_boundary_faces *w, const rt_walk_mesh *m, rt_vec3 P, rt_vec3 L)
{
    while (w->next == w->end) {
        int node = w->node;
        if (node < 0)
            return -1;
        RT_GLOBAL const rt_walk_node *n = m->bvh_nodes + node;
        int first = n->first, count = n->count, skip = n->skip;
        if (!rt_walk_box(n->bounds, P, L, w->inverse, w->t_min)) {
            w->node = skip;
            continue;
        }
        w->node = count > 0 ? skip : node + 1;
        w->next = count > 0 ? first : w->next;
        w->end = count > 0 ? first + count : w->end;
    }
    return m->bvh_faces[w->next++];
}

/* Where a ray starts (rt_walk_trace_from), besides a face reference: nowhere known (the ray may
 * start outside the mesh or inside it), or P in the closed mesh with the ray outside it just
 * after t = 0 (it leaves at P). */
#define RT_WALK_START_NONE (-1)
#define RT_WALK_START_LEAVING (-2)

/* The whole ray. `start` says where it starts:
 *   RT_WALK_START_NONE  anywhere: every boundary face the line crosses, a segment walked from
 *       each one entered at t >= 0, and from the last one entered before P when P lies inside the
 *       mesh (more entries than exits before it; only when P is inside the root box can that be);
 *   a face reference  the host located P exactly (RayTetra/walk/walk_locate.h has the rule): the
 *       tetrahedron the ray is in just after t = 0 and the face the line moved by (e, e^2, e^3)
 *       enters it through; the segment holding P is walked from there with tEnter taken as 0,
 *       then one from each boundary face entered at t > tau, where tau is the robust walk's
 *       accuracy on a boundary crossing (m->exact_distance over |L|): an entry closer to P is at
 *       P, the start segment's own entry or one of length 0, and a later segment starts where
 *       the start one ended, further on; a lost ray stops there;
 *   RT_WALK_START_LEAVING  P on the boundary, leaving: those later segments only.
 * The hierarchy's traversal hands out up to two entry faces at a time (rt_walk_segments), so that
 * a kernel holds one copy of the segment's walk and one of the boundary test, whatever the start. */
RT_INLINE rt_walk_result rt_walk_trace_from(const rt_walk_mesh *m, int method, int form, rt_vec3 P, rt_vec3 L,
                                            int start, rt_walk_record *record)
{
    rt_walk_result r;
    r.length = 0;
    r.steps = 0;
    r.status = RT_WALK_OK;
    rt_walk_exact_cache cache;
    cache.ready = 0;
    int located = start != RT_WALK_START_NONE;
    RT_GLOBAL const double *root = m->bvh_nodes[0].bounds;
    int inside_box = !located && P.x >= root[0] && P.y >= root[1] && P.z >= root[2] && P.x <= root[3] &&
                     P.y <= root[4] && P.z <= root[5];
    rt_real length2 = rt_dot(L, L), distance2 = m->exact_distance * m->exact_distance;
    int balance = 0, behind = -1;
    rt_real behind_t = -RT_WALK_HUGE;
    rt_walk_boundary_faces leaves;
    rt_walk_faces_start(&leaves, L, inside_box ? -RT_WALK_HUGE : 0);
    /* The traversal hands out up to two entry faces at a time, whose segments rt_walk_segments
     * walks in the order they came. */
    int face0 = start, face1 = -1;
    rt_real t0 = 0, t1 = 0;
    int count = start >= 0, exhausted = 0;
    for (;;) {
        while (!exhausted && count < 2) {
            int candidate = rt_walk_faces_next(&leaves, m, P, L);
            if (candidate < 0) {
                exhausted = 1;
                if (balance > 0 && behind >= 0) {
                    face1 = count ? behind : face1;
                    t1 = count ? behind_t : t1;
                    face0 = count ? face0 : behind;
                    t0 = count ? t0 : behind_t;
                    count += 1;
                }
                break;
            }
            rt_real t = 0;
            int role = rt_walk_boundary(m, method, candidate, P, L, &t, &cache, inside_box);
            if (located ? role > 0 && t > 0 && t * t * length2 > distance2 /* t > tau, no square root */
                        : role > 0 && t >= 0) {
                face1 = count ? candidate : face1;
                t1 = count ? t : t1;
                face0 = count ? face0 : candidate;
                t0 = count ? t0 : t;
                count += 1;
            } else if (role > 0 && inside_box) {
                balance += 1;
                if (t > behind_t) {
                    behind_t = t;
                    behind = candidate;
                }
            } else if (role < 0 && t < 0 && inside_box) {
                balance -= 1;
            }
        }
        if (count > 0)
            rt_walk_segments(m, method, form, P, L, face0, t0, face1, t1, count, located, &r, record, &cache);
        if (exhausted || (located && r.status != RT_WALK_OK))
            break;
        count = 0;
    }
    return r;
}

#endif
