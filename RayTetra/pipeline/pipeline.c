/* pipeline.c: one streaming run: open everything, size the chunks, start the stage threads,
 * run the algorithm stage on this thread, and put OUTPUT in place only when all went well. */
#include "pipeline/pipeline.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "binary_io.h"
#include "byte_order.h"
#include "cpu/cpu_parallel.h"
#include "multi/device_set.h"
#include "pairs_io.h"
#include "pipeline/pipeline_budget.h"
#include "pipeline/pipeline_state.h"
#include "timer.h"

/* Every queue of a run, in the chunks' order through them: what is done to one is done to all. */
enum { QUEUES = 6 };
static void each_queue(pipeline_state *s, void (*action)(pipeline_queue *))
{
    pipeline_queue *const queues[QUEUES] = {&s->free_chunks, &s->read,      &s->checked,
                                            &s->computed,    &s->formatted, &s->free_outputs};
    for (int q = 0; q < QUEUES; ++q)
        action(queues[q]);
}

void pipeline_fail(pipeline_state *s, const error_text *err)
{
    pthread_mutex_lock(&s->lock);
    if (!s->failed)
        s->err = *err;
    s->failed = 1;
    pthread_mutex_unlock(&s->lock);
    each_queue(s, pipeline_queue_close);
}

/* The chunks made before the stages start: on a device one for the reader and one for the
 * checker; the rest are made while the stages run (make_more_chunks), since pinning a chunk's
 * memory takes tens of milliseconds (on a 4 x H200 host 37 ms) that the reader need not wait
 * for, and the lanes first need a chunk once one has been read and checked. */
static size_t chunks_first(const pipeline_state *s)
{
    size_t first = s->chunks[0].pinned ? 2 : s->chunk_count;
    return first < s->chunk_count ? first : s->chunk_count;
}

static int open_lane(void *state, size_t lane, error_text *err)
{
    pipeline_state *s = state;
    return pipeline_runner_lane_open(&s->runner, lane, s->shape.pairs, err);
}

static int make_chunks(pipeline_state *s, size_t budget, error_text *err)
{
    const pipeline_job *job = s->job;
    /* On the CPU a binary OUTPUT's records are made in the chunk's results on a little-endian
     * host (pipeline_write.c): no bytes of their own, and the budget goes to larger chunks. */
    size_t out_bytes = !job->write_results ? 0
                       : !s->binary_output ? RESULT_LINE_MAX
                       : job->gpu || !byte_order_little_endian_host() ? BINARY_RESULT_RECORD
                                                                      : 0;
    s->chunk_count = pipeline_runner_chunks(&s->runner);
    if (pipeline_chunk_shape_for(budget, s->source.end - s->source.start, !s->source.binary, out_bytes,
                                 pipeline_runner_copies(job), s->chunk_count, (size_t)cpu_thread_count(), &s->shape,
                                 err) != 0)
        return -1;
    s->source.chunk_pairs = s->shape.pairs;
    if (pipeline_runner_chunk_alloc(&s->runner, &s->chunks[0], &s->shape, err) != 0)
        return -1;
    for (s->chunks_made = 1; s->chunks_made < chunks_first(s); ++s->chunks_made)
        if (pipeline_runner_chunk_alloc(&s->runner, &s->chunks[s->chunks_made], &s->shape, err) != 0)
            return -1;
    /* Each lane's queues, buffers and first launches on its own device, side by side. */
    return device_set_each(s->runner.lane_count, open_lane, s, err) < 0 ? 0 : -1;
}

/* The output buffers of a device run: as many as the budget has room for beside the chunks, up
 * to PIPELINE_CHUNKS_MAX, and none when fewer than two fit (the chunks then carry their own). The
 * writer, the slowest stage of a long run, may then fall behind the devices by that many chunks'
 * results, and the devices are released meanwhile: on a 4 x H100 host, 40,000,000 pairs on four
 * GPUs, their release (0.38-0.46 s) overlapped the writer's last part and left 0.11-0.14 s after
 * the run against 0.38-0.54 s (docs/PERFORMANCE.md, "The devices released while the writer
 * finishes"). */
