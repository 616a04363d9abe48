/* test_expansion_stages: the adaptive stages that decide the robust walk's edge products
 * (rt_expansion.h's rt_expansion_triple_adaptive: stage B, stage C and their shortcuts;
 * rt_walk.h's rt_walk_signed_edge) against GMP, on inputs built so that the stages' bounds are
 * what stands between them and a wrong sign:
 *   grid       small integer coordinates: no difference has a tail, many products are exactly 0;
 *   plane      P, Vi, Vj and L on the plane z = x + y through the origin (exact in doubles), far
 *              apart in scale so that the differences have tails: the product is exactly 0 while
 *              S = [L, a', b'] and its first-order terms are not; and the same nudged by a unit in
 *              the last place or a few, a product just off 0;
 *   aimed      L = fl(Vj - P), a ray aimed at vertex Vj, with and without a tail in Vj - P;
 *   near edge  P and L aimed through a point of the edge, then nudged, at scales 1e-40 to 1e+60;
 *   from       P = Vi, a ray from a vertex.
 * A stage that decides must give GMP's sign; stage B without tails GMP's value within 2^-52; the
 * walk's signed edge GMP's sign and tie-rule sign on every input; and every stage must decide
 * some inputs, the full expansion must be left some. */
#include <gmp.h>
#include <math.h>
#include <stdint.h>

#include "check.h"
#include "walk/walk.h"

typedef struct random_state {
    uint64_t state;
} random_state;

static uint64_t next_bits(random_state *r)
{
    r->state = r->state * 6364136223846793005ULL + 1442695040888963407ULL;
    return r->state >> 11;
}

static double unit(random_state *r) { return (double)next_bits(r) * 0x1.0p-53; }

/* A random integer from -range to range. */
static double small_integer(random_state *r, int range) { return (double)(int)(next_bits(r) % (2 * range + 1)) - range; }

/* A number of `bits` significant bits, of either sign, near 2^exponent. */
static double short_mantissa(random_state *r, int bits, int exponent)
{
    double m = (double)(next_bits(r) >> (53 - bits)) + 1;
    return ldexp(next_bits(r) & 1 ? m : -m, exponent - bits);
}

/* [L, A - P, B - P] in GMP rationals. */
static void exact_triple(vec3 L, vec3 A, vec3 B, vec3 P, mpq_t out)
{
    const double l[3] = {L.x, L.y, L.z}, a[3] = {A.x, A.y, A.z}, b[3] = {B.x, B.y, B.z}, p[3] = {P.x, P.y, P.z};
    mpq_t da[3], db[3], x, y;
    mpq_inits(x, y, NULL);
    for (int k = 0; k < 3; ++k) {
        mpq_inits(da[k], db[k], NULL);
        mpq_set_d(x, p[k]);
        mpq_set_d(da[k], a[k]);
        mpq_sub(da[k], da[k], x);
        mpq_set_d(db[k], b[k]);
        mpq_sub(db[k], db[k], x);
    }
    mpq_set_ui(out, 0, 1);
    for (int k = 0; k < 3; ++k) {
        int i = (k + 1) % 3, j = (k + 2) % 3;
        mpq_mul(x, da[i], db[j]);
        mpq_mul(y, da[j], db[i]);
        mpq_sub(x, x, y);
        mpq_set_d(y, l[k]);
        mpq_mul(x, x, y);
        mpq_add(out, out, x);
    }
    for (int k = 0; k < 3; ++k)
        mpq_clears(da[k], db[k], NULL);
    mpq_clears(x, y, NULL);
}

typedef struct tally {
    int decided[4]; /* by RT_STAGE_* */
    int zeros, wrong_sign, inaccurate, walk_wrong;
    int staged, unbounded, tight; /* rt_expansion_triple_staged: bounded values, bounds exceeded, bounds
                                     within 2^-40 of the value */
} tally;

