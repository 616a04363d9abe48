/* run_file.h: a Bench JSON document (docs/JSON.md, schema raytetra-bench/1) read back for
 * CompareRuns: the context fields that decide whether two runs may be compared, and each
 * result's repetitions. */
#ifndef RAYTETRA_RUN_FILE_H
#define RAYTETRA_RUN_FILE_H

#include <stddef.h>

#include "error.h"

/* The range of a repetition's time: Bench writes times rounded to the nanosecond (1e-6 ms), so
 * its smallest non-zero time is 1e-6 ms; 1e12 ms is 31 years. Inside it, every ratio of two
 * medians and its interval stay finite (at most 1e18). */
#define RUN_SAMPLE_MIN_MS 1e-6
#define RUN_SAMPLE_MAX_MS 1e12

/* One result: an algorithm's phase and its repetitions (none when it was not verified). The
 * names are whole (compared as they are in the file), non-empty, without control characters. */
typedef struct run_result {
    char *algorithm, *kind, *phase;
    int verified;
    double *samples; /* ms */
    int count;
} run_result;

/* The context fields two runs must share to be compared (NULL: null in the file). */
enum { RUN_INPUT, RUN_CPU, RUN_OPENCL_PLATFORM, RUN_OPENCL_DEVICE, RUN_OPENCL_DRIVER, RUN_FIELDS };
extern const char *const RUN_FIELD_NAMES[RUN_FIELDS]; /* their JSON keys: input_sha256, cpu, ... */

typedef struct run_file {
    char *fields[RUN_FIELDS];
    char *date, *input;
    run_result *results;
    int count;
} run_file;

/* Read a Bench JSON document: exactly one RFC 8259 document (whitespace may follow it) of the
 * schema, every repetition a time from RUN_SAMPLE_MIN_MS to RUN_SAMPLE_MAX_MS, no algorithm and
 * phase twice. Returns 0, or -1 with err set (unreadable, not JSON, another schema, a field
 * missing or of the wrong type, a bad repetition: what and where, in one line). */
int run_file_read(const char *path, run_file *run, error_text *err);

/* The same on `size` bytes at `data` (no NUL needed after them), named `name` in messages. */
int run_file_parse(const char *name, const char *data, size_t size, run_file *run, error_text *err);

void run_file_free(run_file *run);

/* The result of that algorithm and phase; NULL if none. */
const run_result *run_file_find(const run_file *run, const char *algorithm, const char *phase);

#endif
