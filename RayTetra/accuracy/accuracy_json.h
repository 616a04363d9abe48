/* accuracy_json.h: Accuracy's JSON document (--json FILE; docs/JSON.md, schema
 * raytetra-accuracy/1): the run's context and one result per algorithm and input class. */
#ifndef RAYTETRA_ACCURACY_JSON_H
#define RAYTETRA_ACCURACY_JSON_H

#include "accuracy/accuracy.h"

/* What the document records about a run besides its table. */
typedef struct accuracy_run {
    const char *command; /* the command line */
    const char *input;
    const char *date;    /* UTC, ISO 8601 */
    const char *cpu_name;
    size_t pairs;
    double hit_percent;  /* of the exact classifier */
    /* The OpenCL device the kernels ran on ("" when none did). */
    char opencl_platform[256], opencl_device[256], opencl_driver[128];
    size_t local_size; /* of the kernels (the default rule); 0: none ran */
    int extent;        /* --extent (rt_extent.h): of every algorithm and of the reference */
} accuracy_run;

/* Write the document to `path`, atomically. Returns 0, or -1 with err set. */
int accuracy_write_json(const char *path, const accuracy_run *run, const accuracy_table *table, error_text *err);

#endif
