/* walk_multi.c: several devices for TetWalk; a thread per device, each on its own walker
 * (handler, context, queue, mesh buffers), so no OpenCL object is shared between threads. */
#include "mesh/walk_multi.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "multi/gpu_split.h"

struct walk_multi {
    size_t count;
    int *devices;
    walk_opencl **walkers;
};

static int name_device(const walk_multi *m, size_t i, const char *what, error_text *err)
{
    error_kind kind = err->kind;
    char old[ERROR_TEXT_SIZE];
    memcpy(old, err->text, sizeof old);
    error_set(err, "OpenCL device %d (device %zu of %zu in --devices) %s: %.700s", m->devices[i], i + 1, m->count, what,
              old);
    err->kind = kind;
    return -1;
}

int walk_multi_open(walk_multi **multi, const int *devices, size_t count, const tet_mesh *mesh, const mesh_bvh *bvh,
                    error_text *err)
{
    *multi = NULL;
    walk_multi *m = calloc(1, sizeof *m);
    if (m) {
        m->devices = malloc((count ? count : 1) * sizeof *m->devices);
        m->walkers = calloc(count ? count : 1, sizeof *m->walkers);
    }
    if (!m || !m->devices || !m->walkers) {
        walk_multi_close(m);
        return error_set_kind(err, ERROR_MEMORY, "opening %zu OpenCL devices: out of memory", count);
    }
    m->count = count;
    memcpy(m->devices, devices, count * sizeof *devices);
    for (size_t i = 0; i < count; ++i)
        if (walk_opencl_open(&m->walkers[i], devices[i], mesh, bvh, err) != 0) {
            name_device(m, i, "cannot be opened", err);
            walk_multi_close(m);
            return -1;
        }
    *multi = m;
    return 0;
}

size_t walk_multi_count(const walk_multi *multi) { return multi->count; }
walk_opencl *walk_multi_device(walk_multi *multi, size_t i) { return multi->walkers[i]; }

typedef struct worker {
    walk_opencl *walker;
    const walk_algorithm *algorithm;
    walk_rays rays; /* a view of the caller's rays */
    walk_result *results;
    int reps;
    size_t local_size;
    walk_run run;
    int status;
    error_text err;
} worker;

static void *run_worker(void *argument)
{
    worker *w = argument;
    memset(&w->run, 0, sizeof w->run);
    w->status = walk_opencl_run(w->walker, w->algorithm, &w->rays, w->results, w->reps, w->local_size, &w->run, &w->err);
    return NULL;
}

/* Each device's speed in rays per ms, walking the first rays alone, one device after another. */
static int calibrate(walk_multi *m, const walk_algorithm *algorithm, const walk_rays *rays, size_t local_size,
                     double *speeds, error_text *err)
{
    if (m->count == 1 || rays->count == 0) {
        for (size_t i = 0; i < m->count; ++i)
            speeds[i] = 1.0;
        return 0;
    }
    walk_rays sample = {rays->count < WALK_MULTI_CALIBRATION_RAYS ? rays->count : WALK_MULTI_CALIBRATION_RAYS,
                        rays->rays, 0, 0};
    walk_result *scratch = malloc(sample.count * sizeof *scratch);
    if (!scratch)
        return error_set_kind(err, ERROR_MEMORY, "calibrating %zu devices: out of memory", m->count);
    for (size_t i = 0; i < m->count; ++i) {
        walk_run run;
        memset(&run, 0, sizeof run);
        if (walk_opencl_run(m->walkers[i], algorithm, &sample, scratch, 1, local_size, &run, err) != 0) {
            free(scratch);
            return name_device(m, i, "failed its calibration walk", err);
        }
        double ms = run.write_ms + run.samples_ms[0] + run.read_ms;
        speeds[i] = (double)sample.count / (ms > 1e-6 ? ms : 1e-6);
    }
    free(scratch);
    return 0;
}

