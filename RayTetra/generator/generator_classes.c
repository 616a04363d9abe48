/* generator_classes.c: the special (robustness) classes of RandomRayTetra: exact constructions
 * on dyadic lattices, each pair confirmed by the exact classifier, and the same degeneracies
 * built in rounded floating point (see generator.h).
 *
 * Lattices: vertices and directions are k / 1024 with |k| <= 1024 (or that plus a power-of-two
 * offset for flat and needle tetrahedra); points inside a tetrahedron are convex combinations
 * with weights j / 256; points on an edge divide it at m / 8. Every coordinate then needs at
 * most about 50 significant bits and stays below 2^4 in magnitude (2^20 for the far class), so
 * sums, differences and these products are exact in double. */
#include <math.h>

#include "exact.h"
#include "generator/generator.h"
#include "rng.h"
#include "rt_topology.h"

#define UNIT 1024.0 /* coordinates are multiples of 1 / UNIT before the finer constructions */
#define TRIES 64    /* lines tried per tetrahedron before drawing a new one */
#define FAR_OFFSET 1e6

static const char *const NAMES[GENERATOR_CLASS_COUNT] = {
    "edge", "vertex", "face-cross", "face-miss", "parallel", "flat", "needle", "far",
    "near-edge", "near-face", "at-vertex",
};

static const char *const DESCRIPTIONS[GENERATOR_CLASS_COUNT] = {
    "lines through a point inside an edge",
    "lines through a vertex",
    "lines in a face's plane crossing the face",
    "lines in a face's plane missing the face",
    "lines parallel to a face, off its plane (half hits)",
    "nearly flat tetrahedra (height 2^-12 .. 2^-28 of the size; half hits)",
    "needles (length >= 0.5, three vertices within 2^-8 .. 2^-20 of each other; half hits)",
    "pairs offset by 1e6 from the origin (half hits)",
    "lines through a point computed on an edge (half hits)",
    "lines along a face through a point computed in it (half hits)",
    "lines from a vertex: P is the vertex (all hits: they touch it)",
};

const char *generator_class_name(generator_class c) { return NAMES[c]; }
const char *generator_class_description(generator_class c) { return DESCRIPTIONS[c]; }

/* Edges and faces: rt_topology.h (the edges in the order of exact_edge_signs). */

static vec3 add(vec3 a, vec3 b) { return (vec3){a.x + b.x, a.y + b.y, a.z + b.z}; }
static vec3 sub(vec3 a, vec3 b) { return (vec3){a.x - b.x, a.y - b.y, a.z - b.z}; }
static vec3 scale(vec3 a, double s) { return (vec3){a.x * s, a.y * s, a.z * s}; }
static double length(vec3 a) { return sqrt(a.x * a.x + a.y * a.y + a.z * a.z); }

static int64_t random_in(rng *r, int64_t lo, int64_t hi) { return lo + (int64_t)rng_below(r, (uint64_t)(hi - lo + 1)); }

/* A lattice point with coordinates k / UNIT, |k| <= limit. */
static vec3 lattice_point(rng *r, int64_t limit)
{
    return (vec3){random_in(r, -limit, limit) / UNIT, random_in(r, -limit, limit) / UNIT,
                  random_in(r, -limit, limit) / UNIT};
}

/* A non-zero lattice direction. */
static vec3 lattice_direction(rng *r)
{
    for (;;) {
        vec3 d = lattice_point(r, 1024);
        if (d.x != 0 || d.y != 0 || d.z != 0)
            return d;
    }
}

static double longest_edge(const vec3 *V)
{
    double longest = 0;
    for (int e = 0; e < 6; ++e)
        longest = fmax(longest, length(sub(V[rt_edge_vertices[e][1]], V[rt_edge_vertices[e][0]])));
    return longest;
}

/* Make the tetrahedron positively oriented (swap V1 and V2); 0 if it is exactly flat. */
static int orient_positively(vec3 *V)
{
    int orientation = exact_tetra_orientation(V);
    if (orientation > 0) {
        vec3 t = V[1];
        V[1] = V[2];
        V[2] = t;
    }
    return orientation != 0;
}

