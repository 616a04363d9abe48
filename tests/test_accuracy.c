/* test_accuracy: the Accuracy module. Its CSV header has the documented columns; the robust
 * algorithm shows no error on any class; planted wrong algorithms (test doubles built on stp0r:
 * one swaps the enter and leave faces, one calls every hit a miss, one moves the enter point by
 * 1e-3 of the size) are caught, with the counts and errors they deserve; the CSV holds one row
 * per algorithm and class. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "accuracy/accuracy.h"
#include "rt_extent.h"
#include "registry/registry.h"
#include "check.h"
#include "fixtures.h"
#include "generator/generator.h"

#define PER_CLASS 300

static const char *const COLUMNS[] = {
    "algorithm",   "precision", "device",    "class",       "pairs",          "reference_hits",  "misclassified",
    "wrong_faces", "compared",  "nonfinite", "t_error_max", "t_error_median", "point_error_max", "point_error_median",
};

static const accuracy_row *row_of(const accuracy_table *table, const char *algorithm, const char *class_name)
{
    for (size_t i = 0; i < table->count; ++i)
        if (!strcmp(table->rows[i].algorithm, algorithm) && !strcmp(table->rows[i].class_name, class_name))
            return &table->rows[i];
    return NULL;
}

int main(void)
{
    /* The header, column by column. */
    char header[] = ACCURACY_CSV_HEADER;
    int column = 0, header_ok = 1;
    for (char *save = NULL, *name = strtok_r(header, ",", &save); name; name = strtok_r(NULL, ",", &save), ++column)
        header_ok &= column < (int)(sizeof COLUMNS / sizeof COLUMNS[0]) && strcmp(name, COLUMNS[column]) == 0;
    CHECK(header_ok && column == (int)(sizeof COLUMNS / sizeof COLUMNS[0]), "CSV header: %s", ACCURACY_CSV_HEADER);

    pair_set set;
    pair_classes classes;
    fixture_class_pairs(5, 200, 200, PER_CLASS, &set, &classes);
    error_text err;
    accuracy_reference reference;
    if (accuracy_reference_compute(&set, RT_EXTENT_LINE, &reference, &err) != 0) {
        fprintf(stderr, "%s\n", err.text);
        return 1;
    }
    ray_tetra_result *robust = malloc(set.count * sizeof *robust), *fake = malloc(set.count * sizeof *fake);
    cpu_algorithm_run(cpu_algorithm_find("stp0r"), &set, robust, 1);
    accuracy_table table = {0};
    accuracy_subject subject = {"stp0r", "double", "cpu", robust};
    CHECK(accuracy_measure(&set, &classes, &reference, &subject, &table, &err) == 0, "%s", err.text);

    /* Planted errors, each on a copy of the robust results. */
    memcpy(fake, robust, set.count * sizeof *fake);
    for (size_t i = 0; i < set.count; ++i)
        if (fake[i].hit) {
            int enter = fake[i].enter_face;
            fake[i].enter_face = fake[i].leave_face;
            fake[i].leave_face = enter;
        }
    accuracy_subject swapped = {"swapped", "double", "cpu", fake};
    CHECK(accuracy_measure(&set, &classes, &reference, &swapped, &table, &err) == 0, "%s", err.text);

    ray_tetra_result *missing = malloc(set.count * sizeof *missing), *moved = malloc(set.count * sizeof *moved);
    memcpy(missing, robust, set.count * sizeof *missing);
    memcpy(moved, robust, set.count * sizeof *moved);
    for (size_t i = 0; i < set.count; ++i) {
        missing[i].hit = 0;
        moved[i].enter_point.x += 1e-3 * reference.size[i];
    }
    accuracy_subject blind = {"blind", "double", "cpu", missing}, shifted = {"shifted", "float", "cpu", moved};
    CHECK(accuracy_measure(&set, &classes, &reference, &blind, &table, &err) == 0, "%s", err.text);
    CHECK(accuracy_measure(&set, &classes, &reference, &shifted, &table, &err) == 0, "%s", err.text);
    CHECK(table.count == 4 * (size_t)classes.name_count, "%zu rows for %d classes", table.count, classes.name_count);

    for (int label = 0; label < classes.name_count; ++label) {
        const char *name = classes.names[label];
        const accuracy_row *good = row_of(&table, "stp0r", name), *swap = row_of(&table, "swapped", name),
                           *none = row_of(&table, "blind", name), *shift = row_of(&table, "shifted", name);
        if (!good || !swap || !none || !shift) {
            CHECK(0, "%s: a row is missing", name);
            continue;
        }
        CHECK(good->pairs == (label == 0 ? 400u : PER_CLASS), "%s: %zu pairs", name, good->pairs);
        CHECK(good->misclassified == 0 && good->wrong_faces == 0 && good->nonfinite == 0,
              "%s: stp0r shows %zu misclassified, %zu wrong faces", name, good->misclassified, good->wrong_faces);
        CHECK(good->compared == good->reference_hits, "%s: %zu compared of %zu hits", name, good->compared,
              good->reference_hits);
        CHECK(good->reference_hits == 0 || (good->point_error_max < 1e-6 && good->t_error_max < 1e-6),
              "%s: stp0r errors t %.2e point %.2e", name, good->t_error_max, good->point_error_max);
        CHECK(swap->wrong_faces == swap->reference_hits && swap->misclassified == 0,
              "%s: face swap: %zu wrong faces of %zu hits", name, swap->wrong_faces, swap->reference_hits);
        CHECK(none->misclassified == none->reference_hits && none->compared == 0 &&
                  (none->reference_hits == 0 || isnan(none->point_error_max)),
              "%s: all misses: %zu misclassified of %zu hits", name, none->misclassified, none->reference_hits);
        CHECK(shift->reference_hits == 0 || fabs(shift->point_error_max / 1e-3 - 1) < 1e-6,
              "%s: moved point: max point error %.6e, expected 1e-3", name, shift->point_error_max);
        CHECK(!strcmp(shift->precision, "float"), "%s: precision '%s'", name, shift->precision);
    }

    char dir[4096];
    fixture_scratch_dir("raytetra-accuracy-XXXXXX", dir, sizeof dir);
    char path[4200];
    snprintf(path, sizeof path, "%s/a.csv", dir);
    CHECK(accuracy_table_write_csv(path, &table, &err) == 0, "%s", err.text);
    FILE *f = fopen(path, "r");
    char line[1024];
    size_t lines = 0;
    int first_ok = 0;
    while (f && fgets(line, sizeof line, f)) {
        if (lines++ == 0)
            first_ok = strcmp(line, ACCURACY_CSV_HEADER "\n") == 0;
    }
    if (f)
        fclose(f);
    CHECK(first_ok && lines == table.count + 1, "CSV: %zu lines, header %s", lines, first_ok ? "ok" : "wrong");
    unlink(path);
    rmdir(dir);

    accuracy_table_free(&table);
    free(robust);
    free(fake);
    free(missing);
    free(moved);
    accuracy_reference_free(&reference);
    pair_classes_free(&classes);
    pair_set_free(&set);
    return check_summary("test_accuracy");
}
