/* run_file.c: reading a Bench JSON document back (run_file.h) with json-c. */
#include "compare/run_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "bench/results_json.h"

const char *const RUN_FIELD_NAMES[RUN_FIELDS] = {"input_sha256", "cpu", "opencl_platform", "opencl_device",
                                                  "opencl_driver"};

/* A string member, or NULL for null or a missing member; -1 for another type. */
static int string_member(json_object *object, const char *key, char **value)
{
    json_object *member = NULL;
    *value = NULL;
    if (!json_object_object_get_ex(object, key, &member) || !member)
        return 0;
    if (!json_object_is_type(member, json_type_string))
        return -1;
    *value = strdup(json_object_get_string(member));
    return *value ? 0 : -1;
}

static int number_list(json_object *array, run_result *r)
{
    size_t n = json_object_array_length(array);
    r->samples = calloc(n ? n : 1, sizeof *r->samples);
    if (!r->samples)
        return -1;
    for (size_t i = 0; i < n; ++i) {
        json_object *item = json_object_array_get_idx(array, i);
        if (!json_object_is_type(item, json_type_double) && !json_object_is_type(item, json_type_int))
            return -1;
        r->samples[i] = json_object_get_double(item);
    }
    r->count = (int)n;
    return 0;
}

/* One entry of "results"; -1 when a member is missing or of the wrong type. */
static int read_result(json_object *item, run_result *r)
{
    json_object *algorithm, *kind, *phase, *verified, *samples;
    if (!json_object_is_type(item, json_type_object) || !json_object_object_get_ex(item, "algorithm", &algorithm) ||
        !json_object_object_get_ex(item, "kind", &kind) || !json_object_object_get_ex(item, "phase", &phase) ||
        !json_object_object_get_ex(item, "verified", &verified) ||
        !json_object_object_get_ex(item, "samples_ms", &samples) || !json_object_is_type(algorithm, json_type_string) ||
        !json_object_is_type(kind, json_type_string) || !json_object_is_type(phase, json_type_string) ||
        !json_object_is_type(verified, json_type_boolean) || !json_object_is_type(samples, json_type_array))
        return -1;
    snprintf(r->algorithm, sizeof r->algorithm, "%s", json_object_get_string(algorithm));
    snprintf(r->kind, sizeof r->kind, "%s", json_object_get_string(kind));
    snprintf(r->phase, sizeof r->phase, "%s", json_object_get_string(phase));
    r->verified = json_object_get_boolean(verified);
    return number_list(samples, r);
}

static int read_document(const char *path, json_object *document, run_file *run, error_text *err)
{
    json_object *schema, *context, *results;
    if (!json_object_is_type(document, json_type_object) || !json_object_object_get_ex(document, "schema", &schema) ||
        !json_object_is_type(schema, json_type_string))
        return error_set(err, "%s: not a RayTetra results file (no \"schema\"); give a file of Bench --json", path);
    if (strcmp(json_object_get_string(schema), RESULTS_JSON_BENCH_SCHEMA) != 0)
        return error_set(err, "%s: schema \"%s\", not \"%s\": CompareRuns compares Bench --json files", path,
                         json_object_get_string(schema), RESULTS_JSON_BENCH_SCHEMA);
    if (!json_object_object_get_ex(document, "context", &context) || !json_object_is_type(context, json_type_object) ||
        !json_object_object_get_ex(document, "results", &results) || !json_object_is_type(results, json_type_array))
        return error_set(err, "%s: \"context\" or \"results\" is missing or of the wrong type (docs/JSON.md)", path);
    for (int f = 0; f < RUN_FIELDS; ++f)
        if (string_member(context, RUN_FIELD_NAMES[f], &run->fields[f]) != 0)
            return error_set(err, "%s: context.%s is not a string or null (docs/JSON.md)", path, RUN_FIELD_NAMES[f]);
    if (string_member(context, "date", &run->date) != 0 || string_member(context, "input", &run->input) != 0)
        return error_set(err, "%s: context.date or context.input is not a string (docs/JSON.md)", path);
    size_t n = json_object_array_length(results);
    run->results = calloc(n ? n : 1, sizeof *run->results);
    if (!run->results)
        return error_set(err, "out of memory");
    for (size_t i = 0; i < n; ++i) {
        if (read_result(json_object_array_get_idx(results, i), &run->results[i]) != 0) {
            run->count = (int)i + 1;
            return error_set(err, "%s: results[%zu] lacks algorithm, kind, phase, verified or samples_ms, or has one "
                                  "of the wrong type (docs/JSON.md)", path, i);
        }
        run->count = (int)i + 1;
    }
    return 0;
}

int run_file_read(const char *path, run_file *run, error_text *err)
{
    memset(run, 0, sizeof *run);
    FILE *probe = fopen(path, "r");
    if (!probe)
        return error_set(err, "%s: cannot open the results file: %s", path, strerror(errno));
    fclose(probe);
    json_object *document = json_object_from_file(path);
    if (!document) {
        const char *why = json_util_get_last_err() ? json_util_get_last_err() : "unreadable";
        return error_set(err, "%s: not valid JSON (%.*s); give a file of Bench --json", path,
                         (int)strcspn(why, "\n"), why);
    }
    int status = read_document(path, document, run, err);
    json_object_put(document);
    if (status != 0)
        run_file_free(run);
    return status;
}

void run_file_free(run_file *run)
{
    for (int f = 0; f < RUN_FIELDS; ++f)
        free(run->fields[f]);
    free(run->date);
    free(run->input);
    for (int i = 0; i < run->count; ++i)
        free(run->results[i].samples);
    free(run->results);
    memset(run, 0, sizeof *run);
}

const run_result *run_file_find(const run_file *run, const char *algorithm, const char *phase)
{
    for (int i = 0; i < run->count; ++i)
        if (strcmp(run->results[i].algorithm, algorithm) == 0 && strcmp(run->results[i].phase, phase) == 0)
            return &run->results[i];
    return NULL;
}
