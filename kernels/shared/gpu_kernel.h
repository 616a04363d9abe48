/* gpu_kernel.h: the contract between the OpenCL kernels (the .cl files in kernels/) and the host
 * (gpu_handler.c): the buffer layouts and, in OpenCL C only, the body that every kernel runs for
 * its pair. Valid C11 and OpenCL C 1.2, so that both sides compile the same layout.
 *
 * Input buffer: the pairs exactly as the host holds them (ray_tetra_pair, pairs.h): 18 doubles
 * per pair, V0 V1 V2 V3 P Q (x y z each); the kernel computes L = Q - P.
 * Output buffer: one ray_tetra_result per pair (rt_result.h: the 112-byte record the CPU
 * algorithms and the binary result format share; its `uncertain` field carries the robust
 * kernel's flags). On a miss every real is 0.
 * With single data (-DRT_SINGLE_DATA) both are in single precision instead (gpu_records.h).
 *
 * Build options the host may add (gpu_handler.c; all off = the thesis' layout and record):
 *   -DRT_SINGLE          float arithmetic (rt_math.h): the GPU_*F algorithms. P, the vertices
 *                        and L = Q - P (a double difference) are rounded to float once, as the
 *                        CPU float variants do: on load from the double buffers above, or by
 *                        the host with -DRT_SINGLE_DATA.
 *   -DRT_SINGLE_DATA     (float builds only, the default of --float-data) single-precision
 *                        buffers: 18 floats per pair, V0 V1 V2 V3 P L, the host having rounded
 *                        them from the file's doubles outside the timed steps (gpu_layout_input),
 *                        and records of floats (gpu_records.h: 64 bytes at level 2, 16 at
 *                        level 1). The kernel then reads and writes half the bytes and holds
 *                        no double type, so it builds without cl_khr_fp64. Without it a float
 *                        build reads the doubles above and widens its results into the double
 *                        records (--float-data double): float arithmetic, double bandwidth.
 *   -DRT_LAYOUT_SOA      input as structure of arrays: 18 arrays of `count` reals, component c
 *                        (0..17 in the order above) of pair i at pairs[c * count + i], so that
 *                        neighbouring work-items read neighbouring reals (coalesced on GPUs).
 *   -DRT_OUTPUT_LEVEL=n  2 (default): the full record (112 bytes; 64 with single data); 1: hit,
 *                        faces and t (rt_gpu_result_faces, 24 bytes; 16 with single data); 0: one
 *                        byte per pair, 1 = hit. The kernels' results argument keeps its declared
 *                        type; the body writes the compact records through a cast, so every
 *                        kernel file serves every level. The robust kernel's flag is the
 *                        `uncertain` field at level 2 and the hit value RT_GPU_HIT_UNCERTAIN at
 *                        levels 1 and 0 (gpu_records.h, rt_gpu_store_uncertain).
 *   -DRT_RESULT_SOA      the records of levels 2 and 1 as structure of arrays, one array of
 *                        `count` per field in the record's order (the same bytes per pair):
 *                        level 2: int hit, enter_face, leave_face, uncertain, then the reals
 *                        enter_point x y z, leave_point x y z, u_enter1, u_enter2, u_leave1,
 *                        u_leave2, t_enter, t_leave (field f of pair i: ints[f * count + i],
 *                        reals[f * count + i] with reals starting at byte 16 * count); level 1:
 *                        the reals t_enter, t_leave, int hit, short enter_face, leave_face. Each
 *                        store of a warp then fills whole memory segments, where a 112-byte
 *                        record per work-item scatters them (docs/PERFORMANCE.md). The host
 *                        rearranges them into records after the read (gpu_layout.c,
 *                        gpu_single.c). Level 0 is one array already.
 *   -DRT_EXTENT=n        0 (default): the line; 1: the ray; 2: the segment (rt_extent.h,
 *                        docs/SPECIFICATION.md section 9): each hit clipped by the kernel's own t
 *                        before the store; a clipped side has face -1, t 0 or 1, u 0 0 and the
 *                        point P or Q as the file gives it (with single data the host puts the
 *                        file's point in after the read). The robust kernel takes no extent:
 *                        the host clips its lines exactly (gpu_handler.c).
 * The precomputed forms (RayTetraPrecomputed.cl, docs/ALGORITHMS.md) have a third buffer, the
 * tables: RT_GPU_TABLE_REALS(stp) reals of the build's precision per pair (float in a float
 * build, whatever the data's precision), one pair's after the other whatever the layout. A
 * first kernel fills it from the pairs (pairs in, tables out: the same three arguments as every
 * kernel), the timed kernel reads it as a fourth argument.
 * Several pairs per work-item need no option: each work-item takes pairs get_global_id(0),
 * + get_global_size(0), ... (grid stride), so the host picks the count through the global size. */
