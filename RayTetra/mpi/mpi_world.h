/* mpi_world.h: the processes of a run spread over hosts with MPI (docs/SCALING.md): who this
 * rank is, and how the ranks agree, at each stage boundary, that every one of them succeeded,
 * or on the one failure they all report. */
#ifndef RAYTETRA_MPI_WORLD_H
#define RAYTETRA_MPI_WORLD_H

#include <mpi.h>

#include "error.h"

typedef struct mpi_world {
    int rank, size;
    int local_rank; /* among the ranks on this host (MPI_COMM_TYPE_SHARED) */
    char host[MPI_MAX_PROCESSOR_NAME];
} mpi_world;

/* A rank's failure, as every rank learns it from mpi_world_agree. */
typedef struct mpi_fault {
    int rank;
    char host[MPI_MAX_PROCESSOR_NAME];
    error_text err;
} mpi_fault;

/* MPI_Init (serialised threads: the pipeline's writer thread writes the results while the
 * main thread waits), this rank's place, and MPI_Finalize at exit, so that a rank that exits
 * on a usage error (every rank does: they parse the same command line) ends cleanly. */
void mpi_world_start(int *argc, char ***argv, mpi_world *world);

/* Every rank's `status` (0: succeeded, else failed with *err) made known to all: 0 when all
 * succeeded; else -1 on every rank with *fault set to the cause: the failure of the lowest
 * rank that failed of itself, not because mpi_world_peer_failed told it to stop. */
int mpi_world_agree(const mpi_world *world, int status, const error_text *err, mpi_fault *fault);

/* Between the agreements, in the middle of a stage: a rank that failed tells the others at
 * once (mpi_world_tell_failure), and they look between chunks (mpi_world_peer_failed: 0, or -1
 * with err set to "stopped: rank R failed"), so that no rank runs its whole share in vain. */
void mpi_world_tell_failure(const mpi_world *world);
int mpi_world_peer_failed(error_text *err);

/* --device-per-rank: the OpenCL device of this rank, its place among its host's ranks in the list
 * `--devices all` gives (the GPUs with fp64; without a GPU, the other devices), so that the ranks
 * of a host of four GPUs take one GPU each and never PoCL's CPU device beside them. 0, or -1 with
 * err set (no device, or more ranks on the host than devices). */
int mpi_rank_device(const mpi_world *world, int need_fp64, int *device, error_text *err);

/* The one line of a failure, on rank 0 only: "PROGRAM: error: rank R of N on HOST: TEXT". */
void mpi_fault_print(const char *program, const mpi_world *world, const mpi_fault *fault);

/* For a stage every rank goes through alike (the command line): the standard error of every
 * rank but 0 goes to /dev/null until mpi_world_speak, so that a usage error is said once. */
void mpi_world_hush_others(const mpi_world *world);
void mpi_world_speak(void);

#endif
