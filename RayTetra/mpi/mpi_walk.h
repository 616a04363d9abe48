/* mpi_walk.h: TetWalk's runs walked by the ranks of an MPI job together (TetWalkMPI,
 * docs/SCALING.md): every rank holds the mesh and the rays; each repetition, the ranks take
 * chunks of rays from one counter on rank 0 (MPI_Fetch_and_op) as they finish their last, and
 * walk them on their cores or their OpenCL device; after the last repetition rank 0 gathers
 * every ray's result into its place, so that its pictures, per-ray file and JSON are
 * TetWalk's. */
#ifndef RAYTETRA_MPI_WALK_H
#define RAYTETRA_MPI_WALK_H

#include <stddef.h>

#include "mpi/mpi_world.h"
#include "programs/tetwalk_session.h"

typedef struct mpi_walk {
    const mpi_world *world;
    MPI_Win window;            /* the chunk counter, on rank 0 */
    unsigned long long *counter;
    MPI_Datatype result_type;  /* one walk_result */
    size_t chunk_rays;         /* rays a chunk */
    unsigned long long (*mine)[2]; /* the chunks (first ray, rays) this rank walked in the last pass */
    size_t mine_count, mine_capacity;
    size_t rays_walked;        /* by this rank in the last pass */
    double busy_ms;            /* its time walking them */
    /* Rank 0, after a run: each rank's rays_walked and busy_ms (world size of each). */
    unsigned long long *rank_rays;
    double *rank_busy_ms;
} mpi_walk;

/* Every rank: the counter's window, chunks of chunk_rays rays. */
void mpi_walk_open(mpi_walk *walk, const mpi_world *world, size_t chunk_rays);
void mpi_walk_close(mpi_walk *walk);

/* The tetwalk_walker's run (tetwalk_session.h): the warm-up and the timed repetitions, each
 * over every rank and timed from its start to the last rank's end; then every result on rank
 * 0. A rank's failure (a device error, a signal) fails the run on every rank, err then
 * "rank R of N on HOST: cause". */
int mpi_walk_run(void *context, tetwalk_state *s, tetwalk_selection chosen, int threads, walk_run *run,
                 error_text *err);

#endif
