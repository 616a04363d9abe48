/* walk_bandwidth.c: the CPU's copy bandwidth (walk_bandwidth.h): far larger buffers than any
 * cache, so that the figure is main memory's. */
#include "walk/walk_bandwidth.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "timer.h"

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double walk_copy_bandwidth(int threads, size_t bytes)
{
    if (threads < 1)
        threads = 1;
    bytes = bytes / 64 / (size_t)threads * 64 * (size_t)threads;
    char *source = malloc(bytes), *target = malloc(bytes);
    if (!source || !target || bytes == 0) {
        free(source);
        free(target);
        return 0;
    }
    size_t block = bytes / (size_t)threads;
#pragma omp parallel num_threads(threads)
    {
        size_t id = (size_t)omp_get_thread_num();
        memset(source + id * block, (int)id + 1, block);
        memset(target + id * block, 0, block);
    }
    double trials[6];
    for (int trial = 0; trial < 6; ++trial) { /* trial 0 warms up */
        double start = timer_now_ms();
#pragma omp parallel num_threads(threads)
        {
            size_t id = (size_t)omp_get_thread_num();
            memcpy(target + id * block, source + id * block, block);
        }
        trials[trial] = timer_now_ms() - start;
    }
    /* Keep the copy observable, so that it cannot be left out. */
    volatile char sink = target[bytes - 1];
    (void)sink;
    free(source);
    free(target);
    qsort(trials + 1, 5, sizeof trials[0], compare_doubles);
    double ms = trials[3];
    return ms > 0 ? 2.0 * (double)bytes / (ms * 1e-3) * 1e-9 : 0;
}
