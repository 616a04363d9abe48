/* run_file.c: reading a Bench JSON document back (run_file.h) with json-c, strictly: its tokens
 * checked by json_strict.c, its structure by json-c's strict mode, nothing after it, and every
 * field CompareRuns uses checked against the schema (docs/JSON.md). */
#include "compare/run_file.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "bench/results_json.h"
#include "compare/json_strict.h"
#include "file_read.h"

const char *const RUN_FIELD_NAMES[RUN_FIELDS] = {"input_sha256", "cpu", "opencl_platform", "opencl_device",
                                                  "opencl_driver"};

/* A string member, or NULL for null or a missing member. NULL, or why it cannot be read. */
static const char *string_member(json_object *object, const char *key, char **value)
{
    json_object *member = NULL;
    *value = NULL;
    if (!json_object_object_get_ex(object, key, &member) || !member)
        return NULL;
    if (!json_object_is_type(member, json_type_string))
        return "is not a string or null";
    const char *text = json_object_get_string(member);
    if (strlen(text) != (size_t)json_object_get_string_len(member))
        return "holds a NUL character (\\u0000)";
    *value = strdup(text);
    return *value ? NULL : "cannot be kept: out of memory";
}

/* Why a result's name (algorithm, kind, phase) cannot be used, or NULL: it is printed and
 * compared whole, so it must be text on one line. */
static const char *name_problem(json_object *name)
{
    const char *text = json_object_get_string(name);
    int length = json_object_get_string_len(name);
    if (length == 0)
        return "is empty";
    for (int i = 0; i < length; ++i)
        if ((unsigned char)text[i] < 0x20 || text[i] == 0x7f)
            return "holds a control character";
    return NULL;
}

/* Each repetition a time CompareRuns can compare (run_file.h); -1 with err set naming the
 * file, the result and the repetition. */
static int read_samples(const char *name, size_t index, json_object *array, run_result *r, error_text *err)
{
    size_t n = json_object_array_length(array);
    if (n > INT_MAX)
        return error_set(err, "%s: results[%zu] (%.80s %.40s) has more repetitions than CompareRuns takes (%d)", name,
                         index, r->algorithm, r->phase, INT_MAX);
    r->samples = calloc(n ? n : 1, sizeof *r->samples);
    if (!r->samples)
        return error_set(err, "%s: out of memory for the %zu repetitions of results[%zu]", name, n, index);
    for (size_t i = 0; i < n; ++i) {
        json_object *item = json_object_array_get_idx(array, i);
        if (!json_object_is_type(item, json_type_double) && !json_object_is_type(item, json_type_int))
            return error_set(err, "%s: results[%zu] (%.80s %.40s): samples_ms[%zu] is not a number (docs/JSON.md)",
                             name, index, r->algorithm, r->phase, i);
        double ms = json_object_get_double(item);
        if (!(ms >= RUN_SAMPLE_MIN_MS && ms <= RUN_SAMPLE_MAX_MS))
            return error_set(err, "%s: results[%zu] (%.80s %.40s): samples_ms[%zu] = %g is not a time in ms from %g to "
                                  "%g (docs/JSON.md); give the repetitions Bench --json wrote",
                             name, index, r->algorithm, r->phase, i, ms, RUN_SAMPLE_MIN_MS, RUN_SAMPLE_MAX_MS);
        r->samples[i] = ms;
    }
    r->count = (int)n;
    return 0;
}

/* One name of a result, kept whole; -1 with err set. */
static int read_name(const char *name, size_t index, const char *key, json_object *value, char **out, error_text *err)
{
    const char *why = name_problem(value);
    if (why)
        return error_set(err, "%s: results[%zu].%s %s (docs/JSON.md)", name, index, key, why);
    *out = strdup(json_object_get_string(value));
    return *out ? 0 : error_set(err, "%s: out of memory", name);
}

/* One entry of "results"; -1 with err set when a member is missing, of the wrong type or out of
 * range. */
