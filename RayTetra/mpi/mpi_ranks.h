/* mpi_ranks.h: what each rank of RayTetraMPI did, gathered on rank 0: its pairs, its times and
 * stages (pipeline.h), its host and its device lines; printed per rank and added up, and
 * written as JSON (docs/JSON.md, "RayTetraMPI"). */
#ifndef RAYTETRA_MPI_RANKS_H
#define RAYTETRA_MPI_RANKS_H

#include <stddef.h>
#include <stdio.h>

#include "error.h"
#include "mpi/mpi_world.h"
#include "pipeline/pipeline.h"

typedef struct mpi_rank_stats {
    char host[MPI_MAX_PROCESSOR_NAME];
    unsigned long long first, pairs, chunks;
    double wall_ms, algorithm_ms;
    double busy_ms[PIPELINE_STAGE_COUNT];
    char report[2048]; /* the rank's device lines (pipeline_runner_report) */
} mpi_rank_stats;

typedef struct mpi_run {
    const char *algorithm;
    int reps;
    unsigned long long pairs;
    double wall_ms;      /* rank 0: from the start barrier to OUTPUT in place (file to file) */
    double algorithm_ms; /* the slowest rank's timed repetitions */
    mpi_rank_stats *ranks; /* rank 0: world size of them; else NULL */
} mpi_run;

/* Every rank: its stats to rank 0 (run->ranks allocated there), as bytes: the ranks run one
 * build on hosts of one byte order. 0, or -1 (out of memory on rank 0, err set there). */
int mpi_ranks_gather(const mpi_world *world, const mpi_rank_stats *mine, mpi_run *run, error_text *err);

/* Rank 0: one block of lines a rank, then the sums. */
void mpi_ranks_print(FILE *out, const mpi_world *world, const mpi_run *run);

/* Rank 0: the run as JSON (schema raytetra-mpi/1) to `path`, replaced whole or not at all. */
int mpi_ranks_json(const char *path, const mpi_world *world, const mpi_run *run, const char *input, int argc,
                   char **argv, error_text *err);

#endif
