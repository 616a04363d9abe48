/* gpu_kernel.h: the contract between the OpenCL kernels (the .cl files in kernels/) and the host
 * (gpu_handler.c): the buffer layouts and, in OpenCL C only, the body that every kernel runs for
 * its pair. Valid C11 and OpenCL C 1.2, so that both sides compile the same layout.
 *
 * Input buffer: the pairs exactly as the host holds them (ray_tetra_pair, pairs.h): 18 doubles
 * per pair, V0 V1 V2 V3 P Q (x y z each); the kernel computes L = Q - P.
 * Output buffer: one ray_tetra_result per pair (rt_result.h: the 112-byte record the CPU
 * algorithms and the binary result format share; its `uncertain` field carries the robust
 * kernel's flags). On a miss every real is 0.
 *
 * Build options the host may add (gpu_handler.c; all off = the thesis' layout and record):
 *   -DRT_SINGLE          float arithmetic (rt_math.h): the GPU_*F algorithms. The buffers stay
 *                        as above (the file's doubles in, double records out): P, the vertices
 *                        and L = Q - P (a double difference) are rounded to float once on load,
 *                        as the CPU float variants do, and each result widened on store, so a
 *                        float build measures float arithmetic, not float bandwidth.
 *   -DRT_LAYOUT_SOA      input as structure of arrays: 18 arrays of `count` doubles, component c
 *                        (0..17 in the order above) of pair i at pairs[c * count + i], so that
 *                        neighbouring work-items read neighbouring doubles (coalesced on GPUs).
 *   -DRT_OUTPUT_LEVEL=n  2 (default): the 112-byte record (rt_result.h); 1: rt_gpu_result_faces (24
 *                        bytes: hit, faces, t); 0: one byte per pair, 1 = hit. The kernels'
 *                        results argument keeps its declared type; the body writes the compact
 *                        records through a cast, so every kernel file serves every level.
 *   -DRT_RESULT_SOA      the records of levels 2 and 1 as structure of arrays, one array of
 *                        `count` per field in the record's order (the same bytes per pair):
 *                        level 2: int hit, enter_face, leave_face, uncertain, then double
 *                        enter_point x y z, leave_point x y z, u_enter1, u_enter2, u_leave1,
 *                        u_leave2, t_enter, t_leave (field f of pair i: ints[f * count + i],
 *                        reals[f * count + i] with reals starting at byte 16 * count); level 1:
 *                        double t_enter, t_leave, int hit, short enter_face, leave_face. Each
 *                        store of a warp then fills whole memory segments, where a 112-byte
 *                        record per work-item scatters them (docs/PERFORMANCE.md). The host
 *                        rearranges them into records after the read (gpu_layout.c). Level 0 is
 *                        one array already.
 *   -DRT_EXTENT=n        0 (default): the line; 1: the ray; 2: the segment (rt_extent.h,
 *                        docs/SPECIFICATION.md section 9): each hit clipped by the kernel's own t
 *                        before the store; a clipped side has face -1, t 0 or 1, u 0 0 and the
 *                        point P or Q as the file gives it. The robust kernel takes no extent:
 *                        the host clips its lines exactly (gpu_handler.c).
 * The precomputed forms (RayTetraPrecomputed.cl, docs/ALGORITHMS.md) have a third buffer, the
 * tables: RT_GPU_TABLE_REALS(stp) reals of the build's precision per pair, one pair's after the
 * other whatever the layout. A first kernel fills it from the pairs (pairs in, tables out:
 * the same three arguments as every kernel), the timed kernel reads it as a fourth argument.
 * Several pairs per work-item need no option: each work-item takes pairs get_global_id(0),
 * + get_global_size(0), ... (grid stride), so the host picks the count through the global size. */
#ifndef RAYTETRA_GPU_KERNEL_H
#define RAYTETRA_GPU_KERNEL_H

#include "rt_result.h"
#include "vec3.h"

#define RT_GPU_PAIR_DOUBLES 18
#define RT_GPU_RESULT_FACES_BYTES 24

/* The record of output level 1: what an application that needs faces and distances uses. */
typedef struct rt_gpu_result_faces {
    double t_enter, t_leave; /* 0 on a miss */
    int hit;
    short enter_face, leave_face; /* -1 on a miss */
} rt_gpu_result_faces;

/* The level-1 record of one result, the kernels' and the CPU runs' (gpu_layout_pack): a miss has
 * faces -1 and t 0, whatever the algorithm left in them. */
