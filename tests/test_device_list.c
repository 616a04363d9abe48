/* test_device_list: the --devices pieces without a device: the device-list parser against
 * simulated device tables, the chunk granule of devices' local sizes, the aggregate of
 * simulated devices' figures (the slowest device's, devices without a chunk left out), the
 * devices' tasks run side by side, and the runner's chunks on simulated devices, on threads of
 * its own and on a crew kept across runs. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "multi/device_list.h"
#include "multi/gpu_multi_job.h"
#include "multi/chunk_dispenser.h"
#include "multi/device_runner.h"
#include "multi/device_set.h"

/* Parse `text`; returns the indices as "0,2" or the error text. */
static const char *parse_for(const char *text, const device_kind *kinds, size_t count, int need_fp64, char *out,
                             size_t size)
{
    int *indices;
    size_t chosen;
    error_text err;
    if (device_list_parse(text, kinds, count, need_fp64, &indices, &chosen, &err) != 0) {
        snprintf(out, size, "error %d: %s", err.kind == ERROR_USAGE ? 2 : 1, err.text);
        return out;
    }
    size_t used = 0;
    out[0] = '\0';
    for (size_t i = 0; i < chosen && used < size; ++i)
        used += (size_t)snprintf(out + used, size - used, "%s%d", i ? "," : "", indices[i]);
    free(indices);
    return out;
}

/* A run whose kernels need fp64 (every double one). */
static const char *parse(const char *text, const device_kind *kinds, size_t count, char *out, size_t size)
{
    return parse_for(text, kinds, count, 1, out, size);
}

static void test_device_list(void)
{
    char text[1200];
    /* The 2-GPU machine: PoCL's CPU device 0, two NVIDIA GPUs 1 and 2. */
    const device_kind host[] = {{0, 1}, {1, 1}, {1, 1}};
    /* This machine: PoCL alone. */
    const device_kind pocl[] = {{0, 1}};
    /* A GPU without fp64 beside one with it. */
    const device_kind mixed[] = {{1, 0}, {1, 1}, {0, 1}};
    CHECK(!strcmp(parse("all", host, 3, text, sizeof text), "1,2"), "all on the GPU host: %s", text);
    CHECK(!strcmp(parse("all", pocl, 1, text, sizeof text), "0"), "all without a GPU: %s", text);
    CHECK(!strcmp(parse("all", mixed, 3, text, sizeof text), "1"), "all skips a GPU without fp64: %s", text);
    CHECK(!strcmp(parse("2,0", host, 3, text, sizeof text), "2,0"), "a list keeps its order: %s", text);
    CHECK(!strcmp(parse("0", pocl, 1, text, sizeof text), "0"), "one device: %s", text);
    CHECK(strstr(parse("1,1", host, 3, text, sizeof text), "error 2: --devices '1,1': device 1 is listed twice"),
          "duplicate: %s", text);
    CHECK(strstr(parse("0,3", host, 3, text, sizeof text), "error 2: --devices '0,3': OpenCL device 3 does not exist: "
                                                           "there are 3 (0 to 2)"),
          "unknown index: %s", text);
    const char *bad[] = {"", ",", "0,", ",0", "x", "1x", "-1", "+1", " 1", "0,,1", "1.0", "99999999999999999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; ++i) {
        parse(bad[i], host, 3, text, sizeof text);
        CHECK(!strncmp(text, "error 2: --devices '", 20) && (strstr(text, "is not a device number") ||
                                                                 strstr(text, "does not exist")),
              "'%s': %s", bad[i], text);
        CHECK(!strchr(text, '\n'), "one line: %s", text);
    }
    CHECK(strstr(parse("all", NULL, 0, text, sizeof text), "error 1: --devices all: no OpenCL device found"), "%s",
          text);
    const device_kind no_fp64[] = {{1, 0}};
    CHECK(strstr(parse("all", no_fp64, 1, text, sizeof text), "no OpenCL device has fp64"), "%s", text);
    /* Float kernels with single data need no fp64: every GPU then. */
    CHECK(!strcmp(parse_for("all", no_fp64, 1, 0, text, sizeof text), "0"), "float kernels: the GPU without fp64 too: %s",
          text);
    CHECK(!strcmp(parse_for("all", mixed, 3, 0, text, sizeof text), "0,1"), "float kernels: every GPU: %s", text);
    CHECK(strstr(parse("0", NULL, 0, text, sizeof text), "no OpenCL device found"), "%s", text);
}

static void test_granule(void)
{
    const size_t same[] = {256, 256}, mixed[] = {64, 256, 0}, coprime[] = {3, 5, 7}, none[] = {0, 0};
    CHECK(chunk_dispenser_granule(same, 2, 1 << 20) == 256, "256, 256");
    CHECK(chunk_dispenser_granule(mixed, 3, 1 << 20) == 256, "64, 256, 0");
    CHECK(chunk_dispenser_granule(coprime, 3, 1 << 20) == 105, "3, 5, 7");
    CHECK(chunk_dispenser_granule(coprime, 3, 50) == 7, "3, 5, 7 above the limit: the largest");
    CHECK(chunk_dispenser_granule(none, 2, 1 << 20) == 1, "no local size");
}

