/* rt_result.h: the result of one ray/tetrahedron test, the one record everything shares: the CPU
 * algorithms fill it, the kernels write it (output level all, gpu_kernel.h), and the binary
 * result format stores it field by field at the same offsets, little-endian (Common/binary_io.c).
 * Valid C11 and OpenCL C 1.2. 112 bytes without padding:
 *   offset  0  int hit              1: the line meets the tetrahedron, 0: it misses
 *   offset  4  int enter_face       0..3, -1 on a miss
 *   offset  8  int leave_face       0..3, -1 on a miss
 *   offset 12  int uncertain        0; the robust kernel (RayTetraSTP0R.cl) sets the edges whose
 *                                   sign its error filter could not decide (bit e = edge RT_E01 + e,
 *                                   rt_topology.h), for the host to decide (the compact records
 *                                   flag such a pair by their hit value: gpu_records.h); binary
 *                                   files: reserved, 0
 *   offset 16  vec3 enter_point     x y z
 *   offset 40  vec3 leave_point
 *   offset 64  double u_enter1, u_enter2, u_leave1, u_leave2, t_enter, t_leave
 * On a miss the reals are 0 where an algorithm writes them. docs/SPECIFICATION.md section 1 says
 * what each field means. */
#ifndef RAYTETRA_RT_RESULT_H
#define RAYTETRA_RT_RESULT_H

#include "vec3.h"

#define RT_RESULT_BYTES 112

typedef struct ray_tetra_result {
    int hit;
    int enter_face, leave_face;
    int uncertain;
    vec3 enter_point, leave_point;
    double u_enter1, u_enter2, u_leave1, u_leave2;
    double t_enter, t_leave;
} ray_tetra_result;

#endif