static inline rt_gpu_result_faces rt_gpu_faces_record(int is_hit, int enter_face, int leave_face, double t_enter,
                                                      double t_leave)
{
    rt_gpu_result_faces r;
    r.hit = is_hit;
    r.enter_face = (short)(is_hit ? enter_face : -1);
    r.leave_face = (short)(is_hit ? leave_face : -1);
    r.t_enter = is_hit ? t_enter : 0;
    r.t_leave = is_hit ? t_leave : 0;
    return r;
}

#ifdef __OPENCL_C_VERSION__

#pragma OPENCL EXTENSION cl_khr_fp64 : enable
/* No fused multiply-add: the CPU build (ISO C, -ffp-contract=off by default) rounds every
 * product, and the kernels must take the same signs as the CPU forms on near-zero products. */
#pragma OPENCL FP_CONTRACT OFF

#include "rt_precomputed.h"

/* Reals of one pair's table of a precomputed form (rt_algorithms.h), in the build's precision. */
#define RT_GPU_TABLE_REALS(stp) ((stp) ? RT_TABLE_STP : RT_TABLE_PLUECKER)

#ifndef RT_OUTPUT_LEVEL
#define RT_OUTPUT_LEVEL 2
#endif

#ifndef RT_EXTENT
#define RT_EXTENT 0
#endif
#include "rt_extent.h"

#ifdef RT_LAYOUT_SOA
/* Vertex or point k (0..5) of pair i: three arrays of `count` doubles. */
static inline rt_vec3 rt_gpu_point(__global const double *pairs, size_t i, ulong count, int k)
{
    return rt_v(pairs[(3 * k) * count + i], pairs[(3 * k + 1) * count + i], pairs[(3 * k + 2) * count + i]);
}
#else
static inline rt_vec3 rt_gpu_point(__global const double *pairs, size_t i, ulong count, int k)
{
    (void)count;
    __global const double *p = pairs + i * RT_GPU_PAIR_DOUBLES + 3 * k;
    return rt_v(p[0], p[1], p[2]);
}
#endif

/* Coordinate c (0..17, V0 V1 V2 V3 P Q) of pair i, in double, in either layout. */
static inline double rt_gpu_coordinate(__global const double *pairs, size_t i, ulong count, int c)
{
#ifdef RT_LAYOUT_SOA
    return pairs[c * count + i];
#else
    (void)count;
    return pairs[i * RT_GPU_PAIR_DOUBLES + c];
#endif
}

/* L = Q - P computed in double, then rounded to the algorithm's precision: a float build rounds
 * L once, as the CPU float variants do (algorithms_wrap.h), rather than P and Q apart (which
 * would lose most of L far from the origin). In a double build this is rt_sub(Q, P). */
static inline rt_vec3 rt_gpu_direction(__global const double *pairs, size_t i, ulong count)
{
    return rt_v((rt_real)(rt_gpu_coordinate(pairs, i, count, 15) - rt_gpu_coordinate(pairs, i, count, 12)),
                (rt_real)(rt_gpu_coordinate(pairs, i, count, 16) - rt_gpu_coordinate(pairs, i, count, 13)),
                (rt_real)(rt_gpu_coordinate(pairs, i, count, 17) - rt_gpu_coordinate(pairs, i, count, 14)));
}

/* A point of the algorithm's precision in the record's doubles (the identity in double; a float
 * build, -DRT_SINGLE, widens exactly). */
static inline vec3 rt_gpu_widen(rt_vec3 v)
{
    vec3 r;
    r.x = v.x;
    r.y = v.y;
    r.z = v.z;
    return r;
}

#if RT_OUTPUT_LEVEL == 2
/* Pair i's full record (rt_result.h): zeros and faces -1 on a miss. */
static inline ray_tetra_result rt_gpu_full_record(int is_hit, const rt_hit *hit)
{
    ray_tetra_result r;
    r.hit = is_hit;
    r.uncertain = 0;
    if (is_hit) {
        r.enter_face = hit->enter_face;
        r.leave_face = hit->leave_face;
        r.enter_point = rt_gpu_widen(hit->enter_point);
        r.leave_point = rt_gpu_widen(hit->leave_point);
        r.u_enter1 = hit->u_enter1;
        r.u_enter2 = hit->u_enter2;
        r.u_leave1 = hit->u_leave1;
        r.u_leave2 = hit->u_leave2;
        r.t_enter = hit->t_enter;
        r.t_leave = hit->t_leave;
    } else {
        vec3 zero = rt_gpu_widen(rt_v(0, 0, 0));
        r.enter_face = -1;
        r.leave_face = -1;
        r.enter_point = zero;
        r.leave_point = zero;
        r.u_enter1 = r.u_enter2 = r.u_leave1 = r.u_leave2 = 0;
        r.t_enter = r.t_leave = 0;
    }
    return r;
}

