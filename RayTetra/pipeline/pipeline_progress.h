/* pipeline_progress.h: the progress line of a long streaming run on standard error: pairs done,
 * the rate and the time left, redrawn in place, only when standard error is a terminal and the
 * run has lasted PIPELINE_PROGRESS_AFTER_MS; nothing otherwise. */
#ifndef RAYTETRA_PIPELINE_PROGRESS_H
#define RAYTETRA_PIPELINE_PROGRESS_H

#include <stddef.h>

#define PIPELINE_PROGRESS_AFTER_MS 2000.0
#define PIPELINE_PROGRESS_EVERY_MS 250.0

typedef struct pipeline_progress {
    const char *program;
    int terminal;
    int shown;
    double start_ms, drawn_ms;
} pipeline_progress;

void pipeline_progress_start(pipeline_progress *progress, const char *program);

/* `done` of `total` pairs written. */
void pipeline_progress_update(pipeline_progress *progress, size_t done, size_t total);

/* End the line, if one was drawn, so that what follows starts on a line of its own. */
void pipeline_progress_end(pipeline_progress *progress);

#endif