static void test_summary(void)
{
    gpu_multi_share shares[3];
    memset(shares, 0, sizeof shares);
    shares[0].pairs = 600;
    shares[0].chunks = 2;
    shares[0].steps = (gpu_times){.write_ms = 10, .kernel_ms = 8, .read_ms = 20};
    shares[1].pairs = 400;
    shares[1].chunks = 1;
    shares[1].steps = (gpu_times){.write_ms = 12, .kernel_ms = 6, .read_ms = 15};
    shares[2].chunks = 0; /* no chunk: not counted, whatever it holds */
    shares[2].steps = (gpu_times){.write_ms = 99, .kernel_ms = 99, .read_ms = 99};
    gpu_multi_plan steps = {.path = GPU_MULTI_STEPS, .reps = 2};
    gpu_multi_summary summary;
    gpu_multi_summarise(shares, 3, &steps, 1000, 50, &summary);
    CHECK(summary.devices_used == 2 && summary.kernel_ms == 8 && summary.wall_ms == 50 && summary.reps == 2,
          "steps: %zu devices, kernel %g", summary.devices_used, summary.kernel_ms);
    /* End to end per device: write + one repetition's kernel + read: 34 and 30; the slowest. */
    CHECK(summary.end_to_end_ms == 34, "steps end to end %g", summary.end_to_end_ms);
    shares[0].end_to_end.ms = 7;
    shares[1].end_to_end.ms = 9;
    gpu_multi_plan pinned = {.path = GPU_MULTI_END_TO_END, .chunks = 3};
    gpu_multi_summarise(shares, 3, &pinned, 1000, 11, &summary);
    CHECK(summary.end_to_end_ms == 9 && summary.reps == 1, "pinned end to end %g", summary.end_to_end_ms);
    /* Results equal but for `uncertain`, which the conversion leaves alone: identical. */
    ray_tetra_result a[2], b[2];
    memset(a, 0, sizeof a);
    memset(b, 0, sizeof b);
    b[1].uncertain = 5;
    CHECK(gpu_multi_first_difference(a, b, 2) == 2, "uncertain is not compared");
    b[1].t_leave = 1e-300;
    CHECK(gpu_multi_first_difference(a, b, 2) == 1, "t_leave is");
}

/* Tasks that meet: each waits (up to 10 s) until all have started, which tasks run one after
 * another never see; tasks 1 and 3 then fail. */
typedef struct meeting {
    pthread_mutex_t lock;
    pthread_cond_t arrived;
    size_t in, count;
} meeting;

static int meet(void *context, size_t i, error_text *err)
{
    meeting *m = context;
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += 10;
    pthread_mutex_lock(&m->lock);
    ++m->in;
    pthread_cond_broadcast(&m->arrived);
    while (m->in < m->count && pthread_cond_timedwait(&m->arrived, &m->lock, &deadline) == 0)
        ;
    int together = m->in == m->count;
    pthread_mutex_unlock(&m->lock);
    if (!together)
        return error_set(err, "task %zu ran alone", i);
    return i == 1 || i == 3 ? error_set(err, "task %zu failed", i) : 0;
}

static void test_side_by_side(void)
{
    meeting m = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 4};
    error_text err = {0};
    long failed = device_set_each(4, meet, &m, &err);
    CHECK(failed == 1 && strcmp(err.text, "task 1 failed") == 0,
          "four devices' tasks run side by side; the lowest failure (1) comes back: %ld, '%s'", failed, err.text);
    meeting one = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 1};
    CHECK(device_set_each(1, meet, &one, &err) == -1, "one device's task runs and succeeds");
    CHECK(device_set_each(0, meet, &one, &err) == -1, "no device: nothing runs");
}

/* Each thread's number, given at its first launch: a new thread gets a new one (pthread_t values
 * can be reused once a thread is joined). */
static atomic_int threads_numbered;
static _Thread_local int thread_number;

/* A simulated device: its launches count each item's visits and the threads that made them. */
typedef struct fake_device {
    unsigned *visits;  /* shared by the devices: items are disjoint between chunks */
    int thread;        /* the number of the thread of its last launch */
    int threads_seen;  /* launches from a thread other than the one before */
    int fail;          /* its launches fail */
} fake_device;

static int fake_launch(void *context, size_t lane, size_t first, size_t count, error_text *err)
{
    fake_device *d = context;
    if (lane != 0)
        return error_set(err, "lane %zu of a one-lane device", lane);
    if (thread_number == 0)
        thread_number = atomic_fetch_add(&threads_numbered, 1) + 1;
    if (d->thread != thread_number)
        d->threads_seen += 1;
    d->thread = thread_number;
    if (d->fail)
        return error_set(err, "simulated failure");
    for (size_t i = first; i < first + count; ++i)
        d->visits[i] += 1;
    return 0;
}