/* The aggregate of the devices' runs: they run at once, so the slowest one's times. */
static void combine(const worker *workers, size_t count, size_t rays, int reps, walk_run *run)
{
    for (size_t i = 0; i < count; ++i) {
        const walk_run *r = &workers[i].run;
        if (workers[i].rays.count == 0)
            continue;
        if (run->local_size == 0)
            run->local_size = r->local_size;
        for (int k = 0; k < reps; ++k)
            if (r->samples_ms[k] > run->samples_ms[k])
                run->samples_ms[k] = r->samples_ms[k];
        run->write_ms = r->write_ms > run->write_ms ? r->write_ms : run->write_ms;
        run->read_ms = r->read_ms > run->read_ms ? r->read_ms : run->read_ms;
        run->host_rays += r->host_rays;
    }
    run->rays = rays;
    run->reps = reps;
    run->opencl = 1;
}

int walk_multi_run(walk_multi *multi, const walk_algorithm *algorithm, const walk_rays *rays, walk_result *results,
                   int reps, size_t local_size, walk_run *run, FILE *log, error_text *err)
{
    size_t n = multi->count;
    double *speeds = malloc(n * sizeof *speeds);
    gpu_range *ranges = malloc(n * sizeof *ranges);
    worker *workers = calloc(n, sizeof *workers);
    pthread_t *threads = calloc(n, sizeof *threads);
    char *started = calloc(n, 1);
    int failed = !speeds || !ranges || !workers || !threads || !started
                     ? error_set_kind(err, ERROR_MEMORY, "walking on %zu devices: out of memory", n)
                     : 0;
    failed = failed || calibrate(multi, algorithm, rays, local_size, speeds, err) ||
             gpu_split_ranges(speeds, n, rays->count, local_size ? local_size : 64, ranges, err);
    for (size_t i = 0; i < n && !failed; ++i) {
        worker *w = &workers[i];
        w->walker = multi->walkers[i];
        w->algorithm = algorithm;
        w->rays.count = ranges[i].count;
        w->rays.rays = rays->rays + ranges[i].first;
        w->results = results + ranges[i].first;
        w->reps = reps;
        w->local_size = local_size;
        if (w->rays.count == 0)
            continue;
        int status = pthread_create(&threads[i], NULL, run_worker, w);
        if (status != 0)
            failed = error_set(err, "starting the host thread of OpenCL device %d: %s", multi->devices[i],
                               strerror(status));
        else
            started[i] = 1;
    }
    size_t failed_at = n;
    for (size_t i = 0; i < n && started; ++i)
        if (started[i]) {
            pthread_join(threads[i], NULL);
            if (workers[i].status != 0 && failed_at == n)
                failed_at = i;
        }
    if (!failed && failed_at < n) {
        *err = workers[failed_at].err;
        char what[128];
        snprintf(what, sizeof what, "failed on rays %zu to %zu (the other devices were joined; the run stops)",
                 ranges[failed_at].first, ranges[failed_at].first + ranges[failed_at].count - 1);
        failed = name_device(multi, failed_at, what, err);
    }
    if (!failed) {
        memset(run, 0, sizeof *run);
        run->algorithm = algorithm;
        combine(workers, n, rays->count, reps, run);
        for (size_t i = 0; i < n; ++i) {
            fprintf(log, "GPU_%s: device %d (%s): ", algorithm->csv_name, multi->devices[i],
                    walk_opencl_description(multi->walkers[i]));
            if (ranges[i].count == 0) {
                fprintf(log, "no rays (its share rounded to none)\n");
                continue;
            }
            double best = workers[i].run.samples_ms[0];
            for (int k = 1; k < reps; ++k)
                best = workers[i].run.samples_ms[k] < best ? workers[i].run.samples_ms[k] : best;
            fprintf(log, "rays %zu to %zu (%.1f %%), write %.3f ms, fastest repetition %.3f ms, read %.3f ms\n",
                    ranges[i].first, ranges[i].first + ranges[i].count - 1,
                    100.0 * (double)ranges[i].count / (double)rays->count, workers[i].run.write_ms, best,
                    workers[i].run.read_ms);
        }
    }
    free(speeds);
    free(ranges);
    free(workers);
    free(threads);
    free(started);
    return failed ? -1 : 0;
}

void walk_multi_close(walk_multi *multi)
{
    if (!multi)
        return;
    if (multi->walkers)
        for (size_t i = 0; i < multi->count; ++i)
            walk_opencl_close(multi->walkers[i]);
    free(multi->walkers);
    free(multi->devices);
    free(multi);
}