static int make_outputs(pipeline_state *s, size_t budget, error_text *err)
{
    size_t room = budget > s->shape.budgeted ? budget - s->shape.budgeted : 0;
    size_t count = s->shape.out_bytes ? room / s->shape.out_bytes : 0;
    if (!s->job->gpu || count < 2)
        return 0;
    if (count > PIPELINE_CHUNKS_MAX)
        count = PIPELINE_CHUNKS_MAX;
    for (s->output_count = 0; s->output_count < count; ++s->output_count) {
        pipeline_chunk *output = &s->outputs[s->output_count];
        output->out = malloc(s->shape.out_bytes);
        output->out_capacity = s->shape.out_bytes;
        if (!output->out)
            return pipeline_chunk_memory_error(err, s->shape.pairs, "results to write");
    }
    return 0;
}

/* The other chunks, one after another onto the free list while the stages run, until all are
 * made or the reader needs no more. One that cannot be made ends the making, not the run: the
 * stages go on with the chunks they have (pipeline_run releases every chunk afterwards). */
static void *make_more_chunks(void *argument)
{
    pipeline_state *s = argument;
    for (;;) {
        pthread_mutex_lock(&s->lock);
        size_t next = s->chunks_made;
        int done = s->failed || s->reading_over || next == s->chunk_count;
        pthread_mutex_unlock(&s->lock);
        error_text err;
        if (done || pipeline_runner_chunk_alloc(&s->runner, &s->chunks[next], &s->shape, &err) != 0)
            return NULL;
        pthread_mutex_lock(&s->lock);
        s->chunks_made = next + 1;
        pthread_mutex_unlock(&s->lock);
        pipeline_queue_push(&s->free_chunks, &s->chunks[next]);
    }
}

/* A chunk run: counted and handed to the writer. */
static void ran(pipeline_state *s, pipeline_chunk *chunk)
{
    pthread_mutex_lock(&s->lock);
    ++s->chunks_done;
    pthread_mutex_unlock(&s->lock);
    pipeline_queue_push(&s->computed, chunk);
}

/* A lane that runs each chunk before it takes the next (the CPU, pageable transfers). */
static void run_lane_in_turn(pipeline_state *s, size_t lane)
{
    pipeline_chunk *chunk;
    while ((chunk = pipeline_queue_pop(&s->checked))) {
        error_text err;
        if (pipeline_runner_run(&s->runner, lane, chunk, &err) != 0) {
            pipeline_fail(s, &err);
            return;
        }
        ran(s, chunk);
    }
}

/* A lane with pinned transfers: the next chunk is enqueued before the one in flight is waited
 * for, so that its write overlaps that one's kernel; when no chunk is ready, the one in flight
 * is finished first so that the writer need not wait for the reader. */
static void run_lane_overlapped(pipeline_state *s, size_t lane)
{
    pipeline_chunk *pending = NULL;
    pipeline_device_flight pending_flight, flight;
    error_text err;
    for (;;) {
        pipeline_chunk *chunk = pending ? pipeline_queue_try_pop(&s->checked) : pipeline_queue_pop(&s->checked);
        if (!chunk && !pending)
            return;
        if (chunk && pipeline_runner_enqueue(&s->runner, lane, chunk, &flight, &err) != 0) {
            pipeline_device_drop(&flight);
            break;
        }
        if (pending) {
            if (pipeline_runner_finish(&s->runner, lane, pending, &pending_flight, &err) != 0) {
                pending = chunk; /* its flight is dropped below */
                pending_flight = flight;
                break;
            }
            ran(s, pending);
        }
        pending = chunk;
        pending_flight = flight;
    }
    if (pending)
        pipeline_device_drop(&pending_flight);
    pipeline_fail(s, &err);
}

typedef struct lane_start {
    pipeline_state *state;
    size_t lane;
} lane_start;

static void *run_lane(void *argument)
{
    lane_start *start = argument;
    pipeline_state *s = start->state;
    if (s->runner.lanes[start->lane].device)
        run_lane_overlapped(s, start->lane);
    else
        run_lane_in_turn(s, start->lane);
    return NULL;
}

static void init_queues(pipeline_state *s)
{
    each_queue(s, pipeline_queue_init);
    for (size_t c = 0; c < s->chunks_made; ++c)
        pipeline_queue_push(&s->free_chunks, &s->chunks[c]);
    for (size_t o = 0; o < s->output_count; ++o)
        pipeline_queue_push(&s->free_outputs, &s->outputs[o]);
}

/* The devices' lines of the report, written now into memory and printed once the run succeeded
 * (pipeline_runner_report); 0 when there is no memory for them (the devices then stay). */
