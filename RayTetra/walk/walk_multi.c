/* walk_multi.c: several devices for TetWalk through the several-device runner
 * (multi/device_runner.h): a thread per device, each on its own walker (device session: context,
 * queue; mesh buffers) and its own kernel and chunk buffers, so no OpenCL object is shared
 * between threads; only the chunk dispenser is. */
#include "walk/walk_multi.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "multi/chunk_dispenser.h"
#include "multi/device_runner.h"
#include "multi/device_set.h"
#include "timer.h"

struct walk_multi {
    device_set set; /* handles: walk_opencl */
    device_crew *crew; /* the devices' host threads, kept across repetitions (NULL: one set a repetition) */
};

static walk_opencl *walker(const walk_multi *m, size_t i) { return m->set.handles[i]; }

static int name_device(const walk_multi *m, size_t i, const char *what, error_text *err)
{
    return device_runner_name(m->set.devices[i], NULL, i, m->set.count, what, err);
}

typedef struct walk_mesh {
    const tet_mesh *mesh;
    const mesh_bvh *bvh;
} walk_mesh;

static int open_walker(void **handle, int device, const void *argument, error_text *err)
{
    const walk_mesh *m = argument;
    walk_opencl *w = NULL;
    int status = walk_opencl_open(&w, device, m->mesh, m->bvh, err);
    *handle = w;
    return status;
}

static void close_walker(void *handle) { walk_opencl_close(handle); }

int walk_multi_open(walk_multi **multi, const int *devices, size_t count, const tet_mesh *mesh, const mesh_bvh *bvh,
                    error_text *err)
{
    *multi = NULL;
    walk_multi *m = calloc(1, sizeof *m);
    if (!m)
        return error_set_kind(err, ERROR_MEMORY, "opening %zu OpenCL devices: out of memory", count);
    walk_mesh both = {mesh, bvh};
    if (device_set_open(&m->set, devices, count, open_walker, &both, close_walker, err) != 0) {
        free(m);
        return -1;
    }
    /* Without a crew each repetition starts and joins its threads, which a short one pays for. */
    error_text ignored;
    if (device_crew_open(&m->crew, count, &ignored) != 0)
        m->crew = NULL;
    *multi = m;
    return 0;
}

size_t walk_multi_count(const walk_multi *multi) { return multi->set.count; }
walk_opencl *walk_multi_device(walk_multi *multi, size_t i) { return walker(multi, i); }

size_t walk_multi_chunk_size(size_t rays, size_t devices, size_t local_size)
{
    size_t wanted = rays / ((devices ? devices : 1) * WALK_MULTI_CHUNKS_PER_DEVICE);
    wanted = wanted < WALK_MULTI_MIN_CHUNK ? WALK_MULTI_MIN_CHUNK : wanted;
    wanted = wanted > WALK_MULTI_MAX_CHUNK ? WALK_MULTI_MAX_CHUNK : wanted;
    return chunk_dispenser_size(rays, devices, local_size ? local_size : 64, wanted);
}

/* The rays in the order the chunks walk them: bands of neighbouring rays dealt round the chunks
 * (WALK_MULTI_BAND_RAYS), with order[p] the original index of the p-th ray walked; order is NULL
 * (the rays as given) when there is one chunk or one band. */
typedef struct dealt_rays {
    walk_rays rays;
    size_t *order;
} dealt_rays;

static size_t band_rays(void)
{
    const char *text = getenv("RAYTETRA_WALK_BAND_RAYS");
    if (!text || !*text)
        return WALK_MULTI_BAND_RAYS;
    char *end;
    errno = 0;
    unsigned long long value = strtoull(text, &end, 10);
    return *end || errno || text[0] == '-' ? WALK_MULTI_BAND_RAYS : (size_t)value;
}

