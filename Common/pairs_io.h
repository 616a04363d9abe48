/* pairs_io.h: the text formats of SPEC section 4.
 *
 * Input: the number of pairs N, then N lines of 18 reals "V0 V1 V2 V3 P Q"; lines starting
 * with '#' are comments. Output: one line per pair, "true" and the 14 result fields, or
 * "false"; reals printed with %.17g so that they read back exactly.
 * Every function here also handles the binary format of binary_io.h: readers recognise it by
 * its magic, writers use it for paths ending in ".rtb" (results then carry no trailer). */
#ifndef RAYTETRA_PAIRS_IO_H
#define RAYTETRA_PAIRS_IO_H

#include <stdio.h>

#include "error.h"
#include "pairs.h"

/* Read and validate an input file: every failure of SPEC section 4 (unreadable file,
 * non-numeric token, wrong count of reals or lines, bad N, NaN/Inf, P == Q, flat or negatively
 * oriented tetrahedron) gives -1 and "FILE:LINE: what is wrong" in err. */
int pairs_read(const char *path, pair_set *set, error_text *err);

/* Write pairs in the input format, atomically. */
int pairs_write(const char *path, const pair_set *set, error_text *err);

/* One result line (no newline handling beyond the final '\n'). */
void result_print(FILE *out, const ray_tetra_result *result);

/* Write one result line per pair, atomically; `trailer`, if not NULL, is appended as is
 * (a comment line such as the timing). */
int results_write(const char *path, const ray_tetra_result *results, size_t count, const char *trailer,
                  error_text *err);

/* Read a result file (ours or the original program's: true/false or 1/0, comments skipped). */
int results_read(const char *path, ray_tetra_result **results, size_t *count, error_text *err);

#endif
