/* algorithms.c: the table of CPU algorithms and the timed loop that runs one of them. */
#include "algorithms.h"

#include <string.h>

#include "timer.h"

/* In the order of the thesis' CSV header (SPEC section 5). */
static const cpu_algorithm ALGORITHMS[] = {
    {"haines", "Haines", "Haines: the line against the four face planes", haines},
    {"moller1", "Moller1", "Moller-Trumbore on each face, 1/det first", moller1},
    {"moller2", "Moller2", "Moller-Trumbore on each face, division only on a hit", moller2},
    {"moller3", "Moller3", "Moller2, stopping once both faces are found", moller3},
    {"pluecker0", "Segura0", "Pluecker form 0: thesis Algorithm 1", pluecker0},
    {"pluecker1", "Segura1", "Pluecker form 1: PT03 sections 3.1-3.2 optimisations", pluecker1},
    {"pluecker2", "Segura2", "Pluecker form 2: form 1 plus the geometric optimisation", pluecker2},
    {"stp0", "STP0", "scalar triple product form 0", stp0},
    {"stp1", "STP1", "scalar triple product form 1", stp1},
    {"stp2", "STP2", "scalar triple product form 2", stp2},
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
    int count;
    const cpu_algorithm *all = cpu_algorithms(&count);
    for (int i = 0; i < count; ++i)
        if (strcmp(all[i].name, name) == 0)
            return &all[i];
    return NULL;
}

double cpu_algorithm_run(const cpu_algorithm *algorithm, const pair_set *set, ray_tetra_result *results, int reps)
{
    ray_tetra_algorithm run = algorithm->run;
    double start = timer_now_ms();
    for (int rep = 0; rep < reps; ++rep) {
        for (size_t i = 0; i < set->count; ++i) {
            const ray_tetra_pair *p = &set->pairs[i];
            ray_tetra_result *r = &results[i];
            vec3 dir = pair_direction(p);
            r->hit = run(&p->orig, &dir, p->vert, &r->enter_face, &r->leave_face, &r->enter_point, &r->leave_point,
                         &r->u_enter1, &r->u_enter2, &r->u_leave1, &r->u_leave2, &r->t_enter, &r->t_leave);
        }
    }
    return timer_now_ms() - start;
}