/* One product p_ij = [L, Vj - P, Vi - P]: the stages and the walk's signed edge against GMP. */
static void check_product(vec3 P, vec3 L, vec3 Vi, vec3 Vj, tally *t)
{
    mpq_t exact, error, bound;
    mpq_inits(exact, error, bound, NULL);
    exact_triple(L, Vj, Vi, P, exact);
    int sign = mpq_sgn(exact);
    t->zeros += sign == 0;
    double value;
    int stage = rt_expansion_triple_adaptive(L, Vj, Vi, P, &value);
    t->decided[stage] += 1;
    if (stage != RT_STAGE_NONE && (value > 0) - (value < 0) != sign)
        t->wrong_sign += 1;
    if (stage == RT_STAGE_EXACT) {
        mpq_set_d(error, value);
        mpq_sub(error, error, exact);
        mpq_abs(error, error);
        mpq_abs(bound, exact);
        mpq_div_2exp(bound, bound, 52);
        t->inaccurate += mpq_cmp(error, bound) > 0;
    }
    double staged_value, staged_error;
    if (rt_expansion_triple_staged(L, Vj, Vi, P, &staged_value, &staged_error)) {
        t->staged += 1;
        mpq_set_d(error, staged_value);
        mpq_sub(error, error, exact);
        mpq_abs(error, error);
        mpq_set_d(bound, staged_error);
        t->unbounded += mpq_cmp(error, bound) > 0;
        t->tight += staged_error <= 0x1p-40 * fabs(staged_value);
    }
    int walk_exact, walk_moved, walk_accurate, moved;
    double walk_value = rt_walk_signed_edge(P, L, Vi, Vj, &walk_exact, &walk_moved, &walk_accurate);
    int reference = walk_exact_edge_sign(P, L, Vi, Vj, &moved);
    t->walk_wrong += walk_exact != sign || reference != sign || walk_moved != moved ||
                     (walk_value > 0) - (walk_value < 0) != sign;
    mpq_clears(exact, error, bound, NULL);
}

static void grid(random_state *r, int count, tally *t)
{
    for (int n = 0; n < count; ++n) {
        vec3 P = {small_integer(r, 4), small_integer(r, 4), small_integer(r, 4)};
        vec3 L = {small_integer(r, 3), small_integer(r, 3), small_integer(r, 3)};
        vec3 Vi = {small_integer(r, 4), small_integer(r, 4), small_integer(r, 4)};
        vec3 Vj = {small_integer(r, 4), small_integer(r, 4), small_integer(r, 4)};
        check_product(P, L, Vi, Vj, t);
    }
}

/* A point of the plane z = x + y with x, y of 20 bits near 2^exponent (their sum is exact). */
static vec3 on_plane(random_state *r, int exponent)
{
    double x = short_mantissa(r, 20, exponent), y = short_mantissa(r, 20, exponent - (int)(next_bits(r) % 4));
    return (vec3){x, y, x + y};
}

static void plane(random_state *r, int count, tally *t)
{
    for (int n = 0; n < count; ++n) {
        vec3 P = on_plane(r, -30), L = on_plane(r, 0), Vi = on_plane(r, 5), Vj = on_plane(r, 4);
        static const int units[6] = {0, 1, -2, 6, -24, 96}; /* how far off the plane */
        Vi.z = check_nudged(Vi.z, units[n % 6]);
        check_product(P, L, Vi, Vj, t);
    }
}

static void aimed(random_state *r, int count, tally *t)
{
    for (int n = 0; n < count; ++n) {
        double scale = ldexp(1, (int)(unit(r) * 60) - 30);
        /* P far from the vertices (tails in Vj - P) or near them (Vj - P exact, Sterbenz). */
        double reach = n % 3 == 0 ? 1.25 : 3e3 * (1 + unit(r));
        vec3 Vj = {scale * (1 + unit(r)), scale * (1 + unit(r)), scale * (1 + unit(r))};
        vec3 Vi = {Vj.x + scale * (unit(r) - 0.5), Vj.y + scale * (unit(r) - 0.5), Vj.z + scale * (unit(r) - 0.5)};
        vec3 P = {Vj.x * reach * (1 + unit(r)), -Vj.y * reach * unit(r), Vj.z * reach * (unit(r) - 0.5)};
        if (n % 3 == 0)
            P = (vec3){Vj.x * (1 + 0.25 * unit(r)), Vj.y * (1 - 0.25 * unit(r)), Vj.z * (1 + 0.25 * unit(r))};
        vec3 L = {Vj.x - P.x, Vj.y - P.y, Vj.z - P.z};
        check_product(P, L, Vi, Vj, t);
        check_product(P, L, Vj, Vi, t);
    }
}

