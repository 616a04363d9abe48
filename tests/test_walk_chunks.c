/* test_walk_chunks: the chunk dispenser of TetWalk's threads and of every --devices run
 * (multi/chunk_dispenser.h). Eight threads take chunks at once, each marking the rays it got:
 * every ray must be handed out exactly once, whatever the interleaving, for chunk sizes that
 * divide the count, that do not, that exceed it, and for no rays at all; once empty, the
 * dispenser stays empty. And the chunk size of several devices: every device gets a chunk, and
 * few rays make equal shares. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "multi/chunk_dispenser.h"
#include "walk/walk_multi.h"

#define THREADS 8

/* One dispense at a time: the threads share this. */
static struct {
    chunk_dispenser chunks;
    atomic_int *handed; /* how many times each ray was handed out */
    atomic_size_t taken[THREADS];
} shared;

static void *take_all(void *thread_index)
{
    int index = (int)(intptr_t)thread_index;
    size_t first, count;
    while (chunk_dispenser_take(&shared.chunks, &first, &count)) {
        for (size_t i = first; i < first + count; ++i)
            atomic_fetch_add(&shared.handed[i], 1);
        atomic_fetch_add(&shared.taken[index], count);
    }
    return NULL;
}

static void dispense(size_t rays, size_t size)
{
    chunk_dispenser_init(&shared.chunks, rays, size);
    shared.handed = calloc(rays ? rays : 1, sizeof *shared.handed);
    for (int k = 0; k < THREADS; ++k)
        atomic_init(&shared.taken[k], 0);
    pthread_t threads[THREADS];
    for (int k = 0; k < THREADS; ++k)
        CHECK(pthread_create(&threads[k], NULL, take_all, (void *)(intptr_t)k) == 0, "thread %d", k);
    for (int k = 0; k < THREADS; ++k)
        pthread_join(threads[k], NULL);
    size_t wrong = 0, total = 0;
    for (size_t i = 0; i < rays; ++i)
        wrong += atomic_load(&shared.handed[i]) != 1;
    for (int k = 0; k < THREADS; ++k)
        total += atomic_load(&shared.taken[k]);
    CHECK(wrong == 0, "%zu of %zu rays (chunks of %zu) handed out other than once", wrong, rays, size);
    CHECK(total == rays, "%zu rays handed out for %zu (chunks of %zu)", total, rays, size);
    size_t first, count;
    CHECK(!chunk_dispenser_take(&shared.chunks, &first, &count), "an empty dispenser handed out rays %zu..", first);
    free(shared.handed);
}

/* The chunks of `rays` rays on `devices` devices with walk_multi_chunk_size: how many, and the
 * largest and smallest. */
static void walk_chunks_of(size_t rays, size_t devices, size_t local_size, size_t *chunks, size_t *largest,
                           size_t *smallest)
{
    size_t size = walk_multi_chunk_size(rays, devices, local_size);
    CHECK(size > 0 && size % (local_size ? local_size : 64) == 0, "%zu rays, %zu devices: chunk %zu not on a work-group",
          rays, devices, size);
    *chunks = (rays + size - 1) / size;
    *largest = rays < size ? rays : size;
    *smallest = rays - (*chunks - 1) * size;
}

