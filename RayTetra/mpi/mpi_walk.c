/* mpi_walk.c: rays shared out between ranks (see mpi_walk.h). */
#include "mpi/mpi_walk.h"

#include <stdlib.h>
#include <string.h>

#include "mpi/mpi_stop.h"
#include "timer.h"

void mpi_walk_open(mpi_walk *walk, const mpi_world *world, size_t chunk_rays)
{
    memset(walk, 0, sizeof *walk);
    walk->world = world;
    walk->chunk_rays = chunk_rays ? chunk_rays : 1;
    MPI_Aint size = world->rank == 0 ? (MPI_Aint)sizeof *walk->counter : 0;
    MPI_Win_allocate(size, (int)sizeof *walk->counter, MPI_INFO_NULL, MPI_COMM_WORLD, &walk->counter, &walk->window);
    if (world->rank == 0)
        *walk->counter = 0;
    MPI_Win_lock_all(0, walk->window);
    if (world->rank == 0) {
        walk->rank_rays = calloc((size_t)world->size, sizeof *walk->rank_rays);
        walk->rank_busy_ms = calloc((size_t)world->size, sizeof *walk->rank_busy_ms);
    }
    MPI_Type_contiguous((int)sizeof(walk_result), MPI_BYTE, &walk->result_type);
    MPI_Type_commit(&walk->result_type);
}

void mpi_walk_close(mpi_walk *walk)
{
    MPI_Win_unlock_all(walk->window);
    MPI_Win_free(&walk->window);
    MPI_Type_free(&walk->result_type);
    free(walk->mine);
    free(walk->rank_rays);
    free(walk->rank_busy_ms);
    memset(walk, 0, sizeof *walk);
}

