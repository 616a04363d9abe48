/* algorithms.c: the table of CPU algorithms and the timed loop that runs one of them. */
#include "cpu/algorithms.h"

#include <string.h>

#include "timer.h"

#define DOUBLE(name, csv, text) {#name, csv, text, name, name##_batch, CPU_PRECISION_DOUBLE, #name}
#define FLOAT(name, csv, of, text) {#name, csv, text, name, name##_batch, CPU_PRECISION_FLOAT, #of}

/* The thesis' ten in the order of its CSV header (docs/SPECIFICATION.md section 5), then the rest. */
static const cpu_algorithm ALGORITHMS[] = {
    DOUBLE(haines, "Haines", "Haines: the line against the four face planes"),
    DOUBLE(moller1, "Moller1", "Moller-Trumbore on each face, 1/det first"),
    DOUBLE(moller2, "Moller2", "Moller-Trumbore on each face, division only on a hit"),
    DOUBLE(moller3, "Moller3", "Moller2, stopping once both faces are found"),
    DOUBLE(pluecker0, "Segura0", "Pluecker form 0: thesis Algorithm 1"),
    DOUBLE(pluecker1, "Segura1", "Pluecker form 1: PT03 sections 3.1-3.2 optimisations"),
    DOUBLE(pluecker2, "Segura2", "Pluecker form 2: form 1 plus the geometric optimisation"),
    DOUBLE(stp0, "STP0", "scalar triple product form 0"),
    DOUBLE(stp1, "STP1", "scalar triple product form 1"),
    DOUBLE(stp2, "STP2", "scalar triple product form 2"),
    DOUBLE(stp0r, "STP0R", "STP form 0 with exact signs (error filter, GMP fallback)"),
    DOUBLE(pluecker0v, "Segura0V", "Pluecker form 0, branch-free, vectorised across pairs (SIMD)"),
    DOUBLE(stp0v, "STP0V", "STP form 0, branch-free, vectorised across pairs (SIMD)"),
    FLOAT(hainesf, "HainesF", haines, "Haines in single precision"),
    FLOAT(moller1f, "Moller1F", moller1, "Moller-Trumbore variant 1 in single precision"),
    FLOAT(moller2f, "Moller2F", moller2, "Moller-Trumbore variant 2 in single precision"),
    FLOAT(moller3f, "Moller3F", moller3, "Moller-Trumbore variant 3 in single precision"),
    FLOAT(pluecker0f, "Segura0F", pluecker0, "Pluecker form 0 in single precision"),
    FLOAT(pluecker1f, "Segura1F", pluecker1, "Pluecker form 1 in single precision"),
    FLOAT(pluecker2f, "Segura2F", pluecker2, "Pluecker form 2 in single precision"),
    FLOAT(stp0f, "STP0F", stp0, "STP form 0 in single precision"),
    FLOAT(stp1f, "STP1F", stp1, "STP form 1 in single precision"),
    FLOAT(stp2f, "STP2F", stp2, "STP form 2 in single precision"),
    FLOAT(pluecker0vf, "Segura0VF", pluecker0v, "Pluecker form 0 vectorised, in single precision"),
    FLOAT(stp0vf, "STP0VF", stp0v, "STP form 0 vectorised, in single precision"),
};

const cpu_algorithm *cpu_algorithms(int *count)
{
    *count = (int)(sizeof ALGORITHMS / sizeof ALGORITHMS[0]);
    return ALGORITHMS;
}

const cpu_algorithm *cpu_algorithm_find(const char *name)
{
    if (strcmp(name, "moller") == 0)
        name = "moller1";
    else if (strcmp(name, "mollerf") == 0)
        name = "moller1f";
    int count;
    const cpu_algorithm *all = cpu_algorithms(&count);
    for (int i = 0; i < count; ++i)
        if (strcmp(all[i].name, name) == 0)
            return &all[i];
    return NULL;
}

const cpu_algorithm *cpu_algorithm_in_precision(const cpu_algorithm *algorithm, cpu_precision precision)
{
    if (algorithm->precision == precision)
        return algorithm;
    int count;
    const cpu_algorithm *all = cpu_algorithms(&count);
    for (int i = 0; i < count; ++i)
        if (all[i].precision == precision && strcmp(all[i].double_name, algorithm->double_name) == 0)
            return &all[i];
    return NULL;
}

const char *cpu_precision_name(cpu_precision precision)
{
    return precision == CPU_PRECISION_FLOAT ? "float" : "double";
}

double cpu_algorithm_run(const cpu_algorithm *algorithm, const pair_set *set, ray_tetra_result *results, int reps)
{
    double start = timer_now_ms();
    for (int rep = 0; rep < reps; ++rep)
        algorithm->batch(set->pairs, results, set->count);
    return timer_now_ms() - start;
}