static int keep_runner_report(pipeline_state *s)
{
    FILE *text = open_memstream(&s->runner_report, &s->runner_report_size);
    if (!text)
        return 0;
    pipeline_runner_report(&s->runner, text, s->source.end - s->source.start);
    if (fclose(text) == 0 && s->runner_report)
        return 1;
    free(s->runner_report);
    s->runner_report = NULL;
    return 0;
}

/* Once every chunk is formatted into an output buffer, nothing needs the chunks' pinned memory
 * or the devices: they are released while the writer writes what is left. */
static void release_devices_early(pipeline_state *s)
{
    pthread_mutex_lock(&s->lock); /* the writer may fail meanwhile */
    int failed = s->failed;
    pthread_mutex_unlock(&s->lock);
    if (failed || s->output_count == 0 || !s->job->gpu)
        return;
    double start = timer_now_ms();
    if (!keep_runner_report(s))
        return;
    for (size_t c = 0; c < s->chunk_count; ++c)
        pipeline_runner_chunk_unpin(&s->runner, &s->chunks[c]);
    pipeline_runner_close(&s->runner);
    s->early_release_ms = timer_now_ms() - start;
}

/* The stage threads, one run lane a device, and the maker of the other chunks; 0, or -1 with the
 * first failure in s->err. */
static int stream(pipeline_state *s)
{
    init_queues(s);
    enum { STAGES = 5, WRITER = 3 };
    void *(*const stages[STAGES])(void *) = {pipeline_reader, pipeline_checker, pipeline_formatter, pipeline_writer,
                                             make_more_chunks};
    size_t lanes = s->runner.lane_count, wanted = STAGES + lanes, started = 0;
    pthread_t *threads = calloc(wanted, sizeof *threads);
    lane_start *starts = calloc(lanes, sizeof *starts);
    for (size_t l = 0; starts && l < lanes; ++l)
        starts[l] = (lane_start){s, l};
    while (threads && starts && started < wanted &&
           pthread_create(&threads[started], NULL, started < STAGES ? stages[started] : run_lane,
                          started < STAGES ? (void *)s : (void *)&starts[started - STAGES]) == 0)
        ++started;
    if (started < wanted) {
        error_text err;
        error_set_kind(&err, ERROR_MEMORY, "cannot start the pipeline's threads");
        pipeline_fail(s, &err);
    }
    /* Every stage but the writer first: the devices may go before it is done. */
    for (size_t t = 0; t < started; ++t)
        if (t != WRITER)
            pthread_join(threads[t], NULL);
    pipeline_runner_sum(&s->runner);
    if (started > WRITER) {
        release_devices_early(s);
        pthread_join(threads[WRITER], NULL);
    }
    /* After the writer and the sum of the lanes' times (the writer once wrote it before the sum:
     * a time of 0). */
    if (!s->failed && s->job->write_timing && !s->job->sink)
        pipeline_write_timing(s);
    free(threads);
    free(starts);
    each_queue(s, pipeline_queue_destroy);
    return s->failed ? -1 : 0;
}

static void fill_stats(const pipeline_state *s, size_t budget, double start_ms, pipeline_stats *stats)
{
    memset(stats, 0, sizeof *stats);
    stats->pairs = s->source.end - s->source.start;
    stats->chunks = s->chunks_done;
    stats->chunk_pairs = s->source.chunk_pairs;
    stats->memory = budget;
    stats->wall_ms = timer_now_ms() - start_ms;
    stats->algorithm_ms = s->runner.algorithm_ms;
    stats->startup_ms = s->startup_ms;
    stats->devices_ms = s->devices_ms;
    stats->chunks_ms = s->chunks_ms;
    stats->commit_ms = s->commit_ms;
    stats->pages_threads = s->pages_threads;
    stats->pages_made = s->pages_made;
    memcpy(stats->busy_ms, s->busy_ms, sizeof stats->busy_ms);
    stats->busy_ms[PIPELINE_TRANSFER_IN] = s->runner.transfer_in_ms;
    stats->busy_ms[PIPELINE_KERNEL] = s->runner.kernel_ms;
    stats->busy_ms[PIPELINE_TRANSFER_OUT] = s->runner.transfer_out_ms;
}

static int open_source(pipeline_state *s, error_text *err)
{
    const pipeline_job *job = s->job;
    return job->ranged ? pair_source_open_range(&s->source, job->input, job->range_first, job->range_count, err)
                       : pair_source_open(&s->source, job->input, err);
}

