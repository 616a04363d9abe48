/* bench_library: the library's batch call against the loop Bench times, on the same pairs, side
 * by side in one process (not a test: `make bench-library` runs it; docs/LIBRARY.md, "Speed").
 *
 *     bench_library INPUT ALGORITHM[,ALGORITHM...] REPS
 *
 * For each algorithm, three contenders: "Bench" is cpu_algorithm_run (the internal archive's
 * batch loop, exactly what Bench times), "checked" is raytetra_intersect_many (libraytetra.so,
 * every pair checked), "unchecked" is raytetra_intersect_many_ex with RAYTETRA_UNCHECKED. One
 * untimed run of each, then REPS rounds in which each contender runs once (their order rotating
 * from round to round, so that drift of the machine's speed spreads over all three); reported:
 * the median of the REPS times, in million tests per second, by the wall clock (as Bench
 * reports) and by the thread's CPU time (which leaves out the time other processes held the
 * core: on a shared machine the steadier figure). The library's results are compared with
 * Bench's, field for field, before any time is printed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "error.h"
#include "pairs_io.h"
#include "raytetra.h"
#include "registry/registry.h"
#include "timer.h"
#include "side_by_side.h"

#define PROGRAM "bench_library"

enum { CONTENDERS = 3 };
static const char *CONTENDER_NAMES[CONTENDERS] = {"Bench", "checked", "unchecked"};

/* One run of contender c: its wall and CPU time in ms, measured alike for all three. */
static void run(int c, const cpu_algorithm *internal, raytetra_algorithm handle, const pair_set *set,
                ray_tetra_result *results, raytetra_hit *hits, double *wall_ms, double *cpu_ms)
{
    static const raytetra_options UNCHECKED = {.size = sizeof(raytetra_options), .flags = RAYTETRA_UNCHECKED};
    const raytetra_pair *pairs = (const raytetra_pair *)(const void *)set->pairs;
    double wall = timer_now_ms(), cpu = thread_cpu_ms();
    if (c == 0)
        cpu_algorithm_run(internal, set, results, 1);
    else if (c == 1)
        raytetra_intersect_many(handle, set->count, pairs, hits);
    else
        raytetra_intersect_many_ex(handle, set->count, pairs, hits, &UNCHECKED);
    *cpu_ms = thread_cpu_ms() - cpu;
    *wall_ms = timer_now_ms() - wall;
}

/* The library's results are Bench's: on a hit every field, on a miss hit and faces. */
static size_t differences(const ray_tetra_result *results, const raytetra_hit *hits, size_t count)
{
    size_t different = 0;
    for (size_t i = 0; i < count; ++i) {
        const ray_tetra_result *r = &results[i];
        const raytetra_hit *h = &hits[i];
        int same = r->hit == h->hit && r->enter_face == h->enter_face && r->leave_face == h->leave_face;
        if (same && r->hit)
            same = memcmp(&r->enter_point, h->enter_point, sizeof h->enter_point) == 0 &&
                   memcmp(&r->leave_point, h->leave_point, sizeof h->leave_point) == 0 &&
                   r->u_enter1 == h->u_enter[0] && r->u_enter2 == h->u_enter[1] && r->u_leave1 == h->u_leave[0] &&
                   r->u_leave2 == h->u_leave[1] && r->t_enter == h->t_enter && r->t_leave == h->t_leave;
        different += !same;
    }
    return different;
}

static int bench(const char *name, const pair_set *set, int reps)
{
    const cpu_algorithm *internal = cpu_algorithm_find(name);
    raytetra_algorithm handle = raytetra_find_algorithm(name);
    if (!internal || handle < 0 || strcmp(raytetra_algorithm_name(handle), internal->name) != 0) {
        fprintf(stderr, "%s: error: %s is not a CPU algorithm (Bench --list-algorithms)\n", PROGRAM, name);
        return -1;
    }
    ray_tetra_result *results = malloc(set->count * sizeof *results);
    raytetra_hit *hits = malloc(set->count * sizeof *hits);
    double *times = malloc((size_t)reps * CONTENDERS * 2 * sizeof *times), *cpu_times = times + reps * CONTENDERS;
    if (!results || !hits || !times) {
        fprintf(stderr, "%s: error: out of memory for %zu results\n", PROGRAM, set->count);
        return -1;
    }
    for (int c = 0; c < CONTENDERS; ++c) { /* warm-up, and the check of each library call */
        memset(hits, 0, set->count * sizeof *hits);
        double wall, cpu;
        run(c, internal, handle, set, results, hits, &wall, &cpu);
        size_t different = c == 0 ? 0 : differences(results, hits, set->count);
        if (different) {
            fprintf(stderr, "%s: error: %s: the library's %s call differs from Bench's loop on %zu pairs\n", PROGRAM,
                    name, CONTENDER_NAMES[c], different);
            return -1;
        }
    }
    for (int rep = 0; rep < reps; ++rep)
        for (int k = 0; k < CONTENDERS; ++k) {
            int c = (rep + k) % CONTENDERS;
            run(c, internal, handle, set, results, hits, &times[c * reps + rep], &cpu_times[c * reps + rep]);
        }
    double wall[CONTENDERS], cpu[CONTENDERS];
    for (int c = 0; c < CONTENDERS; ++c) {
        wall[c] = (double)set->count / median(times + c * reps, reps) / 1e3;
        cpu[c] = (double)set->count / median(cpu_times + c * reps, reps) / 1e3;
    }
    printf("%-12s %9.2f %9.2f %6.3f %9.2f %6.3f | %9.2f %9.2f %6.3f %9.2f %6.3f  verified\n", name, wall[0], wall[1],
           wall[1] / wall[0], wall[2], wall[2] / wall[0], cpu[0], cpu[1], cpu[1] / cpu[0], cpu[2], cpu[2] / cpu[0]);
    free(results);
    free(hits);
    free(times);
    return 0;
}

int main(int argc, char **argv)
{
    int reps = argc == 4 ? atoi(argv[3]) : 0;
    if (argc != 4 || reps < 1) {
        fprintf(stderr, "usage: %s INPUT ALGORITHM[,ALGORITHM...] REPS (REPS >= 1)\n", PROGRAM);
        return 2;
    }
    pair_set set;
    error_text err;
    if (pairs_read(argv[1], &set, &err) != 0) {
        error_print(PROGRAM, &err);
        return 1;
    }
    printf("%s: %zu pairs, median of %d repetitions, million tests per second; libraytetra %s\n", argv[1],
           set.count, reps, raytetra_version_string());
    printf("%-12s %-46s | %s\n", "", "wall clock (as Bench)", "CPU time of the thread");
    printf("%-12s %9s %9s %6s %9s %6s | %9s %9s %6s %9s %6s\n", "algorithm", "Bench", "checked", "ratio", "unchecked",
           "ratio", "Bench", "checked", "ratio", "unchecked", "ratio");
    int failed = 0;
    char *list = strdup(argv[2]);
    for (char *name = strtok(list, ","); name; name = strtok(NULL, ","))
        failed |= bench(name, &set, reps) != 0;
    free(list);
    pair_set_free(&set);
    return failed;
}
