/* mesh_text.c: the word scanner of the mesh readers (mesh_text.h). */
#define _POSIX_C_SOURCE 200809L
#include "mesh/mesh_text.h"

#include "mesh/mesh.h"

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
    char *data;
    size_t size;
    int opened, reason = file_read_path(path, &data, &size, &opened);
    if (reason != 0)
        return error_set(err, "%s: cannot read: %s", path, reason == ENOMEM ? "out of memory" : strerror(reason));
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
    free(text->line_start);
    text->data = NULL;
    text->line_start = NULL;
}

/* A word ends at a blank, a line end or a comment. */
static int ends_word(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v' || c == '#'; }

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
    while (text->position < text->size && !ends_word(text->data[text->position]))
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

/* The whole word (at most 63 characters) as a double by strtod, out of range refused: 1 with *value
 * set, else 0. */
static int word_to_double(const char *word, size_t length, double *value)
{
    char copy[64];
    if (length == 0 || length >= sizeof copy)
        return 0;
    memcpy(copy, word, length);
    copy[length] = '\0';
    char *end;
    errno = 0;
    double v = strtod(copy, &end);
    if (*end != '\0' || errno == ERANGE)
        return 0;
    *value = v;
    return 1;
}

int mesh_word_real(const char *word, size_t length, double *value)
{
    double v;
    if (!word_to_double(word, length, &v) || !isfinite(v))
        return 0;
    *value = v;
    return 1;
}

int mesh_word_coordinate(const char *word, size_t length, double *value)
{
    double v;
    if (!word_to_double(word, length, &v) || !coordinate_in_range(v))
        return 0;
    *value = v;
    return 1;
}

/* A word of an optional '-' and 1 to 18 digits (every index and count a mesh holds), read
 * without strtoll's locale and base handling: 1 with *value set, else 0. */
static int plain_integer(const char *word, size_t length, long long *value)
{
    int negative = length > 0 && word[0] == '-';
    size_t digits = length - (size_t)negative;
    if (digits < 1 || digits > 18)
        return 0;
    long long v = 0;
    for (size_t i = (size_t)negative; i < length; ++i) {
        if (word[i] < '0' || word[i] > '9')
            return 0;
        v = v * 10 + (word[i] - '0');
    }
    *value = negative ? -v : v;
    return 1;
}

int mesh_word_integer(const char *word, size_t length, long long low, long long high, long long *value)
{
    long long plain;
    if (plain_integer(word, length, &plain)) { /* strtoll's value, faster */
        if (plain < low || plain > high)
            return 0;
        *value = plain;
        return 1;
    }
    char copy[32];
    if (length >= sizeof copy)
        return 0;
    memcpy(copy, word, length);
    copy[length] = '\0';
    char *end;
    errno = 0;
    long long v = strtoll(copy, &end, 10);
    if (*end != '\0' || errno != 0 || v < low || v > high)
        return 0;
    *value = v;
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
    if (copy_next_word(text, copy, sizeof copy, &w) && mesh_word_real(w.start, w.length, value))
        return 0;
    return unexpected(text, &w, what, err);
}

int mesh_text_integer(mesh_text *text, long long low, long long high, long long *value, const char *what,
                      error_text *err)
{
    text_word w;
    char copy[32];
    if (copy_next_word(text, copy, sizeof copy, &w)) {
        if (mesh_word_integer(w.start, w.length, low, high, value))
            return 0;
        char *end;
        errno = 0;
        long long v = strtoll(copy, &end, 10);
        if (*end == '\0' && errno == 0) /* a number, but out of range */
            return error_set(err, "%s:%zu: %s %lld is out of range (%lld to %lld)", text->path, text->line, what, v,
                             low, high);
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
        if (mesh_word_coordinate(w.start, w.length, value))
            return 0;
        char *end;
        errno = 0;
        double v = strtod(copy, &end);
        if (*end == '\0' && end != copy) { /* a number, but outside the range */
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

/* ---------------------------------------------------------------- parallel records */

/* Line ends in data[begin, end): counted, or (with starts) each next line's start stored. */
static size_t line_ends(const char *data, size_t begin, size_t end, size_t *starts)
{
    size_t count = 0;
    for (const char *at = data + begin, *stop = data + end; at < stop; ++at) {
        at = memchr(at, '\n', (size_t)(stop - at));
        if (!at)
            break;
        if (starts)
            starts[count] = (size_t)(at - data) + 1;
        ++count;
    }
    return count;
}

/* text->line_start, on every core: each part of the file counts its line ends, then stores
 * where its lines begin from where the parts before it end. Returns 0, or -1 (out of memory). */
static int index_lines(mesh_text *text)
{
    if (text->line_start)
        return 0;
    int parts = text->size >= 64 * MESH_PARALLEL_MIN ? mesh_threads() : 1; /* bytes: about 64 a line */
    size_t *before = calloc((size_t)parts + 1, sizeof *before);
    if (!before)
        return -1;
#pragma omp parallel for schedule(static, 1) if (parts > 1)
    for (int p = 0; p < parts; ++p)
        before[p + 1] = line_ends(text->data, text->size * (size_t)p / (size_t)parts,
                                  text->size * (size_t)(p + 1) / (size_t)parts, NULL);
    for (int p = 0; p < parts; ++p)
        before[p + 1] += before[p];
    /* Line 1 starts at 0; every line end starts a line; the size ends the last one. */
    text->line_count = before[parts] + 1;
    text->line_start = malloc((text->line_count + 1) * sizeof *text->line_start);
    if (!text->line_start) {
        free(before);
        return -1;
    }
    text->line_start[0] = 0;
#pragma omp parallel for schedule(static, 1) if (parts > 1)
    for (int p = 0; p < parts; ++p)
        line_ends(text->data, text->size * (size_t)p / (size_t)parts, text->size * (size_t)(p + 1) / (size_t)parts,
                  text->line_start + 1 + before[p]);
    text->line_start[text->line_count] = text->size;
    free(before);
    return 0;
}

/* The words of data[begin, end) at mesh_text_word's blanks; 0 for a comment or too many words. */
static int split_line(const char *data, size_t begin, size_t end, mesh_line *line)
{
    line->count = 0;
    size_t at = begin;
    for (;;) {
        while (at < end && ends_word(data[at]) && data[at] != '#')
            ++at;
        if (at == end)
            return 1;
        if (data[at] == '#' || line->count == MESH_LINE_MAX_WORDS)
            return 0;
        size_t start = at;
        while (at < end && !ends_word(data[at]))
            ++at;
        line->word[line->count] = data + start;
        line->length[line->count++] = at - start;
    }
}

int mesh_text_lines_follow(mesh_text *text, size_t count)
{
    return !text->serial && count > 0 && mesh_text_at_new_line(text) && index_lines(text) == 0 &&
           text->next_line - 1 + count <= text->line_count;
}

int mesh_text_records(mesh_text *text, size_t count, int words, mesh_record_parser parse, void *context)
{
    if (!mesh_text_lines_follow(text, count))
        return 0;
    size_t first = text->next_line;
    const size_t *start = text->line_start + first - 1;
    int accepted = 1;
#pragma omp parallel for schedule(static) reduction(&& : accepted) if (count >= MESH_PARALLEL_MIN)
    for (size_t i = 0; i < count; ++i) {
        mesh_line line;
        accepted = accepted && split_line(text->data, start[i], start[i + 1], &line) && line.count == words &&
                   parse(&line, i, context);
    }
    if (!accepted)
        return 0;
    text->position = start[count];
    text->line = first + count - 1;
    text->next_line = first + count;
    return 1;
}
