/* raytetra_options.h: RayTetra's command line, read into raytetra_options by the one parser
 * that RayTetra and RayTetraMPI share (for main()s only: it prints and exits on a usage error). */
#ifndef RAYTETRA_RAYTETRA_OPTIONS_H
#define RAYTETRA_RAYTETRA_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

#include "cpu/algorithms.h"
#include "opencl/gpu_config.h"
#include "opencl/gpu_handler.h"
#include "pipeline/pipeline.h"

typedef struct raytetra_options {
    const cpu_algorithm *cpu;
    const gpu_algorithm *gpu;
    char print; /* 't' time, 'r' results, 'b' both */
    long long display;
    long long device;
    int device_given;
    const char *devices; /* --devices LIST|all; NULL: the one device of -n */
    long long local_size;
    int list_devices;
    int list_algorithms;
    const char *snapshot;
    const char *input, *output;
    long long reps;
    long long threads;
    int single; /* --precision float */
    size_t max_memory; /* --max-memory; 0: the default (pipeline_budget.h) */
    /* --layout, --output, --pairs-per-item, and --extent (RT_EXTENT_LINE by default, _RAY or
     * _SEGMENT), which the CPU algorithms' clipping follows too */
    gpu_config gpu_config;
} raytetra_options;

/* RayTetra's usage text. */
void raytetra_usage(FILE *out);

/* Read RayTetra's options and arguments into *o; a usage error exits with its message naming
 * `program`, -h prints `usage` and exits. */
void raytetra_parse(const char *program, int argc, char **argv, raytetra_options *o, void (*usage)(FILE *out));

/* --extent other than line with --output hit (t is not computed): 0, or -1 after its message. */
int raytetra_check_extent(const char *program, const raytetra_options *o);

/* The streaming run (pipeline.h) the options ask for, reporting to stdout. */
void raytetra_job(const raytetra_options *o, const char *program, pipeline_job *job);

#endif
