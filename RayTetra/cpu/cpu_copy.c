/* cpu_copy.c: the CPU copy loop of cpu_copy.h. The loop copies 8-byte words with
 * an exclusive or of a key the compiler cannot see (0 at run time), so that it stays a loop of
 * ordinary loads and stores, as the algorithms' own, rather than becoming a call to memcpy
 * (whose non-temporal stores no algorithm uses). */
#include "cpu/cpu_copy.h"

#include <omp.h>
#include <stdint.h>
#include <stdlib.h>

#include "cpu/cpu_binding.h"
#include "timer.h"
#include "sort_doubles.h"

/* 0, read at run time. */
static volatile uint64_t copy_key = 0;

#define TRIAL_MS 20.0
#define MAX_PASSES 100000

static void copy_words(uint64_t *restrict to, const uint64_t *restrict from, size_t words, uint64_t key)
{
    for (size_t i = 0; i < words; ++i)
        to[i] = from[i] ^ key;
}

/* The block of thread `id` of `team`, as schedule(static) gives it. */
static void block(size_t words, size_t id, size_t team, size_t *begin, size_t *size)
{
    *begin = words / team * id + (id < words % team ? id : words % team);
    *size = words / team + (id < words % team ? 1 : 0);
}

/* `passes` copies on `threads` threads (1: this thread); the time in ms and the team's size. */
static double timed_copies(uint64_t *to, const uint64_t *from, size_t words, int passes, int threads, int *team_size)
{
    uint64_t key = copy_key;
    if (threads < 2) {
        double start = timer_now_ms();
        for (int p = 0; p < passes; ++p)
            copy_words(to, from, words, key);
        *team_size = 1;
        return timer_now_ms() - start;
    }
    double start = 0, elapsed = 0;
    cpu_binding binding; /* as the algorithms' threads are (cpu_parallel.c) */
    cpu_binding_begin(&binding, threads);
#pragma omp parallel num_threads(threads)
    {
        cpu_binding_apply(&binding, omp_get_thread_num());
        size_t begin, size;
        block(words, (size_t)omp_get_thread_num(), (size_t)omp_get_num_threads(), &begin, &size);
#pragma omp barrier
#pragma omp master
        {
            *team_size = omp_get_num_threads();
            start = timer_now_ms();
        }
        for (int p = 0; p < passes; ++p)
            copy_words(to + begin, from + begin, size, key);
#pragma omp barrier
#pragma omp master
        elapsed = timer_now_ms() - start;
    }
    cpu_binding_end(&binding);
    return elapsed;
}

/* The median GB/s of CPU_COPY_TRIALS trials after a warm-up that also sets the passes. */
static void measure(uint64_t *to, const uint64_t *from, size_t words, int threads, int *passes, int *team_size,
                    double *gbs)
{
    double once = timed_copies(to, from, words, 1, threads, team_size);
    *passes = once > 0 ? (int)(TRIAL_MS / once) + 1 : MAX_PASSES;
    *passes = *passes > MAX_PASSES ? MAX_PASSES : *passes;
    double samples[CPU_COPY_TRIALS];
    for (int t = 0; t < CPU_COPY_TRIALS; ++t) {
        double ms = timed_copies(to, from, words, *passes, threads, team_size);
        samples[t] = ms > 0 ? 2.0 * 8.0 * (double)words * *passes / ms / 1e6 : 0.0;
    }
    sort_doubles(samples, CPU_COPY_TRIALS);
    *gbs = samples[CPU_COPY_TRIALS / 2]; /* an odd count: the middle one */
}

typedef struct copy_buffers {
    uint64_t *from, *to;
    size_t words;
} copy_buffers;

/* Two buffers of `bytes` (at least 512 words each), each block first touched by the thread of a
 * `team` that copies it, on its CPU. 0, or -1 with err set. */
static int make_buffers(size_t bytes, int team, copy_buffers *c, error_text *err)
{
    size_t words = bytes / 8 > 512 ? bytes / 8 : 512;
    uint64_t *from = malloc(words * sizeof *from), *to = malloc(words * sizeof *to);
    *c = (copy_buffers){from, to, words};
    if (!from || !to) {
        free(from);
        free(to);
        return error_set(err, "no memory for the CPU copy buffers (2 x %zu bytes)", words * 8);
    }
    cpu_binding binding;
    cpu_binding_begin(&binding, team);
#pragma omp parallel num_threads(team)
    {
        cpu_binding_apply(&binding, omp_get_thread_num());
        size_t begin, size;
        block(words, (size_t)omp_get_thread_num(), (size_t)omp_get_num_threads(), &begin, &size);
        for (size_t i = begin; i < begin + size; ++i)
            from[i] = to[i] = i;
    }
    cpu_binding_end(&binding);
    return 0;
}

int cpu_copy_measure(size_t bytes, int threads, cpu_copy_bandwidth *b, error_text *err)
{
    copy_buffers c;
    if (make_buffers(bytes, threads < 2 ? 1 : threads, &c, err) != 0)
        return -1;
    *b = (cpu_copy_bandwidth){.bytes = c.words * 8, .trials = CPU_COPY_TRIALS, .threads = 1};
    measure(c.to, c.from, c.words, 1, &b->passes, &b->threads, &b->copy_gbs);
    if (threads >= 2) {
        int passes;
        measure(c.to, c.from, c.words, threads, &passes, &b->threads, &b->copy_threads_gbs);
    }
    free(c.from);
    free(c.to);
    return 0;
}

double cpu_copy_team_gbs(size_t bytes, int threads, error_text *err)
{
    copy_buffers c;
    int team = threads < 2 ? 1 : threads, passes, team_size;
    if (make_buffers(bytes, team, &c, err) != 0)
        return 0;
    double gbs = 0;
    measure(c.to, c.from, c.words, team, &passes, &team_size, &gbs);
    free(c.from);
    free(c.to);
    return gbs;
}

void cpu_copy_print(FILE *out, const cpu_copy_bandwidth *b)
{
    fprintf(out, "CPU copy loop (2 x %.1f MiB buffers, %d trials of %d copies, median, read + written bytes): 1 core "
                 "%.3f GB/s", (double)b->bytes / 1048576.0, b->trials, b->passes, b->copy_gbs);
    if (b->copy_threads_gbs > 0)
        fprintf(out, ", %d threads %.3f GB/s", b->threads, b->copy_threads_gbs);
    fputc('\n', out);
}