/* Write pair i's full record: one struct (the thesis' record), or one element of each field's
 * array (RT_RESULT_SOA). */
static inline void rt_gpu_write_full(__global ray_tetra_result *results, size_t i, ulong count,
                                     const ray_tetra_result *r)
{
#ifdef RT_RESULT_SOA
    __global int *ints = (__global int *)results;
    __global double *reals = (__global double *)(ints + 4 * count);
    ints[i] = r->hit;
    ints[count + i] = r->enter_face;
    ints[2 * count + i] = r->leave_face;
    ints[3 * count + i] = r->uncertain;
    reals[i] = r->enter_point.x;
    reals[count + i] = r->enter_point.y;
    reals[2 * count + i] = r->enter_point.z;
    reals[3 * count + i] = r->leave_point.x;
    reals[4 * count + i] = r->leave_point.y;
    reals[5 * count + i] = r->leave_point.z;
    reals[6 * count + i] = r->u_enter1;
    reals[7 * count + i] = r->u_enter2;
    reals[8 * count + i] = r->u_leave1;
    reals[9 * count + i] = r->u_leave2;
    reals[10 * count + i] = r->t_enter;
    reals[11 * count + i] = r->t_leave;
#else
    (void)count;
    results[i] = *r;
#endif
}
#endif

/* Store pair i's result in the record of the output level (and the result layout). */
static inline void rt_gpu_store(__global ray_tetra_result *results, size_t i, ulong count, int is_hit,
                                const rt_hit *hit)
{
#if RT_OUTPUT_LEVEL == 0
    (void)count;
    (void)hit;
    ((__global uchar *)results)[i] = (uchar)is_hit;
#elif RT_OUTPUT_LEVEL == 1
    rt_gpu_result_faces r = rt_gpu_faces_record(is_hit, hit->enter_face, hit->leave_face, hit->t_enter, hit->t_leave);
#ifdef RT_RESULT_SOA
    __global double *reals = (__global double *)results;
    __global int *hits = (__global int *)(reals + 2 * count);
    __global short *faces = (__global short *)(hits + count);
    reals[i] = r.t_enter;
    reals[count + i] = r.t_leave;
    hits[i] = r.hit;
    faces[i] = r.enter_face;
    faces[count + i] = r.leave_face;
#else
    (void)count;
    ((__global rt_gpu_result_faces *)results)[i] = r;
#endif
#else
    ray_tetra_result r = rt_gpu_full_record(is_hit, hit);
    rt_gpu_write_full(results, i, count, &r);
#endif
}

#if RT_EXTENT != 0
/* Point k (4: P, 5: Q) of pair i in the file's doubles: a clipped side's point, exact in every
 * precision. */
static inline vec3 rt_gpu_file_point(__global const double *pairs, size_t i, ulong count, int k)
{
    vec3 r;
    r.x = rt_gpu_coordinate(pairs, i, count, 3 * k);
    r.y = rt_gpu_coordinate(pairs, i, count, 3 * k + 1);
    r.z = rt_gpu_coordinate(pairs, i, count, 3 * k + 2);
    return r;
}
#endif