/* `runs` runs of `items` items in chunks of 7 over four simulated devices (the third, numbered 3,
 * inactive when `masked`), on `crew` (NULL: threads of each run's own). Returns the items visited other than
 * once a run, or the tallies' count that does not add up. */
static size_t runner_rounds(device_crew *crew, int runs, size_t items, int masked, fake_device *devices,
                            unsigned *visits)
{
    int numbers[4] = {1, 2, 3, 4};
    const unsigned char active[4] = {1, 1, 0, 1};
    device_runner_work work = {.count = 4, .devices = numbers, .noun = "items", .lanes = 1, .contexts = devices,
                               .context_size = sizeof *devices, .launch = fake_launch, .crew = crew};
    size_t wrong = 0;
    for (int r = 0; r < runs; ++r) {
        memset(visits, 0, items * sizeof *visits);
        chunk_dispenser chunks;
        chunk_dispenser_init(&chunks, items, 7);
        device_runner_tally tallies[4];
        double wall_ms;
        error_text err;
        if (device_runner_run(&work, masked ? active : NULL, &chunks, tallies, &wall_ms, &err) != 0)
            return items + 1;
        size_t counted = 0;
        for (size_t i = 0; i < 4; ++i)
            counted += tallies[i].items;
        for (size_t i = 0; i < items; ++i)
            wrong += visits[i] != 1;
        wrong += counted != items || (masked && tallies[2].items != 0);
    }
    return wrong;
}

static void test_runner_crew(void)
{
    enum { ITEMS = 1000 };
    unsigned visits[ITEMS];
    fake_device devices[4];
    for (int i = 0; i < 4; ++i)
        devices[i] = (fake_device){.visits = visits};
    CHECK(runner_rounds(NULL, 20, ITEMS, 0, devices, visits) == 0,
          "threads of each run's own: every item once a run, the tallies adding up");
    int new_threads = devices[0].threads_seen;
    error_text err;
    device_crew *crew = NULL;
    CHECK(device_crew_open(&crew, 4, &err) == 0 && crew, "a crew of four threads starts: %s", crew ? "" : err.text);
    if (!crew)
        return;
    for (int i = 0; i < 4; ++i)
        devices[i].threads_seen = 0;
    CHECK(runner_rounds(crew, 200, ITEMS, 0, devices, visits) == 0,
          "on the crew, 200 runs: every item once a run, the tallies adding up");
    CHECK(devices[0].threads_seen == 1 && new_threads == 20,
          "the crew keeps one thread a device across runs (%d), where each run had threads of its own (%d)",
          devices[0].threads_seen, new_threads);
    CHECK(runner_rounds(crew, 50, ITEMS, 1, devices, visits) == 0,
          "on the crew with device 3 inactive: it takes nothing, the others every item once a run");
    CHECK(runner_rounds(crew, 5, 3, 0, devices, visits) == 0, "on the crew, 3 items for four devices");
    CHECK(runner_rounds(crew, 5, 0, 0, devices, visits) == 0, "on the crew, no item");

    /* Device 2 fails its first launch: its reserved chunk, whoever else runs. */
    devices[1].fail = 1;
    int numbers[4] = {1, 2, 3, 4};
    device_runner_work work = {.count = 4, .devices = numbers, .noun = "items", .lanes = 1, .contexts = devices,
                               .context_size = sizeof *devices, .launch = fake_launch, .crew = crew};
    chunk_dispenser chunks;
    chunk_dispenser_init(&chunks, ITEMS, 7);
    device_runner_tally tallies[4];
    double wall_ms;
    int status = device_runner_run(&work, NULL, &chunks, tallies, &wall_ms, &err);
    CHECK(status != 0 && strstr(err.text, "OpenCL device 2 (device 2 of 4 in --devices) failed on items 7 to 13") &&
              strstr(err.text, "simulated failure"),
          "a failed launch on the crew names its device and chunk: '%s'", status ? err.text : "(no failure)");
    devices[1].fail = 0;
    CHECK(runner_rounds(crew, 5, ITEMS, 0, devices, visits) == 0, "the crew runs again after a failed run");
    device_crew_close(crew);
    device_crew_close(NULL);
    device_crew *three = NULL;
    CHECK(device_crew_open(&three, 3, &err) == 0 && runner_rounds(three, 5, ITEMS, 0, devices, visits) == 0,
          "a crew of three for four devices: the runs start threads of their own, every item once a run");
    device_crew_close(three);
}

int main(void)
{
    test_runner_crew();
    test_side_by_side();
    test_granule();
    test_device_list();
    test_summary();
    return check_summary("test_device_list");
}
