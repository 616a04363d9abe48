/* algorithms_simd.h: thesis Algorithm 1 (form 0) vectorised across pairs, in the precision of
 * the translation unit that includes it (algorithms_simd.c: double, algorithms_simd_float.c:
 * RT_SINGLE). Private to those two files.
 *
 * The body is rt_form0_body() of rt_algorithms.h in its branch-free mode, so the arithmetic is
 * form 0's, operation for operation (hits come out bit for bit as pluecker0's and stp0's).
 * Pairs go through a block at a time: their 18 coordinates are copied into one array per
 * coordinate, a loop over the block's lanes runs the body (the loop the compiler vectorises:
 * unit-stride loads and stores, no branches), and the results are copied back. The block
 * (16 pairs, 3.75 KiB) stays in the L1 cache, so the two copies cost cache bandwidth only.
 *
 * On x86-64 with gcc the batch function is compiled three times (target_clones): for the
 * baseline (SSE2, 2 doubles a vector), x86-64-v3 (AVX2, 4) and x86-64-v4 (AVX-512, 8); the
 * loader picks the best the CPU has. The files build with -fno-trapping-math (Makefile): with it gcc may
 * compute both sides of a select, which it must to vectorise; no value changes. */
#ifndef RAYTETRA_ALGORITHMS_SIMD_H
#define RAYTETRA_ALGORITHMS_SIMD_H

/* rt_form0_body runs in vector lanes here: its selects must stay selects (rt_face_point_at). */
#define RT_LANES 1
#include "cpu/algorithms_wrap.h"

#define SIMD_CLONES WRAP_CLONES("default", "arch=x86-64-v3", "arch=x86-64-v4")

/* Non-temporal stores (SSE2's movntdq/movntpd) where the target has them; elsewhere the streamed
 * batch is the cached one. */
#if defined(__x86_64__) && defined(__SSE2__)
#include <emmintrin.h>
#include <stdint.h>
#define SIMD_STREAMS 1
#else
#define SIMD_STREAMS 0
#endif

#ifdef __clang__
/* clang 14 vectorises the double loops but not the float ones (it keeps the ABI's <2 x float>
 * halves of rt_vec3f); it warns where `omp simd` is not honoured, which is no error here:
 * `make vectorisation-report` shows what was vectorised. */
#pragma clang diagnostic ignored "-Wpass-failed"
#endif

/* 16 pairs: the whole block (30 rows of 16 doubles) then spans less than 4 KiB. With 64 pairs
 * (15 KiB) stp0v ran at half the speed (dev machine, AMD EPYC, 1,000,000 pairs: 34-35 million
 * tests a second against 61-62 with 16, 59 with 8, 52-54 with 24 or 32), most likely because
 * rows 4 KiB apart alias in the processor's store-to-load check (docs/PERFORMANCE.md). */
#define SIMD_BLOCK 16

/* Rows of a block: inputs V0..V3, P, L (x, y, z each), outputs of the contract. */
enum {
    SIMD_V0 = 0,
    SIMD_P = 12,
    SIMD_L = 15,
    SIMD_INPUTS = 18,
    SIMD_ENTER_POINT = 0,
    SIMD_LEAVE_POINT = 3,
    SIMD_U_ENTER1 = 6,
    SIMD_U_ENTER2,
    SIMD_U_LEAVE1,
    SIMD_U_LEAVE2,
    SIMD_T_ENTER,
    SIMD_T_LEAVE,
    SIMD_ENTER_FACE,
    SIMD_LEAVE_FACE,
    SIMD_OUTPUTS
};

typedef struct simd_block {
    double in[SIMD_INPUTS][SIMD_BLOCK];
    double out[SIMD_OUTPUTS][SIMD_BLOCK];
} simd_block;

static inline void simd_put(simd_block *b, int row, int lane, vec3 v)
{
    b->in[row][lane] = v.x;
    b->in[row + 1][lane] = v.y;
    b->in[row + 2][lane] = v.z;
}

/* Output rows of a block (simd_block's, or another lane loop's: algorithms_badouelb_simd.c). */
typedef double simd_rows[SIMD_BLOCK];

static inline vec3 simd_get(const simd_rows *out, int row, int lane)
{
    vec3 v = {out[row][lane], out[row + 1][lane], out[row + 2][lane]};
    return v;
}

