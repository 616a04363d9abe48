/* pipeline_queue.h: a bounded first-in first-out hand-over of chunks between two stages of the
 * streaming pipeline (pipeline.h), one thread or more on each side. Closing it wakes both sides: a
 * failed run stops every stage this way; ending it lets the takers empty it first. */
#ifndef RAYTETRA_PIPELINE_QUEUE_H
#define RAYTETRA_PIPELINE_QUEUE_H

#include <pthread.h>
#include <stddef.h>

#include "pipeline/pipeline_chunk.h"

typedef struct pipeline_queue {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    pipeline_chunk *items[PIPELINE_CHUNKS_MAX];
    size_t count;
    int closed, ended;
} pipeline_queue;

void pipeline_queue_init(pipeline_queue *queue);
void pipeline_queue_destroy(pipeline_queue *queue);

/* Hand a chunk on (there is always room: no more than PIPELINE_CHUNKS_MAX chunks exist). */
void pipeline_queue_push(pipeline_queue *queue, pipeline_chunk *chunk);

/* The oldest chunk, waiting for one; NULL once the queue is closed, or ended and empty. */
pipeline_chunk *pipeline_queue_pop(pipeline_queue *queue);

/* The oldest chunk if one is there, without waiting; else NULL. */
pipeline_chunk *pipeline_queue_try_pop(pipeline_queue *queue);

/* The chunk of that sequence number, waiting for it (chunks arrive out of order from several
 * devices); NULL once the queue is closed. */
pipeline_chunk *pipeline_queue_pop_sequence(pipeline_queue *queue, size_t sequence);

/* No chunk will come any more. */
void pipeline_queue_end(pipeline_queue *queue);

void pipeline_queue_close(pipeline_queue *queue);

#endif
