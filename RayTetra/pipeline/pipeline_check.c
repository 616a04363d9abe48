/* pipeline_check.c: the checker stage: each chunk parsed and validated by a team of threads
 * (pair_source.h; for a single-precision algorithm its narrower range too). */
#include "pipeline/pipeline_state.h"
#include "timer.h"

/* The algorithm's name if it computes in single precision, else NULL. */
static const char *single_precision_name(const pipeline_job *job)
{
    if (job->gpu)
        return job->gpu->precision == CPU_PRECISION_FLOAT ? job->gpu->csv_name : NULL;
    return job->cpu->precision == CPU_PRECISION_FLOAT ? job->cpu->name : NULL;
}

void *pipeline_checker(void *state)
{
    pipeline_state *s = state;
    const char *single = single_precision_name(s->job);
    for (;;) {
        pipeline_chunk *chunk = pipeline_queue_pop(&s->read);
        if (!chunk)
            return NULL;
        double start = timer_now_ms();
        error_text err;
        int status = pair_source_check(&s->source, chunk, single, &err);
        s->busy_ms[PIPELINE_CHECK] += timer_now_ms() - start;
        if (status != 0) {
            pipeline_fail(s, &err);
            return NULL;
        }
        int last = chunk->last;
        pipeline_queue_push(&s->checked, chunk);
        if (last) {
            pipeline_queue_end(&s->checked); /* every lane stops once it is empty */
            return NULL;
        }
    }
}