/* Pairs into lanes 0..n-1; lanes n.. get zeros (computed, never read). L = Q - P in double, as
 * pair_direction() computes it for every other algorithm. The pairs' lanes are copied with no
 * test of n inside (every block but the last is full): a select per coordinate and the loop
 * over the vertices cost as many instructions as the copy itself. */
static inline void simd_load(simd_block *b, const ray_tetra_pair *pairs, int n)
{
    for (int lane = 0; lane < n; ++lane) {
        const ray_tetra_pair *p = &pairs[lane];
        simd_put(b, SIMD_V0, lane, p->vert[0]);
        simd_put(b, SIMD_V0 + 3, lane, p->vert[1]);
        simd_put(b, SIMD_V0 + 6, lane, p->vert[2]);
        simd_put(b, SIMD_V0 + 9, lane, p->vert[3]);
        simd_put(b, SIMD_P, lane, p->orig);
        simd_put(b, SIMD_L, lane, pair_direction(p));
    }
    for (int row = 0; row < SIMD_INPUTS; ++row)
        for (int lane = n; lane < SIMD_BLOCK; ++lane)
            b->in[row][lane] = 0;
}

/* Lanes 0..n-1 of output rows `out` into results; returns whether any of them hits. */
static inline int simd_store_rows(const simd_rows *out, ray_tetra_result *results, int n)
{
    int any = 0;
    for (int lane = 0; lane < n; ++lane) {
        ray_tetra_result *r = &results[lane];
        r->enter_face = (int)out[SIMD_ENTER_FACE][lane];
        r->leave_face = (int)out[SIMD_LEAVE_FACE][lane];
        r->hit = r->enter_face >= 0;
        r->enter_point = simd_get(out, SIMD_ENTER_POINT, lane);
        r->leave_point = simd_get(out, SIMD_LEAVE_POINT, lane);
        r->u_enter1 = out[SIMD_U_ENTER1][lane];
        r->u_enter2 = out[SIMD_U_ENTER2][lane];
        r->u_leave1 = out[SIMD_U_LEAVE1][lane];
        r->u_leave2 = out[SIMD_U_LEAVE2][lane];
        r->t_enter = out[SIMD_T_ENTER][lane];
        r->t_leave = out[SIMD_T_LEAVE][lane];
        any |= r->hit;
    }
    return any;
}

/* Lanes 0..n-1 of the block into results; returns whether any of them hits. */
static inline int simd_store(const simd_block *b, ray_tetra_result *results, int n)
{
    return simd_store_rows(b->out, results, n);
}

static inline rt_vec3 simd_in(const simd_block *b, int row, int lane)
{
    return rt_v((rt_real)b->in[row][lane], (rt_real)b->in[row + 1][lane], (rt_real)b->in[row + 2][lane]);
}

static inline void simd_out3(simd_rows *out, int row, int lane, rt_vec3 v)
{
    out[row][lane] = (double)v.x;
    out[row + 1][lane] = (double)v.y;
    out[row + 2][lane] = (double)v.z;
}

/* One lane's record into output rows `out`, its faces (reals, -1 on a miss) from `faces`. */
RT_INLINE void simd_out_record(simd_rows *out, int lane, const rt_hit *h, const rt_real faces[2])
{
    simd_out3(out, SIMD_ENTER_POINT, lane, h->enter_point);
    simd_out3(out, SIMD_LEAVE_POINT, lane, h->leave_point);
    out[SIMD_U_ENTER1][lane] = (double)h->u_enter1;
    out[SIMD_U_ENTER2][lane] = (double)h->u_enter2;
    out[SIMD_U_LEAVE1][lane] = (double)h->u_leave1;
    out[SIMD_U_LEAVE2][lane] = (double)h->u_leave2;
    out[SIMD_T_ENTER][lane] = (double)h->t_enter;
    out[SIMD_T_LEAVE][lane] = (double)h->t_leave;
    out[SIMD_ENTER_FACE][lane] = (double)faces[0];
    out[SIMD_LEAVE_FACE][lane] = (double)faces[1];
}

