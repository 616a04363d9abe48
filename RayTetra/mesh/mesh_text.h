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
    size_t *line_start; /* where each line begins (line k at line_start[k - 1]), then the size; NULL
                           until mesh_text_records needs it */
    size_t line_count;
    int serial;         /* no fast path: every section word by word (mesh_read_serial) */
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

/* One word (not NUL-terminated) as mesh_text_real, mesh_text_coordinate and mesh_text_integer
 * accept it: 1 with *value set, else 0 (the serial readers then say why). The parallel record
 * parsers use them, so that both read every number alike, bit for bit. */
int mesh_word_real(const char *word, size_t length, double *value);
int mesh_word_coordinate(const char *word, size_t length, double *value);
int mesh_word_integer(const char *word, size_t length, long long low, long long high, long long *value);

/* The words of one line, for a parallel record parser. */
#define MESH_LINE_MAX_WORDS 32
typedef struct mesh_line {
    int count;
    const char *word[MESH_LINE_MAX_WORDS];
    size_t length[MESH_LINE_MAX_WORDS];
} mesh_line;

/* Parse record `record` from its line's words into the reader's arrays (context); 1 when the
 * serial reader would accept the record as it stands, else 0. Called on many threads at once. */
typedef int (*mesh_record_parser)(const mesh_line *line, size_t record, void *context);

/* The fast path of a section of `count` records of `words` words each, when the file has them
 * in the usual form: one record a line, on the `count` lines that follow the last word read,
 * without comments or blank lines between. Those lines are split at the same blanks as
 * mesh_text_word's and parsed on every core (OpenMP). Returns 1 when every record was accepted
 * (the text is then past the last one, as if read word by word: text->line is its line), or 0,
 * with the text where it was, when any line is in another form or holds something the serial
 * reader would refuse: the caller then reads the section word by word, which accepts every form
 * the format allows and says what is wrong, where, as always. The record parsers may have
 * written some records by then: the serial reader writes them again. */
int mesh_text_records(mesh_text *text, size_t count, int words, mesh_record_parser parse, void *context);

/* 1 when the next word starts a line and `count` lines follow from there (counting its own):
 * the records of a fast path fit the file, so that arrays for `count` may be allocated without
 * trusting a count the file cannot hold. */
int mesh_text_lines_follow(mesh_text *text, size_t count);

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
