/* timer.h: monotonic wall-clock timing in milliseconds for every timed region. */
#ifndef RAYTETRA_TIMER_H
#define RAYTETRA_TIMER_H

/* Milliseconds since an arbitrary fixed point, from CLOCK_MONOTONIC (ns resolution). */
double timer_now_ms(void);

#endif
