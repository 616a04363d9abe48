/* exact.c: filtered exact orientation predicate, exact determinants rounded to double, and the
 * exact classifier. Every predicate takes the input points themselves: no rounded difference
 * (in particular not fl(Q - P)) enters an exact result. */
#include "exact.h"
#include "exact_gmp.h"

#include <float.h>
#include <gmp.h>
#include <math.h>

/* Shewchuk's orient3d error bound for the double evaluation below: (7 + 56 eps) eps, with
 * eps = 2^-53 ("Adaptive Precision Floating-Point Arithmetic and Fast Robust Geometric
 * Predicates", 1997). Valid while no intermediate overflows or underflows. */
static const double ORIENT_ERRBOUND = (7.0 + 56.0 * 0x1.0p-53) * 0x1.0p-53;

/* det[a - d, b - d, c - d] into det (initialised), exactly: every double is a rational. */
static void orient_gmp_value(vec3 a, vec3 b, vec3 c, vec3 d, mpq_t det)
{
    const double *pa = &a.x, *pb = &b.x, *pc = &c.x, *pd = &d.x;
    mpq_t m[3][3], t1, t2;
    mpq_inits(t1, t2, NULL);
    mpq_set_ui(det, 0, 1);
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) {
            const double *row = i == 0 ? pa : (i == 1 ? pb : pc);
            mpq_init(m[i][j]);
            mpq_set_d(m[i][j], row[j]);
            mpq_set_d(t1, pd[j]);
            mpq_sub(m[i][j], m[i][j], t1);
        }
    }
    /* det = m00 (m11 m22 - m12 m21) - m01 (m10 m22 - m12 m20) + m02 (m10 m21 - m11 m20) */
    static const int cols[3][2] = {{1, 2}, {0, 2}, {0, 1}};
    for (int k = 0; k < 3; ++k) {
        int p = cols[k][0], q = cols[k][1];
        mpq_mul(t1, m[1][p], m[2][q]);
        mpq_mul(t2, m[1][q], m[2][p]);
        mpq_sub(t1, t1, t2);
        mpq_mul(t1, t1, m[0][k]);
        if (k == 1)
            mpq_sub(det, det, t1);
        else
            mpq_add(det, det, t1);
    }
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            mpq_clear(m[i][j]);
    mpq_clears(t1, t2, NULL);
}

/* The sign of det, its value rounded toward zero into *value unless value is NULL; det cleared. */
static int settle_determinant(mpq_t det, double *value)
{
    int sign = mpq_sgn(det);
    if (value)
        *value = mpq_get_d(det);
    mpq_clear(det);
    return sign;
}

/* Exact det[a - d, b - d, c - d] sign. */
static int orient_gmp(vec3 a, vec3 b, vec3 c, vec3 d)
{
    mpq_t det;
    mpq_init(det);
    orient_gmp_value(a, b, c, d, det);
    return settle_determinant(det, NULL);
}

int exact_orient_value(vec3 a, vec3 b, vec3 c, vec3 d, double *value)
{
    mpq_t det;
    mpq_init(det);
    orient_gmp_value(a, b, c, d, det);
    mpq_neg(det, det); /* det[b - a, c - a, d - a] = -det[a - d, b - d, c - d] */
    return settle_determinant(det, value);
}

/* mpq_t from a - b, exactly. */
static void difference_gmp(mpq_t out[3], vec3 a, vec3 b)
{
    const double *pa = &a.x, *pb = &b.x;
    mpq_t t;
    mpq_init(t);
    for (int j = 0; j < 3; ++j) {
        mpq_set_d(out[j], pa[j]);
        mpq_set_d(t, pb[j]);
        mpq_sub(out[j], out[j], t);
    }
    mpq_clear(t);
}

void exact_stp_rational(vec3 P, vec3 L, vec3 A, vec3 B, mpq_t det)
{
    mpq_t l[3], a[3], b[3], t1, t2;
    for (int j = 0; j < 3; ++j)
        mpq_inits(l[j], a[j], b[j], NULL);
    mpq_inits(t1, t2, NULL);
    mpq_set_ui(det, 0, 1);
    mpq_set_d(l[0], L.x);
    mpq_set_d(l[1], L.y);
    mpq_set_d(l[2], L.z);
    difference_gmp(a, A, P);
    difference_gmp(b, B, P);
    /* det = l . (a x b), one component of the cross product at a time */
    for (int k = 0; k < 3; ++k) {
        int p = (k + 1) % 3, q = (k + 2) % 3;
        mpq_mul(t1, a[p], b[q]);
        mpq_mul(t2, a[q], b[p]);
        mpq_sub(t1, t1, t2);
        mpq_mul(t1, t1, l[k]);
        mpq_add(det, det, t1);
    }
    for (int j = 0; j < 3; ++j)
        mpq_clears(l[j], a[j], b[j], NULL);
    mpq_clears(t1, t2, NULL);
}

