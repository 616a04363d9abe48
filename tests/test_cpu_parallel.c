/* test_cpu_parallel: the multi-threaded runs (RayTetra/cpu/cpu_parallel.c), where a thread that
 * has done its own block takes chunks left in the others'. On pairs spanning several chunks a
 * thread, on a count that is no multiple of a chunk, and on fewer pairs than threads, every
 * result equals the single core's, byte for byte, for full results and compact records, for a
 * plain form, a SIMD form and a precomputed one; results outside the pairs stay untouched. The
 * full results again with the records streamed (--record-stores streamed), on one thread too, and
 * in place (without the copies into each thread's memory), as a streamed chunk runs. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cpu/cpu_parallel.h"
#include "extent.h"
#include "fixtures.h"
#include "gpu_kernel.h"
#include "opencl/gpu_layout.h"
#include "registry/registry.h"

/* Two records alike in every byte but `uncertain`'s, which a CPU run writes only where it streams
 * the record (then as 0). */
static int same_record(const ray_tetra_result *a, const ray_tetra_result *b)
{
    size_t head = offsetof(ray_tetra_result, uncertain), tail = offsetof(ray_tetra_result, enter_point);
    return memcmp(a, b, head) == 0 && memcmp((const char *)a + tail, (const char *)b + tail, sizeof *a - tail) == 0;
}

/* Full results on `threads` threads (1: the sequential loop) writing their records as `stores`
 * says, against one core's written through the caches, pairs[0 .. set->count). */
static void check_full(const cpu_algorithm *a, const pair_set *set, int threads, cpu_record_stores stores)
{
    size_t n = set->count;
    ray_tetra_result *one = malloc((n + 1) * sizeof *one), *many = malloc((n + 1) * sizeof *many);
    if (!one || !many)
        fixture_fail("buffers", "out of memory");
    memset(one, 0x5a, (n + 1) * sizeof *one);
    memset(many, 0x5a, (n + 1) * sizeof *many);
    cpu_set_record_stores(CPU_STORES_CACHED);
    cpu_algorithm_run(a, set, one, 1);
    cpu_set_record_stores(stores);
    int used = 0;
    cpu_algorithm_run_threads_used(a, set, many, 2, threads, &used);
    cpu_set_record_stores(CPU_STORES_AUTO);
    size_t wrong = 0;
    for (size_t i = 0; i < n; ++i)
        wrong += !same_record(&one[i], &many[i]);
    CHECK(wrong == 0, "%s, %zu pairs on %d threads, records %s: %zu results differ from one core's", a->name, n,
          threads, cpu_record_stores_name(stores), wrong);
    if (stores == CPU_STORES_STREAMED && a->batch_streamed)
        CHECK(n == 0 || many[0].uncertain == 0, "%s: a streamed record's uncertain is %d", a->name, many[0].uncertain);
    CHECK(many[n].enter_face == 0x5a5a5a5a, "%s, %zu pairs on %d threads: wrote past the last", a->name, n, threads);
    CHECK(used >= 1 && used <= threads, "%s: %d threads reported, %d asked", a->name, used, threads);
    /* In place (the streaming run's way: no copies to each thread's memory), the same bytes. */
    memset(many, 0x5a, (n + 1) * sizeof *many);
    cpu_set_record_stores(stores);
    cpu_algorithm_run_threads_in_place(a, set, many, 2, threads);
    cpu_set_record_stores(CPU_STORES_AUTO);
    wrong = 0;
    for (size_t i = 0; i < n; ++i)
        wrong += !same_record(&one[i], &many[i]);
    CHECK(wrong == 0, "%s, %zu pairs on %d threads in place, records %s: %zu results differ from one core's", a->name,
          n, threads, cpu_record_stores_name(stores), wrong);
    CHECK(many[n].enter_face == 0x5a5a5a5a, "%s, %zu pairs on %d threads in place: wrote past the last", a->name, n,
          threads);
    free(one);
    free(many);
}

/* Hit records (one byte a pair) on `threads` threads against one core's. */
static void check_records(const cpu_algorithm *a, const pair_set *set, int threads)
{
    size_t n = set->count;
    unsigned char *one = malloc(n + 1), *many = malloc(n + 1);
    if (!one || !many)
        fixture_fail("buffers", "out of memory");
    memset(one, 0xa5, n + 1);
    memset(many, 0x5a, n + 1);
    cpu_records out = {gpu_layout_pack_level, GPU_OUTPUT_HIT, 1, RT_EXTENT_LINE};
    cpu_algorithm_run_records(a, set, one, 1, &out, NULL);
    int used = 0;
    cpu_algorithm_run_records_threads(a, set, many, 2, threads, &out, &used);
    CHECK(memcmp(one, many, n) == 0, "%s, %zu hit records on %d threads differ from one core's", a->name, n, threads);
    CHECK(many[n] == 0x5a, "%s, %zu hit records on %d threads: wrote past the last", a->name, n, threads);
    free(one);
    free(many);
}

int main(void)
{
    /* 3 threads get blocks of 3.4 chunks; the last chunk of each is short. */
    pair_set big;
    fixture_pairs(4242, 5 * CPU_SHARE_CHUNK, 5 * CPU_SHARE_CHUNK + 777, &big);
    CHECK(big.count % CPU_SHARE_CHUNK != 0 && big.count / 3 > 3 * CPU_SHARE_CHUNK, "%zu pairs", big.count);
    pair_set few = big;
    few.count = 2; /* fewer pairs than threads: some blocks are empty */
    static const char *const NAMES[] = {"stp1", "stp0v", "pluecker1p"};
    for (size_t k = 0; k < sizeof NAMES / sizeof NAMES[0]; ++k) {
        const cpu_algorithm *a = cpu_algorithm_find(NAMES[k]);
        CHECK(a != NULL, "no algorithm %s", NAMES[k]);
        if (!a)
            continue;
        /* Streamed records (the SIMD form's non-temporal stores; the others ignore the setting). */
        for (cpu_record_stores stores = CPU_STORES_CACHED; stores <= CPU_STORES_STREAMED; ++stores) {
            check_full(a, &big, 1, stores);
            check_full(a, &big, 3, stores);
            check_full(a, &few, 5, stores);
        }
        check_records(a, &big, 3);
        check_records(a, &few, 5);
    }
    pair_set_free(&big);
    return check_summary("test_cpu_parallel");
}
