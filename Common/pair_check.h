/* pair_check.h: what makes a pair invalid input (docs/SPECIFICATION.md section 4), shared by the
 * text and binary readers and by libraytetra (which reports the fault as an error code), and the range of coordinates every algorithm computes without
 * overflow or underflow (docs/INPUT_RANGE.md says why these bounds). */
#ifndef RAYTETRA_PAIR_CHECK_H
#define RAYTETRA_PAIR_CHECK_H

#include <stddef.h>

#include "pairs.h"

/* Every coordinate of an accepted pair is 0 or has a magnitude in [PAIR_RANGE_MIN,
 * PAIR_RANGE_MAX]: then no product any double-precision algorithm forms (cubic in the
 * coordinates; Haines' barycentric normalisation is quartic) overflows, and none that decides
 * a sign or divides underflows. */
#define PAIR_RANGE_MIN 1e-50
#define PAIR_RANGE_MAX 1e75
#define PAIR_RANGE_TEXT "every coordinate must be 0 or between 1e-50 and 1e+75 in magnitude"

/* The rule above for one coordinate of any input (pairs, meshes, rays): 1 when value is 0 or
 * finite with a magnitude in [PAIR_RANGE_MIN, PAIR_RANGE_MAX], else 0. */
int coordinate_in_range(double value);

/* The readers' one wording of a refusal by that rule: "NAME = VALUE is outside the supported
 * range: ... (docs/INPUT_RANGE.md)" into why. The _text form names the value as the file wrote
 * it, for a number too small for a double at all (1e-400, which strtod reads as 0). */
void coordinate_range_why(const char *name, double value, char *why, size_t size);
void coordinate_range_why_text(const char *name, const char *value, char *why, size_t size);

/* The single-precision variants (CPU and OpenCL) round the input to float, whose range is far
 * smaller: they need every coordinate within SINGLE_RANGE_MAX in magnitude and each pair's
 * largest coordinate at least SINGLE_RANGE_MIN. Input outside it is read (the double
 * algorithms compute it) but not given to a float variant. */
#define SINGLE_RANGE_MIN 1e-6
#define SINGLE_RANGE_MAX 1e8
#define SINGLE_RANGE_TEXT "the single-precision algorithms need every coordinate within 1e+8 in magnitude and " \
                          "each pair's largest coordinate at least 1e-6"

/* What is wrong with a pair, in the order the checks are made. */
typedef enum pair_fault {
    PAIR_VALID = 0,
    PAIR_NOT_FINITE,   /* a coordinate is NaN or infinite */
    PAIR_OUT_OF_RANGE, /* a coordinate outside the range above (pair_fault_of) or the single-precision one */
    PAIR_NO_DIRECTION, /* P == Q */
    PAIR_DEGENERATE,   /* the four vertices are coplanar (exactly) */
    PAIR_NEGATIVE,     /* the tetrahedron is negatively oriented (exactly) */
} pair_fault;

/* The fault of a pair, the first found; *coordinate (0..17, V0.x .. Q.z) is the coordinate at
 * fault for PAIR_NOT_FINITE and PAIR_OUT_OF_RANGE. */
pair_fault pair_fault_of(const ray_tetra_pair *pair, int *coordinate);

/* PAIR_VALID, or PAIR_OUT_OF_RANGE when the single-precision variants cannot compute the pair;
 * *coordinate as above (for a pair too small: its largest coordinate). */
pair_fault pair_fault_single(const ray_tetra_pair *pair, int *coordinate);

/* 0 for a valid pair, else -1 with a short description of the problem in why. */
int pair_check(const ray_tetra_pair *pair, char *why, size_t size);

/* 0 when the single-precision variants can compute the pair, else -1 with why set. */
int pair_check_single(const ray_tetra_pair *pair, char *why, size_t size);

/* Index of the first pair of the set outside the single-precision range, or set->count when
 * all are inside; why describes the problem of that pair. */
size_t pairs_check_single(const pair_set *set, char *why, size_t size);

#endif