/* The pair in `lane`, prepared for form 0 (stp: 1 STP, 0 Plücker). */
RT_INLINE rt_tetra simd_prepare(const simd_block *b, int lane, int stp)
{
    return rt_prepare(simd_in(b, SIMD_P, lane), simd_in(b, SIMD_L, lane), simd_in(b, SIMD_V0, lane),
                      simd_in(b, SIMD_V0 + 3, lane), simd_in(b, SIMD_V0 + 6, lane), simd_in(b, SIMD_V0 + 9, lane),
                      stp);
}

/* One lane: form 0 on the pair in `lane` (stp: 1 STP, 0 Plücker). */
RT_INLINE void simd_lane(simd_block *b, int lane, int stp)
{
    rt_tetra t = simd_prepare(b, lane, stp);
    rt_hit h;
    rt_real faces[2];
    rt_form0_body(&t, &h, faces);
    simd_out_record(b->out, lane, &h, faces);
}

/* Whether the pair in `lane` hits (rt_form0_hits: the decision alone). */
RT_INLINE int simd_lane_hits(const simd_block *b, int lane, int stp)
{
    rt_tetra t = simd_prepare(b, lane, stp);
    return rt_form0_hits(&t);
}

/* A block where no lane hits: every result the miss record that simd_store would write (faces
 * -1, every real 0), without reading the block. */
static inline void simd_store_misses(ray_tetra_result *results, int n)
{
    static const vec3 ZERO;
    for (int lane = 0; lane < n; ++lane) {
        ray_tetra_result *r = &results[lane];
        r->hit = 0;
        r->enter_face = r->leave_face = -1;
        r->enter_point = r->leave_point = ZERO;
        r->u_enter1 = r->u_enter2 = r->u_leave1 = r->u_leave2 = r->t_enter = r->t_leave = 0;
    }
}

#if SIMD_STREAMS
/* One record written past the caches: seven 16-byte non-temporal stores, whole lines once the
 * next record fills them (112 = 7 x 16; `r` 16-byte aligned). The faces and `hit`, then the
 * twelve reals in record order, two a store (the 4 bytes of `uncertain` 0 as in every CPU
 * record). The reals are passed as vectors, not an array: gcc kept an array on the stack, and
 * reading 16 bytes just written as two 8-byte halves stalled every store (stp0v at 43 million
 * tests a second against 61 cached, dev machine). */
static inline void simd_stream_record(ray_tetra_result *r, int hit, int enter_face, int leave_face, __m128d x01,
                                      __m128d x23, __m128d x45, __m128d x67, __m128d x89, __m128d x1011)
{
    char *to = (char *)(void *)r;
    _mm_stream_si128((__m128i *)(void *)to, _mm_set_epi32(0, leave_face, enter_face, hit));
    _mm_stream_pd((double *)(void *)(to + 16), x01);
    _mm_stream_pd((double *)(void *)(to + 32), x23);
    _mm_stream_pd((double *)(void *)(to + 48), x45);
    _mm_stream_pd((double *)(void *)(to + 64), x67);
    _mm_stream_pd((double *)(void *)(to + 80), x89);
    _mm_stream_pd((double *)(void *)(to + 96), x1011);
}

/* Rows `row` and `row + 1` of the block's outputs in `lane`, low then high. */
#define SIMD_OUT2(b, row, lane) _mm_set_pd((b)->out[(row) + 1][lane], (b)->out[row][lane])

/* simd_store with non-temporal stores (rows 0..11 are the reals in record order). */
static inline int simd_stream(const simd_block *b, ray_tetra_result *results, int n)
{
    int any = 0;
    for (int lane = 0; lane < n; ++lane) {
        int enter_face = (int)b->out[SIMD_ENTER_FACE][lane], hit = enter_face >= 0;
        simd_stream_record(&results[lane], hit, enter_face, (int)b->out[SIMD_LEAVE_FACE][lane],
                           SIMD_OUT2(b, 0, lane), SIMD_OUT2(b, 2, lane), SIMD_OUT2(b, 4, lane),
                           SIMD_OUT2(b, 6, lane), SIMD_OUT2(b, 8, lane), SIMD_OUT2(b, 10, lane));
        any |= hit;
    }
    return any;
}

/* simd_store_misses with non-temporal stores. */
static inline void simd_stream_misses(ray_tetra_result *results, int n)
{
    __m128d zero = _mm_setzero_pd();
    for (int lane = 0; lane < n; ++lane)
        simd_stream_record(&results[lane], 0, -1, -1, zero, zero, zero, zero, zero, zero);
}