static void chunk_sizes(void)
{
    size_t chunks, largest, smallest;
    /* 100,000 rays on 2 devices: two halves, not 65,536 and 34,464. */
    walk_chunks_of(100000, 2, 64, &chunks, &largest, &smallest);
    CHECK(chunks == 2 && largest - smallest <= 2 * 64, "100000 rays on 2 devices: %zu chunks of %zu .. %zu", chunks,
          smallest, largest);
    /* Never fewer chunks than devices while every device can have a work-group's worth. */
    const size_t devices[] = {2, 3, 4, 7, 8};
    const size_t rays[] = {128, 193, 1000, 4095, 65536, 100000, 131071, 262145, 1000003};
    for (size_t d = 0; d < sizeof devices / sizeof *devices; ++d)
        for (size_t r = 0; r < sizeof rays / sizeof *rays; ++r) {
            if (rays[r] < devices[d] * 64)
                continue;
            walk_chunks_of(rays[r], devices[d], 64, &chunks, &largest, &smallest);
            CHECK(chunks >= devices[d], "%zu rays on %zu devices: %zu chunks", rays[r], devices[d], chunks);
            CHECK(chunks > devices[d] || largest - smallest <= devices[d] * 64,
                  "%zu rays on %zu devices: one chunk each, but %zu against %zu rays", rays[r], devices[d], largest,
                  smallest);
        }
    /* Many rays: the bounds of walk_multi.h, as before. */
    CHECK(walk_multi_chunk_size(2073600, 4, 64) == 518400, "2073600 rays on 4 devices: chunk %zu",
          walk_multi_chunk_size(2073600, 4, 64));
    CHECK(walk_multi_chunk_size((size_t)1 << 30, 2, 64) == WALK_MULTI_MAX_CHUNK, "the largest chunk");
    CHECK(walk_multi_chunk_size(100, 2, 64) == WALK_MULTI_MIN_CHUNK, "fewer rays than a work-group each: the least size");
    /* The generic size: items below a granule a worker keep the wanted size; 0s count as 1. */
    CHECK(chunk_dispenser_size(100, 4, 64, 1000) == 1024, "too few items: %zu", chunk_dispenser_size(100, 4, 64, 1000));
    CHECK(chunk_dispenser_size(10, 0, 0, 0) == 1, "zeros: %zu", chunk_dispenser_size(10, 0, 0, 0));
    CHECK(chunk_dispenser_size(1000, 3, 1, 100) == 100, "a small wanted size stays: %zu",
          chunk_dispenser_size(1000, 3, 1, 100));
    CHECK(chunk_dispenser_size(1000, 3, 1, 5000) == 334, "equal thirds: %zu", chunk_dispenser_size(1000, 3, 1, 5000));
}

int main(void)
{
    dispense(1000000, 64);
    dispense(1000003, 64);  /* a short last chunk */
    dispense(100003, 1);    /* every ray alone: the most contention */
    dispense(10, 4096);     /* one chunk, bigger than the rays */
    dispense(0, 64);
    dispense(777, 0);       /* size 0 counts as 1 */
    /* One caller: chunks in order, the last one short. */
    chunk_dispenser c;
    chunk_dispenser_init(&c, 10, 4);
    size_t first = 99, count = 99;
    CHECK(chunk_dispenser_take(&c, &first, &count) && first == 0 && count == 4, "first chunk %zu+%zu", first, count);
    CHECK(chunk_dispenser_take(&c, &first, &count) && first == 4 && count == 4, "second chunk %zu+%zu", first, count);
    CHECK(chunk_dispenser_take(&c, &first, &count) && first == 8 && count == 2, "last chunk %zu+%zu", first, count);
    CHECK(!chunk_dispenser_take(&c, &first, &count), "a fourth chunk");
    /* Reserved chunks: each worker's own first, take only the rest. */
    chunk_dispenser_init(&c, 10, 4);
    chunk_dispenser_reserve(&c, 2);
    CHECK(chunk_dispenser_take(&c, &first, &count) && first == 8 && count == 2, "shared chunk %zu+%zu", first, count);
    CHECK(!chunk_dispenser_take(&c, &first, &count), "a shared chunk after the last");
    CHECK(chunk_dispenser_take_own(&c, 1, &first, &count) && first == 4 && count == 4, "worker 1's chunk %zu+%zu",
          first, count);
    CHECK(chunk_dispenser_take_own(&c, 0, &first, &count) && first == 0 && count == 4, "worker 0's chunk %zu+%zu",
          first, count);
    CHECK(!chunk_dispenser_take_own(&c, 2, &first, &count), "a chunk for worker 2, past the reserved");
    chunk_dispenser_init(&c, 6, 4); /* two chunks for three workers: the third gets none */
    chunk_dispenser_reserve(&c, 3);
    CHECK(chunk_dispenser_take_own(&c, 1, &first, &count) && first == 4 && count == 2, "short own chunk %zu+%zu",
          first, count);
    CHECK(!chunk_dispenser_take_own(&c, 2, &first, &count) && !chunk_dispenser_take(&c, &first, &count),
          "a chunk beyond the two");
    chunk_dispenser_init(&c, 0, 4);
    chunk_dispenser_reserve(&c, 2);
    CHECK(!chunk_dispenser_take_own(&c, 0, &first, &count) && !chunk_dispenser_take(&c, &first, &count),
          "a chunk of no items");
    chunk_sizes();
    return check_summary("test_walk_chunks");
}