/* The threads that make a binary OUTPUT's pages ahead of the writer (output_pages.h): one where
 * the run has PAGES_CORES_MIN cores or more, else none, unless $RAYTETRA_STREAM_PAGES gives 0
 * (none) to OUTPUT_PAGES_THREADS_MAX. Making a page ahead costs work the writer does not do
 * (the kernel fills it with zeros first), which a core of its own hides: on hosts of 32 and 64
 * cores a helper shortened the runs, on the dev machine's two it lengthened every core's run
 * of 10,000,000 pairs from 0.77-0.81 s to 1.41-3.29 s (docs/PERFORMANCE.md, "The helper on few
 * cores"). */
#define PAGES_CORES_MIN 8
static int pages_threads(int *threads, error_text *err)
{
    const char *text = getenv("RAYTETRA_STREAM_PAGES");
    *threads = cpu_thread_count() >= PAGES_CORES_MIN ? 1 : 0;
    if (!text || !*text)
        return 0;
    if (text[0] < '0' || text[0] > '0' + OUTPUT_PAGES_THREADS_MAX || text[1])
        return error_set_kind(err, ERROR_USAGE, "RAYTETRA_STREAM_PAGES='%s': give the threads that make OUTPUT's "
                                                "pages ahead of the writer, 0 to %d, or unset it",
                              text, OUTPUT_PAGES_THREADS_MAX);
    *threads = text[0] - '0';
    return 0;
}

/* OUTPUT's temporary file (or stream), its disk reserved when its size is known, and then its
 * pages made ahead of the writer by up to `threads` threads. */
static int open_output(pipeline_state *s, size_t budget, int threads, error_text *err)
{
    if (s->job->sink)
        return 0;
    if (atomic_open(&s->out, s->job->output, err) != 0)
        return -1;
    s->out_open = 1;
    /* A binary OUTPUT's size is known when a binary INPUT file's size confirmed its count: its
     * disk is reserved before any work. A text or streamed INPUT's count is only announced, and
     * a wrong one must be reported as the input's fault, not as a lack of space. */
    if (!s->binary_output || !s->source.binary || s->source.in.size < 0)
        return 0;
    unsigned long long bytes = BINARY_HEADER_SIZE + (unsigned long long)s->source.count * BINARY_RESULT_RECORD;
    if (atomic_reserve(&s->out, bytes, err) != 0)
        return -1;
    /* Only a temporary file: a device or FIFO written through is left to the writer. */
    if (s->out.tmp_path && !s->job->write_timing && threads > 0 &&
        output_pages_open(&s->pages, fileno(s->out.stream), bytes)) {
        s->pages_open = 1;
        s->pages_threads = output_pages_start(&s->pages, threads, output_pages_lead(budget));
    }
    return 0;
}

static void stop_pages(pipeline_state *s)
{
    if (s->pages_open)
        s->pages_made += output_pages_close(&s->pages);
}

/* INPUT is a regular file: opening it reads no more than its header at once. A pipe's header
 * may be a while coming, which the devices' start is better spent on. */
static int input_is_file(const char *path)
{
    struct stat st;
    int status = strcmp(path, "-") == 0 ? fstat(STDIN_FILENO, &st) : stat(path, &st);
    return status != 0 || S_ISREG(st.st_mode); /* a missing INPUT is refused at once */
}

static int run_state(pipeline_state *s, size_t budget, double start_ms, error_text *err)
{
    int threads;
    if (pages_threads(&threads, err) != 0)
        return -1;
    /* An INPUT file and OUTPUT before the devices: a bad one is refused before their slow start,
     * and OUTPUT's pages are made during it. */
    int files_first = input_is_file(s->job->input);
    if (files_first && (open_source(s, err) != 0 || open_output(s, budget, threads, err) != 0))
        return -1;
    double opened = timer_now_ms();
    if (pipeline_runner_open(&s->runner, s->job, err) != 0)
        return -1;
    s->devices_ms = timer_now_ms() - opened;
    if (!files_first && (open_source(s, err) != 0 || open_output(s, budget, threads, err) != 0))
        return -1;
    double chunked = timer_now_ms();
    if (make_chunks(s, budget, err) != 0 || make_outputs(s, budget, err) != 0)
        return -1;
    s->chunks_ms = timer_now_ms() - chunked;
    s->startup_ms = timer_now_ms() - start_ms;
    pipeline_progress_start(&s->progress, s->job->program);
    pipeline_write_header(s);
    int status = stream(s);
    stop_pages(s);
    pipeline_progress_end(&s->progress);
    if (status != 0) {
        *err = s->err;
        return -1;
    }
    if (s->runner_report) /* kept: the devices are released */
        fwrite(s->runner_report, 1, s->runner_report_size, s->job->report);
    else
        pipeline_runner_report(&s->runner, s->job->report, s->source.end - s->source.start);
    if (s->job->sink)
        return 0;
    s->out_open = 0;
    double commit_start = timer_now_ms();
    int committed = atomic_commit(&s->out, err);
    s->commit_ms = timer_now_ms() - commit_start;
    return committed;
}

