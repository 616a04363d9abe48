/* binary_io.h: the binary pair and result format, for inputs too big for text (100,000,000
 * pairs load in seconds). Files whose name ends in ".rtb" are written in it; readers recognise
 * it by its magic, whatever the name.
 *
 * Format, version 1, every field little-endian:
 *   offset  size  field
 *        0     8  magic "RAYTETRA"
 *        8     4  uint32 version (1)
 *       12     4  uint32 kind: 1 = pairs, 2 = results
 *       16     8  uint64 record count N
 *       24     4  uint32 record size in bytes (144 for pairs, 112 for results)
 *       28    36  zero (reserved)
 *       64        N records:
 *   pairs:   18 IEEE-754 binary64: V0 V1 V2 V3 P Q (x y z each), as in the text format
 *   results: int32 hit (0/1), int32 enterFace, int32 leaveFace (-1 on a miss), int32 zero,
 *            12 IEEE-754 binary64: enterPoint leavePoint uEnter1 uEnter2 uLeave1 uLeave2
 *            tEnter tLeave (zero on a miss) */
#ifndef RAYTETRA_BINARY_IO_H
#define RAYTETRA_BINARY_IO_H

#include <stdio.h>

#include "error.h"
#include "input_stream.h"
#include "pairs.h"

#define BINARY_MAGIC "RAYTETRA"
#define BINARY_VERSION 1
#define BINARY_HEADER_SIZE 64
#define BINARY_KIND_PAIRS 1
#define BINARY_KIND_RESULTS 2
#define BINARY_PAIR_RECORD 144
#define BINARY_RESULT_RECORD 112

/* 1 if the path names a binary file to write (".rtb"). */
int binary_path(const char *path);

/* 1 if the input starts with the binary magic, 0 if not (nothing is consumed either way), -1
 * with err set on a read error. */
int binary_input(input_stream *in, error_text *err);

/* Read a binary input of the given kind from its first byte, without seeking (a pipe will do).
 * Pairs are validated like text (docs/SPECIFICATION.md section 4, docs/INPUT_RANGE.md);
 * results are held to what the text format can say: hit 0 or 1, faces 0..3 and finite reals
 * on a hit, faces -1 and zeros on a miss. Errors name the file and the record number
 * ("pair 3", "result 3", counting from 0); bytes after the records are an error too. */
int binary_pairs_read(input_stream *in, pair_set *set, error_text *err);
int binary_results_read(input_stream *in, ray_tetra_result **results, size_t *count, error_text *err);

/* A binary input of pairs read in pieces (the streaming pipeline, RayTetra/pipeline/): the
 * header (binary_pairs_begin: *count, the records it announces), then `want` records at a time
 * straight into `pairs`, records first .. first + want - 1 (binary_pairs_next; the input ending
 * before them is an error), then binary_pairs_end (nothing may follow). binary_pair_check
 * validates record `index` with binary_pairs_read's message. Each returns 0, or -1 with err set. */
int binary_pairs_begin(input_stream *in, size_t *count, error_text *err);
int binary_pairs_next(input_stream *in, ray_tetra_pair *pairs, size_t first, size_t want, size_t count,
                      error_text *err);
int binary_pairs_end(input_stream *in, size_t count, error_text *err);
int binary_pair_check(const char *name, size_t index, const ray_tetra_pair *pair, error_text *err);

/* A binary result file read in pieces (CompareResults' chunks), as the pairs above:
 * binary_results_next reads `want` raw records into `records`, binary_result_decode checks and
 * decodes record `index` with binary_results_read's message. */
int binary_results_begin(input_stream *in, size_t *count, error_text *err);
int binary_results_next(input_stream *in, unsigned char *records, size_t first, size_t want, size_t count,
                        error_text *err);
int binary_results_end(input_stream *in, size_t count, error_text *err);
int binary_result_decode(const char *name, size_t index, const unsigned char *record, ray_tetra_result *result,
                         error_text *err);

/* One result as its record of the format, for writers that stream their records. */
void binary_result_encode(const ray_tetra_result *result, unsigned char record[BINARY_RESULT_RECORD]);

/* On a little-endian host, each of `count` results made its own record in place (the bytes of
 * binary_result_encode), so that the array is written as it is: 1; elsewhere 0, the results
 * untouched. */
int binary_results_encode_in_place(ray_tetra_result *results, size_t count);

/* A hit with these faces and its 12 reals in the order both result formats store them (docs/
 * SPECIFICATION.md section 4): enter point, leave point, u_enter1, u_enter2, u_leave1, u_leave2,
 * t_enter, t_leave. */
void binary_result_hit(ray_tetra_result *r, int enter_face, int leave_face, const double reals[12]);

/* The 64-byte header, for writers that stream their records (the generator). */
void binary_write_header(FILE *stream, unsigned kind, unsigned long long count, unsigned record_size);

/* Write atomically. */
int binary_pairs_write(const char *path, const pair_set *set, error_text *err);
int binary_results_write(const char *path, const ray_tetra_result *results, size_t count, error_text *err);

#endif