/* Whether `results` can be streamed into (16-byte aligned; every record then is). */
#define SIMD_STREAMABLE(results) (((uintptr_t)(void *)(results) & 15) == 0)
#define SIMD_STREAM_END _mm_sfence() /* the records visible before whatever follows the batch */
#else
#define simd_stream simd_store
#define simd_stream_misses simd_store_misses
#define SIMD_STREAMABLE(results) 1
#define SIMD_STREAM_END ((void)0)
#endif

/* Form 0 vectorised as `name`: the contract function runs the same branch-free body on its
 * one pair; the batch function runs it a block at a time. After a block in which no line hit,
 * the next block is first only decided (rt_form0_hits: the twelve products and their signs),
 * and computed whole only if a lane hits; a block of misses is then written as misses without
 * the points' arithmetic. Where lines miss in runs (1,000,000 pairs at 0% hits, dev machine)
 * stp0v ran 1.3x as fast; where hits are spread, nearly every block has one, the decision is
 * never run alone, and the forms ran within 0-4% of their speed without it
 * (docs/PERFORMANCE.md). Out of line, the decision and the misses' store cost 5-9% there. The
 * results are the same either way. A second batch function, name_streamed, writes the same
 * records with non-temporal stores (simd_stream; cpu_record_stores in cpu/algorithms.h says
 * when the runs take it). */
#define WRAP_SIMD_FORM0(name, stp)                                                                                \
    RAY_TETRA_ALGORITHM(name)                                                                                     \
    {                                                                                                             \
        rt_tetra t = rt_prepare(wrap_in(*orig), wrap_in(*dir), wrap_in(vert[0]), wrap_in(vert[1]),                \
                                wrap_in(vert[2]), wrap_in(vert[3]), stp);                                         \
        rt_hit h;                                                                                                 \
        rt_real faces[2];                                                                                         \
        int hit = rt_form0_body(&t, &h, faces);                                                                   \
        return wrap_export(hit, &h, WRAP_EXPORT_ARGS);                                                            \
    }                                                                                                             \
    SIMD_CLONES RAY_TETRA_BATCH(name) { WRAP_SIMD_BATCH_LOOP(stp, simd_store, simd_store_misses); }               \
    /* The same records written past the caches (docs/PERFORMANCE.md, "Streamed records"). */                     \
    SIMD_CLONES RAY_TETRA_BATCH(name##_streamed)                                                                  \
    {                                                                                                             \
        if (!SIMD_STREAMABLE(results)) {                                                                          \
            name##_batch(pairs, results, count);                                                                  \
            return;                                                                                               \
        }                                                                                                         \
        WRAP_SIMD_BATCH_LOOP(stp, simd_stream, simd_stream_misses);                                               \
        SIMD_STREAM_END;                                                                                          \
    }

/* The loop of WRAP_SIMD_FORM0's batch functions, storing with STORE and STORE_MISSES. */
#define WRAP_SIMD_BATCH_LOOP(stp, STORE, STORE_MISSES)                                                            \
    do {                                                                                                          \
        simd_block b;                                                                                             \
        int missed = 0; /* the last block had no hit: decide this one first (see above) */                        \
        for (size_t first = 0; first < count; first += SIMD_BLOCK) {                                              \
            int n = count - first < SIMD_BLOCK ? (int)(count - first) : SIMD_BLOCK;                               \
            simd_load(&b, pairs + first, n);                                                                      \
            if (missed) {                                                                                         \
                int any = 0;                                                                                      \
                _Pragma("omp simd reduction(|:any)") for (int lane = 0; lane < SIMD_BLOCK; ++lane) any |=         \
                    simd_lane_hits(&b, lane, stp) & (lane < n);                                                   \
                if (!any) {                                                                                       \
                    STORE_MISSES(results + first, n);                                                             \
                    continue;                                                                                     \
                }                                                                                                 \
            }                                                                                                     \
            _Pragma("omp simd") for (int lane = 0; lane < SIMD_BLOCK; ++lane) simd_lane(&b, lane, stp);           \
            missed = !STORE(&b, results + first, n);                                                              \
        }                                                                                                         \
    } while (0)

#endif
