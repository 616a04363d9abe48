/* generator.h: random ray/tetrahedron pairs with exact hit/miss counts (SPEC section 5,
 * RandomRayTetra).
 *
 * Every coordinate is a multiple of 1e-9 written with nine decimals, so the double a reader
 * gets is exactly the one the generator classified (k / 1e9 is correctly rounded, as strtod
 * is). Tetrahedra are positively oriented and not flat (6 |volume| >= 0.01 longest edge^3);
 * lines pass through two random points of the tetrahedron's bounding box grown by a quarter
 * on every side, and each pair's class is decided by the exact classifier. Pairs with any
 * exactly-zero edge sign (a line through an edge or vertex, or in a face plane) are redrawn,
 * so that every algorithm must agree on the data. */
#ifndef RAYTETRA_GENERATOR_H
#define RAYTETRA_GENERATOR_H

#include <stdint.h>

#include "error.h"
#include "pairs.h"

typedef struct generator_config {
    uint64_t seed;
    size_t hits, misses;
} generator_config;

/* Write hits + misses pairs, interleaved in random order, as a text input file (atomically).
 * The file depends only on the configuration, not on the number of threads. */
int generator_write(const char *path, const generator_config *config, error_text *err);

/* The same pairs, in memory. */
int generator_fill(const generator_config *config, pair_set *set, error_text *err);

#endif
