/* vec3.h: the double-precision 3-vector used in every public interface and file.
 * Plain C and OpenCL C alike; the arithmetic on it lives in rt_math.h. */
#ifndef RAYTETRA_VEC3_H
#define RAYTETRA_VEC3_H

typedef struct vec3 {
    double x, y, z;
} vec3;

#endif
