/* generator.h: random ray/tetrahedron pairs with exact hit/miss counts (docs/SPECIFICATION.md section 5,
 * RandomRayTetra).
 *
 * Every coordinate is a multiple of 1e-9 written with nine decimals, so the double a reader
 * gets is exactly the one the generator classified (k / 1e9 is correctly rounded, as strtod
 * is). Tetrahedra are positively oriented and not flat (6 |volume| >= 0.01 longest edge^3);
 * lines pass through two random points of the tetrahedron's bounding box grown by a quarter
 * on every side, and each pair's class is decided by the exact classifier. Pairs with any
 * exactly-zero edge sign (a line through an edge or vertex, or in a face plane) are redrawn,
 * so that every algorithm must agree on the data.
 *
 * Special classes (generator_classes.c), each with its own count, test robustness: lines through
 * an edge or a vertex, lines in a face plane crossing or missing the face, lines parallel to a
 * face, nearly flat and needle-shaped tetrahedra, and coordinates far from the origin; and the
 * same near-degeneracies built in floating point. The exact classes' (edge .. far)
 * coordinates lie on coarse dyadic lattices (multiples of 2^-10 and finer powers of two, small
 * integers times them), so that every construction is exact in double: a point "on an edge" is
 * on it, and Q - P is exactly the direction used. Each pair is confirmed with the exact
 * classifier (zero-sign pattern and hit/miss) and redrawn when the construction failed.
 * The floating-point near-degenerate classes (near-edge, near-face, at-vertex) are the opposite:
 * vertices are random doubles on no lattice, every construction is rounded as an application's
 * would be (a point "on an edge" is within a rounding of it), and Q is stored as fl(P + L), so
 * that Q - P is not the direction used and often not exactly representable. Their exact classes
 * are whatever exact_classify says of the doubles written; near-edge and near-face are drawn
 * half hits, half misses by it, at-vertex lines are hits (they touch the vertex).
 * A file holds the hit/miss pairs first (unlabelled, class "random", in the 1e-9 text format),
 * then each special class in the order of generator_class as one group, after a comment line
 * "# class NAME", written with %.17g (exact round trip). Without special classes the file is
 * byte for byte what it was before they existed. */
#ifndef RAYTETRA_GENERATOR_H
#define RAYTETRA_GENERATOR_H

#include <stdint.h>

#include "error.h"
#include "pairs.h"

#include "pairs_io.h"

typedef enum generator_class {
    GENERATOR_EDGE,       /* the line passes through a point inside an edge */
    GENERATOR_VERTEX,     /* the line passes through a vertex */
    GENERATOR_FACE_CROSS, /* the line lies in a face's plane and crosses the face */
    GENERATOR_FACE_MISS,  /* the line lies in a face's plane and misses the face */
    GENERATOR_PARALLEL,   /* the line is parallel to a face, not in its plane (half hits) */
    GENERATOR_FLAT,       /* a nearly flat tetrahedron (half hits) */
    GENERATOR_NEEDLE,     /* a needle: one edge direction much longer than the rest (half hits) */
    GENERATOR_FAR,        /* the whole pair offset by 1e6 from the origin (half hits) */
    GENERATOR_NEAR_EDGE,  /* double vertices; the line through a point computed on an edge (rounded) */
    GENERATOR_NEAR_FACE,  /* double vertices; the line through a point computed in a face, along it */
    GENERATOR_AT_VERTEX,  /* double vertices; P is a vertex, Q = P + L rounded */
    GENERATOR_CLASS_COUNT
} generator_class;

/* "edge", "vertex", "face-cross", "face-miss", "parallel", "flat", "needle", "far", "near-edge",
 * "near-face", "at-vertex": the class label in files and the RandomRayTetra option (--edge N, ...). */
const char *generator_class_name(generator_class c);

/* One line for help texts. */
const char *generator_class_description(generator_class c);

typedef struct generator_config {
    uint64_t seed;
    size_t hits, misses;
    size_t special[GENERATOR_CLASS_COUNT]; /* pairs of each special class */
} generator_config;

/* Every pair of the configuration: hits + misses + all special counts. */
size_t generator_total(const generator_config *config);

/* Write hits + misses pairs, interleaved in random order, as a text input file (atomically).
 * The file depends only on the configuration, not on the number of threads. */
int generator_write(const char *path, const generator_config *config, error_text *err);

/* The same pairs, in memory. */
int generator_fill(const generator_config *config, pair_set *set, error_text *err);

/* The same pairs and their classes, as pairs_read_classes() reads them from the file. */
int generator_fill_classes(const generator_config *config, pair_set *set, pair_classes *classes, error_text *err);

/* One pair of special class c, drawn from `seed` alone (the generator seeds each pair's
 * stream from the configuration seed, the class and the pair's index). */
void generator_special_pair(generator_class c, uint64_t seed, ray_tetra_pair *pair);

#endif
