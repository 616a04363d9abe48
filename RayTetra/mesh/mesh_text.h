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

/* 1 when the next word starts on a later line than the last one read (0 at the end of the file). */
int mesh_text_at_new_line(mesh_text *text);

#endif
