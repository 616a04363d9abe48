/* walk_exact.c: the exact traversal, TetWalk's reference: the walk of rt_walk.h's robust variant
 * with every edge sign from GMP rationals (no filter) under the same tie rule, and every t an
 * exact rational, so that a ray's length is rounded once, at the end. Also one edge's exact sign
 * (walk_exact.h), the reference of the robust variant's expansion arithmetic in the tests. CPU
 * only, and slow (microseconds a sign): it checks, it does not race. */
#include <gmp.h>
#include <limits.h>
#include <math.h>

#include "exact.h"
#include "walk/walk.h"

/* The ray in rationals and the scratch values of one traversal. */
typedef struct exact_ray {
    vec3 P, L; /* L = Q - P rounded to double, exactly the line the other walks follow */
    mpq_t p[3], l[3];
    mpq_t a[3], b[3], scratch, other;
} exact_ray;

static void ray_init(exact_ray *r, vec3 P, vec3 L)
{
    r->P = P;
    r->L = L;
    const double pc[3] = {P.x, P.y, P.z}, lc[3] = {L.x, L.y, L.z};
    for (int k = 0; k < 3; ++k) {
        mpq_inits(r->p[k], r->l[k], r->a[k], r->b[k], NULL);
        mpq_set_d(r->p[k], pc[k]);
        mpq_set_d(r->l[k], lc[k]);
    }
    mpq_inits(r->scratch, r->other, NULL);
}

static void ray_clear(exact_ray *r)
{
    for (int k = 0; k < 3; ++k)
        mpq_clears(r->p[k], r->l[k], r->a[k], r->b[k], NULL);
    mpq_clears(r->scratch, r->other, NULL);
}

/* out = V - P, exactly. */
static void relative(exact_ray *r, vec3 V, mpq_t out[3])
{
    const double c[3] = {V.x, V.y, V.z};
    for (int k = 0; k < 3; ++k) {
        mpq_set_d(out[k], c[k]);
        mpq_sub(out[k], out[k], r->p[k]);
    }
}

/* out = p_ij = [L, Vj - P, Vi - P] = L . ((Vj - P) x (Vi - P)), exactly. */
static void edge_value(exact_ray *r, vec3 Vi, vec3 Vj, mpq_t out)
{
    relative(r, Vj, r->a);
    relative(r, Vi, r->b);
    mpq_set_ui(out, 0, 1);
    for (int k = 0; k < 3; ++k) {
        int i = (k + 1) % 3, j = (k + 2) % 3;
        mpq_mul(r->scratch, r->a[i], r->b[j]);
        mpq_mul(r->other, r->a[j], r->b[i]);
        mpq_sub(r->scratch, r->scratch, r->other);
        mpq_mul(r->scratch, r->scratch, r->l[k]);
        mpq_add(out, out, r->scratch);
    }
}

/* The tie rule for a zero p_ij: the sign of ((Vj - Vi) x L)_x, then _y, then _z. */
static int moved_sign(exact_ray *r, vec3 Vi, vec3 Vj)
{
    const double i[3] = {Vi.x, Vi.y, Vi.z}, j[3] = {Vj.x, Vj.y, Vj.z};
    for (int k = 0; k < 3; ++k) { /* a = Vj - Vi */
        mpq_set_d(r->a[k], j[k]);
        mpq_set_d(r->b[k], i[k]);
        mpq_sub(r->a[k], r->a[k], r->b[k]);
    }
    for (int k = 0; k < 3; ++k) {
        int m = (k + 1) % 3, n = (k + 2) % 3;
        mpq_mul(r->scratch, r->a[m], r->l[n]);
        mpq_mul(r->other, r->a[n], r->l[m]);
        int sign = mpq_cmp(r->scratch, r->other);
        if (sign != 0)
            return sign > 0 ? 1 : -1;
    }
    return 0;
}

int walk_exact_edge_sign(vec3 P, vec3 L, vec3 Vi, vec3 Vj, int *moved)
{
    exact_ray r;
    ray_init(&r, P, L);
    mpq_t value;
    mpq_init(value);
    edge_value(&r, Vi, Vj, value);
    int sign = mpq_sgn(value);
    *moved = sign != 0 ? sign : moved_sign(&r, Vi, Vj);
    mpq_clear(value);
    ray_clear(&r);
    return sign;
}

