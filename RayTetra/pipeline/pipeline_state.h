/* pipeline_state.h: what the stage threads of one pipeline_run share (pipeline.h). */
#ifndef RAYTETRA_PIPELINE_STATE_H
#define RAYTETRA_PIPELINE_STATE_H

#include <pthread.h>

#include "atomic_file.h"
#include "pipeline/output_pages.h"
#include "pipeline/pair_source.h"
#include "pipeline/pipeline.h"
#include "pipeline/pipeline_chunk.h"
#include "pipeline/pipeline_progress.h"
#include "pipeline/pipeline_queue.h"
#include "pipeline/pipeline_runner.h"

typedef struct pipeline_state {
    const pipeline_job *job;
    pair_source source; /* the input, its count and the chunks' size */
    int binary_output;
    atomic_file out;
    int out_open; /* out holds a temporary (or a stream) not yet committed */
    output_pages pages; /* out's pages made ahead of the writer, when pages_open */
    int pages_open;
    int pages_threads; /* that make them */
    unsigned long long pages_made;
    pipeline_chunk chunks[PIPELINE_CHUNKS_MAX];
    size_t chunk_count; /* of chunks[] in use (pipeline_runner_chunks) */
    pipeline_chunk_shape shape;
    size_t chunks_made;  /* chunks[0 .. chunks_made - 1] are made (guarded by lock once the stages run) */
    int reading_over;    /* the reader has stopped: no chunk more is needed (guarded by lock) */
    /* free -> read -> checked -> computed -> formatted -> free; with output buffers, a chunk
     * goes back to free once formatted into one, and the buffer goes formatted -> free_outputs. */
    pipeline_queue free_chunks, read, checked, computed, formatted, free_outputs;
    /* Output buffers (only their out bytes), so that the writer may fall behind by more than the
     * chunks (on devices, which are then released while it writes); none when the budget has
     * no room for two. */
    pipeline_chunk outputs[PIPELINE_CHUNKS_MAX];
    size_t output_count;
    char *runner_report; /* the devices' lines, kept from before their early release (NULL: not released) */
    size_t runner_report_size;
    double early_release_ms; /* the devices released while the writer wrote */
    pipeline_runner runner;
    pipeline_progress progress;
    pthread_mutex_t lock; /* guards failed, err, chunks_made and reading_over */
    int failed;
    error_text err; /* the first failure */
    size_t chunks_done;
    double busy_ms[PIPELINE_STAGE_COUNT];
    double startup_ms, devices_ms, chunks_ms, commit_ms; /* pipeline_stats */
} pipeline_state;

/* Record the first failure and stop every stage (all queues closed). */
void pipeline_fail(pipeline_state *state, const error_text *err);

/* The stage threads (pthread start routines; the argument is the pipeline_state). */
void *pipeline_reader(void *state);
void *pipeline_checker(void *state);
void *pipeline_formatter(void *state);
void *pipeline_writer(void *state);

/* The writer's first bytes, once the count is known (a binary OUTPUT's header). */
void pipeline_write_header(pipeline_state *state);

/* A text OUTPUT's last line, the timing line, once every lane's time is summed. */
void pipeline_write_timing(pipeline_state *state);

#endif
