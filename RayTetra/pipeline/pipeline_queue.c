/* pipeline_queue.c: the hand-over between stages: chunk pointers in arrival order under one mutex. */
#include "pipeline/pipeline_queue.h"

void pipeline_queue_init(pipeline_queue *queue)
{
    pthread_mutex_init(&queue->lock, NULL);
    pthread_cond_init(&queue->changed, NULL);
    queue->count = 0;
    queue->closed = queue->ended = 0;
}

void pipeline_queue_destroy(pipeline_queue *queue)
{
    pthread_cond_destroy(&queue->changed);
    pthread_mutex_destroy(&queue->lock);
}

void pipeline_queue_push(pipeline_queue *queue, pipeline_chunk *chunk)
{
    pthread_mutex_lock(&queue->lock);
    queue->items[queue->count++] = chunk;
    pthread_cond_broadcast(&queue->changed);
    pthread_mutex_unlock(&queue->lock);
}

/* Item i taken out, the later ones moved up (a handful of pointers). Under the lock. */
static pipeline_chunk *take(pipeline_queue *queue, size_t i)
{
    pipeline_chunk *chunk = queue->items[i];
    for (--queue->count; i < queue->count; ++i)
        queue->items[i] = queue->items[i + 1];
    return chunk;
}

pipeline_chunk *pipeline_queue_pop(pipeline_queue *queue)
{
    pthread_mutex_lock(&queue->lock);
    while (!queue->closed && !queue->ended && queue->count == 0)
        pthread_cond_wait(&queue->changed, &queue->lock);
    pipeline_chunk *chunk = !queue->closed && queue->count ? take(queue, 0) : NULL;
    pthread_mutex_unlock(&queue->lock);
    return chunk;
}

pipeline_chunk *pipeline_queue_try_pop(pipeline_queue *queue)
{
    pthread_mutex_lock(&queue->lock);
    pipeline_chunk *chunk = !queue->closed && queue->count ? take(queue, 0) : NULL;
    pthread_mutex_unlock(&queue->lock);
    return chunk;
}

/* Where the chunk of that sequence number is, or queue->count. Under the lock. */
static size_t find(const pipeline_queue *queue, size_t sequence)
{
    size_t i = 0;
    while (i < queue->count && queue->items[i]->sequence != sequence)
        ++i;
    return i;
}

pipeline_chunk *pipeline_queue_pop_sequence(pipeline_queue *queue, size_t sequence)
{
    pthread_mutex_lock(&queue->lock);
    while (!queue->closed && find(queue, sequence) == queue->count)
        pthread_cond_wait(&queue->changed, &queue->lock);
    pipeline_chunk *chunk = queue->closed ? NULL : take(queue, find(queue, sequence));
    pthread_mutex_unlock(&queue->lock);
    return chunk;
}

static void set_flag(pipeline_queue *queue, int *flag)
{
    pthread_mutex_lock(&queue->lock);
    *flag = 1;
    pthread_cond_broadcast(&queue->changed);
    pthread_mutex_unlock(&queue->lock);
}

void pipeline_queue_end(pipeline_queue *queue) { set_flag(queue, &queue->ended); }

void pipeline_queue_close(pipeline_queue *queue) { set_flag(queue, &queue->closed); }
