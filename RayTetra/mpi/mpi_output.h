/* mpi_output.h: RayTetraMPI's OUTPUT, one file that every rank writes its results into with
 * MPI-IO, each at the place of its pairs (docs/SCALING.md, "Output").
 *
 * Rank 0 creates a temporary file beside OUTPUT (atomic_file.h: "NAME.tmp.XXXXXX", the same
 * permissions and links followed) and every rank opens it. A binary OUTPUT's records have a
 * fixed size, so a rank writes each chunk's records at 64 + pair x 112 as they come. A text
 * OUTPUT's lines do not: a rank keeps its lines in a spool (an unlinked file beside OUTPUT),
 * the ranks add up their byte counts (MPI_Exscan) to learn where their lines start, and then
 * write them there. The temporary file replaces OUTPUT only when every rank succeeded; on any
 * failure it is removed. */
#ifndef RAYTETRA_MPI_OUTPUT_H
#define RAYTETRA_MPI_OUTPUT_H

#include <stdio.h>

#include "atomic_file.h"
#include "error.h"
#include "mpi/mpi_world.h"
#include "pipeline/pipeline.h"

typedef struct mpi_output {
    const mpi_world *world;
    const char *path;
    int binary;
    atomic_file file;       /* rank 0: the temporary file and its target */
    char tmp_path[4096];    /* every rank: the temporary file's name */
    MPI_File handle;
    int handle_open;
    unsigned long long offset; /* binary: where this rank's next record goes */
    FILE *spool;               /* text: this rank's lines, before their place is known */
    unsigned long long spooled;
    unsigned long long size;   /* the file's size once every rank has written */
    pipeline_sink sink;        /* what the rank's pipeline writes its results to */
} mpi_output;

/* Every rank: open OUTPUT `path` (binary when it ends in .rtb) for the results of pairs
 * first .. of `total` pairs. A stage: 0 on every rank, or -1 on every rank with *fault set
 * (nothing is left behind). */
int mpi_output_open(mpi_output *out, const mpi_world *world, const char *path, int binary, size_t first,
                    size_t total, mpi_fault *fault);

/* Every rank, after its pipeline ran with `status` (0, or -1 with *err): the text ranks' lines
 * written at their places, `trailer` (a text OUTPUT's timing line, or NULL) at the end by rank
 * 0, and OUTPUT replaced when every rank succeeded; else the temporary removed. 0 on every rank,
 * or -1 on every rank with *fault set. */
int mpi_output_finish(mpi_output *out, int status, const error_text *err, const char *trailer, mpi_fault *fault);

#endif
