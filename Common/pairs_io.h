/* pairs_io.h: the text formats of docs/SPECIFICATION.md section 4.
 *
 * Input: the number of pairs N, then N lines of 18 reals "V0 V1 V2 V3 P Q"; lines starting
 * with '#' are comments. Output: one line per pair, "true" and the 14 result fields, or
 * "false"; reals printed with %.17g so that they read back exactly.
 * Every function here also handles the binary format of binary_io.h: readers recognise it by
 * its magic, writers use it for paths ending in ".rtb" (results then carry no trailer).
 * Readers take "-" for standard input and read pipes and FIFOs as well as files; writers take
 * any OUTPUT atomic_file.h accepts ("-" for standard output). Text inputs hold no control byte
 * but tab and carriage return, lines of at most INPUT_LINE_MAX bytes, and after the data only
 * comments and blank lines (docs/FILES.md). */
#ifndef RAYTETRA_PAIRS_IO_H
#define RAYTETRA_PAIRS_IO_H

#include <stdio.h>

#include "error.h"
#include "input_stream.h"
#include "pairs.h"

/* Read and validate an input file: every failure of docs/SPECIFICATION.md section 4 (unreadable file,
 * non-numeric token, wrong count of reals or lines, bad N, NaN/Inf, a coordinate outside the
 * supported range of pair_check.h, P == Q, flat or negatively oriented tetrahedron) gives -1
 * and "FILE:LINE: what is wrong" in err. */
int pairs_read(const char *path, pair_set *set, error_text *err);

/* The same from an open input (for bytes in memory: input_open_memory). */
int pairs_read_input(input_stream *in, pair_set *set, error_text *err);

/* A text input of pairs read line by line (the streaming pipeline, RayTetra/pipeline/): the
 * count line first (pairs_text_begin), then the line of each pair index 0 .. count - 1
 * (pairs_text_line: in->line and in->line_number hold it; comments and blank lines skipped),
 * then pairs_text_end (only comments and blank lines may follow). Each returns 0, or -1 with
 * err set in pairs_read's words. pairs_parse_line reads and validates one such line, which
 * may be a copy: `name` and `number` place it in messages. */
int pairs_text_begin(input_stream *in, size_t *count, error_text *err);
int pairs_text_line(input_stream *in, size_t index, size_t count, error_text *err);
int pairs_text_end(input_stream *in, size_t count, error_text *err);
int pairs_parse_line(const char *name, const char *line, size_t number, ray_tetra_pair *pair, error_text *err);

/* Class labels of an input file. A comment line "# class NAME" (NAME: letters, digits, '-' and
 * '_', at most PAIRS_CLASS_NAME_MAX characters) labels the pairs after it, up to the next such
 * line; pairs before the first one, and every pair of a binary file, are class "random". The
 * plain readers ignore these lines like any comment. */
#define PAIRS_DEFAULT_CLASS "random"
#define PAIRS_CLASS_NAME_MAX 31
#define PAIRS_CLASSES_MAX 64

typedef struct pair_classes {
    size_t count;           /* pairs */
    unsigned char *of_pair; /* class index (into names) of each pair */
    int name_count;
    char names[PAIRS_CLASSES_MAX][PAIRS_CLASS_NAME_MAX + 1]; /* in order of first appearance */
} pair_classes;

/* pairs_read, plus the class of every pair. More than PAIRS_CLASSES_MAX classes, or a "# class"
 * line with a bad name, is an error naming the line. */
int pairs_read_classes(const char *path, pair_set *set, pair_classes *classes, error_text *err);
int pairs_read_classes_input(input_stream *in, pair_set *set, pair_classes *classes, error_text *err);

void pair_classes_free(pair_classes *classes);

/* pairs_text_line that also follows the "# class NAME" lines before the pair's line, with
 * pairs_read_classes's rules: *current_class (-1 before the first pair) becomes the index in
 * `classes` of the pair's label. */
int pairs_text_line_classes(input_stream *in, size_t index, size_t count, pair_classes *classes, int *current_class,
                            error_text *err);

/* The labels after all pairs were read: a binary file (no labels) or no pairs get class
 * "random" throughout; 0, or -1 with err set and `set` freed. */
int pair_classes_finish(const char *name, pair_set *set, pair_classes *classes, error_text *err);

/* Index of `name` in classes, adding it if new; -1 if PAIRS_CLASSES_MAX are in use already. */
int pair_classes_index(pair_classes *classes, const char *name);

/* Write pairs in the input format, atomically. */
int pairs_write(const char *path, const pair_set *set, error_text *err);

/* One result line (no newline handling beyond the final '\n'). */
void result_print(FILE *out, const ray_tetra_result *result);

/* The longest result line, its '\n' and NUL included: "true", two faces and 12 reals of at
 * most 24 characters (%.17g), each after a space. */
#define RESULT_LINE_MAX 320

/* result_print's line into out (NUL-terminated); returns its length (>= size: cut short). */
size_t result_format(char *out, size_t size, const ray_tetra_result *result);

/* Write one result line per pair, atomically; `trailer`, if not NULL, is appended as is
 * (a comment line such as the timing). */
int results_write(const char *path, const ray_tetra_result *results, size_t count, const char *trailer,
                  error_text *err);

/* Read a result file (ours or the original program's: true/false or 1/0, comments skipped).
 * Reals must be finite and faces whole numbers 0..3 (-1 on a hit: a side clipped by a ray or a
 * segment, docs/SPECIFICATION.md section 9), in text and binary alike. */
int results_read(const char *path, ray_tetra_result **results, size_t *count, error_text *err);

/* results_read, and where each result stands: *lines (malloc'd) holds the line number of each
 * result of a text file; it is NULL for a binary file, whose results are located by their
 * record number (their index). `lines` may be NULL. */
int results_read_located(const char *path, ray_tetra_result **results, size_t *count, size_t **lines,
                         error_text *err);

/* A text result file read line by line (CompareResults' chunks): results_text_line makes the
 * next result line in->line (in->line_number; comments and blank lines skipped) and returns 1,
 * 0 at the end of the input, or -1 with err set; results_parse_line parses such a line, which
 * may be a copy (`name` and `number` place it in messages), in results_read's words. */
int results_text_line(input_stream *in, error_text *err);
int results_parse_line(const char *name, const char *line, size_t number, ray_tetra_result *result, error_text *err);

/* The same from an open input. */
int results_read_input(input_stream *in, ray_tetra_result **results, size_t *count, size_t **lines,
                       error_text *err);

#endif
