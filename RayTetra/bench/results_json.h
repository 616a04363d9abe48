/* results_json.h: what Bench's and Accuracy's JSON documents share (docs/JSON.md): numbers that
 * read back exactly, null for what is not known, the context of a run (the build, the machine,
 * the command line, the input and its SHA-256), and writing a document whole or not at all.
 * The documents are built and written with json-c. */
#ifndef RAYTETRA_RESULTS_JSON_H
#define RAYTETRA_RESULTS_JSON_H

#include <stddef.h>

#include <json-c/json.h>

#include "error.h"

/* The schemas' names; the number changes only when a field changes meaning or disappears. */
#define RESULTS_JSON_BENCH_SCHEMA "raytetra-bench/1"
#define RESULTS_JSON_ACCURACY_SCHEMA "raytetra-accuracy/1"

/* A number in the shortest form that reads back as the same double; NULL (JSON null) for NaN
 * and infinities. */
json_object *results_json_number(double value);

/* A time in ms rounded to the nanosecond, the unit of the clocks it comes from (what lies
 * beyond it is rounding noise of the subtraction). */
json_object *results_json_ms(double ms);

/* A string; NULL (JSON null) for NULL or "". */
json_object *results_json_string(const char *text);

/* An empty array that is printed on one line ([1, 2, 3]) however the document is indented. */
json_object *results_json_compact_array(void);

/* A compact array of the words of `list` (joined by commas; "-" or "" for none). */
json_object *results_json_words(const char *list);

/* The command line as one string, each argument quoted for a POSIX shell when it needs it. */
char *results_json_command(int argc, char **argv);

/* The SIMD code path the CPU runs (which of the SIMD forms' target_clones the loader chose,
 * e.g. "x86-64-v4 (AVX-512)"). */
const char *results_json_simd_path(void);

/* The current UTC time, ISO 8601 ("2026-11-22T05:42:35Z"). */
void results_json_date(char *date, size_t size);

/* {"schema": SCHEMA, "context": {...}, "results": []}: the context with version, commit,
 * compiler, cflags, cpu, cores, simd, os, command, date, input and input_sha256 (the input read
 * again and hashed); the caller adds its own fields to it and fills "results". Returns the
 * document, or NULL with err set (the input cannot be read). */
json_object *results_json_document(const char *schema, const char *command, const char *date, const char *input,
                                   const char *cpu_name, error_text *err);

/* The document's context and results objects. */
json_object *results_json_context(json_object *document);
json_object *results_json_results(json_object *document);

/* Fail early, before a long run, if no file can be made at `path`. */
int results_json_check_writable(const char *path, error_text *err);

/* Write the document to `path` (indented, one line at the end), replacing the file atomically. */
int results_json_write(const char *path, json_object *document, error_text *err);

#endif
