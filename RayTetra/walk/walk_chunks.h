/* walk_chunks.h: rays handed out in chunks from one shared counter (docs/TETWALK.md, "Several
 * threads and devices"): each CPU thread or OpenCL device takes the next chunk when it has
 * finished its last, so a faster one takes more and no split is decided up front. Results go to
 * each ray's own index, so the output is the same whoever walked a ray. */
#ifndef RAYTETRA_WALK_CHUNKS_H
#define RAYTETRA_WALK_CHUNKS_H

#include <stdatomic.h>
#include <stddef.h>

typedef struct walk_chunks {
    atomic_size_t next; /* the first ray not handed out yet */
    size_t count;       /* rays in all */
    size_t size;        /* rays a chunk (the last may hold fewer) */
} walk_chunks;

/* count rays in chunks of size (0 counts as 1). */
void walk_chunks_init(walk_chunks *chunks, size_t count, size_t size);

/* The next chunk: 1 with its rays [*first, *first + *count), or 0 once every ray is handed out.
 * Safe from any number of threads at once: each ray is handed out exactly once. */
int walk_chunks_take(walk_chunks *chunks, size_t *first, size_t *count);

#endif
