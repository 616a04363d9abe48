/* gpu_source.c: kernel files are found without depending on the current folder, and built as
 * one text with their quoted includes inlined (see gpu_source.h for why). */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700 /* realpath */
#ifdef RAYTETRA_LIBRARY
#define _GNU_SOURCE /* dladdr */
#include <dlfcn.h>
#endif
#include "opencl/gpu_source.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file_read.h"

#ifndef RAYTETRA_KERNEL_DIR
#error "RAYTETRA_KERNEL_DIR must name the kernels folder (the Makefile passes it)"
#endif

/* Deeper nesting than this is an include cycle in practice. */
#define MAX_INCLUDE_DEPTH 16
#define MAX_SEARCH_DIRS 8

int gpu_read_file(const char *path, char **data, size_t *size)
{
    *data = NULL;
    *size = 0;
    FILE *file = fopen(path, "rb");
    if (!file)
        return errno;
    int status = file_read_all(file, data, size);
    fclose(file);
    return status == -1 ? EIO : status;
}

static int is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

char *gpu_path_join(const char *dir, const char *name)
{
    size_t length = strlen(dir) + strlen(name) + 2;
    char *path = malloc(length);
    if (path)
        snprintf(path, length, "%s/%s", dir, name);
    return path;
}

/* The folder part of a path, malloc'd ("." for a bare name). */
static char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return strdup(".");
    size_t length = slash == path ? 1 : (size_t)(slash - path);
    char *dir = malloc(length + 1);
    if (dir) {
        memcpy(dir, path, length);
        dir[length] = '\0';
    }
    return dir;
}

/* PREFIX/share/raytetra/kernels for an executable in PREFIX/bin, malloc'd; NULL if unknown. */
static char *installed_dir(void)
{
    char exe[4096];
    ssize_t length = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (length <= 0)
        return NULL;
    exe[length] = '\0';
    char *bin = dir_of(exe);
    if (!bin)
        return NULL;
    char *dir = gpu_path_join(bin, "../share/raytetra/kernels");
    free(bin);
    return dir;
}

#ifdef RAYTETRA_LIBRARY
/* libraytetra (the Makefile builds its objects with RAYTETRA_LIBRARY): PREFIX/share/raytetra/kernels
 * for this code in PREFIX/lib/libraytetra.so, malloc'd; NULL when this code is in the executable
 * (the static library), which installed_dir covers. */
static char *library_dir(void)
{
    Dl_info info;
    if (!dladdr((void *)gpu_source_find, &info) || !info.dli_fname)
        return NULL;
    char *library = realpath(info.dli_fname, NULL), *exe = realpath("/proc/self/exe", NULL);
    char *dir = NULL;
    if (library && (!exe || strcmp(library, exe) != 0)) {
        char *lib = dir_of(library);
        dir = lib ? gpu_path_join(lib, "../share/raytetra/kernels") : NULL;
        free(lib);
    }
    free(library);
    free(exe);
    return dir;
}
#endif

/* If dir/name is a file, set *path to its canonical name (for messages) and return 1. */
static int found_in(const char *dir, const char *name, char **path)
{
    char *candidate = gpu_path_join(dir, name);
    if (!candidate || !is_file(candidate)) {
        free(candidate);
        return 0;
    }
    char *canonical = realpath(candidate, NULL);
    if (canonical) {
        free(candidate);
        candidate = canonical;
    }
    *path = candidate;
    return 1;
}

int gpu_source_find(const char *kernel_file, char **path, error_text *err)
{
    *path = NULL;
    const char *env = getenv("RAYTETRA_KERNEL_DIR");
    if (env && *env) {
        if (found_in(env, kernel_file, path))
            return 0;
        return error_set(err, "kernel file %s not found in RAYTETRA_KERNEL_DIR=%s (set it to the folder holding the "
                              ".cl files, or unset it)", kernel_file, env);
    }
    char *installed = installed_dir();
    int found = installed && found_in(installed, kernel_file, path);
    free(installed);
#ifdef RAYTETRA_LIBRARY
    char *library = found ? NULL : library_dir();
    found = found || (library && found_in(library, kernel_file, path));
    free(library);
#endif
    if (found || found_in(RAYTETRA_KERNEL_DIR, kernel_file, path))
        return 0;
    return error_set(err, "kernel file %s not found in %s nor in ../share/raytetra/kernels beside the executable "
#ifdef RAYTETRA_LIBRARY
                          "or libraytetra "
#endif
                          "(set RAYTETRA_KERNEL_DIR to the folder holding the .cl files)", kernel_file,
                     RAYTETRA_KERNEL_DIR);
}

/* A growable text. */
typedef struct text {
    char *data;
    size_t length, capacity;
    int failed; /* out of memory */
} text;

static void text_add(text *t, const char *data, size_t length)
{
    if (t->failed)
        return;
    if (t->length + length + 1 > t->capacity) {
        size_t capacity = t->capacity ? t->capacity : 1 << 16;
        while (t->length + length + 1 > capacity)
            capacity *= 2;
        char *bigger = realloc(t->data, capacity);
        if (!bigger) {
            t->failed = 1;
            return;
        }
        t->data = bigger;
        t->capacity = capacity;
    }
    memcpy(t->data + t->length, data, length);
    t->length += length;
    t->data[t->length] = '\0';
}

static void text_str(text *t, const char *s) { text_add(t, s, strlen(s)); }

/* #line N "path", with the path escaped as a C string literal. */
static void text_line_directive(text *t, long line, const char *path)
{
    char number[32];
    snprintf(number, sizeof number, "#line %ld \"", line);
    text_str(t, number);
    for (const char *c = path; *c; ++c) {
        if (*c == '"' || *c == '\\')
            text_add(t, "\\", 1);
        text_add(t, c, 1);
    }
    text_str(t, "\"\n");
}

