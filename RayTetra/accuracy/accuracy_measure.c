/* accuracy_measure.c: the exact reference and the per-class error statistics of one algorithm
 * (definitions in accuracy.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "accuracy/accuracy.h"
#include "exact.h"
#include "extent.h"
#include "compare/result_compare.h"
#include "sort_doubles.h"

int accuracy_reference_compute(const pair_set *set, int extent, accuracy_reference *reference, error_text *err)
{
    size_t n = set->count ? set->count : 1;
    reference->count = set->count;
    reference->results = malloc(n * sizeof *reference->results);
    reference->size = malloc(n * sizeof *reference->size);
    reference->line_length = malloc(n * sizeof *reference->line_length);
    if (!reference->results || !reference->size || !reference->line_length) {
        accuracy_reference_free(reference);
        return error_set(err, "not enough memory for the exact results of %zu pairs", set->count);
    }
#pragma omp parallel for schedule(dynamic, 256)
    for (size_t i = 0; i < set->count; ++i) {
        const ray_tetra_pair *p = &set->pairs[i];
        extent_exact_reference(p, extent, &reference->results[i]);
        reference->size[i] = pair_longest_edge(p);
        vec3 L = pair_direction(p);
        reference->line_length[i] = sqrt(L.x * L.x + L.y * L.y + L.z * L.z);
    }
    return 0;
}

void accuracy_reference_free(accuracy_reference *reference)
{
    free(reference->results);
    free(reference->size);
    free(reference->line_length);
    memset(reference, 0, sizeof *reference);
}

static double distance(vec3 a, vec3 b)
{
    double dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z;
    return sqrt(dx * dx + dy * dy + dz * dz);
}

/* NaN (from a NaN result) counts as the worst error. */
static double worst(double a, double b)
{
    if (isnan(a) || isnan(b))
        return INFINITY;
    return a > b ? a : b;
}

/* Max and median of errors[0 .. n) (sorted in place); NaN for n = 0. */
static void statistics(double *errors, size_t n, double *max, double *median)
{
    if (n == 0) {
        *max = *median = NAN;
        return;
    }
    sort_doubles(errors, n);
    *max = errors[n - 1];
    *median = n % 2 ? errors[n / 2] : (errors[n / 2 - 1] + errors[n / 2]) / 2;
}

static int finite_result(const ray_tetra_result *r)
{
    return isfinite(r->enter_point.x) && isfinite(r->enter_point.y) && isfinite(r->enter_point.z) &&
           isfinite(r->leave_point.x) && isfinite(r->leave_point.y) && isfinite(r->leave_point.z) &&
           isfinite(r->t_enter) && isfinite(r->t_leave);
}

/* The row of class `label`: counts and errors over its pairs. */
static void measure_class(const pair_set *set, const pair_classes *classes, const accuracy_reference *reference,
                          const ray_tetra_result *results, int label, accuracy_row *row, double *t_errors,
                          double *point_errors)
{
    size_t compared = 0;
    for (size_t i = 0; i < set->count; ++i) {
        if (classes->of_pair[i] != label)
            continue;
        const ray_tetra_result *exact = &reference->results[i], *r = &results[i];
        row->pairs++;
        row->reference_hits += (size_t)(exact->hit != 0);
        if ((exact->hit != 0) != (r->hit != 0)) {
            row->misclassified++;
            continue;
        }
        if (!exact->hit)
            continue;
        row->wrong_faces += (size_t)(r->enter_face != exact->enter_face || r->leave_face != exact->leave_face);
        double size = reference->size[i];
        double point =
            worst(distance(r->enter_point, exact->enter_point), distance(r->leave_point, exact->leave_point));
        double t =
            worst(fabs(r->t_enter - exact->t_enter), fabs(r->t_leave - exact->t_leave)) * reference->line_length[i];
        if (!finite_result(r)) {
            row->nonfinite++;
            point = t = INFINITY;
        }
        point_errors[compared] = point / size;
        t_errors[compared] = t / size;
        ++compared;
    }
    row->compared = compared;
    statistics(t_errors, compared, &row->t_error_max, &row->t_error_median);
    statistics(point_errors, compared, &row->point_error_max, &row->point_error_median);
}

static int grow(accuracy_table *table, size_t more, error_text *err)
{
    if (table->count + more <= table->capacity)
        return 0;
    size_t capacity = table->capacity ? table->capacity : 64;
    while (capacity < table->count + more)
        capacity *= 2;
    accuracy_row *rows = realloc(table->rows, capacity * sizeof *rows);
    if (!rows)
        return error_set(err, "not enough memory for %zu table rows", capacity);
    table->rows = rows;
    table->capacity = capacity;
    return 0;
}

int accuracy_measure(const pair_set *set, const pair_classes *classes, const accuracy_reference *reference,
                     const accuracy_subject *subject, accuracy_table *table, error_text *err)
{
    if (grow(table, (size_t)classes->name_count, err) != 0)
        return -1;
    size_t n = set->count ? set->count : 1;
    double *t_errors = malloc(n * sizeof *t_errors), *point_errors = malloc(n * sizeof *point_errors);
    if (!t_errors || !point_errors) {
        free(t_errors);
        free(point_errors);
        return error_set(err, "not enough memory for the errors of %zu pairs", set->count);
    }
    for (int label = 0; label < classes->name_count; ++label) {
        accuracy_row *row = &table->rows[table->count];
        memset(row, 0, sizeof *row);
        snprintf(row->algorithm, sizeof row->algorithm, "%s", subject->algorithm);
        snprintf(row->precision, sizeof row->precision, "%s", subject->precision);
        snprintf(row->device, sizeof row->device, "%s", subject->device);
        snprintf(row->class_name, sizeof row->class_name, "%s", classes->names[label]);
        measure_class(set, classes, reference, subject->results, label, row, t_errors, point_errors);
        if (row->pairs > 0)
            table->count++;
    }
    free(t_errors);
    free(point_errors);
    return 0;
}

void accuracy_table_free(accuracy_table *table)
{
    free(table->rows);
    memset(table, 0, sizeof *table);
}
