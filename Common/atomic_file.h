/* atomic_file.h: output files that appear whole or not at all, and outputs that are not files.
 *
 * What an OUTPUT name may be, and what happens to it (docs/FILES.md):
 *   a regular file or a new name: the data go to a temporary file in the same folder, which
 *     replaces the target (rename) only once everything was written; an existing file keeps
 *     its permission bits;
 *   a symbolic link: followed (through any chain of links); its final target is replaced as
 *     above, the link stays;
 *   a character or block device, or a FIFO: written through (opened for writing, never
 *     replaced or truncated), as `cmd > /dev/null` would;
 *   "-" (or /dev/stdout): standard output, written through; /dev/fd/N, /proc/self/fd/N and
 *     /dev/stderr: that open descriptor, written through (an append with >> stays one);
 *   a folder or a socket: refused.
 * Temporary names are "NAME.tmp.XXXXXX" in the target's folder, NAME shortened when needed so
 * that they stay within the file-name limit. While one exists, SIGINT, SIGTERM and SIGHUP
 * remove it before the program dies of the signal.
 *
 * A program with several outputs writes them as one output set (atomic_set_begin): each is
 * written whole to its temporary file, and only when all of them were are they renamed into
 * place; any failure before that leaves every target as it was and no temporary behind. */
#ifndef RAYTETRA_ATOMIC_FILE_H
#define RAYTETRA_ATOMIC_FILE_H

#include <stdio.h>

#include "error.h"

typedef struct atomic_file {
    FILE *stream;   /* write here */
    char *path;     /* the name given, for messages */
    char *target;   /* the file written: path with its symbolic links followed */
    char *tmp_path; /* temporary name; NULL when written through */
    int slot;       /* this file's place in the registry the signal handler reads; -1: none */
} atomic_file;

/* Open OUTPUT `path` as described above; returns 0, or -1 with err set. */
int atomic_open(atomic_file *file, const char *path, error_text *err);

/* Reserve `bytes` of disk for a temporary file about to be written that long (the size is kept:
 * only the blocks are allocated), so that a full file system fails the run before its work
 * rather than at its end; the writes that follow then skip the file system's block allocation
 * (RayTetra on every core of a 4 x H200 host, 40,000,000 binary results into an ext4 /tmp: its
 * writer busy 1.30-1.37 s against 1.43-1.54 s into a new file; docs/PERFORMANCE.md). Nothing
 * for a stream written through, or where the file system cannot reserve (Linux's fallocate
 * only, never written zeros). 0, or -1 with err set ("OUTPUT: no space for its N bytes ...")
 * when the space is not there. */
int atomic_reserve(atomic_file *file, unsigned long long bytes, error_text *err);

/* Flush and close; a temporary file then replaces the target. On any failure the temporary
 * file is removed and -1 returned with err set. The structure is released either way. */
int atomic_commit(atomic_file *file, error_text *err);

/* Discard everything written to a temporary file (the target is left untouched); a stream
 * written through is only closed. */
void atomic_abort(atomic_file *file);

/* 1 when OUTPUT `path` would be written through (a device, a FIFO or "-"), 0 when it would be
 * replaced or created, -1 (err set) when it cannot be an output at all. */
int atomic_is_stream(const char *path, error_text *err);

/* For programs whose OUTPUT `output` (NULL: none) is standard output ("-", /dev/stdout,
 * /dev/fd/1): keep the real standard output for the data and point stdout (and so every
 * printf) at standard error, so that progress lines never mix with the data. Does nothing for
 * any other output. Call it before anything is printed. */
void atomic_claim_stdout(const char *output);

/* 1 when writing OUTPUT `output` would write the file that `input` names (read with "-" as
 * standard input): the same device and inode when both exist, or the same folder and name
 * once symbolic links are followed. Character devices (a terminal, /dev/null) never count:
 * reading and writing one destroys nothing. */
int atomic_same_file(const char *output, const char *input);

/* The same for two OUTPUT names (e.g. two CSV files of one run). */
int atomic_same_output(const char *first, const char *second);

/* For read-modify-replace cycles on OUTPUT `path` (an append): an exclusive lock, between
 * processes, on the folder that holds the file behind `path`, so that two cycles never
 * overlap and lose each other's change (flock; the file itself cannot carry the lock, since
 * every cycle replaces it). Waits for the lock; returns a descriptor for atomic_unlock, or -1
 * with err set. */
int atomic_lock(const char *path, error_text *err);
void atomic_unlock(int lock);

/* ---- output sets: a run's outputs, all in place or none ----
 *
 * Between atomic_set_begin and atomic_set_commit (or atomic_set_abort), atomic_commit of a file
 * that replaces its target writes and closes the temporary file but leaves it there;
 * atomic_set_commit then renames every such temporary onto its target, in the order written.
 * atomic_set_abort, a failed commit or a signal removes them all, so that no target changes.
 * atomic_unlock inside a set keeps the lock until the set ends (the append it guards is not in
 * place before), and atomic_lock of a folder the set already holds shares that lock. Outputs
 * written through (devices, FIFOs, "-") cannot wait: they are written at once. A rename that
 * fails in atomic_set_commit (the folder removed or made read-only during the run) leaves the
 * targets renamed before it in place; atomic_check_output before the work makes that unlikely. */
void atomic_set_begin(void);
int atomic_set_commit(error_text *err);
void atomic_set_abort(void);

/* Before the work: can OUTPUT `path` be written? Not a folder or socket, and for a file (or a
 * new name) its temporary can be made in the target's folder (made and removed at once).
 * A device, a FIFO or "-" is not opened. 0, or -1 with err set. */
int atomic_check_output(const char *path, error_text *err);

#endif