/* A well-shaped tetrahedron on the 1/1024 lattice in [-1, 1]^3 (6 |volume| >= 0.01 longest^3, as
 * the hit/miss classes). */
static void regular_tetra(rng *r, vec3 *V)
{
    for (;;) {
        for (int i = 0; i < 4; ++i)
            V[i] = lattice_point(r, 1024);
        vec3 a = sub(V[1], V[0]), b = sub(V[2], V[0]), c = sub(V[3], V[0]);
        double det = a.x * (b.y * c.z - b.z * c.y) - a.y * (b.x * c.z - b.z * c.x) + a.z * (b.x * c.y - b.y * c.x);
        double longest = longest_edge(V);
        if (fabs(det) >= 0.01 * longest * longest * longest && orient_positively(V))
            return;
    }
}

/* Nearly flat: V3 above a point inside triangle V0 V1 V2 at height 2^-12 .. 2^-28 (times a
 * lattice direction of length <= 1.8). */
static void flat_tetra(rng *r, vec3 *V)
{
    for (;;) {
        for (int i = 0; i < 3; ++i)
            V[i] = lattice_point(r, 1024);
        vec3 n = sub(V[1], V[0]), m = sub(V[2], V[0]);
        vec3 normal = {n.y * m.z - n.z * m.y, n.z * m.x - n.x * m.z, n.x * m.y - n.y * m.x};
        if (length(normal) < 0.1 * length(n) * length(m)) /* a thin triangle would be a needle too */
            continue;
        int64_t w0 = random_in(r, 1, 254), w1 = random_in(r, 1, 255 - w0), w2 = 256 - w0 - w1;
        vec3 base = add(add(scale(V[0], w0 / 256.0), scale(V[1], w1 / 256.0)), scale(V[2], w2 / 256.0));
        double height = ldexp(1.0, -(int)random_in(r, 12, 28));
        V[3] = add(base, scale(lattice_direction(r), height));
        if (orient_positively(V))
            return;
    }
}

/* Needle: V0 at one end, V1 V2 V3 within 2^-8 .. 2^-20 of a point about one unit away. */
static void needle_tetra(rng *r, vec3 *V)
{
    for (;;) {
        V[0] = lattice_point(r, 512);
        vec3 axis = lattice_direction(r);
        if (length(axis) < 0.5) /* keep the needle long: its length is the scale of the errors */
            continue;
        vec3 tip = add(V[0], axis);
        double radius = ldexp(1.0, -(int)random_in(r, 8, 20));
        for (int i = 1; i < 4; ++i)
            V[i] = add(tip, scale(lattice_point(r, 1024), radius));
        if (orient_positively(V))
            return;
    }
}

/* A point strictly inside the tetrahedron: weights j / 256, all positive. */
static vec3 interior_point(rng *r, const vec3 *V)
{
    int64_t w[4], left = 256;
    for (int i = 0; i < 3; ++i) {
        w[i] = random_in(r, 1, left - (3 - i));
        left -= w[i];
    }
    w[3] = left;
    vec3 x = {0, 0, 0};
    for (int i = 0; i < 4; ++i)
        x = add(x, scale(V[i], (double)w[i] / 256.0));
    return x;
}

/* A point of the tetrahedron's bounding box grown by half its size on every side, on the
 * 1/1024 lattice (vertices there are on it; for flat and needle ones this is still exact). */
static vec3 box_point(rng *r, const vec3 *V)
{
    double lo[3], hi[3];
    for (int a = 0; a < 3; ++a) {
        lo[a] = hi[a] = (&V[0].x)[a];
        for (int i = 1; i < 4; ++i) {
            lo[a] = fmin(lo[a], (&V[i].x)[a]);
            hi[a] = fmax(hi[a], (&V[i].x)[a]);
        }
    }
    double x[3];
    for (int a = 0; a < 3; ++a) {
        double margin = (hi[a] - lo[a]) / 2 + 1 / UNIT;
        int64_t low = (int64_t)floor((lo[a] - margin) * UNIT), high = (int64_t)ceil((hi[a] + margin) * UNIT);
        x[a] = random_in(r, low, high) / UNIT;
    }
    return (vec3){x[0], x[1], x[2]};
}