int pipeline_run(const pipeline_job *job, pipeline_stats *stats, error_text *err)
{
    double start_ms = timer_now_ms();
    size_t budget = job->max_memory ? job->max_memory : pipeline_default_memory();
    pipeline_state *s = calloc(1, sizeof *s);
    if (!s)
        return error_set_kind(err, ERROR_MEMORY, "not enough memory to start");
    s->job = job;
    s->binary_output = job->write_results && binary_path(job->output);
    pthread_mutex_init(&s->lock, NULL);
    int status = run_state(s, budget, start_ms, err);
    stop_pages(s);
    if (s->out_open)
        atomic_abort(&s->out);
    pair_source_close(&s->source);
    fill_stats(s, budget, start_ms, stats);
    double release_start = timer_now_ms();
    for (size_t c = 0; c < s->chunk_count; ++c)
        pipeline_runner_chunk_free(&s->runner, &s->chunks[c]);
    for (size_t o = 0; o < s->output_count; ++o)
        free(s->outputs[o].out);
    pipeline_runner_close(&s->runner);
    free(s->runner_report);
    stats->release_ms = timer_now_ms() - release_start;
    stats->early_release_ms = s->early_release_ms;
    pthread_mutex_destroy(&s->lock);
    free(s);
    return status;
}

void pipeline_timing_line(const pipeline_job *job, size_t pairs, double ms, char *line, size_t size)
{
    double tests = (double)pairs * (double)job->reps;
    snprintf(line, size, "# algorithm %s pairs %zu reps %d time_ms %.6f mtests_per_s %.3f\n",
             job->gpu ? job->gpu->csv_name : job->cpu->name, pairs, job->reps, ms, ms > 0 ? tests / ms / 1e3 : 0.0);
}

void pipeline_print_stages(FILE *out, const pipeline_stats *stats)
{
    static const char *const names[PIPELINE_STAGE_COUNT] = {"read",         "check",  "transfer in", "kernel",
                                                             "transfer out", "format", "write"};
    fprintf(out, "stages (busy ms, share of the wall time %.3f ms; %zu chunk%s of up to %zu pairs, --max-memory "
                 "%zu MiB):",
            stats->wall_ms, stats->chunks, stats->chunks == 1 ? "" : "s", stats->chunk_pairs, stats->memory >> 20);
    double share = stats->wall_ms > 0 ? 100.0 / stats->wall_ms : 0.0;
    fprintf(out, " start-up %.3f (%.0f%%)", stats->startup_ms, stats->startup_ms * share);
    for (int k = 0; k < PIPELINE_STAGE_COUNT; ++k)
        fprintf(out, ", %s %.3f (%.0f%%)", names[k], stats->busy_ms[k], stats->busy_ms[k] * share);
    fprintf(out, ", commit %.3f (%.0f%%)\n", stats->commit_ms, stats->commit_ms * share);
    fprintf(out,
            "start-up (ms): devices and kernels %.3f, the first chunks' memory and lanes %.3f, input and output %.3f; "
            "after the wall time, releasing them %.3f\n",
            stats->devices_ms, stats->chunks_ms, stats->startup_ms - stats->devices_ms - stats->chunks_ms,
            stats->release_ms);
    if (stats->early_release_ms > 0)
        fprintf(out, "the devices and the chunks' memory released while the writer finished: %.3f ms\n",
                stats->early_release_ms);
    if (stats->pages_threads)
        fprintf(out, "output pages made ahead of the writer: %.1f MB by %d thread%s\n", (double)stats->pages_made / 1e6,
                stats->pages_threads, stats->pages_threads == 1 ? "" : "s");
}
