/* device_runner.h: the one runner of every several-device run of --devices (RayTetra's and
 * Bench's pairs, TetWalk's rays): one host thread per device, each taking chunks from one shared
 * dispenser (chunk_dispenser.h) and launching them on its device until none is left, so that a
 * faster device takes more and no split is decided up front. Each device's first chunk is its
 * own (chunk_dispenser_reserve): a launch returns at once, so the first thread to run could
 * otherwise take every chunk before the other devices' threads have started. The caller says what a launch is
 * through two callbacks; each item's result goes to the item's own index, so the results are the
 * same whichever device took a chunk. All threads are joined before the first failed device is
 * named. docs/GPU.md, "Several devices". */
#ifndef RAYTETRA_DEVICE_RUNNER_H
#define RAYTETRA_DEVICE_RUNNER_H

#include <stddef.h>

#include "error.h"
#include "multi/chunk_dispenser.h"

/* A crew: one host thread per device, started once and kept for several runs (TetWalk's
 * repetitions), so that a run wakes waiting threads instead of creating and joining its own.
 * One run at a time on a crew, from one caller thread, and never closed while a run is on. */
typedef struct device_crew device_crew;

/* Start `count` waiting threads. Returns 0, or -1 with err set (no thread left running). */
int device_crew_open(device_crew **crew, size_t count, error_text *err);
/* Stop and join the threads; NULL does nothing. */
void device_crew_close(device_crew *crew);

typedef struct device_runner_work {
    size_t count;      /* devices */
    const int *devices; /* their -n numbers, for the error line */
    const char *noun;  /* what the items are ("pairs", "rays"), for the error line */
    size_t lanes;      /* chunks a device may have in flight (>= 1): launch's lane < lanes */
    void *contexts;    /* device i's context: contexts + i * context_size */
    size_t context_size;
    /* Launch items [first, first + count) on `lane` of the device; a lane is reused only after
     * `lanes` further launches. Returns 0, or -1 with err set. */
    int (*launch)(void *context, size_t lane, size_t first, size_t count, error_text *err);
    /* Wait for everything the device launched (NULL: launch returns when its chunk is done).
     * Called once after the last launch, also after a failed one. Returns 0 or -1. */
    int (*finish)(void *context, error_text *err);
    /* The device's description for the error line (NULL: none). */
    const char *(*describe)(const void *context);
    /* Threads kept between runs, one a device (NULL, or a crew of another size: the run starts
     * and joins its own). */
    device_crew *crew;
} device_runner_work;

/* What one device did in a run. */
typedef struct device_runner_tally {
    size_t items, chunks;   /* launched without an error */
    double start_ms, end_ms; /* its thread's first take to its finish (timer_now_ms) */
    int status;             /* 0, or -1 when a launch or the finish failed */
    size_t failed_first, failed_count; /* the chunk whose launch failed (count 0: the finish did) */
    error_text err;
} device_runner_tally;

/* Run every chunk of `chunks` on the devices with active[i] (every device when active is NULL),
 * one thread each, and wait for them all: work->crew's threads when it has work->count of them,
 * else threads started for this run. tallies[i] gets device i's figures (zeros for an inactive
 * one), *wall_ms the span from the first thread's start to the last one's end. Returns 0, or -1
 * with err naming the thread that could not start or the first failed device in list order
 * ("OpenCL device N (...) failed on NOUN A to B (the other devices were joined; the run
 * stops): why"). */
int device_runner_run(const device_runner_work *work, const unsigned char *active, chunk_dispenser *chunks,
                      device_runner_tally *tallies, double *wall_ms, error_text *err);

/* err = "OpenCL device N (DESCRIPTION; device K of COUNT in --devices) WHAT: old text", its kind
 * kept; description may be NULL. Returns -1. */
int device_runner_name(int device, const char *description, size_t i, size_t count, const char *what,
                       error_text *err);

#endif
