/* chunk_dispenser.h: work handed out in chunks from one shared counter: each worker (a CPU
 * thread of TetWalk or the library, a device of --devices) takes the next chunk when it has
 * finished its last, so a faster one takes more and no split is decided up front. Each item's
 * result goes to the item's own index, so the output is the same whoever took a chunk. Pure
 * arithmetic and one atomic, no OpenCL: tests/test_walk_chunks.c runs it on threads. */
#ifndef RAYTETRA_CHUNK_DISPENSER_H
#define RAYTETRA_CHUNK_DISPENSER_H

#include <stdatomic.h>
#include <stddef.h>

typedef struct chunk_dispenser {
    atomic_size_t next; /* the first item not handed out yet */
    size_t count;       /* items in all */
    size_t size;        /* items a chunk (the last may hold fewer) */
    size_t reserved;    /* the first chunks, one a worker (chunk_dispenser_reserve) */
} chunk_dispenser;

/* count items in chunks of size (0 counts as 1). */
void chunk_dispenser_init(chunk_dispenser *chunks, size_t count, size_t size);

/* Keep the first `workers` chunks one for each worker (chunk_dispenser_take_own); take hands out
 * the chunks after them. Before any take. A worker that starts late still gets its share: a
 * device's launch returns at once, so the first thread running could otherwise take every
 * chunk before the others have started. */
void chunk_dispenser_reserve(chunk_dispenser *chunks, size_t workers);

/* Worker w's reserved chunk: 1 with its items, or 0 when there is none (fewer chunks than
 * workers, or w not below the reserved count). Each worker calls it at most once. */
int chunk_dispenser_take_own(const chunk_dispenser *chunks, size_t w, size_t *first, size_t *count);

/* The next chunk: 1 with its items [*first, *first + *count), or 0 once every item is handed
 * out. Safe from any number of threads at once: each item is handed out exactly once. */
int chunk_dispenser_take(chunk_dispenser *chunks, size_t *first, size_t *count);

/* The chunk size for `items` items on `workers` workers: `wanted` (0 counts as 1) rounded up to a
 * multiple of `granule` (0 counts as 1), but no larger than leaves every worker a chunk of its
 * own when items >= workers * granule: then the size is items / workers rounded up to the
 * granule, or rounded down where rounding up would leave fewer chunks than workers, so that a
 * few items still make equal shares instead of one large chunk and a small one. */
size_t chunk_dispenser_size(size_t items, size_t workers, size_t granule, size_t wanted);

/* The granule that keeps every chunk boundary on a work-group boundary of every device: the
 * least common multiple of the local sizes (0s ignored), or their largest when the multiple
 * would exceed `limit` (then only that device's groups are whole). 1 when every size is 0. */
size_t chunk_dispenser_granule(const size_t *local_sizes, size_t devices, size_t limit);

#endif
