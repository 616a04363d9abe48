/* mesh_text.c: the word scanner of the mesh readers (mesh_text.h). */
#define _POSIX_C_SOURCE 200809L
#include "mesh/mesh_text.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "file_read.h"
#include "pair_check.h"

int mesh_text_open(mesh_text *text, const char *path, error_text *err)
{
    memset(text, 0, sizeof *text);
    text->path = path;
    text->line = text->next_line = 1;
    FILE *stream = fopen(path, "rb");
    if (!stream)
        return error_set(err, "%s: cannot read: %s", path, strerror(errno));
    char *data;
    size_t size;
    int status = file_read_all(stream, &data, &size);
    int reason = errno;
    fclose(stream);
    if (status != 0)
        return error_set(err, "%s: cannot read: %s", path, status == ENOMEM ? "out of memory" : strerror(reason));
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

/* The next word of the text: where it stands, and 0 in found at the end of the file. */
typedef struct text_word {
    int found;
    const char *start;
    size_t length;
} text_word;

/* Reads the next word into *w and, when it is shorter than size (a number always is; a longer
 * word is the wrong thing), a NUL-terminated copy of it into copy for strtod or strtoll:
 * returns 1 with the copy made, else 0. */
static int copy_next_word(mesh_text *text, char *copy, size_t size, text_word *w)
{
    w->start = NULL;
    w->length = 0;
    w->found = mesh_text_word(text, &w->start, &w->length);
    if (!w->found || w->length >= size)
        return 0;
    memcpy(copy, w->start, w->length);
    copy[w->length] = '\0';
    return 1;
}

/* err for a word that is not what was expected (or for the end of the file). */
static int unexpected(mesh_text *text, const text_word *w, const char *what, error_text *err)
{
    if (!w->found)
        return error_set(err, "%s:%zu: expected %s, but the file ends", text->path, text->line, what);
    return error_set(err, "%s:%zu: expected %s, found '%.*s'", text->path, text->line, what,
                     (int)(w->length > 40 ? 40 : w->length), w->start);
}

int mesh_text_real(mesh_text *text, double *value, const char *what, error_text *err)
{
    text_word w;
    char copy[64];
    if (copy_next_word(text, copy, sizeof copy, &w)) {
        char *end;
        errno = 0;
        double v = strtod(copy, &end);
        if (*end == '\0' && errno != ERANGE && isfinite(v)) {
            *value = v;
            return 0;
        }
    }
    return unexpected(text, &w, what, err);
}

int mesh_text_integer(mesh_text *text, long long low, long long high, long long *value, const char *what,
                      error_text *err)
{
    text_word w;
    char copy[32];
    if (copy_next_word(text, copy, sizeof copy, &w)) {
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
    return unexpected(text, &w, what, err);
}

/* "vertex 3's x": a coordinate's name in messages (made only for one). */
static const char *coordinate_name(char *name, size_t size, const char *record, long long number, const char *axis)
{
    snprintf(name, size, "%s %lld's %s", record, number, axis);
    return name;
}

int mesh_text_coordinate(mesh_text *text, double *value, const char *record, long long number, const char *axis,
                         error_text *err)
{
    text_word w;
    char copy[64], name[96], why[ERROR_TEXT_SIZE / 2];
    if (copy_next_word(text, copy, sizeof copy, &w)) {
        char *end;
        errno = 0;
        double v = strtod(copy, &end);
        if (*end == '\0' && end != copy) {
            if (errno != ERANGE && coordinate_in_range(v)) {
                *value = v;
                return 0;
            }
            coordinate_name(name, sizeof name, record, number, axis);
            if (errno == ERANGE) /* too large or too small for a double at all: outside the range too */
                coordinate_range_why_text(name, copy, why, sizeof why);
            else if (!isfinite(v))
                snprintf(why, sizeof why, "%s = '%s' is not a finite number (NaN and Inf are not valid coordinates)",
                         name, copy);
            else
                coordinate_range_why(name, v, why, sizeof why);
            return error_set(err, "%s:%zu: %s", text->path, text->line, why);
        }
    }
    return unexpected(text, &w, coordinate_name(name, sizeof name, record, number, axis), err);
}

int mesh_text_at_end(mesh_text *text)
{
    skip_space(text);
    return text->position >= text->size;
}

void *mesh_text_grow(mesh_text *text, void *array, size_t *capacity, size_t needed, size_t announced, size_t item,
                     const char *what, error_text *err)
{
    if (needed <= *capacity && array)
        return array;
    size_t grown = *capacity < 1024 ? 1024 : *capacity * 2;
    if (grown < needed)
        grown = needed;
    if (grown > announced)
        grown = announced > needed ? announced : needed;
    /* One more than asked, so that an empty section still has an array (malloc(0) may be NULL). */
    void *bigger = realloc(array, (grown + 1) * item);
    if (!bigger) {
        free(array);
        error_set(err, "%s: out of memory for %zu %s", text->path, grown, what);
        return NULL;
    }
    *capacity = grown;
    return bigger;
}

int mesh_text_ends_early(mesh_text *text, long long count, long long found, const char *what, error_text *err)
{
    return error_set(err, "%s:%zu: the file announces %lld %s but ends after %lld; make the count the number of "
                          "records the file holds",
                     text->path, text->line, count, what, found);
}
