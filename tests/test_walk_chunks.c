/* test_walk_chunks: the chunk dispenser of TetWalk's threads and devices (walk_chunks.h). Eight
 * threads take chunks at once, each marking the rays it got: every ray must be handed out exactly
 * once, whatever the interleaving, for chunk sizes that divide the count, that do not, that
 * exceed it, and for no rays at all; once empty, the dispenser stays empty. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "check.h"
#include "walk/walk_chunks.h"

#define THREADS 8

typedef struct shared {
    walk_chunks chunks;
    atomic_int *handed; /* how many times each ray was handed out */
    atomic_size_t taken[THREADS];
} shared;

typedef struct taker {
    shared *s;
    int index;
} taker;

static void *take_all(void *argument)
{
    taker *t = argument;
    size_t first, count;
    while (walk_chunks_take(&t->s->chunks, &first, &count)) {
        for (size_t i = first; i < first + count; ++i)
            atomic_fetch_add(&t->s->handed[i], 1);
        atomic_fetch_add(&t->s->taken[t->index], count);
    }
    return NULL;
}

static void dispense(size_t rays, size_t size)
{
    shared s;
    walk_chunks_init(&s.chunks, rays, size);
    s.handed = calloc(rays ? rays : 1, sizeof *s.handed);
    for (int k = 0; k < THREADS; ++k)
        atomic_init(&s.taken[k], 0);
    pthread_t threads[THREADS];
    taker takers[THREADS];
    for (int k = 0; k < THREADS; ++k) {
        takers[k] = (taker){&s, k};
        CHECK(pthread_create(&threads[k], NULL, take_all, &takers[k]) == 0, "thread %d", k);
    }
    for (int k = 0; k < THREADS; ++k)
        pthread_join(threads[k], NULL);
    size_t wrong = 0, total = 0;
    for (size_t i = 0; i < rays; ++i)
        wrong += atomic_load(&s.handed[i]) != 1;
    for (int k = 0; k < THREADS; ++k)
        total += atomic_load(&s.taken[k]);
    CHECK(wrong == 0, "%zu of %zu rays (chunks of %zu) handed out other than once", wrong, rays, size);
    CHECK(total == rays, "%zu rays handed out for %zu (chunks of %zu)", total, rays, size);
    size_t first, count;
    CHECK(!walk_chunks_take(&s.chunks, &first, &count), "an empty dispenser handed out rays %zu..", first);
    free(s.handed);
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
    walk_chunks c;
    walk_chunks_init(&c, 10, 4);
    size_t first = 99, count = 99;
    CHECK(walk_chunks_take(&c, &first, &count) && first == 0 && count == 4, "first chunk %zu+%zu", first, count);
    CHECK(walk_chunks_take(&c, &first, &count) && first == 4 && count == 4, "second chunk %zu+%zu", first, count);
    CHECK(walk_chunks_take(&c, &first, &count) && first == 8 && count == 2, "last chunk %zu+%zu", first, count);
    CHECK(!walk_chunks_take(&c, &first, &count), "a fourth chunk");
    return check_summary("test_walk_chunks");
}
