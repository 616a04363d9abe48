/* device_set.c: the devices of one --devices run (device_set.h). */
#include "multi/device_set.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "multi/device_runner.h"
#include "opencl/gpu_device.h"

typedef struct device_job {
    device_set_task task;
    void *context;
    size_t index;
    int status;
    error_text err;
} device_job;

static void *run_job(void *argument)
{
    device_job *job = argument;
    job->status = job->task(job->context, job->index, &job->err);
    return NULL;
}

static long each_in_turn(size_t count, device_set_task task, void *context, error_text *err)
{
    for (size_t i = 0; i < count; ++i)
        if (task(context, i, err) != 0)
            return (long)i;
    return -1;
}

long device_set_each(size_t count, device_set_task task, void *context, error_text *err)
{
    if (count < 2)
        return each_in_turn(count, task, context, err);
    device_job *jobs = calloc(count, sizeof *jobs);
    pthread_t *threads = calloc(count, sizeof *threads);
    int *started = calloc(count, sizeof *started);
    long failed = -1;
    if (!jobs || !threads || !started) {
        failed = each_in_turn(count, task, context, err);
        count = 0;
    }
    for (size_t i = 0; i < count; ++i) {
        jobs[i] = (device_job){.task = task, .context = context, .index = i};
        started[i] = pthread_create(&threads[i], NULL, run_job, &jobs[i]) == 0;
        if (!started[i])
            run_job(&jobs[i]);
    }
    for (size_t i = 0; i < count; ++i) {
        if (started[i])
            pthread_join(threads[i], NULL);
        if (jobs[i].status != 0 && failed < 0) {
            failed = (long)i;
            *err = jobs[i].err;
        }
    }
    free(jobs);
    free(threads);
    free(started);
    return failed;
}

typedef struct opening {
    device_set *set;
    device_set_opener open;
    const void *argument;
} opening;

static int open_one(void *context, size_t i, error_text *err)
{
    opening *o = context;
    if (o->open(&o->set->handles[i], o->set->devices[i], o->argument, err) == 0)
        return 0;
    o->set->handles[i] = NULL;
    return -1;
}

int device_set_open(device_set *set, const int *devices, size_t count, device_set_opener open, const void *argument,
                    device_set_closer close, error_text *err)
{
    memset(set, 0, sizeof *set);
    set->devices = malloc((count ? count : 1) * sizeof *set->devices);
    set->handles = calloc(count ? count : 1, sizeof *set->handles);
    if (!set->devices || !set->handles) {
        device_set_close(set, close);
        return error_set_kind(err, ERROR_MEMORY, "opening %zu OpenCL devices: out of memory", count);
    }
    set->count = count;
    memcpy(set->devices, devices, count * sizeof *devices);
    opening o = {set, open, argument};
    gpu_devices_load();
    long failed = device_set_each(count, open_one, &o, err);
    if (failed < 0)
        return 0;
    device_runner_name(devices[failed], NULL, (size_t)failed, count, "cannot be opened", err);
    device_set_close(set, close);
    return -1;
}

typedef struct closing {
    device_set *set;
    device_set_closer close;
} closing;

static int close_one(void *context, size_t i, error_text *err)
{
    (void)err; /* closing does not fail */
    closing *c = context;
    if (c->set->handles[i])
        c->close(c->set->handles[i]);
    return 0;
}

void device_set_close(device_set *set, device_set_closer close)
{
    error_text unused;
    closing c = {set, close};
    if (set->handles)
        device_set_each(set->count, close_one, &c, &unused);
    free(set->handles);
    free(set->devices);
    memset(set, 0, sizeof *set);
}
