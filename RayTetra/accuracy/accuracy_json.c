/* accuracy_json.c: Accuracy's table as a JSON document (accuracy_json.h), with the context the
 * Bench document has (bench/results_json.h), so that scripts/report.sh can put the two side by
 * side. Algorithms are named by their CSV names, as in Bench's document. */
#include <string.h>

#include "accuracy/accuracy_json.h"
#include "bench/results_json.h"
#include "extent.h"
#include "registry.h"
#include "registry_print.h"

static void add(json_object *object, const char *key, json_object *value)
{
    json_object_object_add(object, key, value);
}

static json_object *size(size_t value) { return json_object_new_int64((int64_t)value); }

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
    add(r, "pairs", size(row->pairs));
    add(r, "reference_hits", size(row->reference_hits));
    add(r, "misclassified", size(row->misclassified));
    add(r, "wrong_faces", size(row->wrong_faces));
    add(r, "compared", size(row->compared));
    add(r, "nonfinite", size(row->nonfinite));
    add(r, "t_error_max", results_json_number(row->t_error_max));
    add(r, "t_error_median", results_json_number(row->t_error_median));
    add(r, "point_error_max", results_json_number(row->point_error_max));
    add(r, "point_error_median", results_json_number(row->point_error_median));
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