#ifndef RAYTETRA_GPU_KERNEL_H
#define RAYTETRA_GPU_KERNEL_H

#include "gpu_records.h"

#ifdef __OPENCL_C_VERSION__

/* The buffers' reals, the record of each level and its points, in the data's precision. */
#ifdef RT_SINGLE_DATA
#ifndef RT_SINGLE
#error "-DRT_SINGLE_DATA (single-precision buffers) is for the float builds (-DRT_SINGLE)"
#endif
typedef float rt_gpu_real;
typedef rt_gpu_point_single rt_gpu_point3;
typedef rt_gpu_result_single rt_gpu_record;
typedef rt_gpu_result_faces_single rt_gpu_faces_record;
#else
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef double rt_gpu_real;
typedef vec3 rt_gpu_point3;
typedef ray_tetra_result rt_gpu_record;
typedef rt_gpu_result_faces rt_gpu_faces_record;
#endif
/* No fused multiply-add: the CPU build (ISO C, -ffp-contract=off by default) rounds every
 * product, and the kernels must take the same signs as the CPU forms on near-zero products. */
#pragma OPENCL FP_CONTRACT OFF

/* The level-1 record of one result in the data's precision (gpu_records.h). */
RT_GPU_FACES_RECORD_FUNCTION(rt_gpu_faces_of, rt_gpu_faces_record, rt_gpu_real)

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
/* Vertex or point k (0..5) of pair i: three arrays of `count` reals. */
static inline rt_vec3 rt_gpu_point(__global const rt_gpu_real *pairs, size_t i, ulong count, int k)
{
    return rt_v(pairs[(3 * k) * count + i], pairs[(3 * k + 1) * count + i], pairs[(3 * k + 2) * count + i]);
}
#else
static inline rt_vec3 rt_gpu_point(__global const rt_gpu_real *pairs, size_t i, ulong count, int k)
{
    (void)count;
    __global const rt_gpu_real *p = pairs + i * RT_GPU_PAIR_REALS + 3 * k;
    return rt_v(p[0], p[1], p[2]);
}
#endif

#ifdef RT_SINGLE_DATA
/* L: the host stored it in Q's place, Q - P computed in double and rounded once
 * (gpu_layout_input), so that the kernel computes on the very floats a CPU float variant does. */
