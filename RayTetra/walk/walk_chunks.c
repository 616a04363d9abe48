/* walk_chunks.c: the chunk dispenser (walk_chunks.h). A fetch-and-add on the shared counter
 * hands each chunk to exactly one caller; the counter may run past the end (each late caller
 * adds one chunk), which size_t holds for any ray count TetWalk accepts (at most 2^31). */
#include "walk/walk_chunks.h"

void walk_chunks_init(walk_chunks *chunks, size_t count, size_t size)
{
    atomic_init(&chunks->next, 0);
    chunks->count = count;
    chunks->size = size ? size : 1;
}

int walk_chunks_take(walk_chunks *chunks, size_t *first, size_t *count)
{
    size_t start = atomic_fetch_add_explicit(&chunks->next, chunks->size, memory_order_relaxed);
    if (start >= chunks->count)
        return 0;
    size_t left = chunks->count - start;
    *first = start;
    *count = left < chunks->size ? left : chunks->size;
    return 1;
}
