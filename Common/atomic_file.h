/* atomic_file.h: output files that appear whole or not at all. Data go to a temporary file in
 * the target's folder, which replaces the target (rename) only once everything was written. */
#ifndef RAYTETRA_ATOMIC_FILE_H
#define RAYTETRA_ATOMIC_FILE_H

#include <stdio.h>

#include "error.h"

typedef struct atomic_file {
    FILE *stream;   /* write here */
    char *path;     /* final name */
    char *tmp_path; /* temporary name */
} atomic_file;

/* Open a temporary file beside `path`; returns 0, or -1 with err set. */
int atomic_open(atomic_file *file, const char *path, error_text *err);

/* Flush, close and rename onto the final path; on any failure the temporary file is removed
 * and -1 returned with err set. The structure is released either way. */
int atomic_commit(atomic_file *file, error_text *err);

/* Discard everything written; the target is left untouched. */
void atomic_abort(atomic_file *file);

#endif