static int read_result(const char *name, size_t index, json_object *item, run_result *r, error_text *err)
{
    json_object *algorithm, *kind, *phase, *verified, *samples;
    if (!json_object_is_type(item, json_type_object) || !json_object_object_get_ex(item, "algorithm", &algorithm) ||
        !json_object_object_get_ex(item, "kind", &kind) || !json_object_object_get_ex(item, "phase", &phase) ||
        !json_object_object_get_ex(item, "verified", &verified) ||
        !json_object_object_get_ex(item, "samples_ms", &samples) || !json_object_is_type(algorithm, json_type_string) ||
        !json_object_is_type(kind, json_type_string) || !json_object_is_type(phase, json_type_string) ||
        !json_object_is_type(verified, json_type_boolean) || !json_object_is_type(samples, json_type_array))
        return error_set(err, "%s: results[%zu] lacks algorithm, kind, phase, verified or samples_ms, or has one of "
                              "the wrong type (docs/JSON.md)", name, index);
    if (read_name(name, index, "algorithm", algorithm, &r->algorithm, err) != 0 ||
        read_name(name, index, "kind", kind, &r->kind, err) != 0 ||
        read_name(name, index, "phase", phase, &r->phase, err) != 0)
        return -1;
    r->verified = json_object_get_boolean(verified);
    return read_samples(name, index, samples, r, err);
}

static int by_algorithm_and_phase(const void *x, const void *y)
{
    const run_result *a = *(const run_result *const *)x, *b = *(const run_result *const *)y;
    int order = strcmp(a->algorithm, b->algorithm);
    return order ? order : strcmp(a->phase, b->phase);
}

/* Each algorithm and phase once: a second one would never be compared. -1 with err set. */
static int refuse_repeats(const char *name, const run_file *run, error_text *err)
{
    const run_result **order = malloc((size_t)(run->count ? run->count : 1) * sizeof *order);
    if (!order)
        return error_set(err, "%s: out of memory", name);
    for (int i = 0; i < run->count; ++i)
        order[i] = &run->results[i];
    qsort(order, (size_t)run->count, sizeof *order, by_algorithm_and_phase);
    int status = 0;
    for (int i = 1; i < run->count && status == 0; ++i)
        if (by_algorithm_and_phase(&order[i - 1], &order[i]) == 0) {
            long first = order[i - 1] - run->results, second = order[i] - run->results;
            status = error_set(err, "%s: results[%ld] and results[%ld] are both %.80s (%.40s): each algorithm and "
                                    "phase appears once in a Bench file", name, first < second ? first : second,
                               first < second ? second : first, order[i]->algorithm, order[i]->phase);
        }
    free(order);
    return status;
}

/* At most size - 1 bytes of a string from the file, control characters shown as '?', so that an
 * error line quoting it stays one line. */
static const char *printable(const char *text, char *out, size_t size)
{
    size_t n = 0;
    for (; text[n] && n + 1 < size; ++n)
        out[n] = (unsigned char)text[n] < 0x20 || text[n] == 0x7f ? '?' : text[n];
    out[n] = '\0';
    return out;
}

static int read_document(const char *name, json_object *document, run_file *run, error_text *err)
{
    json_object *schema, *context, *results;
    if (!json_object_is_type(document, json_type_object) || !json_object_object_get_ex(document, "schema", &schema) ||
        !json_object_is_type(schema, json_type_string))
        return error_set(err, "%s: not a RayTetra results file (no \"schema\"); give a file of Bench --json", name);
    if (strcmp(json_object_get_string(schema), RESULTS_JSON_BENCH_SCHEMA) != 0) {
        char shown[101];
        return error_set(err, "%s: schema \"%s\", not \"%s\": CompareRuns compares Bench --json files", name,
                         printable(json_object_get_string(schema), shown, sizeof shown), RESULTS_JSON_BENCH_SCHEMA);
    }
    if (!json_object_object_get_ex(document, "context", &context) || !json_object_is_type(context, json_type_object) ||
        !json_object_object_get_ex(document, "results", &results) || !json_object_is_type(results, json_type_array))
        return error_set(err, "%s: \"context\" or \"results\" is missing or of the wrong type (docs/JSON.md)", name);
    const char *why;
    for (int f = 0; f < RUN_FIELDS; ++f)
        if ((why = string_member(context, RUN_FIELD_NAMES[f], &run->fields[f])) != NULL)
            return error_set(err, "%s: context.%s %s (docs/JSON.md)", name, RUN_FIELD_NAMES[f], why);
    if ((why = string_member(context, "date", &run->date)) != NULL ||
        (why = string_member(context, "input", &run->input)) != NULL)
        return error_set(err, "%s: context.date or context.input %s (docs/JSON.md)", name, why);
    size_t n = json_object_array_length(results);
    if (n > INT_MAX)
        return error_set(err, "%s: more results than CompareRuns takes (%d)", name, INT_MAX);
    run->results = calloc(n ? n : 1, sizeof *run->results);
    if (!run->results)
        return error_set(err, "%s: out of memory", name);
    for (size_t i = 0; i < n; ++i) {
        run->count = (int)i + 1; /* freed by run_file_free from here, whatever is read */
        if (read_result(name, i, json_object_array_get_idx(results, i), &run->results[i], err) != 0)
            return -1;
    }
    return refuse_repeats(name, run, err);
}

