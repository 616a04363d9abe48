/* compare_stream.h: CompareResults' comparison, streamed: INPUT's pairs and the two result
 * files (or the exact classifier's results computed from the pairs) read in chunks in
 * lockstep, each chunk parsed, checked and compared by a team of threads, its differences
 * printed in pair order before the next chunk is read. The memory held is bounded by
 * --max-memory whatever the number of pairs (pipeline_budget.h's grammar and default). */
#ifndef RAYTETRA_COMPARE_STREAM_H
#define RAYTETRA_COMPARE_STREAM_H

#include <stddef.h>
#include <stdio.h>

#include "compare/result_compare.h"
#include "error.h"

typedef struct compare_job {
    const char *input;
    const char *reference; /* the reference results' path; NULL: the exact classifier */
    const char *other;
    int extent;            /* the exact classifier's (rt_extent.h) */
    double tolerance;
    size_t max_memory;     /* bytes; 0: pipeline_default_memory() */
    FILE *out;             /* where each difference's line goes */
} compare_job;

/* Compare; 0 with *summary counted, or -1 with err set (a bad or unreadable file, or result
 * files of another length than INPUT). The lines of differences found before a fault stay
 * printed. */
int compare_stream_run(const compare_job *job, result_compare_summary *summary, error_text *err);

#endif
