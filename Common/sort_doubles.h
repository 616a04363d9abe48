/* sort_doubles.h: numbers sorted in place, ascending; for medians and spreads of timings and
 * errors. */
#ifndef RAYTETRA_SORT_DOUBLES_H
#define RAYTETRA_SORT_DOUBLES_H

#include <stddef.h>

/* values[0 .. count) ascending (qsort; NaN compares equal to everything, as the callers have
 * none). */
void sort_doubles(double *values, size_t count);

#endif
