/* pipeline_queue.h: a bounded first-in first-out hand-over of chunks between two stages of the
 * streaming pipeline (pipeline.h), one thread on each side. Closing it wakes both sides: a
 * failed run stops every stage this way. */
#ifndef RAYTETRA_PIPELINE_QUEUE_H
#define RAYTETRA_PIPELINE_QUEUE_H

#include <pthread.h>
#include <stddef.h>

#include "pipeline/pipeline_chunk.h"

typedef struct pipeline_queue {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    pipeline_chunk *items[PIPELINE_CHUNKS];
    size_t head, count;
    int closed;
} pipeline_queue;

void pipeline_queue_init(pipeline_queue *queue);
void pipeline_queue_destroy(pipeline_queue *queue);

/* Hand a chunk on (there is always room: no more than PIPELINE_CHUNKS chunks exist). */
void pipeline_queue_push(pipeline_queue *queue, pipeline_chunk *chunk);

/* The oldest chunk, waiting for one; NULL once the queue is closed. */
pipeline_chunk *pipeline_queue_pop(pipeline_queue *queue);

void pipeline_queue_close(pipeline_queue *queue);

#endif
