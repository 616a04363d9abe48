/* mesh_text.c: the word scanner of the mesh readers (mesh_text.h). */
#define _POSIX_C_SOURCE 200809L
#include "mesh/mesh_text.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int mesh_text_open(mesh_text *text, const char *path, error_text *err)
{
    memset(text, 0, sizeof *text);
    text->path = path;
    text->line = text->next_line = 1;
    FILE *stream = fopen(path, "rb");
    if (!stream)
        return error_set(err, "%s: cannot read: %s", path, strerror(errno));
    size_t capacity = 1 << 16, size = 0;
    char *data = malloc(capacity);
    while (data) {
        size_t got = fread(data + size, 1, capacity - size - 1, stream);
        size += got;
        if (got == 0)
            break;
        if (capacity - size - 1 == 0) {
            char *larger = realloc(data, capacity * 2);
            if (!larger) {
                free(data);
                data = NULL;
                break;
            }
            data = larger;
            capacity *= 2;
        }
    }
    int failed = !data || ferror(stream);
    int reason = errno;
    fclose(stream);
    if (failed) {
        free(data);
        return error_set(err, "%s: cannot read: %s", path, data ? strerror(reason) : "out of memory");
    }
    data[size] = '\0';
    if (memchr(data, '\0', size)) {
        free(data);
        return error_set(err, "%s: not a text file (it holds NUL bytes; binary .meshb files are not read: convert it "
                              "to .mesh)", path);
    }
    text->data = data;
    text->size = size;
    return 0;
}

void mesh_text_close(mesh_text *text)
{
    free(text->data);
    text->data = NULL;
}

/* Skip blanks, line ends and comments, counting lines. */
static void skip_space(mesh_text *text)
{
    while (text->position < text->size) {
        char c = text->data[text->position];
        if (c == '\n') {
            text->next_line++;
        } else if (c == '#') {
            while (text->position < text->size && text->data[text->position] != '\n')
                text->position++;
            continue;
        } else if (c != ' ' && c != '\t' && c != '\r' && c != '\f' && c != '\v') {
            return;
        }
        text->position++;
    }
}

int mesh_text_word(mesh_text *text, const char **word, size_t *length)
{
    skip_space(text);
    if (text->position >= text->size)
        return 0;
    size_t start = text->position;
    while (text->position < text->size && !strchr(" \t\r\n\f\v#", text->data[text->position]))
        text->position++;
    *word = text->data + start;
    *length = text->position - start;
    text->line = text->next_line;
    return 1;
}

int mesh_text_at_new_line(mesh_text *text)
{
    skip_space(text);
    return text->position < text->size && text->next_line > text->line;
}

/* err for a word that is not what was expected (or for the end of the file). */
static int unexpected(mesh_text *text, int found, const char *word, size_t length, const char *what,
                      error_text *err)
{
    if (!found)
        return error_set(err, "%s:%zu: expected %s, but the file ends", text->path, text->line, what);
    return error_set(err, "%s:%zu: expected %s, found '%.*s'", text->path, text->line, what,
                     (int)(length > 40 ? 40 : length), word);
}

int mesh_text_real(mesh_text *text, double *value, const char *what, error_text *err)
{
    const char *word = NULL;
    size_t length = 0;
    int found = mesh_text_word(text, &word, &length);
    if (found && length < 64) {
        char copy[64];
        memcpy(copy, word, length);
        copy[length] = '\0';
        char *end;
        errno = 0;
        double v = strtod(copy, &end);
        if (*end == '\0' && errno != ERANGE && isfinite(v)) {
            *value = v;
            return 0;
        }
    }
    return unexpected(text, found, word, length, what, err);
}

int mesh_text_integer(mesh_text *text, long long low, long long high, long long *value, const char *what,
                      error_text *err)
{
    const char *word = NULL;
    size_t length = 0;
    int found = mesh_text_word(text, &word, &length);
    if (found && length < 32) {
        char copy[32];
        memcpy(copy, word, length);
        copy[length] = '\0';
        char *end;
        errno = 0;
        long long v = strtoll(copy, &end, 10);
        if (*end == '\0' && errno == 0) {
            if (v >= low && v <= high) {
                *value = v;
                return 0;
            }
            return error_set(err, "%s:%zu: %s %lld is out of range (%lld to %lld)", text->path, text->line, what, v,
                             low, high);
        }
    }
    return unexpected(text, found, word, length, what, err);
}
