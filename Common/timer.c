/* timer.c: CLOCK_MONOTONIC is immune to wall-clock adjustments during a run. */
#define _POSIX_C_SOURCE 200809L
#include "timer.h"

#include <time.h>

double timer_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

double timer_mtests_per_s(size_t pairs, int reps, double ms)
{
    return ms > 0 ? (double)pairs * reps / ms / 1e3 : 0.0;
}
