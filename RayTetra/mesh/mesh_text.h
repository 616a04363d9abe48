/* mesh_text.h: the word scanner the mesh readers share: a whole text file in memory, read word
 * by word with the line number of each word, '#' starting a comment to the end of the line. */
#ifndef RAYTETRA_MESH_TEXT_H
#define RAYTETRA_MESH_TEXT_H

#include <stddef.h>

#include "error.h"

typedef struct mesh_text {
    const char *path;
    char *data; /* the file, NUL-terminated */
    size_t size, position;
    size_t line;      /* line of the last word read (1-based) */
    size_t next_line; /* line at `position` */
} mesh_text;

/* Read the whole file; returns 0, or -1 with "PATH: cannot read: REASON" in err. */
int mesh_text_open(mesh_text *text, const char *path, error_text *err);

void mesh_text_close(mesh_text *text);

/* The next word (its start and length; text->line is its line); 0 at the end of the file. */
int mesh_text_word(mesh_text *text, const char **word, size_t *length);

/* The next word as a finite real or as a whole number in [low, high]; `what` names it in the
 * error ("PATH:LINE: expected WHAT, found 'WORD'" or "... the file ends"). */
int mesh_text_real(mesh_text *text, double *value, const char *what, error_text *err);
int mesh_text_integer(mesh_text *text, long long low, long long high, long long *value, const char *what,
                      error_text *err);

/* The next word as a coordinate of record `number` ("vertex", 3, "x": "vertex 3's x"): a finite
 * real within the suite's range (Common/pair_check.h, docs/INPUT_RANGE.md), else -1 with
 * "PATH:LINE: vertex 3's x = 1e+300 is outside the supported range: ..." in err. */
int mesh_text_coordinate(mesh_text *text, double *value, const char *record, long long number, const char *axis,
                         error_text *err);

/* 1 when nothing but blanks and comments is left. */
int mesh_text_at_end(mesh_text *text);

/* The records a reader has announced but not yet seen: `array` (of `capacity` items of `item`
 * bytes) grown geometrically so that it holds `needed`, and never past `announced`, so that a
 * count the file cannot hold allocates no more than the records it does hold. Returns the array
 * (moved or not); or NULL with "PATH: out of memory for COUNT WHAT" in err, the array freed. */
void *mesh_text_grow(mesh_text *text, void *array, size_t *capacity, size_t needed, size_t announced, size_t item,
                     const char *what, error_text *err);

/* err for an announced count of records of which only `found` are there, at the line where the
 * file ends: "PATH:LINE: the file announces COUNT WHAT but ends after FOUND; ...". Returns -1. */
int mesh_text_ends_early(mesh_text *text, long long count, long long found, const char *what, error_text *err);

/* 1 when the next word starts on a later line than the last one read (0 at the end of the file). */
int mesh_text_at_new_line(mesh_text *text);

#endif