typedef struct search_path {
    char *dirs[MAX_SEARCH_DIRS];
    int count;
} search_path;

static void search_add(search_path *s, char *dir)
{
    if (!dir)
        return;
    for (int i = 0; i < s->count; ++i)
        if (strcmp(s->dirs[i], dir) == 0) {
            free(dir);
            return;
        }
    if (s->count < MAX_SEARCH_DIRS && is_dir(dir))
        s->dirs[s->count++] = dir;
    else
        free(dir);
}

static void search_free(search_path *s)
{
    for (int i = 0; i < s->count; ++i)
        free(s->dirs[i]);
    s->count = 0;
}

/* If `line` is `#include "NAME"`, copy NAME into name and return 1. */
static int quoted_include(const char *line, const char *end, char *name, size_t size)
{
    const char *c = line;
    while (c < end && (*c == ' ' || *c == '\t'))
        ++c;
    if (c == end || *c++ != '#')
        return 0;
    while (c < end && (*c == ' ' || *c == '\t'))
        ++c;
    if ((size_t)(end - c) < 7 || strncmp(c, "include", 7) != 0)
        return 0;
    c += 7;
    while (c < end && (*c == ' ' || *c == '\t'))
        ++c;
    if (c == end || *c++ != '"')
        return 0;
    const char *close = memchr(c, '"', (size_t)(end - c));
    if (!close || (size_t)(close - c) >= size || close == c)
        return 0;
    memcpy(name, c, (size_t)(close - c));
    name[close - c] = '\0';
    return 1;
}

/* Whether a block comment is still open after this line (strings and // comments respected, so
 * that a directive inside a comment is left alone). */
static int comment_open_after(const char *line, const char *end, int open)
{
    for (const char *c = line; c < end; ++c) {
        if (open) {
            if (c + 1 < end && c[0] == '*' && c[1] == '/') {
                open = 0;
                ++c;
            }
        } else if (c + 1 < end && c[0] == '/' && c[1] == '*') {
            open = 1;
            ++c;
        } else if (c + 1 < end && c[0] == '/' && c[1] == '/') {
            break;
        } else if (*c == '"' || *c == '\'') {
            char quote = *c;
            for (++c; c < end && *c != quote; ++c)
                if (*c == '\\')
                    ++c;
        }
    }
    return open;
}

/* The first existing file NAME in the including file's folder, then the search path. */
static char *resolve(const char *including, const char *name, const search_path *search)
{
    if (name[0] == '/')
        return is_file(name) ? strdup(name) : NULL;
    char *here = dir_of(including);
    char *candidate = here ? gpu_path_join(here, name) : NULL;
    free(here);
    if (candidate && is_file(candidate))
        return candidate;
    free(candidate);
    for (int i = 0; i < search->count; ++i) {
        candidate = gpu_path_join(search->dirs[i], name);
        if (candidate && is_file(candidate))
            return candidate;
        free(candidate);
    }
    return NULL;
}

static int expand(const char *path, const search_path *search, int depth, text *out, error_text *err)
{
    char *data;
    size_t size;
    int status = gpu_read_file(path, &data, &size);
    if (status != 0)
        return error_set(err, "%s: cannot read the kernel source: %s", path, strerror(status));
    text_line_directive(out, 1, path);
    int open_comment = 0, failed = 0;
    long line_number = 1;
    for (const char *line = data; line < data + size && !failed; ++line_number) {
        const char *end = memchr(line, '\n', (size_t)(data + size - line));
        end = end ? end : data + size;
        char name[1024];
        if (!open_comment && quoted_include(line, end, name, sizeof name)) {
            char *found = resolve(path, name, search);
            if (!found) {
                failed = error_set(err, "%s:%ld: include file \"%s\" not found beside it, in the kernel folder or in "
                                        "its shared/ subfolder (install the headers with the kernels)",
                                   path, line_number, name);
            } else if (depth >= MAX_INCLUDE_DEPTH) {
                failed = error_set(err, "%s:%ld: includes nested deeper than %d (an include cycle?)", path,
                                   line_number, MAX_INCLUDE_DEPTH);
            } else {
                failed = expand(found, search, depth + 1, out, err);
                text_line_directive(out, line_number + 1, path);
            }
            free(found);
        } else {
            text_add(out, line, (size_t)(end - line));
            text_add(out, "\n", 1);
            open_comment = comment_open_after(line, end, open_comment);
        }
        line = end + 1; /* past the newline (or past the end: the loop stops) */
    }
    free(data);
    return failed ? -1 : 0;
}

int gpu_source_load(const char *path, char **source, size_t *length, error_text *err)
{
    *source = NULL;
    *length = 0;
    search_path search = {{NULL}, 0};
    char *kernel_dir = dir_of(path);
    if (kernel_dir) {
        search_add(&search, strdup(kernel_dir));
        search_add(&search, gpu_path_join(kernel_dir, "shared"));
        free(kernel_dir);
    }
    /* A copy of the kernels elsewhere (RAYTETRA_KERNEL_DIR) still finds the repository's headers. */
    search_add(&search, gpu_path_join(RAYTETRA_KERNEL_DIR, "shared"));
    text out = {NULL, 0, 0, 0};
    int status = expand(path, &search, 0, &out, err);
    search_free(&search);
    if (status == 0 && out.failed)
        status = error_set(err, "%s: out of memory while reading the kernel source", path);
    if (status != 0) {
        free(out.data);
        return -1;
    }
    *source = out.data;
    *length = out.length;
    return 0;
}
