/* algorithms.h: the sequential CPU algorithms (SPEC section 3), all with the original
 * program's contract, and the table that names them for the executables. */
#ifndef RAYTETRA_ALGORITHMS_H
#define RAYTETRA_ALGORITHMS_H

#include <stdbool.h>

#include "pairs.h"

/* The contract of every algorithm (SPEC section 3). On a miss the outputs are untouched
 * except enterFace = leaveFace = -1. */
typedef bool (*ray_tetra_algorithm)(const vec3 *orig, const vec3 *dir, const vec3 vert[4], int *enterFace,
                                    int *leaveFace, vec3 *enterPoint, vec3 *leavePoint, double *uEnter1,
                                    double *uEnter2, double *uLeave1, double *uLeave2, double *tEnter,
                                    double *tLeave);

#define RAY_TETRA_ALGORITHM(name)                                                                                     \
    bool name(const vec3 *orig, const vec3 *dir, const vec3 vert[4], int *enterFace, int *leaveFace,                 \
              vec3 *enterPoint, vec3 *leavePoint, double *uEnter1, double *uEnter2, double *uLeave1, double *uLeave2, \
              double *tEnter, double *tLeave)

RAY_TETRA_ALGORITHM(pluecker0);
RAY_TETRA_ALGORITHM(pluecker1);
RAY_TETRA_ALGORITHM(pluecker2);
RAY_TETRA_ALGORITHM(stp0);
RAY_TETRA_ALGORITHM(stp1);
RAY_TETRA_ALGORITHM(stp2);
RAY_TETRA_ALGORITHM(haines);
RAY_TETRA_ALGORITHM(moller1);
RAY_TETRA_ALGORITHM(moller2);
RAY_TETRA_ALGORITHM(moller3);

typedef struct cpu_algorithm {
    const char *name;        /* --algorithm NAME */
    const char *csv_name;    /* column of the thesis-compatible CSV */
    const char *description; /* one line for --help */
    ray_tetra_algorithm run;
} cpu_algorithm;

/* Every CPU algorithm, in the order of the CSV header. */
const cpu_algorithm *cpu_algorithms(int *count);

/* By name (also "moller" for moller1); NULL if unknown. */
const cpu_algorithm *cpu_algorithm_find(const char *name);

/* Run `algorithm` on every pair, REPS times, storing the last repetition's results; returns
 * the wall time of all repetitions in ms. */
double cpu_algorithm_run(const cpu_algorithm *algorithm, const pair_set *set, ray_tetra_result *results, int reps);

#endif
