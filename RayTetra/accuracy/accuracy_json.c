/* accuracy_json.c: Accuracy's table as a JSON document (accuracy_json.h), with the context the
 * Bench document has (bench/results_json.h), so that scripts/report.sh can put the two side by
 * side. Algorithms are named by their CSV names, as in Bench's document. */
#include <stddef.h>
#include <string.h>

#include "accuracy/accuracy_json.h"
#include "bench/results_json.h"
#include "extent.h"
#include "registry/registry.h"
#include "registry/registry_print.h"

static void add(json_object *object, const char *key, json_object *value)
{
    json_object_object_add(object, key, value);
}

static json_object *size(size_t value) { return json_object_new_int64((int64_t)value); }

/* A row's counts (size_t) and errors (double) in the document's order (docs/JSON.md). */
static const struct row_number {
    const char *key;
    size_t offset;
    int is_count;
} ROW_NUMBERS[] = {
    {"pairs", offsetof(accuracy_row, pairs), 1},
    {"reference_hits", offsetof(accuracy_row, reference_hits), 1},
    {"misclassified", offsetof(accuracy_row, misclassified), 1},
    {"wrong_faces", offsetof(accuracy_row, wrong_faces), 1},
    {"compared", offsetof(accuracy_row, compared), 1},
    {"nonfinite", offsetof(accuracy_row, nonfinite), 1},
    {"t_error_max", offsetof(accuracy_row, t_error_max), 0},
    {"t_error_median", offsetof(accuracy_row, t_error_median), 0},
    {"point_error_max", offsetof(accuracy_row, point_error_max), 0},
    {"point_error_median", offsetof(accuracy_row, point_error_median), 0},
};

static json_object *row_object(const accuracy_row *row)
{
    const registry_variant *v = registry_find(row->algorithm);
    json_object *r = json_object_new_object();
    char text[64];
    json_object *properties = results_json_words(v ? registry_properties_text(v, text, sizeof text) : "-");
    add(r, "algorithm", json_object_new_string(v ? v->csv_name : row->algorithm));
    add(r, "name", json_object_new_string(v ? v->name : row->algorithm));
    add(r, "kind", json_object_new_string(row->device));
    add(r, "precision", json_object_new_string(row->precision));
    add(r, "class", json_object_new_string(row->class_name));
    for (size_t k = 0; k < sizeof ROW_NUMBERS / sizeof ROW_NUMBERS[0]; ++k) {
        const char *field = (const char *)row + ROW_NUMBERS[k].offset;
        add(r, ROW_NUMBERS[k].key,
            ROW_NUMBERS[k].is_count ? size(*(const size_t *)field) : results_json_number(*(const double *)field));
    }
    add(r, "properties", properties);
    return r;
}

int accuracy_write_json(const char *path, const accuracy_run *run, const accuracy_table *table, error_text *err)
{
    json_object *document = results_json_document(RESULTS_JSON_ACCURACY_SCHEMA, run->command, run->date, run->input,
                                                   run->cpu_name, err);
    if (!document)
        return -1;
    json_object *context = results_json_context(document), *results = results_json_results(document);
    add(context, "threads", json_object_new_int(1));
    add(context, "opencl_platform", results_json_string(run->opencl_platform));
    add(context, "opencl_device", results_json_string(run->opencl_device));
    add(context, "opencl_driver", results_json_string(run->opencl_driver));
    add(context, "local_size", run->local_size ? size(run->local_size) : NULL);
    add(context, "pairs", size(run->pairs));
    add(context, "hit_percent", results_json_number(run->hit_percent));
    add(context, "seed", NULL);
    add(context, "extent", json_object_new_string(extent_name(run->extent)));
    for (size_t i = 0; i < table->count; ++i)
        json_object_array_add(results, row_object(&table->rows[i]));
    int status = results_json_write(path, document, err);
    json_object_put(document);
    return status;
}
