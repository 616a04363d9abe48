/* cpu_parallel.c: one static block of pairs per thread, so that each thread streams through
 * its own contiguous memory; the threads are created once, outside the timed region. */
#include "cpu_parallel.h"

#include <omp.h>

#include "timer.h"

int cpu_thread_count(void) { return omp_get_max_threads(); }

double cpu_algorithm_run_threads(const cpu_algorithm *algorithm, const pair_set *set, ray_tetra_result *results,
                                 int reps, int threads)
{
    if (threads <= 1)
        return cpu_algorithm_run(algorithm, set, results, reps);
    ray_tetra_algorithm run = algorithm->run;
    long long count = (long long)set->count;
    double start = 0, elapsed = 0;
#pragma omp parallel num_threads(threads)
    {
#pragma omp barrier
#pragma omp master
        start = timer_now_ms();
        for (int rep = 0; rep < reps; ++rep) {
#pragma omp for schedule(static)
            for (long long i = 0; i < count; ++i) {
                const ray_tetra_pair *p = &set->pairs[i];
                ray_tetra_result *r = &results[i];
                vec3 dir = pair_direction(p);
                r->hit = run(&p->orig, &dir, p->vert, &r->enter_face, &r->leave_face, &r->enter_point,
                             &r->leave_point, &r->u_enter1, &r->u_enter2, &r->u_leave1, &r->u_leave2, &r->t_enter,
                             &r->t_leave);
            }
        }
#pragma omp master
        elapsed = timer_now_ms() - start;
    }
    return elapsed;
}
