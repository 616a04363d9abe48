/* bench_library_mesh: the library's mesh walk against TetWalk's, on the same mesh and rays, side
 * by side in one process (not a test: `make bench-library-mesh` runs it; docs/LIBRARY.md,
 * "Meshes: speed").
 *
 *     bench_library_mesh MESH ALGORITHM[,ALGORITHM...] REPS [WIDTH HEIGHT]
 *
 * The rays are TetWalk's default camera (WIDTH x HEIGHT, default 400 x 300: walk_rays_camera),
 * given to the library as origins P and directions Q - P. Two contenders, one thread each:
 * "TetWalk" is walk_cpu_run, exactly the call TetWalk times for its report and --json
 * (samples_ms); "library" is raytetra_mesh_walk through libraytetra.so, which also checks every
 * ray, makes Q = P + direction and looks for origins inside the mesh (none here). One untimed
 * run of each, then REPS rounds alternating which goes first; reported: the median, min and max
 * of the REPS times by the wall clock and by the thread's CPU time, and the library's median
 * over TetWalk's. The library's steps and statuses are compared with TetWalk's first. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "mesh/mesh.h"
#include "mesh/mesh_bvh.h"
#include "raytetra.h"
#include "side_by_side.h"
#include "timer.h"
#include "walk/walk.h"

#define PROGRAM "bench_library_mesh"
#define MAX_REPS 1000

typedef struct contender_times {
    double wall[MAX_REPS], cpu[MAX_REPS];
} contender_times;

typedef struct bench {
    tet_mesh mesh;
    mesh_bvh bvh;
    raytetra_mesh *library_mesh;
    walk_rays rays;
    double (*origins)[3], (*directions)[3];
    walk_result *expected;
    raytetra_walk_result *got;
} bench;

static void run(int contender, const walk_algorithm *algorithm, const char *name, bench *b, double *wall_ms,
                double *cpu_ms)
{
    double wall = timer_now_ms(), cpu = thread_cpu_ms();
    if (contender == 0)
        walk_cpu_run(algorithm, &b->mesh, &b->bvh, &b->rays, b->expected, 1);
    else
        raytetra_mesh_walk(b->library_mesh, name, b->rays.count, (const double (*)[3])b->origins,
                           (const double (*)[3])b->directions, b->got, NULL, 0, NULL, NULL);
    *cpu_ms = thread_cpu_ms() - cpu;
    *wall_ms = timer_now_ms() - wall;
}

static size_t differences(const bench *b)
{
    size_t differ = 0;
    for (size_t i = 0; i < b->rays.count; ++i)
        differ += b->got[i].status != b->expected[i].status || b->got[i].steps != b->expected[i].steps;
    return differ;
}

static void print_times(const char *who, const char *clock, double *times, int reps, double rays)
{
    double med = median(times, reps); /* sorts */
    printf("  %-8s %-4s median %9.3f ms (%7.3f Mrays/s), min %9.3f, max %9.3f, spread (max-min)/median %5.1f%%\n",
           who, clock, med, rays / med * 1e-3, times[0], times[reps - 1], (times[reps - 1] - times[0]) / med * 100);
}

