/* mpi_output.c: one OUTPUT written by every rank (see mpi_output.h). */
#define _POSIX_C_SOURCE 200809L
#include "mpi/mpi_output.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "binary_io.h"
#include "mpi/mpi_stop.h"

/* MPI counts are ints: larger writes go in pieces of this size. */
#define WRITE_PIECE ((size_t)1 << 30)
/* A text spool is copied into OUTPUT through a buffer of this size. */
#define COPY_BUFFER ((size_t)8 << 20)

/* Between chunks: a signal to this rank, or another rank's failure, stops it. */
static int stopped(error_text *err)
{
    int sig = mpi_stop_signal();
    if (sig)
        return error_set(err, "stopped by signal %d (%s)", sig,
                         sig == SIGTERM ? "SIGTERM" : sig == SIGINT ? "SIGINT" : "SIGHUP");
    return mpi_world_peer_failed(err);
}

static int write_at(mpi_output *out, unsigned long long offset, const void *bytes, size_t length, error_text *err)
{
    const char *at = bytes;
    while (length > 0) {
        int piece = (int)(length < WRITE_PIECE ? length : WRITE_PIECE), written = 0;
        MPI_Status status;
        int code = MPI_File_write_at(out->handle, (MPI_Offset)offset, at, piece, MPI_BYTE, &status);
        if (code == MPI_SUCCESS)
            MPI_Get_count(&status, MPI_BYTE, &written);
        if (code != MPI_SUCCESS || written != piece) {
            char why[MPI_MAX_ERROR_STRING] = "a short write";
            int why_length = 0;
            if (code != MPI_SUCCESS)
                MPI_Error_string(code, why, &why_length);
            return error_set_kind(err, ERROR_IO, "%s: cannot write at byte %llu: %s; free some space or give another "
                                  "OUTPUT", out->path, offset, why);
        }
        offset += (unsigned long long)piece;
        at += piece;
        length -= (size_t)piece;
    }
    return 0;
}

/* The pipeline's sink of a binary OUTPUT: the records at their place. */
static int write_records(void *context, const void *bytes, size_t length, error_text *err)
{
    mpi_output *out = context;
    if (stopped(err) != 0 || write_at(out, out->offset, bytes, length, err) != 0)
        return -1;
    out->offset += length;
    return 0;
}

/* The pipeline's sink of a text OUTPUT: the lines to the spool. */
static int spool_lines(void *context, const void *bytes, size_t length, error_text *err)
{
    mpi_output *out = context;
    if (stopped(err) != 0)
        return -1;
    if (fwrite(bytes, 1, length, out->spool) != length)
        return error_set_kind(err, ERROR_IO, "%s: cannot keep this rank's lines beside it: %s; free some space",
                              out->path, strerror(errno));
    out->spooled += length;
    return 0;
}

/* Rank 0: the temporary file beside OUTPUT, which must be a file (not "-", a FIFO or a device:
 * the ranks write at offsets). */
static int create_temporary(mpi_output *out, error_text *err)
{
    int stream = atomic_is_stream(out->path, err);
    if (stream < 0)
        return -1;
    if (stream)
        return error_set_kind(err, ERROR_USAGE, "OUTPUT %s is not a file: the ranks write their results at their "
                              "places in one file (MPI-IO); give a file name", out->path);
    if (atomic_open(&out->file, out->path, err) != 0)
        return -1;
    if (strlen(out->file.tmp_path) >= sizeof out->tmp_path) {
        atomic_abort(&out->file);
        return error_set(err, "%s: the temporary file's name is too long", out->path);
    }
    strcpy(out->tmp_path, out->file.tmp_path);
    return 0;
}

/* A file beside OUTPUT that no one else sees (unlinked at once), for a text rank's lines. */
static int open_spool(mpi_output *out, error_text *err)
{
    /* In OUTPUT's folder under a short name: OUTPUT's own may leave no room for a suffix. */
    char name[sizeof out->tmp_path + 16];
    const char *slash = strrchr(out->tmp_path, '/');
    int folder = slash ? (int)(slash - out->tmp_path + 1) : 0;
    snprintf(name, sizeof name, "%.*s.rtmpi-spool.XXXXXX", folder, out->tmp_path);
    int fd = mkstemp(name);
    if (fd >= 0)
        unlink(name);
    out->spool = fd >= 0 ? fdopen(fd, "w+") : NULL;
    if (!out->spool) {
        if (fd >= 0)
            close(fd);
        return error_set_kind(err, ERROR_IO, "%s: cannot make a file beside it for this rank's lines: %s", out->path,
                              strerror(errno));
    }
    return 0;
}

static int open_shared(mpi_output *out, error_text *err)
{
    int code = MPI_File_open(MPI_COMM_WORLD, out->tmp_path, MPI_MODE_WRONLY, MPI_INFO_NULL, &out->handle);
    if (code != MPI_SUCCESS) {
        char why[MPI_MAX_ERROR_STRING];
        int length = 0;
        MPI_Error_string(code, why, &length);
        return error_set_kind(err, ERROR_IO, "%s: cannot open the temporary file %s with MPI-IO: %s (is the folder "
                              "shared by every host?)", out->path, out->tmp_path, why);
    }
    out->handle_open = 1;
    return 0;
}

