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

/* Start a thread for every active device and join every started one. Returns 0, or -1 with err
 * naming the device whose thread could not start. */
static int run_threads(const device_runner_work *work, const unsigned char *active, device_thread *threads,
                       error_text *err)
{
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
