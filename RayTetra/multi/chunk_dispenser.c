/* chunk_dispenser.c: the chunk dispenser (chunk_dispenser.h). A fetch-and-add on the shared
 * counter hands each chunk to exactly one caller; the counter may run past the end (each late
 * caller adds one chunk), which size_t holds for any count the programs accept (at most 2^31
 * rays; pairs fit in memory, far below SIZE_MAX / 2). */
#include "multi/chunk_dispenser.h"

void chunk_dispenser_init(chunk_dispenser *chunks, size_t count, size_t size)
{
    atomic_init(&chunks->next, 0);
    chunks->count = count;
    chunks->size = size ? size : 1;
    chunks->reserved = 0;
}

void chunk_dispenser_reserve(chunk_dispenser *chunks, size_t workers)
{
    size_t whole = chunks->count / chunks->size + (chunks->count % chunks->size != 0);
    chunks->reserved = workers < whole ? workers : whole;
    atomic_store_explicit(&chunks->next, chunks->reserved * chunks->size, memory_order_relaxed);
}

int chunk_dispenser_take_own(const chunk_dispenser *chunks, size_t w, size_t *first, size_t *count)
{
    if (w >= chunks->reserved)
        return 0;
    size_t start = w * chunks->size, left = chunks->count - start;
    *first = start;
    *count = left < chunks->size ? left : chunks->size;
    return 1;
}

int chunk_dispenser_take(chunk_dispenser *chunks, size_t *first, size_t *count)
{
    size_t start = atomic_fetch_add_explicit(&chunks->next, chunks->size, memory_order_relaxed);
    if (start >= chunks->count)
        return 0;
    size_t left = chunks->count - start;
    *first = start;
    *count = left < chunks->size ? left : chunks->size;
    return 1;
}

static size_t round_up(size_t value, size_t granule) { return (value + granule - 1) / granule * granule; }

static size_t gcd(size_t a, size_t b)
{
    while (b) {
        size_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

size_t chunk_dispenser_granule(const size_t *local_sizes, size_t devices, size_t limit)
{
    size_t lcm = 1, largest = 1;
    int overflow = 0;
    for (size_t d = 0; d < devices; ++d) {
        size_t size = local_sizes[d];
        if (size == 0)
            continue;
        largest = size > largest ? size : largest;
        size_t step = size / gcd(lcm, size);
        if (overflow || lcm > limit / step)
            overflow = 1;
        else
            lcm *= step;
    }
    return overflow ? largest : lcm;
}

size_t chunk_dispenser_size(size_t items, size_t workers, size_t granule, size_t wanted)
{
    granule = granule ? granule : 1;
    workers = workers ? workers : 1;
    size_t size = round_up(wanted ? wanted : 1, granule);
    if (items / workers < granule)
        return size; /* too few items for a granule each: some workers get none whatever the size */
    size_t equal = round_up(items / workers + (items % workers != 0), granule);
    if ((items + equal - 1) / equal < workers)
        equal = items / workers / granule * granule; /* >= granule, and items / equal >= workers */
    return size < equal ? size : equal;
}