/* ---------------------------------------------------------------- the traversal */

static vec3 corner(const tet_mesh *mesh, int tet, int k) { return mesh->vertices[mesh->tetra[tet][k]]; }

/* The exact moved signs of the edges in `mask` of tetrahedron tet, set in *moved (GMP). */
static void set_moved_signs(exact_ray *r, const tet_mesh *mesh, int tet, int mask, rt_signs *moved)
{
    mpq_t value;
    mpq_init(value);
    for (int e = 0; e < 6; ++e) {
        if (!(mask & (1 << e)))
            continue;
        int i = e < 3 ? 0 : (e < 5 ? 1 : 2);
        int j = e < 3 ? e + 1 : (e < 5 ? e - 1 : 3);
        edge_value(r, corner(mesh, tet, i), corner(mesh, tet, j), value);
        int sign = mpq_sgn(value);
        rt_signs_set(moved, e, sign != 0 ? sign : moved_sign(r, corner(mesh, tet, i), corner(mesh, tet, j)));
    }
    mpq_clear(value);
}

/* Exact moved signs of the edges in `mask` of tetrahedron tet into x->moved, none other. */
static void moved_signs(exact_ray *r, const tet_mesh *mesh, int tet, int mask, rt_walk_exact *x)
{
    x->moved.positive = x->moved.negative = 0;
    set_moved_signs(r, mesh, tet, mask, &x->moved);
}

/* t on the triangle a b c (docs/SPECIFICATION.md's face order), exactly: the exact products of
 * its edges are the barycentric weights of the point X where the line crosses its plane;
 * t = (X - P)_m / L_m on L's largest axis m. */
static void exact_parameter_of(exact_ray *r, const vec3 corners[3], mpq_t t)
{
    double lc[3] = {fabs(r->L.x), fabs(r->L.y), fabs(r->L.z)};
    int m = lc[0] >= lc[1] && lc[0] >= lc[2] ? 0 : (lc[1] >= lc[2] ? 1 : 2);
    mpq_t weight, sum, numerator, coordinate;
    mpq_inits(weight, sum, numerator, coordinate, NULL);
    for (int k = 0; k < 3; ++k) {
        /* weight of corner k: the product of the face's edge k, corner k+1 -> corner k+2 */
        edge_value(r, corners[(k + 1) % 3], corners[(k + 2) % 3], weight);
        vec3 v = corners[k];
        mpq_set_d(coordinate, m == 0 ? v.x : (m == 1 ? v.y : v.z));
        mpq_sub(coordinate, coordinate, r->p[m]);
        mpq_mul(coordinate, coordinate, weight);
        mpq_add(numerator, numerator, coordinate);
        mpq_add(sum, sum, weight);
    }
    /* The line crosses the face, so not all three weights are 0 and they share a sign. */
    mpq_mul(sum, sum, r->l[m]);
    if (mpq_sgn(sum) != 0)
        mpq_div(t, numerator, sum);
    else
        mpq_set_ui(t, 0, 1);
    mpq_clears(weight, sum, numerator, coordinate, NULL);
}

static void exact_parameter(exact_ray *r, const tet_mesh *mesh, int tet, int f, mpq_t t)
{
    vec3 corners[3] = {corner(mesh, tet, rt_walk_corner(f, 0)), corner(mesh, tet, rt_walk_corner(f, 1)),
                       corner(mesh, tet, rt_walk_corner(f, 2))};
    exact_parameter_of(r, corners, t);
}

/* The caller's record of the tetrahedra visited is rt_walk.h's. */
typedef rt_walk_record exact_record;

/* max(t, 0), rounded once. */
static double clipped(const mpq_t t) { return mpq_sgn(t) > 0 ? mpq_get_d(t) : 0; }

/* Add clip(b) - clip(a) (clip: max(t, 0)) to sum. */
static void add_clipped(mpq_t sum, const mpq_t a, const mpq_t b)
{
    if (mpq_sgn(b) > 0)
        mpq_add(sum, sum, b);
    if (mpq_sgn(a) > 0)
        mpq_sub(sum, sum, a);
}