static int write_header(mpi_output *out, size_t total, error_text *err)
{
    unsigned char header[BINARY_HEADER_SIZE];
    FILE *memory = fmemopen(header, sizeof header, "wb");
    if (!memory)
        return error_set_kind(err, ERROR_MEMORY, "out of memory for the header");
    setvbuf(memory, NULL, _IONBF, 0);
    binary_write_header(memory, BINARY_KIND_RESULTS, total, BINARY_RESULT_RECORD);
    fclose(memory);
    return write_at(out, 0, header, sizeof header, err);
}

/* Close the shared file and remove (rank 0) the temporary: every rank after a failure. */
static void discard(mpi_output *out)
{
    if (out->handle_open)
        MPI_File_close(&out->handle);
    out->handle_open = 0;
    if (out->spool)
        fclose(out->spool);
    out->spool = NULL;
    mpi_stop_remove_on_signal(NULL);
    if (out->world->rank == 0 && out->file.tmp_path)
        atomic_abort(&out->file);
}

int mpi_output_open(mpi_output *out, const mpi_world *world, const char *path, int binary, size_t first,
                    size_t total, mpi_fault *fault)
{
    memset(out, 0, sizeof *out);
    out->world = world;
    out->path = path;
    out->binary = binary;
    error_text err = {0};
    int status = world->rank == 0 ? create_temporary(out, &err) : 0;
    if (mpi_world_agree(world, status, &err, fault) != 0)
        return -1;
    MPI_Bcast(out->tmp_path, (int)sizeof out->tmp_path, MPI_CHAR, 0, MPI_COMM_WORLD);
    mpi_stop_remove_on_signal(out->tmp_path);
    status = open_shared(out, &err);
    if (status == 0 && binary && world->rank == 0)
        status = write_header(out, total, &err);
    if (status == 0 && !binary)
        status = open_spool(out, &err);
    if (mpi_world_agree(world, status, &err, fault) != 0) {
        discard(out);
        return -1;
    }
    out->offset = BINARY_HEADER_SIZE + (unsigned long long)first * BINARY_RESULT_RECORD;
    out->sink = (pipeline_sink){binary ? write_records : spool_lines, out};
    return 0;
}

/* A text rank's spool copied to its place, after the ranks before it. */
static int place_lines(mpi_output *out, error_text *err)
{
    unsigned long long before = 0;
    MPI_Exscan(&out->spooled, &before, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (out->world->rank == 0)
        before = 0; /* MPI_Exscan leaves rank 0's undefined */
    MPI_Allreduce(&out->spooled, &out->size, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (fflush(out->spool) != 0 || fseeko(out->spool, 0, SEEK_SET) != 0)
        return error_set_kind(err, ERROR_IO, "%s: cannot read back this rank's lines: %s", out->path, strerror(errno));
    char *buffer = malloc(COPY_BUFFER);
    if (!buffer)
        return error_set_kind(err, ERROR_MEMORY, "out of memory for copying the lines");
    int status = 0;
    size_t got;
    for (unsigned long long at = before; status == 0 && (got = fread(buffer, 1, COPY_BUFFER, out->spool)) > 0; at += got)
        status = stopped(err) != 0 || write_at(out, at, buffer, got, err) != 0 ? -1 : 0;
    if (status == 0 && ferror(out->spool))
        status = error_set_kind(err, ERROR_IO, "%s: cannot read back this rank's lines: %s", out->path, strerror(errno));
    free(buffer);
    return status;
}

/* Rank 0: OUTPUT replaced by the temporary file. */
static int commit(mpi_output *out, error_text *err)
{
    mpi_stop_remove_on_signal(NULL);
    if (mpi_stop_signal())
        return stopped(err);
    return atomic_commit(&out->file, err);
}

int mpi_output_finish(mpi_output *out, int status, const error_text *err, const char *trailer, mpi_fault *fault)
{
    error_text mine = {0};
    if (status != 0)
        mine = *err;
    if (status != 0)
        mpi_world_tell_failure(out->world);
    if (mpi_world_agree(out->world, status, &mine, fault) != 0) {
        discard(out);
        return -1;
    }
    status = out->binary ? 0 : place_lines(out, &mine);
    if (status == 0 && trailer && out->world->rank == 0)
        status = write_at(out, out->size, trailer, strlen(trailer), &mine);
    if (status == 0 && stopped(&mine) != 0)
        status = -1;
    if (mpi_world_agree(out->world, status, &mine, fault) != 0) {
        discard(out);
        return -1;
    }
    MPI_File_close(&out->handle);
    out->handle_open = 0;
    if (out->spool)
        fclose(out->spool);
    out->spool = NULL;
    status = out->world->rank == 0 ? commit(out, &mine) : 0;
    if (mpi_world_agree(out->world, status, &mine, fault) != 0) {
        discard(out);
        return -1;
    }
    return 0;
}
