/* mpi_split.c: see mpi_split.h. */
#include "mpi/mpi_split.h"

void mpi_split_range(size_t n, int ranks, int rank, size_t *first, size_t *count)
{
    size_t r = (size_t)rank, each = n / (size_t)ranks, extra = n % (size_t)ranks;
    *first = r * each + (r < extra ? r : extra);
    *count = each + (r < extra ? 1 : 0);
}