static int deal_rays(const walk_rays *rays, size_t chunk_size, dealt_rays *d, error_text *err)
{
    size_t n = rays->count, band = band_rays(), chunks = (n + chunk_size - 1) / chunk_size;
    d->rays = *rays;
    d->order = NULL;
    if (band == 0 || chunks < 2 || n <= band)
        return 0;
    size_t bands = (n + band - 1) / band;
    d->order = malloc(n * sizeof *d->order);
    double(*walked)[6] = malloc(n * sizeof *walked);
    int *start = rays->start ? malloc(n * sizeof *start) : NULL;
    if (!d->order || !walked || (rays->start && !start)) {
        free(d->order);
        free(walked);
        free(start);
        d->order = NULL;
        return error_set_kind(err, ERROR_MEMORY, "dealing %zu rays to the chunks: out of memory", n);
    }
    size_t p = 0;
    for (size_t k = 0; k < chunks && k < bands; ++k)
        for (size_t b = k; b < bands; b += chunks)
            for (size_t i = b * band; i < n && i < (b + 1) * band; ++i, ++p) {
                d->order[p] = i;
                memcpy(walked[p], rays->rays[i], sizeof walked[p]);
                if (start)
                    start[p] = rays->start[i];
            }
    d->rays.rays = walked;
    d->rays.start = start;
    return 0;
}

static void dealt_free(dealt_rays *d)
{
    if (!d->order)
        return;
    free(d->order);
    free(d->rays.rays);
    free(d->rays.start);
    d->order = NULL;
}

/* One device's part of the run: its kernel, and the chunks it took in the last repetition. */
typedef struct worker {
    walk_opencl_chunks *kernel;
    size_t *taken;    /* first ray of each chunk it took in this repetition */
    size_t taken_count;
    double write_ms;  /* writing every ray to the device, before the repetitions */
    double read_ms;   /* reading its results, after them */
    device_runner_tally tally; /* its rays, chunks and busy time in the last repetition */
} worker;

/* The runner's launch: the chunk on one of the device's lanes, remembered for the read. */
static int launch_chunk(void *context, size_t lane, size_t first, size_t count, error_text *err)
{
    worker *w = context;
    w->taken[w->taken_count++] = first;
    return walk_opencl_chunks_launch(w->kernel, (int)lane, first, count, err);
}

static int finish_chunks(void *context, error_text *err)
{
    worker *w = context;
    return walk_opencl_chunks_finish(w->kernel, err);
}

/* The results of the chunks w walked in the last repetition. */
static int read_results(worker *w, size_t rays, size_t chunk_size, walk_result *results, error_text *err)
{
    double start = timer_now_ms();
    for (size_t k = 0; k < w->taken_count; ++k) {
        size_t first = w->taken[k], count = rays - first < chunk_size ? rays - first : chunk_size;
        if (walk_opencl_chunks_read(w->kernel, first, count, results, err) != 0)
            return -1;
    }
    w->read_ms = timer_now_ms() - start;
    return 0;
}

/* One repetition over every device, a thread each (the crew's). Returns its wall time in ms, or
 * -1 with err naming the first failed device. */
static double repetition(walk_multi *m, worker *workers, device_runner_tally *tallies, size_t rays, size_t chunk_size,
                         const char *noun, error_text *err)
{
    device_runner_work work = {.count = m->set.count, .devices = m->set.devices, .noun = noun,
                               .lanes = WALK_OPENCL_LANES, .contexts = workers, .context_size = sizeof *workers,
                               .launch = launch_chunk, .finish = finish_chunks, .crew = m->crew};
    chunk_dispenser chunks;
    chunk_dispenser_init(&chunks, rays, chunk_size);
    for (size_t i = 0; i < m->set.count; ++i)
        workers[i].taken_count = 0;
    double start = timer_now_ms(), wall_ms;
    int failed = device_runner_run(&work, NULL, &chunks, tallies, &wall_ms, err) != 0;
    double ms = timer_now_ms() - start;
    for (size_t i = 0; i < m->set.count; ++i)
        workers[i].tally = tallies[i];
    return failed ? -1 : ms;
}

/* The busiest device's write and read times. */
static void combine(const worker *workers, size_t count, walk_run *run)
{
    for (size_t i = 0; i < count; ++i) {
        run->write_ms = workers[i].write_ms > run->write_ms ? workers[i].write_ms : run->write_ms;
        run->read_ms = workers[i].read_ms > run->read_ms ? workers[i].read_ms : run->read_ms;
    }
    run->host_rays = 0; /* every ray is decided on its device */
}

