/* pipeline.h: RayTetra's streaming run, a file (or stream) of pairs in and a file of results out
 * in bounded memory (docs/SPECIFICATION.md section 5, docs/FILES.md):
 *
 *   reader -> checker -> runner -> formatter -> writer
 *
 * five stages, each on its own chunk (pipeline_chunk.h) at a time, handing chunks on in input
 * order through bounded queues and back to the reader through a free list. The reader reads a
 * binary input's records straight into a chunk and a text input's lines into the chunk's text;
 * the checker parses and validates the chunk with a team of threads (OpenMP); the runner runs
 * the algorithm REPS times on it (a CPU algorithm on --threads threads, one OpenCL device, or
 * several: one lane thread a device, each taking the next chunk when it is free); the formatter
 * formats or encodes the results with a team of threads, in input order (on devices into output
 * buffers of their own, the chunk handed back at once, so that the devices can be released
 * while the writer finishes), and the writer writes them meanwhile to the OUTPUT's temporary
 * file, which replaces OUTPUT only when every chunk was written. The first fault in
 * input order ends the run with its message and no output. */
#ifndef RAYTETRA_PIPELINE_H
#define RAYTETRA_PIPELINE_H

#include <stddef.h>
#include <stdio.h>

#include "cpu/algorithms.h"
#include "error.h"
#include "opencl/gpu_config.h"
#include "opencl/gpu_handler.h"

/* Where a run's results go instead of OUTPUT's file (a process's share of a run spread over
 * several, RayTetra/mpi/): `write` gets each chunk's formatted or encoded results in input
 * order; 0, or -1 with err set, which ends the run with that fault. */
typedef struct pipeline_sink {
    int (*write)(void *context, const void *bytes, size_t length, error_text *err);
    void *context;
} pipeline_sink;

typedef struct pipeline_job {
    const char *input, *output;
    int write_results;          /* 0: -p t, only the timing line is written */
    int write_timing;           /* the timing line ends a text OUTPUT (-p t, -p b) */
    int reps;
    size_t max_memory; /* bytes; 0: pipeline_default_memory() */
    const cpu_algorithm *cpu; /* or */
    const gpu_algorithm *gpu;
    int threads;           /* CPU: 1 the sequential loop, more a team */
    int device;            /* OpenCL: -n */
    const char *devices;   /* OpenCL: --devices LIST|all, or NULL */
    /* Or the devices' -n numbers as they are (a number may repeat: the tests run one PoCL device
     * as several lanes); used instead of `devices` when not NULL. */
    const int *device_numbers;
    size_t device_count;
    size_t local_size;
    gpu_config config;     /* with extent: the CPU algorithms' clipping too */
    FILE *report;          /* the device and stage lines */
    const char *program;   /* for the progress line */
    /* Only the pairs range_first .. range_first + range_count - 1 of a binary INPUT when
     * `ranged` (pair_source_open_range), else all of them. */
    int ranged;
    size_t range_first, range_count;
    /* NULL: the results go to OUTPUT through its temporary file. Else to the sink, without a
     * binary header or a timing line (OUTPUT then only tells binary from text). */
    const pipeline_sink *sink;
} pipeline_job;

/* The stages whose busy time the report gives. */
typedef enum pipeline_stage {
    PIPELINE_READ,
    PIPELINE_CHECK,
    PIPELINE_TRANSFER_IN,
    PIPELINE_KERNEL,
    PIPELINE_TRANSFER_OUT,
    PIPELINE_FORMAT,
    PIPELINE_WRITE,
    PIPELINE_STAGE_COUNT
} pipeline_stage;

typedef struct pipeline_stats {
    size_t pairs, chunks, chunk_pairs;
    size_t memory;        /* the budget the chunks were sized for */
    double wall_ms;       /* from opening the devices and the input to OUTPUT in place */
    double startup_ms;    /* of it, before the first chunk is read: devices, kernels, chunks' memory */
    double devices_ms;    /* of the start-up, opening the devices and their kernels (0 on the CPU) */
    double chunks_ms;     /* of the start-up, the first chunks' memory (pinned on a device) and the lanes */
    double commit_ms;     /* of it, OUTPUT put in place (a rename over an old file drops its pages) */
    double release_ms;    /* after it: the chunks, lanes and devices released */
    double early_release_ms; /* before it, while the writer wrote: the devices and the chunks' pinned memory */
    int pages_threads;    /* that made a binary OUTPUT's pages ahead of the writer (output_pages.h) */
    unsigned long long pages_made; /* bytes of those pages */
    double algorithm_ms;  /* the timed repetitions, summed over the chunks */
    double busy_ms[PIPELINE_STAGE_COUNT];
} pipeline_stats;

/* Run the job; 0 with *stats filled and OUTPUT in place, or -1 with err set and OUTPUT as it
 * was (a stream, "-" or a FIFO, keeps what was written before the fault). */
int pipeline_run(const pipeline_job *job, pipeline_stats *stats, error_text *err);

/* The timing line ("# algorithm NAME pairs N reps R time_ms T mtests_per_s M\n"). */
void pipeline_timing_line(const pipeline_job *job, size_t pairs, double ms, char *line, size_t size);

/* The stage breakdown: each stage's busy time and its share of the wall time, one line. */
void pipeline_print_stages(FILE *out, const pipeline_stats *stats);

#endif
