/* pipeline_read.c: the reader stage: each free chunk filled from the input (pair_source.h). */
#include "pipeline/pipeline_state.h"
#include "timer.h"

static void reading_over(pipeline_state *s)
{
    pthread_mutex_lock(&s->lock);
    s->reading_over = 1;
    pthread_mutex_unlock(&s->lock);
}

void *pipeline_reader(void *state)
{
    pipeline_state *s = state;
    for (;;) {
        pipeline_chunk *chunk = pipeline_queue_pop(&s->free_chunks);
        if (!chunk)
            break;
        double start = timer_now_ms();
        pair_source_fill(&s->source, chunk);
        s->busy_ms[PIPELINE_READ] += timer_now_ms() - start;
        int last = chunk->last;
        pipeline_queue_push(&s->read, chunk);
        if (last)
            break;
    }
    reading_over(s);
    return NULL;
}