/* The line through X with direction D, as P = X - a D and Q = X + b D (a, b = 1 .. 3). */
static void line_through(rng *r, vec3 X, vec3 D, ray_tetra_pair *p)
{
    p->orig = sub(X, scale(D, (double)random_in(r, 1, 3)));
    p->far = add(X, scale(D, (double)random_in(r, 1, 3)));
}

static int edge_index(int i, int j)
{
    for (int e = 0; e < 6; ++e)
        if ((rt_edge_vertices[e][0] == i && rt_edge_vertices[e][1] == j) || (rt_edge_vertices[e][0] == j && rt_edge_vertices[e][1] == i))
            return e;
    return -1;
}

static int face_mask(int f)
{
    const int *v = rt_face_vertices[f];
    return (1 << edge_index(v[0], v[1])) | (1 << edge_index(v[1], v[2])) | (1 << edge_index(v[0], v[2]));
}

static int vertex_mask(int i)
{
    int mask = 0;
    for (int j = 0; j < 4; ++j)
        if (j != i)
            mask |= 1 << edge_index(i, j);
    return mask;
}

static int is_hit(const ray_tetra_pair *p)
{
    int enter, leave;
    return exact_classify(p, &enter, &leave);
}

/* Lines through an edge point, a vertex, or in a face plane: the construction decides the
 * zero-sign pattern, the exact signs confirm it. */
static int degenerate_pair(rng *r, generator_class c, ray_tetra_pair *p)
{
    vec3 *V = p->vert;
    regular_tetra(r, V);
    for (int attempt = 0; attempt < TRIES; ++attempt) {
        int want_mask, want_hit = -1;
        if (c == GENERATOR_EDGE) {
            int e = (int)random_in(r, 0, 5);
            vec3 A = V[rt_edge_vertices[e][0]], B = V[rt_edge_vertices[e][1]];
            line_through(r, add(A, scale(sub(B, A), (double)random_in(r, 1, 7) / 8)), lattice_direction(r), p);
            want_mask = 1 << e;
        } else if (c == GENERATOR_VERTEX) {
            int i = (int)random_in(r, 0, 3);
            line_through(r, V[i], lattice_direction(r), p);
            want_mask = vertex_mask(i);
        } else {
            int f = (int)random_in(r, 0, 3);
            vec3 A = V[rt_face_vertices[f][0]], B = V[rt_face_vertices[f][1]], C = V[rt_face_vertices[f][2]];
            if (c == GENERATOR_FACE_CROSS) {
                /* through points inside two different edges of the face: AB and BC or CA */
                vec3 X1 = add(A, scale(sub(B, A), (double)random_in(r, 1, 7) / 8));
                vec3 from = B, to = C;
                if (random_in(r, 0, 1)) {
                    from = C;
                    to = A;
                }
                vec3 X2 = add(from, scale(sub(to, from), (double)random_in(r, 1, 7) / 8));
                line_through(r, X1, sub(X2, X1), p);
                want_hit = 1;
            } else {
                /* through a point of line AB outside the edge, in a direction within the plane */
                int64_t m = random_in(r, 0, 1) ? random_in(r, -16, -1) : random_in(r, 9, 24);
                vec3 X = add(A, scale(sub(B, A), (double)m / 8));
                vec3 D = add(scale(sub(B, A), (double)random_in(r, -8, 8) / 8),
                             scale(sub(C, A), (double)random_in(r, -8, 8) / 8));
                if (D.x == 0 && D.y == 0 && D.z == 0)
                    continue;
                line_through(r, X, D, p);
                want_hit = 0;
            }
            want_mask = face_mask(f);
        }
        if (exact_zero_edges(p) == want_mask && (want_hit < 0 || is_hit(p) == want_hit))
            return 1;
    }
    return 0;
}