static void log_devices(const walk_multi *m, const walk_algorithm *algorithm, const worker *workers, size_t rays,
                        FILE *log)
{
    for (size_t i = 0; i < m->set.count; ++i)
        fprintf(log,
                "GPU_%s: device %d (%s): %zu rays (%.1f %%) in %zu chunks, busy %.3f ms (before: write %.3f ms; "
                "after: read %.3f ms)\n",
                algorithm->csv_name, m->set.devices[i], walk_opencl_description(walker(m, i)), workers[i].tally.items,
                rays ? 100.0 * (double)workers[i].tally.items / (double)rays : 0.0, workers[i].tally.chunks,
                workers[i].tally.end_ms - workers[i].tally.start_ms, workers[i].write_ms, workers[i].read_ms);
}

int walk_multi_run(walk_multi *multi, const walk_algorithm *algorithm, const walk_rays *rays, walk_result *results,
                   int reps, size_t local_size, size_t chunk_size, walk_run *run, FILE *log, error_text *err)
{
    size_t n = multi->set.count;
    if (chunk_size == 0)
        chunk_size = walk_multi_chunk_size(rays->count, n, local_size);
    size_t chunk_count = rays->count / chunk_size + 1;
    worker *workers = calloc(n, sizeof *workers);
    size_t *taken = calloc(n * chunk_count, sizeof *taken);
    device_runner_tally *tallies = calloc(n, sizeof *tallies);
    if (!workers || !taken || !tallies) {
        free(workers);
        free(taken);
        free(tallies);
        return error_set_kind(err, ERROR_MEMORY, "walking on %zu devices: out of memory", n);
    }
    dealt_rays dealt;
    int failed = deal_rays(rays, chunk_size, &dealt, err) != 0;
    walk_result *walked = results;
    if (!failed && dealt.order && !(walked = malloc(rays->count * sizeof *walked)))
        failed = error_set_kind(err, ERROR_MEMORY, "walking on %zu devices: out of memory", n) != 0;
    /* Kernels built one device after another (PoCL's cache is not built into from two threads). */
    for (size_t i = 0; i < n && !failed; ++i) {
        workers[i] = (worker){.taken = taken + i * chunk_count};
        if (walk_opencl_chunks_open(walker(multi, i), algorithm, &dealt.rays, chunk_size, local_size,
                                    &workers[i].kernel, &workers[i].write_ms, err) != 0)
            failed = name_device(multi, i, "cannot build its kernel", err);
    }
    memset(run, 0, sizeof *run);
    /* The first repetition is the warm-up: drivers finish compiling at the first launch. */
    for (int r = -1; r < reps && !failed; ++r) {
        double ms = repetition(multi, workers, tallies, rays->count, chunk_size,
                               dealt.order ? "rays of the dealt order" : "rays", err);
        failed = ms < 0;
        if (!failed && r >= 0)
            run->samples_ms[r] = ms;
    }
    for (size_t i = 0; i < n && !failed; ++i)
        if (read_results(&workers[i], rays->count, chunk_size, walked, err) != 0)
            failed = name_device(multi, i, "failed", err);
    if (!failed && dealt.order)
        for (size_t p = 0; p < rays->count; ++p)
            results[dealt.order[p]] = walked[p];
    if (!failed) {
        run->algorithm = algorithm;
        run->rays = rays->count;
        run->reps = reps;
        run->opencl = 1;
        run->local_size = walk_opencl_chunks_local_size(workers[0].kernel);
        combine(workers, n, run);
        log_devices(multi, algorithm, workers, rays->count, log);
    }
    for (size_t i = 0; i < n; ++i)
        walk_opencl_chunks_close(workers[i].kernel);
    if (walked != results)
        free(walked);
    dealt_free(&dealt);
    free(workers);
    free(taken);
    free(tallies);
    return failed ? -1 : 0;
}

void walk_multi_close(walk_multi *multi)
{
    if (!multi)
        return;
    device_crew_close(multi->crew);
    device_set_close(&multi->set, close_walker);
    free(multi);
}