static int bench_algorithm(bench *b, const char *name, int reps)
{
    int opencl = 0;
    const walk_algorithm *algorithm = walk_algorithm_find(name, &opencl);
    if (!algorithm || opencl) {
        fprintf(stderr, PROGRAM ": %s: not a CPU walk algorithm (TetWalk --list-algorithms)\n", name);
        return -1;
    }
    error_text err = {ERROR_FAILED, ""};
    if (algorithm->method == RT_WALK_PRECOMPUTED && mesh_build_edges(&b->mesh, &err) != 0) {
        fprintf(stderr, PROGRAM ": %s\n", err.text);
        return -1;
    }
    static contender_times times[2];
    double wall, cpu;
    run(0, algorithm, name, b, &wall, &cpu); /* untimed: caches, the library's lazy tables */
    run(1, algorithm, name, b, &wall, &cpu);
    size_t differ = differences(b);
    if (differ) {
        fprintf(stderr, PROGRAM ": %s: %zu of %zu rays differ between the library and TetWalk\n", name, differ,
                b->rays.count);
        return -1;
    }
    for (int r = 0; r < reps; ++r)
        for (int k = 0; k < 2; ++k) {
            int c = (r + k) % 2;
            run(c, algorithm, name, b, &times[c].wall[r], &times[c].cpu[r]);
        }
    size_t steps = 0;
    for (size_t i = 0; i < b->rays.count; ++i)
        steps += (size_t)b->expected[i].steps;
    printf("%s: %zu rays, %zu steps, %d rounds\n", name, b->rays.count, steps, reps);
    double tetwalk_cpu = median(times[0].cpu, reps), library_cpu = median(times[1].cpu, reps);
    double tetwalk_wall = median(times[0].wall, reps), library_wall = median(times[1].wall, reps);
    print_times("TetWalk", "wall", times[0].wall, reps, (double)b->rays.count);
    print_times("library", "wall", times[1].wall, reps, (double)b->rays.count);
    print_times("TetWalk", "cpu", times[0].cpu, reps, (double)b->rays.count);
    print_times("library", "cpu", times[1].cpu, reps, (double)b->rays.count);
    printf("  library / TetWalk: %.3f by the wall clock, %.3f by CPU time\n", library_wall / tetwalk_wall,
           library_cpu / tetwalk_cpu);
    return 0;
}

/* The mesh both ways, and the camera's rays as origins and directions. */
static int load(bench *b, const char *path, int width, int height)
{
    error_text err = {ERROR_FAILED, ""};
    char message[1024];
    if (mesh_read(path, &b->mesh, &err) != 0 || mesh_bvh_build(&b->mesh, &b->bvh, &err) != 0 ||
        walk_rays_camera(&b->mesh, width, height, 30, 20, 'z', &b->rays, &err) != 0) {
        fprintf(stderr, PROGRAM ": %s\n", err.text);
        return -1;
    }
    if (raytetra_mesh_read(path, &b->library_mesh, message, sizeof message) != RAYTETRA_OK) {
        fprintf(stderr, PROGRAM ": %s\n", message);
        return -1;
    }
    size_t n = b->rays.count;
    b->origins = malloc(n * sizeof *b->origins);
    b->directions = malloc(n * sizeof *b->directions);
    b->expected = malloc(n * sizeof *b->expected);
    b->got = malloc(n * sizeof *b->got);
    if (!b->origins || !b->directions || !b->expected || !b->got) {
        fprintf(stderr, PROGRAM ": out of memory for %zu rays\n", n);
        return -1;
    }
    for (size_t i = 0; i < n; ++i)
        for (int a = 0; a < 3; ++a) {
            b->origins[i][a] = b->rays.rays[i][a];
            b->directions[i][a] = b->rays.rays[i][3 + a] - b->rays.rays[i][a];
        }
    printf("%s: %zu tetrahedra; camera %dx%d\n", path, b->mesh.tetra_count, width, height);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 4 && argc != 6) {
        fprintf(stderr, "usage: " PROGRAM " MESH ALGORITHM[,ALGORITHM...] REPS [WIDTH HEIGHT]\n");
        return 2;
    }
    int reps = atoi(argv[3]), width = argc == 6 ? atoi(argv[4]) : 400, height = argc == 6 ? atoi(argv[5]) : 300;
    if (reps < 1 || reps > MAX_REPS || width < 1 || height < 1) {
        fprintf(stderr, PROGRAM ": REPS must be 1 to %d, WIDTH and HEIGHT positive\n", MAX_REPS);
        return 2;
    }
    static bench b;
    int failed = load(&b, argv[1], width, height) != 0;
    char *names = strdup(argv[2]);
    for (char *save = NULL, *name = strtok_r(names, ",", &save); name && !failed; name = strtok_r(NULL, ",", &save))
        failed = bench_algorithm(&b, name, reps) != 0;
    free(names);
    raytetra_mesh_free(b.library_mesh);
    walk_rays_free(&b.rays);
    mesh_bvh_free(&b.bvh);
    mesh_free(&b.mesh);
    free(b.origins);
    free(b.directions);
    free(b.expected);
    free(b.got);
    return failed;
}
