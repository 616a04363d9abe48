/* algorithms.h: the sequential CPU algorithms (docs/SPECIFICATION.md section 3), all with the original
 * program's contract, and the table that names them for the executables.
 *
 * Every algorithm exists in double precision (the thesis' ten, plus the robust stp0r) and in
 * single precision (name + "f", e.g. stp1f; CSV name + "F", e.g. STP1F): the float variants
 * keep the double contract, rounding their inputs to float and widening their results. */
#ifndef RAYTETRA_ALGORITHMS_H
#define RAYTETRA_ALGORITHMS_H

#include <stdbool.h>

#include "pairs.h"

/* The contract of every algorithm (docs/SPECIFICATION.md section 3). On a miss the outputs are untouched
 * except enterFace = leaveFace = -1. */
typedef bool (*ray_tetra_algorithm)(const vec3 *orig, const vec3 *dir, const vec3 vert[4], int *enterFace,
                                    int *leaveFace, vec3 *enterPoint, vec3 *leavePoint, double *uEnter1,
                                    double *uEnter2, double *uLeave1, double *uLeave2, double *tEnter,
                                    double *tLeave);

#define RAY_TETRA_ALGORITHM(name)                                                                                     \
    bool name(const vec3 *orig, const vec3 *dir, const vec3 vert[4], int *enterFace, int *leaveFace,                 \
              vec3 *enterPoint, vec3 *leavePoint, double *uEnter1, double *uEnter2, double *uLeave1, double *uLeave2, \
              double *tEnter, double *tLeave)

/* An algorithm over a run of pairs: results[i] for pairs[i], i < count, with L = Q - P. The
 * timed loops call this, so that each algorithm's body is inlined into its own loop over
 * pairs (no call per pair) and the compiler may vectorise across pairs. */
typedef void (*ray_tetra_batch)(const ray_tetra_pair *pairs, ray_tetra_result *results, size_t count);

#define RAY_TETRA_BATCH(name) void name##_batch(const ray_tetra_pair *pairs, ray_tetra_result *results, size_t count)

/* Both entry points of an algorithm. */
#define RAY_TETRA_DECLARE(name)                                                                                       \
    RAY_TETRA_ALGORITHM(name);                                                                                        \
    RAY_TETRA_BATCH(name)

RAY_TETRA_DECLARE(pluecker0);
RAY_TETRA_DECLARE(pluecker1);
RAY_TETRA_DECLARE(pluecker2);
RAY_TETRA_DECLARE(stp0);
RAY_TETRA_DECLARE(stp1);
RAY_TETRA_DECLARE(stp2);
RAY_TETRA_DECLARE(haines);
RAY_TETRA_DECLARE(moller1);
RAY_TETRA_DECLARE(moller2);
RAY_TETRA_DECLARE(moller3);

/* Single-precision variants (algorithms_float.c). */
RAY_TETRA_DECLARE(hainesf);
RAY_TETRA_DECLARE(moller1f);
RAY_TETRA_DECLARE(moller2f);
RAY_TETRA_DECLARE(moller3f);
RAY_TETRA_DECLARE(pluecker0f);
RAY_TETRA_DECLARE(pluecker1f);
RAY_TETRA_DECLARE(pluecker2f);
RAY_TETRA_DECLARE(stp0f);
RAY_TETRA_DECLARE(stp1f);
RAY_TETRA_DECLARE(stp2f);

/* STP form 0 with exact signs (algorithms_robust.c): a floating-point error filter decides each
 * edge sign, GMP the few it cannot; classifies every pair exactly like exact_classify. */
RAY_TETRA_DECLARE(stp0r);

/* Form 0 vectorised across pairs (algorithms_simd.c, algorithms_simd_float.c): Algorithm 1's
 * branch-free body run in SIMD lanes over blocks of pairs, with the same results as pluecker0
 * and stp0 (bit for bit) and 0 in the reals of a miss. */
RAY_TETRA_DECLARE(pluecker0v);
RAY_TETRA_DECLARE(stp0v);
RAY_TETRA_DECLARE(pluecker0vf);
RAY_TETRA_DECLARE(stp0vf);

typedef enum cpu_precision {
    CPU_PRECISION_DOUBLE = 0,
    CPU_PRECISION_FLOAT = 1,
} cpu_precision;

typedef struct cpu_algorithm {
    const char *name;        /* --algorithm NAME */
    const char *csv_name;    /* column of the thesis-compatible CSV */
    const char *description; /* one line for --help */
    ray_tetra_algorithm run; /* one pair, the original contract */
    ray_tetra_batch batch;   /* many pairs: what the timed loops run */
    cpu_precision precision; /* of the arithmetic inside; the contract is double either way */
    const char *double_name; /* the double algorithm a float variant rounds (its own name if double) */
} cpu_algorithm;

/* Every CPU algorithm: first the double ones in the order of the thesis' CSV header, then stp0r,
 * then the float variants (so that the wide CSV's first columns stay the thesis'). */
const cpu_algorithm *cpu_algorithms(int *count);

/* By name (also "moller" for moller1); NULL if unknown. */
const cpu_algorithm *cpu_algorithm_find(const char *name);

/* The variant of `algorithm` in `precision` (the algorithm itself if it is in it already); NULL
 * if it has none (stp0r has no float variant). */
const cpu_algorithm *cpu_algorithm_in_precision(const cpu_algorithm *algorithm, cpu_precision precision);

/* "double" or "float". */
const char *cpu_precision_name(cpu_precision precision);

/* Run `algorithm` on every pair, REPS times, storing the last repetition's results; returns
 * the wall time of all repetitions in ms. */
double cpu_algorithm_run(const cpu_algorithm *algorithm, const pair_set *set, ray_tetra_result *results, int reps);

#endif