int exact_stp_value(vec3 P, vec3 L, vec3 A, vec3 B, double *value)
{
    mpq_t det;
    mpq_init(det);
    exact_stp_rational(P, L, A, B, det);
    return settle_determinant(det, value);
}

int exact_stp_sign(vec3 P, vec3 L, vec3 A, vec3 B)
{
    double value;
    return exact_stp_value(P, L, A, B, &value);
}

/* Sign of Shewchuk's orient3d(a, b, c, d) = det[a - d, b - d, c - d]. */
static int orient3d_sign(vec3 a, vec3 b, vec3 c, vec3 d)
{
    double adx = a.x - d.x, bdx = b.x - d.x, cdx = c.x - d.x;
    double ady = a.y - d.y, bdy = b.y - d.y, cdy = c.y - d.y;
    double adz = a.z - d.z, bdz = b.z - d.z, cdz = c.z - d.z;
    double bdxcdy = bdx * cdy, cdxbdy = cdx * bdy;
    double cdxady = cdx * ady, adxcdy = adx * cdy;
    double adxbdy = adx * bdy, bdxady = bdx * ady;
    double det = adz * (bdxcdy - cdxbdy) + bdz * (cdxady - adxcdy) + cdz * (adxbdy - bdxady);
    double permanent = (fabs(bdxcdy) + fabs(cdxbdy)) * fabs(adz) + (fabs(cdxady) + fabs(adxcdy)) * fabs(bdz) +
                       (fabs(adxbdy) + fabs(bdxady)) * fabs(cdz);
    double bound = ORIENT_ERRBOUND * permanent;
    /* The bound assumes no underflow: below this size the filter is not trusted. */
    if (isfinite(permanent) && permanent > 0x1.0p-900) {
        if (det > bound)
            return 1;
        if (-det > bound)
            return -1;
    }
    return orient_gmp(a, b, c, d);
}

int exact_orient(vec3 a, vec3 b, vec3 c, vec3 d)
{
    /* det[b - a, c - a, d - a] = -det[a - d, b - d, c - d] */
    return -orient3d_sign(a, b, c, d);
}

int exact_tetra_orientation(const vec3 *vert) { return exact_orient(vert[0], vert[1], vert[2], vert[3]); }

int exact_edge_signs(const ray_tetra_pair *pair, int signs[6])
{
    static const int edges[6][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};
    int zeros = 0;
    for (int e = 0; e < 6; ++e) {
        /* p_ij = -[L, Vi - P, Vj - P] = -det[Q - P, Vi - P, Vj - P] (docs/SPECIFICATION.md section 2) */
        signs[e] = -exact_orient(pair->orig, pair->far, pair->vert[edges[e][0]], pair->vert[edges[e][1]]);
        zeros += signs[e] == 0;
    }
    return zeros;
}

int exact_zero_edges(const ray_tetra_pair *pair)
{
    int signs[6], mask = 0;
    exact_edge_signs(pair, signs);
    for (int e = 0; e < 6; ++e)
        mask |= (signs[e] == 0) << e;
    return mask;
}

/* Face edges as (canonical edge index, sign), docs/SPECIFICATION.md section 1 order; see rt_algorithms.h. */
static const int FACE_EDGES[4][3][2] = {
    {{3, -1}, {4, 1}, {5, -1}}, /* F0 = (V3, V2, V1): -p12, +p13, -p23 */
    {{2, -1}, {1, 1}, {5, 1}},  /* F1 = (V2, V3, V0): -p03, +p02, +p23 */
    {{2, 1}, {4, -1}, {0, -1}}, /* F2 = (V1, V0, V3): +p03, -p13, -p01 */
    {{3, 1}, {1, -1}, {0, 1}},  /* F3 = (V0, V1, V2): +p12, -p02, +p01 */
};
/* Its own copy of the face table (kernels/shared/rt_topology.h has the algorithms' one), on
 * purpose: the exact classifier is the independent reference the algorithms are checked against,
 * so it shares no code with them. */
static const int FACE_VERTS[4][3] = {{3, 2, 1}, {2, 3, 0}, {1, 0, 3}, {0, 1, 2}};

int exact_classify(const ray_tetra_pair *pair, int *enter_face, int *leave_face)
{
    int signs[6];
    exact_edge_signs(pair, signs);
    int enter = -1, leave = -1;
    for (int f = 3; f >= 0; --f) {
        int pos = 0, neg = 0;
        for (int k = 0; k < 3; ++k) {
            int s = signs[FACE_EDGES[f][k][0]] * FACE_EDGES[f][k][1];
            pos += s > 0;
            neg += s < 0;
        }
        if (pos + neg == 0)
            continue; /* the line lies in the face's plane */
        if (enter < 0 && neg == 0)
            enter = f;
        else if (leave < 0 && pos == 0)
            leave = f;
    }
    if (enter < 0 || leave < 0) {
        *enter_face = *leave_face = -1;
        return 0;
    }
    *enter_face = enter;
    *leave_face = leave;
    return 1;
}

