/* timer.h: monotonic wall-clock timing in milliseconds for every timed region. */
#ifndef RAYTETRA_TIMER_H
#define RAYTETRA_TIMER_H

/* Milliseconds since an arbitrary fixed point, from CLOCK_MONOTONIC (ns resolution). */
double timer_now_ms(void);

#include <stddef.h>

/* Million tests per second: `pairs` tested `reps` times in `ms` milliseconds (0 when ms is not
 * positive: a time below the timer). */
double timer_mtests_per_s(size_t pairs, int reps, double ms);

#endif
