/* gpu_records.h: the buffers the kernels read and the records they write (gpu_kernel.h), in
 * both data precisions, for the host and the kernels alike (valid C11 and OpenCL C 1.2).
 *
 * Double data (every double kernel, and the float kernels with --float-data double): the pair
 * is 18 doubles, V0 V1 V2 V3 P Q (144 bytes); the records are the 112-byte ray_tetra_result
 * (rt_result.h, output level 2), rt_gpu_result_faces (24 bytes, level 1) and one byte (level 0).
 *
 * Single data (the float kernels' default, --float-data single, build option -DRT_SINGLE_DATA):
 * the pair is 18 floats, V0 V1 V2 V3 P L with L = Q - P (72 bytes; the host computes L in double
 * and rounds each coordinate once, gpu_layout_input in gpu_layout.c); the records are
 * rt_gpu_result_single (64 bytes), rt_gpu_result_faces_single (16 bytes) and one byte. A kernel built with single data
 * must build on a device without cl_khr_fp64, so its source holds no double type: the double
 * records are left out of it. */
#ifndef RAYTETRA_GPU_RECORDS_H
#define RAYTETRA_GPU_RECORDS_H

/* Coordinates of one pair, in either precision. */
#define RT_GPU_PAIR_REALS 18

#define RT_GPU_RESULT_FACES_BYTES 24

/* The hit field of the compact records (level 1's int, level 0's byte) holds 0 (miss) or 1
 * (hit) from every kernel but the robust one (RayTetraSTP0R.cl), which writes this third value
 * for a pair whose signs its error filter could not all decide: the host decides that pair
 * exactly after the read (stp0r_finish) and replaces the record's result. A value of the hit
 * field rather than an extra field, so that the flag costs no byte: the full record keeps its
 * own `uncertain` field (the set of uncertain edges, rt_result.h), but a compact record has room
 * for one bit of it only, and one bit (decide this pair on the host) is all the host needs. A
 * reserved face index would serve level 1 alone; the hit value is one rule for both levels. In
 * a flagged level-1 record the faces are -1 and t 0, as on a miss. */
#define RT_GPU_HIT_UNCERTAIN 2
#define RT_GPU_RESULT_SINGLE_BYTES 64
#define RT_GPU_RESULT_FACES_SINGLE_BYTES 16

/* The record of output level 1, what an application that needs faces and distances uses, with
 * its reals of type REAL: t 0 and faces -1 on a miss. One list for both data precisions, so that
 * their records keep one order of fields. */
#define RT_GPU_RESULT_FACES_FIELDS(REAL)                                                                          \
    REAL t_enter, t_leave;                                                                                        \
    int hit;                                                                                                      \
    short enter_face, leave_face;

/* A function NAME that makes the level-1 record RECORD (reals REAL) of one result: t 0 and
 * faces -1 on a miss, whatever the algorithm left in them. The kernels' store (in the data's
 * precision, gpu_kernel.h) and the CPU runs' records (gpu_layout_pack) are both made by it. */
#define RT_GPU_FACES_RECORD_FUNCTION(NAME, RECORD, REAL)                                                          \
    static inline RECORD NAME(int is_hit, int enter_face, int leave_face, REAL t_enter, REAL t_leave)             \
    {                                                                                                             \
        RECORD r;                                                                                                 \
        r.hit = is_hit;                                                                                           \
        r.enter_face = (short)(is_hit ? enter_face : -1);                                                         \
        r.leave_face = (short)(is_hit ? leave_face : -1);                                                         \
        r.t_enter = is_hit ? t_enter : 0;                                                                         \
        r.t_leave = is_hit ? t_leave : 0;                                                                         \
        return r;                                                                                                 \
    }

#if !(defined(__OPENCL_C_VERSION__) && defined(RT_SINGLE_DATA))
#include "rt_result.h"

typedef struct rt_gpu_result_faces {
    RT_GPU_RESULT_FACES_FIELDS(double)
} rt_gpu_result_faces;
#endif

#ifndef __OPENCL_C_VERSION__
/* The host's level-1 record of one result (the double data's). */
RT_GPU_FACES_RECORD_FUNCTION(rt_gpu_faces_of, rt_gpu_result_faces, double)
#endif

/* A point of a single-precision record. */
typedef struct rt_gpu_point_single {
    float x, y, z;
} rt_gpu_point_single;

/* Output level 2 with single data: ray_tetra_result's fields in its order, the reals as floats. */
typedef struct rt_gpu_result_single {
    int hit;
    int enter_face, leave_face;
    int uncertain; /* 0: the robust kernel, the only one that sets it, has no float build */
    rt_gpu_point_single enter_point, leave_point;
    float u_enter1, u_enter2, u_leave1, u_leave2;
    float t_enter, t_leave;
} rt_gpu_result_single;

/* Output level 1 with single data. */
typedef struct rt_gpu_result_faces_single {
    RT_GPU_RESULT_FACES_FIELDS(float)
} rt_gpu_result_faces_single;

#endif
