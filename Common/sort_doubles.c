/* sort_doubles.c: sort_doubles.h. */
#include "sort_doubles.h"

#include <stdlib.h>

static int ascending(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void sort_doubles(double *values, size_t count) { qsort(values, count, sizeof *values, ascending); }
