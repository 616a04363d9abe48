/* pipeline_queue.c: the hand-over between stages: a ring of chunk pointers under one mutex. */
#include "pipeline/pipeline_queue.h"

void pipeline_queue_init(pipeline_queue *queue)
{
    pthread_mutex_init(&queue->lock, NULL);
    pthread_cond_init(&queue->changed, NULL);
    queue->head = queue->count = 0;
    queue->closed = 0;
}

void pipeline_queue_destroy(pipeline_queue *queue)
{
    pthread_cond_destroy(&queue->changed);
    pthread_mutex_destroy(&queue->lock);
}

void pipeline_queue_push(pipeline_queue *queue, pipeline_chunk *chunk)
{
    pthread_mutex_lock(&queue->lock);
    queue->items[(queue->head + queue->count) % PIPELINE_CHUNKS] = chunk;
    ++queue->count;
    pthread_cond_broadcast(&queue->changed);
    pthread_mutex_unlock(&queue->lock);
}

pipeline_chunk *pipeline_queue_pop(pipeline_queue *queue)
{
    pthread_mutex_lock(&queue->lock);
    while (!queue->closed && queue->count == 0)
        pthread_cond_wait(&queue->changed, &queue->lock);
    pipeline_chunk *chunk = NULL;
    if (!queue->closed) {
        chunk = queue->items[queue->head];
        queue->head = (queue->head + 1) % PIPELINE_CHUNKS;
        --queue->count;
    }
    pthread_mutex_unlock(&queue->lock);
    return chunk;
}

void pipeline_queue_close(pipeline_queue *queue)
{
    pthread_mutex_lock(&queue->lock);
    queue->closed = 1;
    pthread_cond_broadcast(&queue->changed);
    pthread_mutex_unlock(&queue->lock);
}
