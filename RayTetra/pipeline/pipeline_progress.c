/* pipeline_progress.c: the progress line. */
#define _POSIX_C_SOURCE 200809L
#include "pipeline/pipeline_progress.h"

#include <stdio.h>
#include <unistd.h>

#include "timer.h"

void pipeline_progress_start(pipeline_progress *progress, const char *program)
{
    progress->program = program;
    progress->terminal = isatty(STDERR_FILENO);
    progress->shown = 0;
    progress->start_ms = progress->drawn_ms = timer_now_ms();
}

void pipeline_progress_update(pipeline_progress *progress, size_t done, size_t total)
{
    if (!progress->terminal)
        return;
    double now = timer_now_ms(), elapsed = now - progress->start_ms;
    if (elapsed < PIPELINE_PROGRESS_AFTER_MS || now - progress->drawn_ms < PIPELINE_PROGRESS_EVERY_MS)
        return;
    double rate = done / elapsed; /* pairs per ms */
    double left_s = rate > 0 ? (double)(total - done) / rate / 1e3 : 0;
    fprintf(stderr, "\r%s: %zu of %zu pairs (%.0f%%), %.2f Mpairs/s, %.0f s left   ", progress->program, done, total,
            total ? 100.0 * (double)done / (double)total : 100.0, rate / 1e3, left_s);
    fflush(stderr);
    progress->drawn_ms = now;
    progress->shown = 1;
}

void pipeline_progress_end(pipeline_progress *progress)
{
    if (progress->shown)
        fputc('\n', stderr);
    progress->shown = 0;
}
