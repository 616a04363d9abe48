/* atomic_file.c: temporary file + rename, so that no reader ever sees half a file. */
#define _POSIX_C_SOURCE 200809L
#include "atomic_file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int atomic_open(atomic_file *file, const char *path, error_text *err)
{
    memset(file, 0, sizeof *file);
    size_t len = strlen(path);
    file->path = strdup(path);
    file->tmp_path = malloc(len + 16);
    if (!file->path || !file->tmp_path) {
        atomic_abort(file);
        return error_set(err, "%s: out of memory", path);
    }
    snprintf(file->tmp_path, len + 16, "%s.tmp.XXXXXX", path);
    int fd = mkstemp(file->tmp_path);
    if (fd < 0) {
        int saved = errno;
        free(file->tmp_path);
        file->tmp_path = NULL;
        atomic_abort(file);
        return error_set(err, "%s: cannot create the output file: %s (check that the folder exists and is writable)",
                         path, strerror(saved));
    }
    /* mkstemp makes 0600; give the file the permissions a plain fopen would have. */
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    file->stream = fdopen(fd, "w");
    if (!file->stream) {
        close(fd);
        atomic_abort(file);
        return error_set(err, "%s: cannot open the output file: %s", path, strerror(errno));
    }
    return 0;
}

static void release(atomic_file *file)
{
    free(file->path);
    free(file->tmp_path);
    memset(file, 0, sizeof *file);
}

int atomic_commit(atomic_file *file, error_text *err)
{
    int failed = ferror(file->stream);
    if (fclose(file->stream) != 0)
        failed = 1;
    file->stream = NULL;
    if (failed) {
        int saved = errno;
        unlink(file->tmp_path);
        error_set(err, "%s: writing failed: %s (is the disk full?)", file->path, strerror(saved));
        release(file);
        return -1;
    }
    if (rename(file->tmp_path, file->path) != 0) {
        int saved = errno;
        unlink(file->tmp_path);
        error_set(err, "%s: cannot replace the output file: %s", file->path, strerror(saved));
        release(file);
        return -1;
    }
    release(file);
    return 0;
}

void atomic_abort(atomic_file *file)
{
    if (file->stream)
        fclose(file->stream);
    if (file->tmp_path)
        unlink(file->tmp_path);
    release(file);
}