/* Lines parallel to a face: the direction is a lattice combination of two of its edges. */
static int parallel_pair(rng *r, int want_hit, ray_tetra_pair *p)
{
    vec3 *V = p->vert;
    regular_tetra(r, V);
    int f = (int)random_in(r, 0, 3);
    vec3 A = V[rt_face_vertices[f][0]], B = V[rt_face_vertices[f][1]], C = V[rt_face_vertices[f][2]];
    for (int attempt = 0; attempt < TRIES; ++attempt) {
        vec3 D =
            add(scale(sub(B, A), (double)random_in(r, -8, 8) / 8), scale(sub(C, A), (double)random_in(r, -8, 8) / 8));
        if (D.x == 0 && D.y == 0 && D.z == 0)
            continue;
        line_through(r, want_hit ? interior_point(r, V) : box_point(r, V), D, p);
        if (exact_orient(A, B, C, add(A, D)) == 0 && exact_orient(A, B, C, p->orig) != 0 && exact_zero_edges(p) == 0 &&
            is_hit(p) == want_hit)
            return 1;
    }
    return 0;
}

/* Generic lines (no zero sign) against a flat, needle or far tetrahedron. */
static int shaped_pair(rng *r, generator_class c, int want_hit, ray_tetra_pair *p)
{
    vec3 *V = p->vert;
    if (c == GENERATOR_FLAT)
        flat_tetra(r, V);
    else if (c == GENERATOR_NEEDLE)
        needle_tetra(r, V);
    else
        regular_tetra(r, V);
    for (int attempt = 0; attempt < TRIES; ++attempt) {
        if (want_hit) {
            line_through(r, interior_point(r, V), lattice_direction(r), p);
        } else {
            p->orig = box_point(r, V);
            p->far = box_point(r, V);
        }
        ray_tetra_pair candidate = *p;
        if (c == GENERATOR_FAR) {
            double *v = &candidate.vert[0].x;
            for (int i = 0; i < 18; ++i)
                v[i] += FAR_OFFSET;
        }
        if (pair_direction(&candidate).x == 0 && pair_direction(&candidate).y == 0 && pair_direction(&candidate).z == 0)
            continue;
        if (exact_zero_edges(&candidate) == 0 && is_hit(&candidate) == want_hit) {
            *p = candidate;
            return 1;
        }
    }
    return 0;
}

/* ---------------------------------------------------------------- floating-point classes */

/* A random double in [lo, hi): a full 53-bit significand, on no lattice. */
static double random_real(rng *r, double lo, double hi) { return lo + (hi - lo) * rng_unit(r); }

/* (Each draw is its own statement: C leaves the order of calls within one expression or
 * initialiser open, and the file must not depend on the compiler.) */
static vec3 random_vector(rng *r, double lo, double hi)
{
    vec3 v;
    v.x = random_real(r, lo, hi);
    v.y = random_real(r, lo, hi);
    v.z = random_real(r, lo, hi);
    return v;
}

/* A random double direction of length 0.25 .. 1.7. */
static vec3 random_direction(rng *r)
{
    for (;;) {
        vec3 d = random_vector(r, -1, 1);
        if (length(d) >= 0.25)
            return d;
    }
}

/* A well-shaped tetrahedron with random double vertices in [-1, 1]^3 (the shape test of
 * regular_tetra). */
static void double_tetra(rng *r, vec3 *V)
{
    for (;;) {
        for (int i = 0; i < 4; ++i)
            V[i] = random_vector(r, -1, 1);
        vec3 a = sub(V[1], V[0]), b = sub(V[2], V[0]), c = sub(V[3], V[0]);
        double det = a.x * (b.y * c.z - b.z * c.y) - a.y * (b.x * c.z - b.z * c.x) + a.z * (b.x * c.y - b.y * c.x);
        double longest = longest_edge(V);
        if (fabs(det) >= 0.01 * longest * longest * longest && orient_positively(V))
            return;
    }
}

