/* gpu_config.h: the run options of the OpenCL kernels that the user chooses (--layout,
 * --output, --pairs-per-item, --result-layout, --transfers, --float-data): their types, their
 * parsing and names, and the bytes a kernel moves per pair under them. Plain C: no OpenCL types, so that every program can hold a
 * configuration. The kernels' side of these options is gpu_kernel.h. */
#ifndef RAYTETRA_GPU_CONFIG_H
#define RAYTETRA_GPU_CONFIG_H

#include <stddef.h>

#include "error.h"

/* How the kernels read their input and what they write (gpu_kernel.h); the defaults are the
 * thesis' choices, so that its results stay reproducible. */
typedef enum gpu_layout { GPU_LAYOUT_AOS, GPU_LAYOUT_SOA } gpu_layout;
typedef enum gpu_output {
    GPU_OUTPUT_ALL,   /* the whole ray_tetra_result (112-byte records) */
    GPU_OUTPUT_FACES, /* hit, faces, t (24 bytes); points and u are NaN on the host */
    GPU_OUTPUT_HIT,   /* hit only (1 byte); faces -1, reals NaN on a hit */
} gpu_output;

/* How gpu_run moves the pairs and records between host and device. pinned (the default): from
 * and to page-locked host buffers, in chunks spread over three command queues so that one
 * chunk's transfers overlap another's kernel (gpu_overlap.c); pageable: the thesis' way, each
 * chunk written from and read into the caller's ordinary memory, one step after the other. */
typedef enum gpu_transfers { GPU_TRANSFERS_PINNED, GPU_TRANSFERS_PAGEABLE } gpu_transfers;

/* The sizes of the pinned transfers' chunks. tapered (the default): equal chunks, then a tail
 * whose chunks shrink geometrically, so that the last chunk's kernel and read, which no write
 * overlaps, are short; equal: every chunk the same (gpu_overlap.c; docs/PERFORMANCE.md). */
typedef enum gpu_chunk_sizes { GPU_CHUNKS_TAPERED, GPU_CHUNKS_EQUAL } gpu_chunk_sizes;

/* The buffers of the float kernels (the double kernels always read and write doubles). single
 * (the default): the pairs rounded to float by the host before the timed write and records of
 * floats, widened after the read (gpu_records.h, gpu_single.c), so that a float kernel moves
 * half the bytes and needs no cl_khr_fp64; double: the file's doubles in and the double records
 * out, as the double kernels (float arithmetic only). The results are the same either way. */
typedef enum gpu_float_data { GPU_FLOAT_DATA_SINGLE, GPU_FLOAT_DATA_DOUBLE } gpu_float_data;

typedef struct gpu_config {
    gpu_layout layout;
    gpu_output output;
    size_t pairs_per_item; /* pairs each work-item computes (grid stride); 0 or 1: one */
    int extent;            /* RT_EXTENT_LINE (0, the default), _RAY or _SEGMENT (rt_extent.h) */
    gpu_layout result_layout; /* of the records (levels all and faces): aos, the thesis' records, or
                                 soa, one array per field (gpu_kernel.h, RT_RESULT_SOA) */
    gpu_transfers transfers;  /* of gpu_run: pinned (default) or pageable */
    size_t transfer_chunks;   /* pinned transfers: chunks of the input; 0 = the module's choice */
    gpu_float_data float_data; /* of the float kernels: single (default) or double buffers */
    gpu_chunk_sizes chunk_sizes; /* pinned transfers: tapered (default) or equal chunks */
} gpu_config;

#define GPU_CONFIG_DEFAULT                                                                                        \
    ((gpu_config){GPU_LAYOUT_AOS, GPU_OUTPUT_ALL, 1, 0, GPU_LAYOUT_AOS, GPU_TRANSFERS_PINNED, 0, GPU_FLOAT_DATA_SINGLE, \
                  GPU_CHUNKS_TAPERED})

/* Parse the value of --layout (aos|soa), --result-layout (aos|soa), --output (all|faces|hit),
 * --pairs-per-item N, --transfers (pinned|pageable), --float-data (single|double) or --chunk-sizes
 * (tapered|equal) (`option` is
 * the option's name without dashes); returns 0, or -1 with a one-line err. */
int gpu_config_parse(gpu_config *config, const char *option, const char *value, error_text *err);
const char *gpu_layout_name(gpu_layout layout);
const char *gpu_output_name(gpu_output output);
const char *gpu_transfers_name(gpu_transfers transfers);
const char *gpu_float_data_name(gpu_float_data data);
const char *gpu_chunk_sizes_name(gpu_chunk_sizes sizes);

/* The layout the records are written in: soa only where the level has several fields (at level
 * hit the one byte per pair is an array either way, and the option changes nothing). */
gpu_layout gpu_result_layout(const gpu_config *config);

/* Bytes a kernel must move per pair: with double data 144 read (18 doubles, either layout) and
 * the record of the output level written (112, 24 or 1); with single data (single_data non-zero:
 * a float kernel under --float-data single, gpu_single_data) 72 read (18 floats) and 64, 16 or 1
 * written. The one place these counts are defined. */
void gpu_pair_bytes(const gpu_config *config, int single_data, size_t *read, size_t *written);

#endif