/* Store pair i's line result clipped to the extent (RT_EXTENT; the line: rt_gpu_store itself). */
static inline void rt_gpu_store_extent(__global ray_tetra_result *results, size_t i, int is_hit, rt_hit *hit,
                                       __global const double *pairs, ulong count)
{
#if RT_EXTENT == 0
    (void)pairs;
    rt_gpu_store(results, i, count, is_hit, hit);
#else
    int clip = is_hit ? RT_EXTENT_OF_T(RT_EXTENT, hit->t_enter, hit->t_leave) : 0;
    if (clip & RT_CLIP_MISS)
        is_hit = 0;
    if (clip & RT_CLIP_ENTER) {
        hit->enter_face = -1;
        hit->t_enter = 0;
        hit->u_enter1 = hit->u_enter2 = 0;
    }
    if (clip & RT_CLIP_LEAVE) {
        hit->leave_face = -1;
        hit->t_leave = 1;
        hit->u_leave1 = hit->u_leave2 = 0;
    }
#if RT_OUTPUT_LEVEL == 2
    /* A clipped side's point is the file's P or Q in double, which a float hit cannot hold: it
     * goes into the record before the record's one write. */
    ray_tetra_result r = rt_gpu_full_record(is_hit, hit);
    if (is_hit && (clip & RT_CLIP_ENTER))
        r.enter_point = rt_gpu_file_point(pairs, i, count, 4);
    if (is_hit && (clip & RT_CLIP_LEAVE))
        r.leave_point = rt_gpu_file_point(pairs, i, count, 5);
    rt_gpu_write_full(results, i, count, &r);
#else
    (void)pairs;
    rt_gpu_store(results, i, count, is_hit, hit);
#endif
#endif
}

/* The whole work of one work-item: pairs get_global_id(0), + get_global_size(0), ... below
 * `count` (grid stride: at any moment neighbouring work-items touch neighbouring pairs, which
 * GPUs coalesce), with the algorithm given by stp (0 Plücker, 1 STP) and form (0, 1, 2): the
 * plain form (tables 0), or the precomputed form reading pair i's table at
 * tables + i * RT_GPU_TABLE_REALS(stp) (rt_precomputed.h; gpu_precomputed.h fills them). The
 * table is a constant 0 in the plain kernels, so their code is what it was.
 * With one pair per work-item the global size is count padded to a multiple of the local size:
 * the padding work-items write nothing. */
static inline void rt_gpu_run_pairs(__global const double *pairs, __global ray_tetra_result *results, ulong count,
                                    __global const rt_real *tables, int stp, int form)
{
    for (size_t i = get_global_id(0); i < count; i += get_global_size(0)) {
        rt_vec3 P = rt_gpu_point(pairs, i, count, 4);
        rt_vec3 L = rt_gpu_direction(pairs, i, count);
        rt_vec3 V0 = rt_gpu_point(pairs, i, count, 0), V1 = rt_gpu_point(pairs, i, count, 1),
                V2 = rt_gpu_point(pairs, i, count, 2), V3 = rt_gpu_point(pairs, i, count, 3);
        rt_hit hit;
        int is_hit = (tables ? rt_intersect_precomputed(P, L, V0, V1, V2, V3, tables + i * RT_GPU_TABLE_REALS(stp),
                                                        stp, form, &hit)
                             : rt_intersect(P, L, V0, V1, V2, V3, stp, form, &hit)) != 0;
        rt_gpu_store_extent(results, i, is_hit, &hit, pairs, count);
    }
}

/* A precomputed form's tables, the tetrahedron's part of pairs get_global_id(0), +
 * get_global_size(0), ... below `count`: rt_precomputed.h's own functions (the CPU's), into
 * tables + i * RT_GPU_TABLE_REALS(stp). They write a private array (OpenCL C 1.2 has no
 * generic address space), copied out as it is. */
static inline void rt_gpu_precompute_tables(__global const double *pairs, __global rt_real *tables, ulong count,
                                            int stp)
{
    for (size_t i = get_global_id(0); i < count; i += get_global_size(0)) {
        rt_real table[RT_TABLE_PLUECKER]; /* the larger table */
        rt_vec3 V0 = rt_gpu_point(pairs, i, count, 0), V1 = rt_gpu_point(pairs, i, count, 1),
                V2 = rt_gpu_point(pairs, i, count, 2), V3 = rt_gpu_point(pairs, i, count, 3);
        if (stp)
            rt_precompute_stp(rt_gpu_point(pairs, i, count, 4), V0, V1, V2, V3, table);
        else
            rt_precompute_pluecker(V0, V1, V2, V3, table);
        __global rt_real *out = tables + i * RT_GPU_TABLE_REALS(stp);
        for (int k = 0; k < RT_GPU_TABLE_REALS(stp); ++k)
            out[k] = table[k];
    }
}

/* The plain forms' work of one work-item (the thesis' kernels). */
static inline void rt_gpu_run_pair(__global const double *pairs, __global ray_tetra_result *results, ulong count, int stp,
                                   int form)
{
    rt_gpu_run_pairs(pairs, results, count, 0, stp, form);
}

#endif

#endif