/* The line through X (already rounded) along D as an application would store it: P = fl(X - a D),
 * L = fl(b D), Q = fl(P + L), with random real a, b; Q - P is then not L, and rarely exact. */
static void rounded_line(rng *r, vec3 X, vec3 D, ray_tetra_pair *p)
{
    double a = random_real(r, 0.5, 2), b = random_real(r, 1, 4);
    p->orig = sub(X, scale(D, a));
    p->far = add(p->orig, scale(D, b));
}

/* A point computed on edge e: fl(A + s (B - A)), s in [1/16, 15/16). */
static vec3 rounded_edge_point(rng *r, const vec3 *V, int e)
{
    vec3 A = V[rt_edge_vertices[e][0]], B = V[rt_edge_vertices[e][1]];
    return add(A, scale(sub(B, A), random_real(r, 0.0625, 0.9375)));
}

/* A point computed in face f's plane, fl(A + s (B - A) + t (C - A)) with s, t in [-1/4, 5/4)
 * (inside the face or near it), and a direction along the face: one of its edges, fl(B - A),
 * fl(C - B) or fl(A - C), or a rounded combination of two. */
static void rounded_face_line(rng *r, const vec3 *V, ray_tetra_pair *p)
{
    int f = (int)random_in(r, 0, 3);
    vec3 A = V[rt_face_vertices[f][0]], B = V[rt_face_vertices[f][1]], C = V[rt_face_vertices[f][2]];
    double s = random_real(r, -0.25, 1.25), t = random_real(r, -0.25, 1.25);
    vec3 X = add(add(A, scale(sub(B, A), s)), scale(sub(C, A), t));
    int kind = (int)random_in(r, 0, 3);
    vec3 D;
    if (kind == 0)
        D = sub(B, A);
    else if (kind == 1)
        D = sub(C, B);
    else if (kind == 2)
        D = sub(A, C);
    else {
        double a = random_real(r, -1, 1), b = random_real(r, -1, 1);
        D = add(scale(sub(B, A), a), scale(sub(C, A), b));
    }
    rounded_line(r, X, D, p);
}

/* near-edge, near-face (half hits by the exact classifier) and at-vertex (P a vertex). */
static int rounded_pair(rng *r, generator_class c, int want_hit, ray_tetra_pair *p)
{
    vec3 *V = p->vert;
    double_tetra(r, V);
    for (int attempt = 0; attempt < TRIES; ++attempt) {
        if (c == GENERATOR_AT_VERTEX) {
            p->orig = V[random_in(r, 0, 3)];
            vec3 D = random_direction(r);
            p->far = add(p->orig, scale(D, random_real(r, 1, 4)));
        } else if (c == GENERATOR_NEAR_EDGE) {
            vec3 X = rounded_edge_point(r, V, (int)random_in(r, 0, 5));
            rounded_line(r, X, random_direction(r), p);
        } else {
            rounded_face_line(r, V, p);
        }
        vec3 L = pair_direction(p);
        if (length(L) < 0.01) /* an edge of a thin face, or a combination that cancelled */
            continue;
        if (c == GENERATOR_AT_VERTEX || is_hit(p) == want_hit)
            return 1;
    }
    return 0;
}

void generator_special_pair(generator_class c, uint64_t seed, ray_tetra_pair *pair)
{
    rng r;
    rng_seed(&r, seed);
    int want_hit = (int)(rng_next(&r) >> 63);
    for (;;) {
        int done;
        if (c <= GENERATOR_FACE_MISS)
            done = degenerate_pair(&r, c, pair);
        else if (c == GENERATOR_PARALLEL)
            done = parallel_pair(&r, want_hit, pair);
        else if (c <= GENERATOR_FAR)
            done = shaped_pair(&r, c, want_hit, pair);
        else
            done = rounded_pair(&r, c, want_hit, pair);
        if (done)
            return;
    }
}