/* One segment from boundary face `face` entered at t_first; returns 0, or -1 when lost. */
static int exact_segment(exact_ray *r, const tet_mesh *mesh, int face, const mpq_t t_first, mpq_t sum, int *steps,
                         exact_record *record)
{
    int tet = face >> 2, enter = face & 3;
    mpq_t t_in, t_out;
    mpq_inits(t_in, t_out, NULL);
    mpq_set(t_in, t_first);
    int lost = 0;
    for (size_t step = 0;; ++step) {
        if (step > mesh->tetra_count) {
            lost = 1;
            break;
        }
        rt_walk_exact x;
        int apex = 63 & ~rt_walk_face_edges(enter);
        moved_signs(r, mesh, tet, apex, &x);
        int a = rt_walk_corner(enter, 0), b = rt_walk_corner(enter, 1), c = rt_walk_corner(enter, 2);
        int leave = rt_walk_leave_by_signs(enter, rt_walk_moved(&x, a, enter), rt_walk_moved(&x, b, enter),
                                           rt_walk_moved(&x, c, enter));
        if (leave < 0) {
            lost = 1;
            break;
        }
        exact_parameter(r, mesh, tet, leave, t_out);
        if (mpq_sgn(t_out) > 0) {
            *steps += 1;
            add_clipped(sum, t_in, t_out);
            rt_walk_record_visit(record, tet, clipped(t_in), clipped(t_out));
        }
        int next = mesh->neighbour[tet][leave];
        if (next < 0)
            break;
        tet = next >> 2;
        enter = next & 3;
        mpq_set(t_in, t_out);
    }
    mpq_clears(t_in, t_out, NULL);
    return lost ? -1 : 0;
}

/* walk_exact_trace into the caller's record. */
static walk_result trace_whole(const tet_mesh *mesh, const mesh_bvh *bvh, const double ray[6], exact_record *record)
{
    walk_result result = {0, 0, RT_WALK_OK};
    vec3 P = {ray[0], ray[1], ray[2]}, L = {ray[3] - ray[0], ray[4] - ray[1], ray[5] - ray[2]};
    exact_ray r;
    ray_init(&r, P, L);
    mpq_t sum, t, behind_t;
    mpq_inits(sum, t, behind_t, NULL);
    const double *root = bvh->bounds[0];
    int inside_box = P.x >= root[0] && P.y >= root[1] && P.z >= root[2] && P.x <= root[3] && P.y <= root[4] &&
                     P.z <= root[5];
    int balance = 0, behind = -1;
    /* The traversal of rt_walk_trace_from, with exact decisions. */
    rt_walk_mesh flat = walk_flat_mesh(mesh, bvh);
    rt_walk_boundary_faces leaves;
    rt_walk_faces_start(&leaves, L, inside_box ? -RT_WALK_HUGE : 0);
    for (int face; (face = rt_walk_faces_next(&leaves, &flat, P, L)) >= 0;) {
        rt_walk_exact x;
        moved_signs(&r, mesh, face >> 2, rt_walk_face_edges(face & 3), &x);
        int role = rt_walk_moved_face(&x, face & 3);
        if (role == 0)
            continue;
        exact_parameter(&r, mesh, face >> 2, face & 3, t);
        if (role > 0 && mpq_sgn(t) >= 0) {
            if (exact_segment(&r, mesh, face, t, sum, &result.steps, record) != 0)
                result.status = RT_WALK_LOST;
        } else if (role > 0 && inside_box) {
            balance += 1;
            if (behind < 0 || mpq_cmp(t, behind_t) > 0) {
                mpq_set(behind_t, t);
                behind = face;
            }
        } else if (role < 0 && mpq_sgn(t) < 0 && inside_box) {
            balance -= 1;
        }
    }
    if (balance > 0 && behind >= 0 && exact_segment(&r, mesh, behind, behind_t, sum, &result.steps, record) != 0)
        result.status = RT_WALK_LOST;
    result.length = mpq_get_d(sum) * walk_ray_scale(ray);
    mpq_clears(sum, t, behind_t, NULL);
    ray_clear(&r);
    return result;
}

walk_result walk_exact_trace(const tet_mesh *mesh, const mesh_bvh *bvh, const double ray[6], int *tetra, int capacity,
                             int *visited)
{
    exact_record record = rt_walk_record_start(tetra, NULL, capacity);
    walk_result result = trace_whole(mesh, bvh, ray, &record);
    *visited = record.count;
    return result;
}

/* ---------------------------------------------------------------- rays from inside */

