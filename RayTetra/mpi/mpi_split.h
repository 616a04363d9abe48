/* mpi_split.h: the share of N items (pairs, rays) a rank takes. */
#ifndef RAYTETRA_MPI_SPLIT_H
#define RAYTETRA_MPI_SPLIT_H

#include <stddef.h>

/* Rank `rank` of `ranks` takes items *first .. *first + *count - 1 of n: consecutive shares in
 * rank order, the first n % ranks ranks one item more than the others (a share may be empty). */
void mpi_split_range(size_t n, int ranks, int rank, size_t *first, size_t *count);

#endif
