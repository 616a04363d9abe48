/* mpi_world.c: MPI start, ranks and the agreement on failures (see mpi_world.h). */
#define _POSIX_C_SOURCE 200809L
#include "mpi/mpi_world.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "multi/device_list.h"

static void finalize_at_exit(void)
{
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (!finalized)
        MPI_Finalize();
}

void mpi_world_start(int *argc, char ***argv, mpi_world *world)
{
    /* Open MPI 4.1's shared-file-pointer components "lockedfile" and "sm" are queried at every
     * MPI_File_open; the first overflows a fixed buffer with a file path of about 240 characters
     * (the process aborts), the second fails on it. The programs use no shared file pointer, so
     * unless the user chose otherwise the remaining component, which needs no path, serves. */
    setenv("OMPI_MCA_sharedfp", "^lockedfile,sm", 0);
    int provided = MPI_THREAD_SINGLE;
    MPI_Init_thread(argc, argv, MPI_THREAD_SERIALIZED, &provided);
    atexit(finalize_at_exit);
    memset(world, 0, sizeof *world);
    MPI_Comm_rank(MPI_COMM_WORLD, &world->rank);
    MPI_Comm_size(MPI_COMM_WORLD, &world->size);
    int length = 0;
    MPI_Get_processor_name(world->host, &length);
    MPI_Comm host_ranks;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, world->rank, MPI_INFO_NULL, &host_ranks);
    MPI_Comm_rank(host_ranks, &world->local_rank);
    MPI_Comm_free(&host_ranks);
    if (provided < MPI_THREAD_SERIALIZED && world->rank == 0)
        fprintf(stderr, "warning: this MPI gives threads level %d only; the results' writes come from one thread at a "
                        "time, which works with Open MPI\n", provided);
}

/* The tag of the notice a failing rank sends the others. */
enum { TAG_FAILED = 77 };
/* This rank stopped because another one failed (its failure is not the cause). */
static int stopped_for_peer;

void mpi_world_tell_failure(const mpi_world *world)
{
    static int told;
    if (told || stopped_for_peer)
        return;
    told = 1;
    static int rank;
    rank = world->rank;
    for (int r = 0; r < world->size; ++r) {
        MPI_Request request;
        if (r != world->rank && MPI_Isend(&rank, 1, MPI_INT, r, TAG_FAILED, MPI_COMM_WORLD, &request) == MPI_SUCCESS)
            MPI_Request_free(&request);
    }
}

int mpi_world_peer_failed(error_text *err)
{
    int arrived = 0;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, TAG_FAILED, MPI_COMM_WORLD, &arrived, &status);
    if (!arrived)
        return 0;
    int failed = -1;
    MPI_Recv(&failed, 1, MPI_INT, status.MPI_SOURCE, TAG_FAILED, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    stopped_for_peer = 1;
    return error_set(err, "stopped: rank %d failed", failed);
}

/* Notices still on their way once every rank agreed: received, so that none is left at exit. */
static void drain_notices(void)
{
    int arrived = 1;
    while (arrived) {
        MPI_Status status;
        MPI_Iprobe(MPI_ANY_SOURCE, TAG_FAILED, MPI_COMM_WORLD, &arrived, &status);
        int failed;
        if (arrived)
            MPI_Recv(&failed, 1, MPI_INT, status.MPI_SOURCE, TAG_FAILED, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
}

int mpi_world_agree(const mpi_world *world, int status, const error_text *err, mpi_fault *fault)
{
    /* MAXLOC: the highest weight (2 failed of itself, 1 stopped for another, 0 succeeded), the
     * lowest rank among equals. */
    struct {
        int weight, rank;
    } mine = {status == 0 ? 0 : stopped_for_peer ? 1 : 2, world->rank}, cause = {0, 0};
    MPI_Allreduce(&mine, &cause, 1, MPI_2INT, MPI_MAXLOC, MPI_COMM_WORLD);
    if (cause.weight == 0)
        return 0;
    drain_notices();
    int first = cause.rank;
    memset(fault, 0, sizeof *fault);
    fault->rank = first;
    if (world->rank == first) {
        memcpy(fault->host, world->host, sizeof fault->host);
        fault->err = *err;
    }
    MPI_Bcast(fault->host, (int)sizeof fault->host, MPI_CHAR, first, MPI_COMM_WORLD);
    MPI_Bcast(&fault->err, (int)sizeof fault->err, MPI_BYTE, first, MPI_COMM_WORLD);
    return -1;
}

void mpi_fault_print(const char *program, const mpi_world *world, const mpi_fault *fault)
{
    if (world->rank == 0)
        fprintf(stderr, "%s: error: rank %d of %d on %s: %s\n", program, fault->rank, world->size, fault->host,
                fault->err.text);
}

static int saved_stderr = -1;

void mpi_world_hush_others(const mpi_world *world)
{
    if (world->rank == 0)
        return;
    int null = open("/dev/null", O_WRONLY);
    if (null < 0)
        return;
    fflush(stderr);
    saved_stderr = dup(STDERR_FILENO);
    dup2(null, STDERR_FILENO);
    close(null);
}

void mpi_world_speak(void)
{
    if (saved_stderr < 0)
        return;
    fflush(stderr);
    dup2(saved_stderr, STDERR_FILENO);
    close(saved_stderr);
    saved_stderr = -1;
}

int mpi_rank_device(const mpi_world *world, int need_fp64, int *device, error_text *err)
{
    int *indices = NULL;
    size_t chosen = 0;
    if (device_list_resolve("all", need_fp64, &indices, &chosen, err) != 0)
        return -1;
    int status = 0;
    if ((size_t)world->local_rank < chosen)
        *device = indices[world->local_rank];
    else
        status = error_set_kind(err, ERROR_NOT_FOUND,
                                "--device-per-rank: the host's rank %d has no device of its own: the host has %zu "
                                "device%s (those of --devices all); start at most %zu rank%s a host",
                                world->local_rank, chosen, chosen == 1 ? "" : "s", chosen, chosen == 1 ? "" : "s");
    free(indices);
    return status;
}
