/* side_by_side.h: what the side-by-side benchmarks (bench_library.c, compare_2012.c) share: the
 * median of a round's times and the thread's CPU clock, which leaves out the time other
 * processes held the core (on a shared machine the steadier figure). Not a test. */
#ifndef RAYTETRA_SIDE_BY_SIDE_H
#define RAYTETRA_SIDE_BY_SIDE_H

#include <stdlib.h>
#include <time.h>

static int side_compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of count values (reordered). */
static inline double median(double *values, int count)
{
    qsort(values, (size_t)count, sizeof *values, side_compare_doubles);
    return count % 2 ? values[count / 2] : (values[count / 2 - 1] + values[count / 2]) / 2;
}

static inline double thread_cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

#endif
