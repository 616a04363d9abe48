/* accuracy_report.c: the Accuracy table, aligned for people and as CSV for tools. Numbers are
 * printed in the "C" locale (no program of the suite calls setlocale with ""). */
#include <math.h>
#include <string.h>

#include "accuracy/accuracy.h"
#include "atomic_file.h"

/* An error for the table: "-" when nothing was compared. */
static const char *error_text_of(double value, char *text, size_t size)
{
    if (isnan(value))
        snprintf(text, size, "-");
    else
        snprintf(text, size, "%.2e", value);
    return text;
}

void accuracy_table_print(FILE *out, const accuracy_table *table)
{
    fprintf(out, "%-11s %-6s %-6s %-10s %7s %7s %7s %6s %7s %9s %9s %9s %9s\n", "algorithm", "prec", "device", "class",
            "pairs", "ref_hit", "misclas", "faces", "nonfin", "t_max", "t_median", "pt_max", "pt_median");
    const char *previous = "";
    for (size_t i = 0; i < table->count; ++i) {
        const accuracy_row *r = &table->rows[i];
        char a[32], b[32], c[32], d[32];
        /* The algorithm's name once per group of rows, so that the eye finds the groups. */
        int first = strcmp(previous, r->algorithm) != 0;
        previous = r->algorithm;
        fprintf(out, "%-11s %-6s %-6s %-10s %7zu %7zu %7zu %6zu %7zu %9s %9s %9s %9s\n", first ? r->algorithm : "",
                r->precision, r->device, r->class_name, r->pairs, r->reference_hits, r->misclassified, r->wrong_faces,
                r->nonfinite, error_text_of(r->t_error_max, a, sizeof a), error_text_of(r->t_error_median, b, sizeof b),
                error_text_of(r->point_error_max, c, sizeof c), error_text_of(r->point_error_median, d, sizeof d));
    }
}

/* A CSV error cell: NA when nothing was compared, "inf" for an infinite error. */
static void csv_error(FILE *out, double value)
{
    if (isnan(value))
        fputs(",NA", out);
    else if (isinf(value))
        fputs(",inf", out);
    else
        fprintf(out, ",%.6e", value);
}

int accuracy_table_write_csv(const char *path, const accuracy_table *table, error_text *err)
{
    atomic_file file;
    if (atomic_open(&file, path, err) != 0)
        return -1;
    fprintf(file.stream, "%s\n", ACCURACY_CSV_HEADER);
    for (size_t i = 0; i < table->count; ++i) {
        const accuracy_row *r = &table->rows[i];
        fprintf(file.stream, "%s,%s,%s,%s,%zu,%zu,%zu,%zu,%zu,%zu", r->algorithm, r->precision, r->device,
                r->class_name, r->pairs, r->reference_hits, r->misclassified, r->wrong_faces, r->compared,
                r->nonfinite);
        csv_error(file.stream, r->t_error_max);
        csv_error(file.stream, r->t_error_median);
        csv_error(file.stream, r->point_error_max);
        csv_error(file.stream, r->point_error_median);
        fputc('\n', file.stream);
    }
    return atomic_commit(&file, err);
}