/* Moved signs of the edges of `mask` as moved_signs gives them, with rt_robust.h's filter first
 * and GMP only for the products it cannot decide (every zero among them): exact either way, and
 * fast for the start of a ray from a generic point. */
static void filtered_moved_signs(exact_ray *r, const tet_mesh *mesh, int tet, int mask, rt_walk_exact *x)
{
    rt_walk_mesh flat = {0};
    flat.vertices = &mesh->vertices[0].x;
    flat.cells = &mesh->cells[0][0];
    rt_walk_corners corners = rt_walk_fetch(&flat, tet);
    rt_walk_exact_cache cache; /* uncertain edges are decided here, with GMP: nothing to keep */
    cache.ready = 0;
    rt_walk_exact_prepare(x, &corners, r->P, r->L, &cache);
    set_moved_signs(r, mesh, tet, mask & x->uncertain, &x->moved);
}

/* The face the moved line enters tetrahedron tet through (-1: none, it does not cross it). */
static int moved_enter_face(exact_ray *r, const tet_mesh *mesh, int tet)
{
    rt_walk_exact x;
    filtered_moved_signs(r, mesh, tet, 63, &x);
    for (int f = 0; f < 4; ++f)
        if (rt_walk_moved_face(&x, f) > 0)
            return f;
    return -1;
}

int walk_exact_enter_face(const tet_mesh *mesh, const double ray[6], int tet)
{
    vec3 P = {ray[0], ray[1], ray[2]}, L = {ray[3] - ray[0], ray[4] - ray[1], ray[5] - ray[2]};
    exact_ray r;
    ray_init(&r, P, L);
    int face = moved_enter_face(&r, mesh, tet);
    ray_clear(&r);
    return face;
}

/* The later segments of rt_walk_trace_from, exactly: a segment from every boundary face entered at
 * t > 0. */
static int exact_later_segments(exact_ray *r, const tet_mesh *mesh, const mesh_bvh *bvh, mpq_t sum, int *steps,
                                exact_record *record)
{
    int lost = 0;
    mpq_t t;
    mpq_init(t);
    rt_walk_mesh flat = walk_flat_mesh(mesh, bvh);
    rt_walk_boundary_faces leaves;
    rt_walk_faces_start(&leaves, r->L, 0);
    for (int face; (face = rt_walk_faces_next(&leaves, &flat, r->P, r->L)) >= 0;) {
        rt_walk_exact x;
        moved_signs(r, mesh, face >> 2, rt_walk_face_edges(face & 3), &x);
        if (rt_walk_moved_face(&x, face & 3) <= 0)
            continue;
        exact_parameter(r, mesh, face >> 2, face & 3, t);
        if (mpq_sgn(t) > 0)
            lost |= exact_segment(r, mesh, face, t, sum, steps, record) != 0;
    }
    mpq_clear(t);
    return lost ? -1 : 0;
}

walk_result walk_exact_trace_recorded(const tet_mesh *mesh, const mesh_bvh *bvh, const double ray[6], int start,
                                      rt_walk_record *record)
{
    if (start == RT_WALK_START_NONE)
        return trace_whole(mesh, bvh, ray, record);
    walk_result result = {0, 0, RT_WALK_OK};
    vec3 P = {ray[0], ray[1], ray[2]}, L = {ray[3] - ray[0], ray[4] - ray[1], ray[5] - ray[2]};
    exact_ray r;
    ray_init(&r, P, L);
    mpq_t sum, zero;
    mpq_inits(sum, zero, NULL);
    if ((start >= 0 && exact_segment(&r, mesh, start, zero, sum, &result.steps, record) != 0) ||
        exact_later_segments(&r, mesh, bvh, sum, &result.steps, record) != 0)
        result.status = RT_WALK_LOST;
    result.length = mpq_get_d(sum) * walk_ray_scale(ray);
    mpq_clears(sum, zero, NULL);
    ray_clear(&r);
    return result;
}

walk_result walk_exact_trace_from(const tet_mesh *mesh, const mesh_bvh *bvh, const double ray[6], int start,
                                  int *tetra, int capacity, int *visited)
{
    exact_record record = rt_walk_record_start(tetra, NULL, capacity);
    walk_result result = walk_exact_trace_recorded(mesh, bvh, ray, start, &record);
    *visited = record.count;
    return result;
}
