/* device_runner.c: the several-device runner (device_runner.h). Each thread touches only its own
 * device's context and tally; the dispenser is the one thing they share. */
#include "multi/device_runner.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "timer.h"

typedef struct device_thread {
    const device_runner_work *work;
    chunk_dispenser *chunks;
    size_t worker; /* its place among the active devices: its reserved chunk */
    void *context;
    device_runner_tally *tally;
} device_thread;

/* The device's reserved chunk first, then the shared ones. */
static int next_chunk(device_thread *t, int taken, size_t *first, size_t *count)
{
    return (!taken && chunk_dispenser_take_own(t->chunks, t->worker, first, count)) ||
           chunk_dispenser_take(t->chunks, first, count);
}

static void *run_device(void *argument)
{
    device_thread *t = argument;
    const device_runner_work *work = t->work;
    device_runner_tally *tally = t->tally;
    tally->start_ms = timer_now_ms();
    size_t first, count, lane = 0;
    for (int taken = 0; tally->status == 0 && next_chunk(t, taken, &first, &count); taken = 1) {
        if (work->launch(t->context, lane, first, count, &tally->err) != 0) {
            tally->status = -1;
            tally->failed_first = first;
            tally->failed_count = count;
            break;
        }
        tally->items += count;
        ++tally->chunks;
        lane = (lane + 1) % work->lanes;
    }
    error_text ignored; /* after a failed launch, its error is the one to report */
    if (work->finish && work->finish(t->context, tally->status == 0 ? &tally->err : &ignored) != 0)
        tally->status = -1;
    tally->end_ms = timer_now_ms();
    return NULL;
}

/* The crew: one thread per device, waiting between runs. A run hands each thread its job (NULL
 * for an inactive device) under `lock`, bumps `generation` and waits until `running` is 0. */
struct device_crew {
    pthread_mutex_t lock;
    pthread_cond_t go, done;
    size_t count, running;
    unsigned long generation;
    int closing;
    device_thread **jobs;
    pthread_t *ids;
    struct crew_member *members;
};

typedef struct crew_member {
    device_crew *crew;
    size_t index;
} crew_member;

static void *crew_member_loop(void *argument)
{
    crew_member *member = argument;
    device_crew *crew = member->crew;
    unsigned long seen = 0;
    pthread_mutex_lock(&crew->lock);
    for (;;) {
        while (crew->generation == seen && !crew->closing)
            pthread_cond_wait(&crew->go, &crew->lock);
        if (crew->closing)
            break;
        seen = crew->generation;
        device_thread *job = crew->jobs[member->index];
        pthread_mutex_unlock(&crew->lock);
        if (job)
            run_device(job);
        pthread_mutex_lock(&crew->lock);
        if (--crew->running == 0)
            pthread_cond_signal(&crew->done);
    }
    pthread_mutex_unlock(&crew->lock);
    return NULL;
}

/* Stop and join the first `started` members, then free the crew. */
static void crew_free(device_crew *crew, size_t started)
{
    pthread_mutex_lock(&crew->lock);
    crew->closing = 1;
    pthread_cond_broadcast(&crew->go);
    pthread_mutex_unlock(&crew->lock);
    for (size_t i = 0; i < started; ++i)
        pthread_join(crew->ids[i], NULL);
    pthread_cond_destroy(&crew->go);
    pthread_cond_destroy(&crew->done);
    pthread_mutex_destroy(&crew->lock);
    free(crew->jobs);
    free(crew->ids);
    free(crew->members);
    free(crew);
}

int device_crew_open(device_crew **out, size_t count, error_text *err)
{
    *out = NULL;
    device_crew *crew = calloc(1, sizeof *crew);
    if (!crew)
        return error_set_kind(err, ERROR_MEMORY, "starting %zu host threads: out of memory", count);
    crew->count = count;
    crew->jobs = calloc(count ? count : 1, sizeof *crew->jobs);
    crew->ids = calloc(count ? count : 1, sizeof *crew->ids);
    crew->members = calloc(count ? count : 1, sizeof *crew->members);
    if (!crew->jobs || !crew->ids || !crew->members) {
        free(crew->jobs);
        free(crew->ids);
        free(crew->members);
        free(crew);
        return error_set_kind(err, ERROR_MEMORY, "starting %zu host threads: out of memory", count);
    }
    pthread_mutex_init(&crew->lock, NULL);
    pthread_cond_init(&crew->go, NULL);
    pthread_cond_init(&crew->done, NULL);
    for (size_t i = 0; i < count; ++i) {
        crew->members[i] = (crew_member){crew, i};
        int status = pthread_create(&crew->ids[i], NULL, crew_member_loop, &crew->members[i]);
        if (status != 0) {
            crew_free(crew, i);
            return error_set(err, "starting the host thread of device %zu of %zu: %s", i + 1, count, strerror(status));
        }
    }
    *out = crew;
    return 0;
}