static void near_edge(random_state *r, int count, tally *t)
{
    for (int n = 0; n < count; ++n) {
        double u[12];
        for (int k = 0; k < 12; ++k)
            u[k] = unit(r);
        double scale = ldexp(1, (int)(u[11] * 330) - 130);
        vec3 Vi = {scale * (u[0] - 0.5), scale * (u[1] - 0.5), scale * (u[2] - 0.5)};
        vec3 Vj = {scale * (u[3] - 0.5), scale * (u[4] - 0.5), scale * (u[5] - 0.5)};
        double s = n % 3 == 0 ? 0 : u[6];
        vec3 X = {Vi.x + s * (Vj.x - Vi.x), Vi.y + s * (Vj.y - Vi.y), Vi.z + s * (Vj.z - Vi.z)};
        vec3 P = {check_nudged(X.x - scale * (u[7] + 1), n % 5 - 2), X.y - scale * 3 * u[8], X.z + scale * 2 * u[9]};
        vec3 Q = {check_nudged(X.x, (int)(u[10] * 3) - 1), X.y, X.z};
        vec3 L = {Q.x - P.x, Q.y - P.y, Q.z - P.z};
        check_product(P, L, Vi, Vj, t);
    }
}

static void from_vertex(random_state *r, int count, tally *t)
{
    for (int n = 0; n < count; ++n) {
        vec3 Vi = {unit(r) + 1e-3, unit(r) * 1e5, unit(r) - 0.5};
        vec3 Vj = {unit(r), unit(r) * 1e5, unit(r) - 0.5};
        vec3 L = {unit(r) - 0.5, unit(r) - 0.5, unit(r) - 0.5};
        check_product(Vi, L, Vi, Vj, t);
        check_product(Vj, L, Vi, Vj, t);
    }
}

int main(void)
{
    random_state r = {2024};
    tally t = {{0, 0, 0, 0}, 0, 0, 0, 0, 0, 0, 0};
    grid(&r, 4000, &t);
    plane(&r, 4000, &t);
    aimed(&r, 4000, &t);
    near_edge(&r, 8000, &t);
    from_vertex(&r, 1000, &t);
    int total = t.decided[0] + t.decided[1] + t.decided[2] + t.decided[3];
    printf("%d products, %d exactly 0: full expansion %d, stage B without tails %d, stage B %d, stage C %d\n", total,
           t.zeros, t.decided[RT_STAGE_NONE], t.decided[RT_STAGE_EXACT], t.decided[RT_STAGE_B], t.decided[RT_STAGE_C]);
    CHECK(t.zeros > total / 10, "the inputs hold exact zeros (%d of %d)", t.zeros, total);
    CHECK(t.decided[RT_STAGE_EXACT] > 1000 && t.decided[RT_STAGE_B] > 1000 && t.decided[RT_STAGE_C] > 1000 &&
              t.decided[RT_STAGE_NONE] > 300,
          "every stage decides some products and leaves the full expansion some");
    CHECK(t.wrong_sign == 0, "%d products decided by a stage with a sign other than GMP's", t.wrong_sign);
    CHECK(t.inaccurate == 0, "%d values of stage B without tails off by more than 2^-52 relatively", t.inaccurate);
    CHECK(t.walk_wrong == 0, "%d signed edges of the walk differ from GMP's sign or tie-rule sign", t.walk_wrong);
    CHECK(t.staged > total * 9 / 10 && t.unbounded == 0,
          "the stages bound %d of %d values, %d of them off by more than their bound", t.staged, total, t.unbounded);
    CHECK(t.tight > t.staged / 2, "the stages' bounds are within 2^-40 of the value for %d of %d", t.tight, t.staged);
    return check_summary("test_expansion_stages");
}