/* Rank 0 sets the counter back to 0; no rank takes a chunk before that. */
static void reset_counter(mpi_walk *walk)
{
    if (walk->world->rank == 0) {
        unsigned long long zero = 0;
        MPI_Accumulate(&zero, 1, MPI_UNSIGNED_LONG_LONG, 0, 0, 1, MPI_UNSIGNED_LONG_LONG, MPI_REPLACE, walk->window);
        MPI_Win_flush(0, walk->window);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    walk->mine_count = 0;
    walk->rays_walked = 0;
    walk->busy_ms = 0;
}

/* The next chunk: 1 with rays *first .. *first + *count - 1, or 0 when every ray is taken. */
static int take_chunk(mpi_walk *walk, size_t rays, size_t *first, size_t *count)
{
    unsigned long long one = 1, index = 0;
    MPI_Fetch_and_op(&one, &index, MPI_UNSIGNED_LONG_LONG, 0, 0, MPI_SUM, walk->window);
    MPI_Win_flush(0, walk->window);
    if (index >= (rays + walk->chunk_rays - 1) / walk->chunk_rays)
        return 0;
    *first = (size_t)index * walk->chunk_rays;
    *count = rays - *first < walk->chunk_rays ? rays - *first : walk->chunk_rays;
    return 1;
}

static int remember(mpi_walk *walk, size_t first, size_t count, error_text *err)
{
    if (walk->mine_count == walk->mine_capacity) {
        size_t capacity = walk->mine_capacity ? 2 * walk->mine_capacity : 64;
        void *grown = realloc(walk->mine, capacity * sizeof *walk->mine);
        if (!grown)
            return error_set_kind(err, ERROR_MEMORY, "out of memory for the list of chunks walked");
        walk->mine = grown;
        walk->mine_capacity = capacity;
    }
    walk->mine[walk->mine_count][0] = first;
    walk->mine[walk->mine_count][1] = count;
    walk->mine_count++;
    walk->rays_walked += count;
    return 0;
}

/* One chunk walked here, its results at their places in s->results. */
static int walk_chunk(tetwalk_state *s, tetwalk_selection chosen, int threads, walk_opencl_chunks *device,
                      size_t first, size_t count, error_text *err)
{
    if (device)
        return walk_opencl_chunks_launch(device, 0, first, count, err) != 0 ||
                       walk_opencl_chunks_finish(device, err) != 0 ||
                       walk_opencl_chunks_read(device, first, count, s->results, err) != 0
                   ? -1
                   : 0;
    walk_rays part = s->rays;
    part.count = count;
    part.rays = s->rays.rays + first;
    part.start = s->rays.start ? s->rays.start + first : NULL;
    walk_cpu_run(chosen.algorithm, &s->mesh, &s->bvh, &part, s->results + first, threads);
    return 0;
}

/* One pass over every ray, this rank taking chunks until none is left; a fault stops its
 * taking (the others walk the rest) and is reported in the agreement after the pass. */
static int pass(mpi_walk *walk, tetwalk_state *s, tetwalk_selection chosen, int threads, walk_opencl_chunks *device,
                error_text *err)
{
    size_t first, count;
    while (take_chunk(walk, s->rays.count, &first, &count)) {
        int sig = mpi_stop_signal();
        if (sig)
            return error_set(err, "stopped by signal %d", sig);
        double start = timer_now_ms();
        if (remember(walk, first, count, err) != 0 || walk_chunk(s, chosen, threads, device, first, count, err) != 0)
            return -1;
        walk->busy_ms += timer_now_ms() - start;
    }
    return 0;
}

/* Every rank's chunks of the last pass to rank 0, into their places in s->results. */
static void gather_results(mpi_walk *walk, tetwalk_state *s)
{
    const mpi_world *world = walk->world;
    int size = world->size, chunk_words = (int)(2 * walk->mine_count), rays = (int)walk->rays_walked;
    int *words = NULL, *word_at = NULL, *results = NULL, *result_at = NULL;
    unsigned long long *lists = NULL;
    walk_result *packed = malloc((walk->rays_walked + 1) * sizeof *packed), *all = NULL;
    for (size_t k = 0, at = 0; packed && k < walk->mine_count; at += walk->mine[k][1], ++k)
        memcpy(packed + at, s->results + walk->mine[k][0], walk->mine[k][1] * sizeof *packed);
    if (world->rank == 0) {
        words = calloc((size_t)size, sizeof *words);
        word_at = calloc((size_t)size, sizeof *word_at);
        results = calloc((size_t)size, sizeof *results);
        result_at = calloc((size_t)size, sizeof *result_at);
    }
    MPI_Gather(&chunk_words, 1, MPI_INT, words, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Gather(&rays, 1, MPI_INT, results, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Gather(&walk->busy_ms, 1, MPI_DOUBLE, walk->rank_busy_ms, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (world->rank == 0) {
        for (int r = 0; r < size && walk->rank_rays; ++r)
            walk->rank_rays[r] = (unsigned long long)results[r];
        for (int r = 1; r < size; ++r) {
            word_at[r] = word_at[r - 1] + words[r - 1];
            result_at[r] = result_at[r - 1] + results[r - 1];
        }
        lists = malloc(((size_t)word_at[size - 1] + (size_t)words[size - 1] + 1) * sizeof *lists);
        all = malloc(((size_t)result_at[size - 1] + (size_t)results[size - 1] + 1) * sizeof *all);
    }
    MPI_Gatherv(walk->mine, chunk_words, MPI_UNSIGNED_LONG_LONG, lists, words, word_at, MPI_UNSIGNED_LONG_LONG, 0,
                MPI_COMM_WORLD);
    MPI_Gatherv(packed, rays, walk->result_type, all, results, result_at, walk->result_type, 0, MPI_COMM_WORLD);
    if (world->rank == 0)
        for (int r = 0; r < size; ++r) {
            const walk_result *from = all + result_at[r];
            for (int w = word_at[r]; w < word_at[r] + words[r]; w += 2) {
                memcpy(s->results + lists[w], from, lists[w + 1] * sizeof *from);
                from += lists[w + 1];
            }
        }
    free(packed);
    free(all);
    free(lists);
    free(words);
    free(word_at);
    free(results);
    free(result_at);
}

/* The agreement after a step; on a failure err says which rank failed and why. */
static int agree(const mpi_walk *walk, int status, const error_text *mine, error_text *err)
{
    mpi_fault fault;
    if (mpi_world_agree(walk->world, status, mine, &fault) == 0)
        return 0;
    return error_set_kind(err, fault.err.kind, "rank %d of %d on %s: %s", fault.rank, walk->world->size, fault.host,
                          fault.err.text);
}

int mpi_walk_run(void *context, tetwalk_state *s, tetwalk_selection chosen, int threads, walk_run *run,
                 error_text *err)
{
    mpi_walk *walk = context;
    run->algorithm = chosen.algorithm;
    run->opencl = chosen.opencl;
    run->threads = chosen.opencl ? 0 : threads;
    run->reps = (int)s->o->reps;
    run->rays = s->rays.count;
    walk_opencl_chunks *device = NULL;
    error_text mine = {0};
    int status = chosen.opencl ? walk_opencl_chunks_open(s->gpu, chosen.algorithm, &s->rays, walk->chunk_rays,
                                                         (size_t)s->o->local_size, &device, &run->write_ms, &mine)
                               : 0;
    if (agree(walk, status, &mine, err) != 0) {
        walk_opencl_chunks_close(device);
        return -1;
    }
    if (device)
        run->local_size = walk_opencl_chunks_local_size(device);
    for (int p = 0; p <= run->reps; ++p) { /* pass 0: the warm-up */
        reset_counter(walk);
        double start = timer_now_ms();
        status = pass(walk, s, chosen, threads, device, &mine);
        if (agree(walk, status, &mine, err) != 0) {
            walk_opencl_chunks_close(device);
            return -1;
        }
        double ms = timer_now_ms() - start;
        if (p == 0)
            run->warm_up_ms = ms;
        else
            run->samples_ms[p - 1] = ms;
    }
    walk_opencl_chunks_close(device);
    gather_results(walk, s);
    return 0;
}