static inline rt_vec3 rt_gpu_direction(__global const rt_gpu_real *pairs, size_t i, ulong count)
{
    return rt_gpu_point(pairs, i, count, 5);
}
#else
/* Coordinate c (0..17, V0 V1 V2 V3 P Q) of pair i, in double, in either layout. */
static inline double rt_gpu_coordinate(__global const double *pairs, size_t i, ulong count, int c)
{
#ifdef RT_LAYOUT_SOA
    return pairs[c * count + i];
#else
    (void)count;
    return pairs[i * RT_GPU_PAIR_REALS + c];
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
#endif

/* A point of the algorithm's precision in the record's reals (the identity when both are the
 * same; a float build with double data widens exactly). */
static inline rt_gpu_point3 rt_gpu_record_point(rt_vec3 v)
{
    rt_gpu_point3 r;
    r.x = v.x;
    r.y = v.y;
    r.z = v.z;
    return r;
}

#if RT_OUTPUT_LEVEL == 2
/* Pair i's full record (rt_result.h, or its single-precision twin): zeros and faces -1 on a miss. */
static inline rt_gpu_record rt_gpu_full_record(int is_hit, const rt_hit *hit)
{
    rt_gpu_record r;
    r.hit = is_hit;
    r.uncertain = 0;
    if (is_hit) {
        r.enter_face = hit->enter_face;
        r.leave_face = hit->leave_face;
        r.enter_point = rt_gpu_record_point(hit->enter_point);
        r.leave_point = rt_gpu_record_point(hit->leave_point);
        r.u_enter1 = hit->u_enter1;
        r.u_enter2 = hit->u_enter2;
        r.u_leave1 = hit->u_leave1;
        r.u_leave2 = hit->u_leave2;
        r.t_enter = hit->t_enter;
        r.t_leave = hit->t_leave;
    } else {
        rt_gpu_point3 zero = rt_gpu_record_point(rt_v(0, 0, 0));
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
static inline void rt_gpu_write_full(__global rt_gpu_record *results, size_t i, ulong count, const rt_gpu_record *r)
{
#ifdef RT_RESULT_SOA
    __global int *ints = (__global int *)results;
    __global rt_gpu_real *reals = (__global rt_gpu_real *)(ints + 4 * count);
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

#if RT_OUTPUT_LEVEL == 1
/* Write pair i's level-1 record: one struct, or one element of each field's array
 * (RT_RESULT_SOA). */
static inline void rt_gpu_write_faces(__global rt_gpu_record *results, size_t i, ulong count,
                                      const rt_gpu_faces_record *r)
{
#ifdef RT_RESULT_SOA
    __global rt_gpu_real *reals = (__global rt_gpu_real *)results;
    __global int *hits = (__global int *)(reals + 2 * count);
    __global short *faces = (__global short *)(hits + count);
    reals[i] = r->t_enter;
    reals[count + i] = r->t_leave;
    hits[i] = r->hit;
    faces[i] = r->enter_face;
    faces[count + i] = r->leave_face;
#else
    (void)count;
    ((__global rt_gpu_faces_record *)results)[i] = *r;
#endif
}
#endif

/* Store pair i's result in the record of the output level (and the result layout). */
static inline void rt_gpu_store(__global rt_gpu_record *results, size_t i, ulong count, int is_hit, const rt_hit *hit)
{
#if RT_OUTPUT_LEVEL == 0
    (void)count;
    (void)hit;
    ((__global uchar *)results)[i] = (uchar)is_hit;
#elif RT_OUTPUT_LEVEL == 1
    rt_gpu_faces_record r = rt_gpu_faces_of(is_hit, hit->enter_face, hit->leave_face, hit->t_enter, hit->t_leave);
    rt_gpu_write_faces(results, i, count, &r);
#else
    rt_gpu_record r = rt_gpu_full_record(is_hit, hit);
    rt_gpu_write_full(results, i, count, &r);
#endif
}

/* Store pair i as left to the host (the robust kernel: `uncertain` is its non-zero set of
 * uncertain edges, rt_result.h): at level 2 a miss with that set in the record's `uncertain`, at
 * levels 1 and 0 the hit value RT_GPU_HIT_UNCERTAIN (gpu_records.h; faces -1 and t 0 at level
 * 1). Either way the host sees the flag after the read and decides the pair exactly. */
static inline void rt_gpu_store_uncertain(__global rt_gpu_record *results, size_t i, ulong count, int uncertain)
{
#if RT_OUTPUT_LEVEL == 0
    (void)count;
    (void)uncertain;
    ((__global uchar *)results)[i] = (uchar)RT_GPU_HIT_UNCERTAIN;
#elif RT_OUTPUT_LEVEL == 1
    (void)uncertain;
    rt_gpu_faces_record r = rt_gpu_faces_of(0, -1, -1, 0, 0);
    r.hit = RT_GPU_HIT_UNCERTAIN;
    rt_gpu_write_faces(results, i, count, &r);
#else
    rt_gpu_record r = rt_gpu_full_record(0, 0);
    r.uncertain = uncertain;
    rt_gpu_write_full(results, i, count, &r);
#endif
}

#if RT_EXTENT != 0 && RT_OUTPUT_LEVEL == 2
#ifdef RT_SINGLE_DATA
/* Point k (4: P, 5: Q) of pair i as near as the floats give it (P, and P + L): the host puts the
 * file's P or Q in its place after the read (gpu_single.c), as the double data has it here. */
static inline rt_gpu_point3 rt_gpu_file_point(__global const rt_gpu_real *pairs, size_t i, ulong count, int k)
{
    rt_vec3 P = rt_gpu_point(pairs, i, count, 4);
    return rt_gpu_record_point(k == 4 ? P : rt_add(P, rt_gpu_direction(pairs, i, count)));
}
#else
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
#endif

/* Store pair i's line result clipped to the extent (RT_EXTENT; the line: rt_gpu_store itself). */
static inline void rt_gpu_store_extent(__global rt_gpu_record *results, size_t i, int is_hit, rt_hit *hit,
                                       __global const rt_gpu_real *pairs, ulong count)
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
    rt_gpu_record r = rt_gpu_full_record(is_hit, hit);
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
 * tables + i * RT_GPU_TABLE_REALS(stp) (rt_precomputed.h; rt_gpu_precompute_tables fills them). The
 * table is a constant 0 in the plain kernels, so their code is what it was.
 * With one pair per work-item the global size is count padded to a multiple of the local size:
 * the padding work-items write nothing. */
static inline void rt_gpu_run_pairs(__global const rt_gpu_real *pairs, __global rt_gpu_record *results, ulong count,
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
static inline void rt_gpu_precompute_tables(__global const rt_gpu_real *pairs, __global rt_real *tables,
                                            ulong count, int stp)
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
static inline void rt_gpu_run_pair(__global const rt_gpu_real *pairs, __global rt_gpu_record *results, ulong count,
                                   int stp, int form)
{
    rt_gpu_run_pairs(pairs, results, count, 0, stp, form);
}

#endif

#endif
