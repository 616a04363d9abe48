/* accuracy.h: the Accuracy report: every algorithm, in every precision, against the exact
 * classifier (Common/exact.h), per input class (pair_classes of Common/pairs_io.h).
 *
 * For each algorithm and class:
 *   misclassified  pairs whose hit/miss differs from exact_classify
 *   wrong_faces    pairs both call a hit, with another enter or leave face than exact_classify
 *                  (on degenerate input another face can be geometrically valid: exact_classify
 *                  breaks ties by thesis Algorithm 1's order, and so must a robust algorithm)
 *   compared       pairs both call a hit: the error statistics are over these (faces aside: the
 *                  points and t of a tie are the same whichever face is named)
 *   nonfinite      compared pairs with a NaN or infinite point or t (their error counts as inf)
 *   point error    max(|enterPoint - exact|, |leavePoint - exact|) / longest edge (Euclidean)
 *   t error        max(|tEnter - exact|, |tLeave - exact|) * |L| / longest edge: the distance
 *                  along the line, so that both errors are relative to the tetrahedron's size
 *   max and median of both errors over the compared pairs.
 * The exact reals are exact_reference()'s: long double (64-bit significand) from the exact faces,
 * eleven bits more than double. */
#ifndef RAYTETRA_ACCURACY_H
#define RAYTETRA_ACCURACY_H

#include <stdio.h>

#include "error.h"
#include "pairs.h"
#include "pairs_io.h"

/* The CSV's header; one row per algorithm and class. Errors are printed with %.6e ("C" locale),
 * NA where no pair was compared. */
#define ACCURACY_CSV_HEADER                                                                                         \
    "algorithm,precision,device,class,pairs,reference_hits,misclassified,wrong_faces,compared,nonfinite,"           \
    "t_error_max,t_error_median,point_error_max,point_error_median"

/* Exact results of every pair, and its length scales. */
typedef struct accuracy_reference {
    size_t count;
    ray_tetra_result *results; /* exact_reference() */
    double *size;              /* longest edge */
    double *line_length;       /* |L| = |Q - P| */
} accuracy_reference;

/* Computes the reference of every pair (in parallel: exact_reference is thread-safe). */
int accuracy_reference_compute(const pair_set *set, int extent, accuracy_reference *reference, error_text *err);
void accuracy_reference_free(accuracy_reference *reference);

/* One algorithm's results on the whole set, and how to name it. */
typedef struct accuracy_subject {
    const char *algorithm; /* e.g. "stp1f", "GPU_STP0" */
    const char *precision; /* "double" or "float" */
    const char *device;    /* "cpu" or "opencl" */
    const ray_tetra_result *results;
} accuracy_subject;

typedef struct accuracy_row {
    char algorithm[32], precision[8], device[8], class_name[PAIRS_CLASS_NAME_MAX + 1];
    size_t pairs, reference_hits, misclassified, wrong_faces, compared, nonfinite;
    double t_error_max, t_error_median, point_error_max, point_error_median; /* NaN: nothing compared */
} accuracy_row;

typedef struct accuracy_table {
    size_t count, capacity;
    accuracy_row *rows;
} accuracy_table;

/* Append one row per class that has pairs, in the order of classes->names. */
int accuracy_measure(const pair_set *set, const pair_classes *classes, const accuracy_reference *reference,
                     const accuracy_subject *subject, accuracy_table *table, error_text *err);

void accuracy_table_free(accuracy_table *table);

/* The table, aligned, for people. */
void accuracy_table_print(FILE *out, const accuracy_table *table);

/* The table as CSV (ACCURACY_CSV_HEADER, then the rows), written atomically. */
int accuracy_table_write_csv(const char *path, const accuracy_table *table, error_text *err);

#endif