void device_crew_close(device_crew *crew)
{
    if (crew)
        crew_free(crew, crew->count);
}

/* One run on the crew's waiting threads: every thread takes its job, the caller waits for all. */
static void run_on_crew(device_crew *crew, const unsigned char *active, device_thread *threads)
{
    pthread_mutex_lock(&crew->lock);
    for (size_t i = 0; i < crew->count; ++i)
        crew->jobs[i] = active && !active[i] ? NULL : &threads[i];
    crew->running = crew->count;
    crew->generation += 1;
    pthread_cond_broadcast(&crew->go);
    while (crew->running > 0)
        pthread_cond_wait(&crew->done, &crew->lock);
    for (size_t i = 0; i < crew->count; ++i) /* the jobs are the caller's, gone after the run */
        crew->jobs[i] = NULL;
    pthread_mutex_unlock(&crew->lock);
}

/* Start a thread for every active device and join every started one (or run them on work->crew's
 * threads). Returns 0, or -1 with err naming the device whose thread could not start. */
static int run_threads(const device_runner_work *work, const unsigned char *active, device_thread *threads,
                       error_text *err)
{
    if (work->crew && work->crew->count == work->count) {
        run_on_crew(work->crew, active, threads);
        return 0;
    }
    size_t n = work->count;
    pthread_t *ids = calloc(n ? n : 1, sizeof *ids);
    unsigned char *started = calloc(n ? n : 1, 1);
    int failed = !ids || !started;
    if (failed)
        error_set_kind(err, ERROR_MEMORY, "starting %zu host threads: out of memory", n);
    for (size_t i = 0; i < n && !failed; ++i) {
        if (active && !active[i])
            continue;
        int status = pthread_create(&ids[i], NULL, run_device, &threads[i]);
        if (status != 0)
            failed = error_set(err, "starting the host thread of OpenCL device %d: %s", work->devices[i],
                               strerror(status)) != 0;
        else
            started[i] = 1;
    }
    for (size_t i = 0; i < n && started; ++i)
        if (started[i])
            pthread_join(ids[i], NULL);
    free(ids);
    free(started);
    return failed ? -1 : 0;
}

/* The first failed device in list order, named in err; -1, or 0 when none failed. */
static int name_failure(const device_runner_work *work, const device_thread *threads, error_text *err)
{
    for (size_t i = 0; i < work->count; ++i) {
        const device_runner_tally *tally = threads[i].tally;
        if (tally->status == 0)
            continue;
        *err = tally->err;
        char what[200];
        if (tally->failed_count > 0)
            snprintf(what, sizeof what, "failed on %s %zu to %zu (the other devices were joined; the run stops)",
                     work->noun, tally->failed_first, tally->failed_first + tally->failed_count - 1);
        else
            snprintf(what, sizeof what, "failed (the other devices were joined; the run stops)");
        const char *description = work->describe ? work->describe(threads[i].context) : NULL;
        return device_runner_name(work->devices[i], description, i, work->count, what, err);
    }
    return 0;
}

int device_runner_run(const device_runner_work *work, const unsigned char *active, chunk_dispenser *chunks,
                      device_runner_tally *tallies, double *wall_ms, error_text *err)
{
    size_t n = work->count;
    *wall_ms = 0;
    device_thread *threads = calloc(n ? n : 1, sizeof *threads);
    if (!threads)
        return error_set_kind(err, ERROR_MEMORY, "running on %zu OpenCL devices: out of memory", n);
    size_t workers = 0;
    for (size_t i = 0; i < n; ++i) {
        memset(&tallies[i], 0, sizeof tallies[i]);
        threads[i] = (device_thread){work, chunks, workers, (char *)work->contexts + i * work->context_size,
                                     &tallies[i]};
        workers += !active || active[i];
    }
    chunk_dispenser_reserve(chunks, workers);
    int failed = run_threads(work, active, threads, err) != 0;
    double first = 0, last = 0;
    int any = 0;
    for (size_t i = 0; i < n; ++i) {
        if (active && !active[i])
            continue;
        first = !any || tallies[i].start_ms < first ? tallies[i].start_ms : first;
        last = !any || tallies[i].end_ms > last ? tallies[i].end_ms : last;
        any = 1;
    }
    *wall_ms = any ? last - first : 0;
    if (!failed)
        failed = name_failure(work, threads, err) != 0;
    free(threads);
    return failed ? -1 : 0;
}

int device_runner_name(int device, const char *description, size_t i, size_t count, const char *what,
                       error_text *err)
{
    error_kind kind = err->kind;
    char old[ERROR_TEXT_SIZE];
    memcpy(old, err->text, sizeof old);
    if (description)
        error_set(err, "OpenCL device %d (%.200s; device %zu of %zu in --devices) %s: %.600s", device, description,
                  i + 1, count, what, old);
    else
        error_set(err, "OpenCL device %d (device %zu of %zu in --devices) %s: %.600s", device, i + 1, count, what, old);
    err->kind = kind;
    return -1;
}
