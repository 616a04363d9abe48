/* algorithms_badouelb_simd.h: the branch-free Badouel (kernels/shared/rt_badouelb.h) vectorised
 * across pairs, in the precision of the translation unit that includes it
 * (algorithms_badouelb_simd.c: double, algorithms_badouelb_simd_float.c: RT_SINGLE). Private to
 * those two files.
 *
 * Lanes over pairs, as the SIMD form 0 (algorithms_simd.h: its blocks, clones and output rows):
 * a block of 16 pairs is copied into one row per input (P, L and the 16 reals of the plane
 * table, in the build's precision), a loop over the lanes runs rt_badouelb_finish, the body
 * every other badouelb runs, and the rows go back as records. Lanes over the four faces were
 * the other choice (the table's x[4], y[4], z[4], d[4] are one vector each): docs/PERFORMANCE.md,
 * "The field's tests", says why pairs. The results are badouelb's, bit for bit. */
#ifndef RAYTETRA_ALGORITHMS_BADOUELB_SIMD_H
#define RAYTETRA_ALGORITHMS_BADOUELB_SIMD_H

#include "cpu/algorithms_simd.h"
#include "rt_badouelb.h"

/* The plane tables (algorithms_field.c; badouelb's). */
void WRAP_NAME(badouelb_tables)(const ray_tetra_pair *pairs, void *table, size_t count);

/* Input rows of a block: P, L (x, y, z each), then the table. */
enum { BADOUELB_P = 0, BADOUELB_L = 3, BADOUELB_TABLE = 6, BADOUELB_INPUTS = 6 + RT_TABLE_BADOUELB };

typedef struct badouelb_block {
    rt_real in[BADOUELB_INPUTS][SIMD_BLOCK];
    double out[SIMD_OUTPUTS][SIMD_BLOCK];
} badouelb_block;

static inline void badouelb_put(badouelb_block *b, int row, int lane, vec3 v)
{
    b->in[row][lane] = (rt_real)v.x;
    b->in[row + 1][lane] = (rt_real)v.y;
    b->in[row + 2][lane] = (rt_real)v.z;
}

/* Pair `lane`'s line and table into the block. */
static inline void badouelb_load(badouelb_block *b, int lane, const ray_tetra_pair *p, const rt_real *table)
{
    badouelb_put(b, BADOUELB_P, lane, p->orig);
    badouelb_put(b, BADOUELB_L, lane, pair_direction(p));
    for (int k = 0; k < RT_TABLE_BADOUELB; ++k)
        b->in[BADOUELB_TABLE + k][lane] = table[k];
}

/* Lanes n.. get zeros (computed, never read). */
static inline void badouelb_clear(badouelb_block *b, int n)
{
    for (int row = 0; row < BADOUELB_INPUTS; ++row)
        for (int lane = n; lane < SIMD_BLOCK; ++lane)
            b->in[row][lane] = 0;
}

static inline rt_vec3 badouelb_in(const badouelb_block *b, int row, int lane)
{
    return rt_v(b->in[row][lane], b->in[row + 1][lane], b->in[row + 2][lane]);
}

/* Face f's numbers in `lane`. */
RT_INLINE rt_badouelb_face badouelb_face(const badouelb_block *b, int lane, int f, rt_vec3 P, rt_vec3 L)
{
    const rt_real(*t)[SIMD_BLOCK] = b->in + BADOUELB_TABLE;
    return rt_badouelb_face_at(t[RT_BADOUELB_X + f][lane], t[RT_BADOUELB_Y + f][lane], t[RT_BADOUELB_Z + f][lane],
                               t[RT_BADOUELB_D + f][lane], P, L);
}

/* One lane: the test on the pair in `lane`. */
RT_INLINE void badouelb_lane(badouelb_block *b, int lane)
{
    rt_vec3 P = badouelb_in(b, BADOUELB_P, lane), L = badouelb_in(b, BADOUELB_L, lane);
    rt_hit h;
    rt_real faces[2];
    rt_badouelb_finish(P, L, badouelb_face(b, lane, 0, P, L), badouelb_face(b, lane, 1, P, L),
                       badouelb_face(b, lane, 2, P, L), badouelb_face(b, lane, 3, P, L), &h, faces);
    simd_out_record(b->out, lane, &h, faces);
}

/* Every block of pairs: pair i's table at tables + i * RT_TABLE_BADOUELB, or (tables NULL)
 * computed into the block's rows as the pair is loaded. */
static inline void badouelb_blocks(const ray_tetra_pair *pairs, const rt_real *tables, ray_tetra_result *results,
                                   size_t count)
{
    badouelb_block b;
    for (size_t first = 0; first < count; first += SIMD_BLOCK) {
        int n = count - first < SIMD_BLOCK ? (int)(count - first) : SIMD_BLOCK;
        for (int lane = 0; lane < n; ++lane) {
            rt_real own[RT_TABLE_BADOUELB];
            if (!tables)
                WRAP_NAME(badouelb_tables)(&pairs[first + lane], own, 1);
            badouelb_load(&b, lane, &pairs[first + lane],
                          tables ? tables + (first + lane) * RT_TABLE_BADOUELB : own);
        }
        badouelb_clear(&b, n);
        _Pragma("omp simd") for (int lane = 0; lane < SIMD_BLOCK; ++lane) badouelb_lane(&b, lane);
        simd_store_rows((const simd_rows *)b.out, results + first, n);
    }
}

/* The entry points of badouelbv named `name`: the contract (one pair, rt_badouelb_lines on its
 * table), the batch of both parts, the per-line batch over the tables and the cpu_precomputed
 * view (the tables are badouelb's). */
#define WRAP_BADOUELB_SIMD(name)                                                                                  \
    RAY_TETRA_ALGORITHM(name)                                                                                     \
    {                                                                                                             \
        ray_tetra_pair pair = {.orig = *orig};                                                                    \
        for (int k = 0; k < 4; ++k)                                                                               \
            pair.vert[k] = vert[k];                                                                               \
        rt_real table[RT_TABLE_BADOUELB];                                                                         \
        WRAP_NAME(badouelb_tables)(&pair, table, 1);                                                              \
        rt_hit h;                                                                                                 \
        rt_real faces[2];                                                                                         \
        int hit = rt_badouelb_lines(wrap_in(*orig), wrap_in(*dir), table, &h, faces);                             \
        return wrap_export(hit, &h, WRAP_EXPORT_ARGS);                                                            \
    }                                                                                                             \
    SIMD_CLONES RAY_TETRA_BATCH(name) { badouelb_blocks(pairs, NULL, results, count); }                           \
    SIMD_CLONES static void name##_lines(const ray_tetra_pair *pairs, const void *table, ray_tetra_result *results, \
                                         size_t count)                                                            \
    {                                                                                                             \
        badouelb_blocks(pairs, (const rt_real *)table, results, count);                                          \
    }                                                                                                             \
    const cpu_precomputed name##_precomputed = {RT_TABLE_BADOUELB * sizeof(rt_real), WRAP_NAME(badouelb_tables),  \
                                                name##_lines};

#endif