typedef struct lvec {
    long double x, y, z;
} lvec;

static lvec lv(vec3 v) { return (lvec){v.x, v.y, v.z}; }
static lvec lsub(lvec a, lvec b) { return (lvec){a.x - b.x, a.y - b.y, a.z - b.z}; }
static long double ldot(lvec a, lvec b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static lvec lcross(lvec a, lvec b) { return (lvec){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }

static long double lmax_abs(lvec v) { return fmaxl(fmaxl(fabsl(v.x), fabsl(v.y)), fabsl(v.z)); }

/* The barycentrics of face f exactly (GMP), rounded to long double: u_k = w_k / (w_0 + w_1 +
 * w_2) with w_k = det[Q - P, B - P, A - P] for the face's edge A -> B opposite vertex k, an
 * orientation of input points. The sum is not 0 on a face exact_classify names. */
static void exact_barycentrics(const ray_tetra_pair *pair, int f, long double u[3])
{
    mpq_t w[3], sum;
    mpq_init(sum);
    for (int k = 0; k < 3; ++k) {
        mpq_init(w[k]);
        /* orient3d(P, Q, B, A) = -det[Q - P, B - P, A - P]: the common sign cancels in u */
        orient_gmp_value(pair->orig, pair->far, pair->vert[FACE_VERTS[f][(k + 2) % 3]],
                         pair->vert[FACE_VERTS[f][(k + 1) % 3]], w[k]);
        mpq_add(sum, sum, w[k]);
    }
    for (int k = 0; k < 3; ++k) {
        mpq_div(w[k], w[k], sum);
        u[k] = mpq_get_d(w[k]);
        mpq_clear(w[k]);
    }
    mpq_clear(sum);
}

/* Point, u1, u2 and t on face f, from the STP form of the edge products (relative to P), in
 * long double; where the face's weights are so small against their rounding error that long
 * double would keep fewer than 30 bits of the barycentrics (a line within rounding of the
 * face's plane), the barycentrics come from exact_barycentrics instead. The bound: the weights
 * are triple products of differences, each rounded at most seven times with eps = 2^-64 (the
 * argument of rt_robust.h), so their error is below 2^-57 Lmax M^2 (M the largest |v| component
 * of the face, Lmax L's); the barycentrics' relative error is at most 3 of those over |sum|. */
static void reference_face(const ray_tetra_pair *pair, int f, vec3 *point, double *u1, double *u2, double *t)
{
    lvec P = lv(pair->orig), L = lsub(lv(pair->far), P);
    lvec v[3];
    for (int k = 0; k < 3; ++k)
        v[k] = lsub(lv(pair->vert[FACE_VERTS[f][k]]), P);
    /* weight of vertex k = product of the edge opposite it = [L, v_b, v_a] for edge a -> b */
    long double w[3];
    for (int k = 0; k < 3; ++k) {
        lvec a = v[(k + 1) % 3], b = v[(k + 2) % 3];
        w[k] = ldot(lcross(L, b), a);
    }
    long double sum = w[0] + w[1] + w[2];
    long double M = fmaxl(fmaxl(lmax_abs(v[0]), lmax_abs(v[1])), lmax_abs(v[2]));
    long double error = 0x1p-57L * lmax_abs(L) * M * M;
    long double u[3] = {w[0] / sum, w[1] / sum, w[2] / sum};
    if (!(fabsl(sum) > 0x1p30L * 3 * error))
        exact_barycentrics(pair, f, u);
    lvec rel = {0, 0, 0};
    for (int k = 0; k < 3; ++k) {
        rel.x += u[k] * v[k].x;
        rel.y += u[k] * v[k].y;
        rel.z += u[k] * v[k].z;
    }
    long double ax = fabsl(L.x), ay = fabsl(L.y), az = fabsl(L.z);
    long double param = (ax >= ay && ax >= az) ? rel.x / L.x : (ay >= az ? rel.y / L.y : rel.z / L.z);
    *point = (vec3){(double)(rel.x + P.x), (double)(rel.y + P.y), (double)(rel.z + P.z)};
    *u1 = (double)u[1];
    *u2 = (double)u[2];
    *t = (double)param;
}

void exact_reference(const ray_tetra_pair *pair, ray_tetra_result *result)
{
    int enter, leave;
    result->hit = exact_classify(pair, &enter, &leave);
    result->enter_face = enter;
    result->leave_face = leave;
    if (!result->hit)
        return;
    reference_face(pair, enter, &result->enter_point, &result->u_enter1, &result->u_enter2, &result->t_enter);
    reference_face(pair, leave, &result->leave_point, &result->u_leave1, &result->u_leave2, &result->t_leave);
}