static int is_json_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* json-c's strict mode, on the whole of the bytes: the document (NULL for null or none), with
 * *status and *end (the byte where json-c stopped). A document that is a number or a literal
 * ends only with the input, which json-c is told by a NUL byte. -1 when out of memory. */
static int parse_strict(const char *data, size_t size, json_object **document, enum json_tokener_error *status,
                        size_t *end)
{
    *document = NULL;
    json_tokener *tokener = json_tokener_new();
    if (!tokener)
        return -1;
    json_tokener_set_flags(tokener, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
    *document = json_tokener_parse_ex(tokener, data, (int)size);
    *status = json_tokener_get_error(tokener);
    *end = json_tokener_get_parse_end(tokener);
    if (*status == json_tokener_continue) {
        *document = json_tokener_parse_ex(tokener, "", 1);
        *status = json_tokener_get_error(tokener);
        *end = size;
    }
    json_tokener_free(tokener);
    return 0;
}

/* Exactly one JSON document in the bytes, nothing but whitespace after it; NULL with err set. */
static json_object *parse_one_document(const char *name, const char *data, size_t size, error_text *err)
{
    size_t offset = 0, start = 0;
    while (start < size && is_json_space(data[start]))
        ++start;
    if (start == size) {
        error_set(err, "%s: empty (no JSON document); give a file of Bench --json", name);
        return NULL;
    }
    const char *why = json_strict_tokens(data, size, &offset);
    if (why) {
        error_set(err, "%s: not valid JSON at line %zu: %s; give a file of Bench --json", name,
                  json_strict_line(data, offset), why);
        return NULL;
    }
    if (size > INT_MAX) {
        error_set(err, "%s: %zu bytes, more than a Bench file can be (%d)", name, size, INT_MAX);
        return NULL;
    }
    json_object *document;
    enum json_tokener_error status;
    size_t end;
    if (parse_strict(data, size, &document, &status, &end) != 0) {
        error_set(err, "%s: out of memory", name);
        return NULL;
    }
    size_t rest = end;
    while (rest < size && is_json_space(data[rest]))
        ++rest;
    if (status != json_tokener_success) {
        error_set(err, "%s: not valid JSON at line %zu: %s; give a file of Bench --json", name,
                  json_strict_line(data, end < size ? end : size), json_tokener_error_desc(status));
    } else if (rest < size) {
        error_set(err, "%s: not valid JSON at line %zu: more after the JSON document (a file holds exactly one)",
                  name, json_strict_line(data, rest));
    } else if (!document) {
        error_set(err, "%s: not a RayTetra results file (the document is null); give a file of Bench --json", name);
    } else {
        return document;
    }
    json_object_put(document);
    return NULL;
}

int run_file_parse(const char *name, const char *data, size_t size, run_file *run, error_text *err)
{
    memset(run, 0, sizeof *run);
    json_object *document = parse_one_document(name, data, size, err);
    if (!document)
        return -1;
    int status = read_document(name, document, run, err);
    json_object_put(document);
    if (status != 0)
        run_file_free(run);
    return status;
}

int run_file_read(const char *path, run_file *run, error_text *err)
{
    memset(run, 0, sizeof *run);
    char *data;
    size_t size;
    int opened, reason = file_read_path(path, &data, &size, &opened);
    if (reason != 0)
        return error_set(err, "%s: cannot %s the results file: %s", path, opened ? "read" : "open", strerror(reason));
    int status = run_file_parse(path, data, size, run, err);
    free(data);
    return status;
}

void run_file_free(run_file *run)
{
    for (int f = 0; f < RUN_FIELDS; ++f)
        free(run->fields[f]);
    free(run->date);
    free(run->input);
    for (int i = 0; i < run->count; ++i) {
        free(run->results[i].algorithm);
        free(run->results[i].kind);
        free(run->results[i].phase);
        free(run->results[i].samples);
    }
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
