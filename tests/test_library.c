/* test_library: libraytetra through its public header only, linked against the shared library
 * as a user links it (Makefile). Checks: concurrent first use from several threads (the lazy
 * initialisation) and concurrent calls agreeing with sequential ones; names and properties; the
 * example of docs/SPECIFICATION.md section 1 with every CPU algorithm; every error code; the
 * options, and their size rule before a guard page; RAYTETRA_ANY_ORIENTATION against geometry (faces in the caller's numbering, points
 * rebuilt from the barycentrics); the batch call equal to one-pair calls with invalid pairs at
 * block boundaries; RAYTETRA_UNCHECKED; the ray and the segment (raytetra_options.extent)
 * against the specification's clipping of the line, an unknown extent refused; and, when an OpenCL device is there, the device calls
 * against the CPU, and kernel builds that warn and fail printing nothing (their messages in the
 * device log). */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "raytetra.h"

#include "check.h"

/* ---------------------------------------------------------------- input */

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static double uniform(void) { return check_uniform(&rng_state); }

/* A random positively oriented tetrahedron in [0,1]^3 and a line: through an interior point
 * (a hit) for even i, random (mostly a miss) for odd i. */
static raytetra_pair random_pair(int i)
{
    raytetra_pair pair = {{{0}}, {0, 0, 0}, {1, 1, 1}}; /* P and Q set below; valid for the check */
    for (;;) {
        for (int v = 0; v < 4; ++v)
            for (int k = 0; k < 3; ++k)
                pair.vertices[v][k] = uniform();
        double a[3], b[3], c[3];
        for (int k = 0; k < 3; ++k) {
            a[k] = pair.vertices[1][k] - pair.vertices[0][k];
            b[k] = pair.vertices[2][k] - pair.vertices[0][k];
            c[k] = pair.vertices[3][k] - pair.vertices[0][k];
        }
        double volume = (a[1] * b[2] - a[2] * b[1]) * c[0] + (a[2] * b[0] - a[0] * b[2]) * c[1] +
                        (a[0] * b[1] - a[1] * b[0]) * c[2];
        if (fabs(volume) > 0.05)
            break; /* well shaped, so that float and double agree on the faces */
    }
    if (raytetra_check(&pair) == RAYTETRA_ERROR_NEGATIVE_ORIENTATION)
        for (int k = 0; k < 3; ++k) {
            double t = pair.vertices[1][k];
            pair.vertices[1][k] = pair.vertices[2][k];
            pair.vertices[2][k] = t;
        }
    double weights[4], sum = 0, through[3] = {0, 0, 0}, direction[3];
    for (int v = 0; v < 4; ++v)
        sum += weights[v] = 0.1 + uniform();
    for (int v = 0; v < 4; ++v)
        for (int k = 0; k < 3; ++k)
            through[k] += weights[v] / sum * pair.vertices[v][k];
    for (int k = 0; k < 3; ++k) {
        direction[k] = uniform() - 0.5;
        if (i % 2)
            through[k] = 3 * uniform() - 1;
        pair.p[k] = through[k] - 2 * direction[k];
        pair.q[k] = through[k] + 2 * direction[k];
    }
    return pair;
}

static raytetra_pair *random_pairs(size_t n)
{
    raytetra_pair *pairs = malloc(n * sizeof *pairs);
    for (size_t i = 0; i < n; ++i)
        pairs[i] = random_pair((int)i);
    return pairs;
}

/* Two results are the same: hit and faces, and on a hit every real, bit for bit. */
static int same_hit(const raytetra_hit *a, const raytetra_hit *b)
{
    if (a->hit != b->hit || a->enter_face != b->enter_face || a->leave_face != b->leave_face)
        return 0;
    return a->hit != 1 ||
           (memcmp(a->enter_point, b->enter_point, sizeof a->enter_point) == 0 &&
            memcmp(a->leave_point, b->leave_point, sizeof a->leave_point) == 0 &&
            memcmp(a->u_enter, b->u_enter, sizeof a->u_enter) == 0 &&
            memcmp(a->u_leave, b->u_leave, sizeof a->u_leave) == 0 && a->t_enter == b->t_enter &&
            a->t_leave == b->t_leave);
}

static double distance(const double a[3], const double b[3])
{
    return sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) + (a[2] - b[2]) * (a[2] - b[2]));
}

/* ---------------------------------------------------------------- threads */

enum { THREAD_PAIRS = 3000, THREADS = 6 };
static const char *const THREAD_ALGORITHMS[THREADS] = {"stp0", "stp1f", "stp0r", "stp0v", "pluecker2", "moller3"};

typedef struct thread_work {
    const char *name;
    const raytetra_pair *pairs;
    raytetra_hit *hits;
    size_t hit_count;
    int single_agrees; /* one-pair calls equal the batch call */
} thread_work;

static pthread_barrier_t start_together;

static void *thread_main(void *argument)
{
    thread_work *w = argument;
    pthread_barrier_wait(&start_together);
    raytetra_algorithm algorithm = raytetra_find_algorithm(w->name); /* the library's first use */
    w->hit_count = raytetra_intersect_many(algorithm, THREAD_PAIRS, w->pairs, w->hits);
    w->single_agrees = 1;
    for (size_t i = 0; i < THREAD_PAIRS; ++i) {
        raytetra_hit one;
        raytetra_intersect_ex(algorithm, &w->pairs[i], &one, NULL);
        w->single_agrees &= same_hit(&one, &w->hits[i]);
    }
    return NULL;
}

/* Before any other call: THREADS threads use the library for the first time at once. */
static void test_threads(void)
{
    raytetra_pair *pairs = random_pairs(THREAD_PAIRS);
    thread_work work[THREADS];
    pthread_t threads[THREADS];
    pthread_barrier_init(&start_together, NULL, THREADS);
    for (int t = 0; t < THREADS; ++t) {
        work[t] = (thread_work){THREAD_ALGORITHMS[t], pairs, malloc(THREAD_PAIRS * sizeof(raytetra_hit)), 0, 0};
        pthread_create(&threads[t], NULL, thread_main, &work[t]);
    }
    for (int t = 0; t < THREADS; ++t)
        pthread_join(threads[t], NULL);
    pthread_barrier_destroy(&start_together);
    raytetra_hit *again = malloc(THREAD_PAIRS * sizeof *again);
    for (int t = 0; t < THREADS; ++t) {
        CHECK(work[t].single_agrees, "%s: one-pair calls differ from the batch call in a thread", work[t].name);
        size_t count = raytetra_intersect_many(raytetra_find_algorithm(work[t].name), THREAD_PAIRS, pairs, again);
        int same = count == work[t].hit_count;
        for (size_t i = 0; i < THREAD_PAIRS; ++i)
            same &= same_hit(&again[i], &work[t].hits[i]);
        CHECK(same, "%s: results computed alongside other threads differ from a sequential run", work[t].name);
        CHECK(count > THREAD_PAIRS / 2 - 1 && count < THREAD_PAIRS, "%s: %zu hits of %d pairs, half of them hits",
              work[t].name, count, THREAD_PAIRS);
        free(work[t].hits);
    }
    free(again);
    free(pairs);
}

/* ---------------------------------------------------------------- names */

static void test_names(void)
{
    raytetra_algorithm stp0 = raytetra_find_algorithm("stp0");
    CHECK(stp0 >= 0, "stp0 not found");
    CHECK(raytetra_find_algorithm("STP0") == stp0, "the CSV name names the same algorithm");
    CHECK(raytetra_find_algorithm("moller") == raytetra_find_algorithm("moller1"), "an alias");
    CHECK(raytetra_find_algorithm("g1") == raytetra_find_algorithm("gpu_stp0"), "the thesis index g1 is GPU_STP0");
    CHECK(raytetra_find_algorithm("nonsense") == RAYTETRA_ERROR_UNKNOWN_ALGORITHM, "an unknown name");
    CHECK(raytetra_find_algorithm(NULL) == RAYTETRA_ERROR_UNKNOWN_ALGORITHM, "no name");
    CHECK(raytetra_algorithm_name(-1) == NULL && raytetra_algorithm_name(1 << 20) == NULL, "invalid handles");

    size_t total = raytetra_list_algorithms(NULL, 0);
    CHECK(total >= 30, "%zu algorithms listed", total);
    raytetra_algorithm *all = malloc(total * sizeof *all);
    CHECK(raytetra_list_algorithms(all, total) == total, "the same total");
    int round_trip = 1;
    for (size_t i = 0; i < total; ++i)
        round_trip &= raytetra_find_algorithm(raytetra_algorithm_name(all[i])) == all[i] &&
                      raytetra_algorithm_description(all[i]) != NULL;
    CHECK(round_trip, "every listed algorithm is found by its name");
    raytetra_algorithm two[2] = {-5, -5};
    CHECK(raytetra_list_algorithms(two, 1) == total && two[0] == all[0] && two[1] == -5, "capacity is honoured");
    free(all);

    unsigned stp0_properties = raytetra_algorithm_properties(stp0);
    CHECK(stp0_properties == RAYTETRA_PROPERTY_HAS_KERNEL, "stp0: a double CPU variant with a kernel, got %#x",
          stp0_properties);
    CHECK(raytetra_algorithm_properties(raytetra_find_algorithm("stp0f")) ==
              (RAYTETRA_PROPERTY_FLOAT | RAYTETRA_PROPERTY_HAS_KERNEL), "stp0f");
    CHECK(raytetra_algorithm_properties(raytetra_find_algorithm("stp0r")) ==
              (RAYTETRA_PROPERTY_EXACT | RAYTETRA_PROPERTY_HAS_KERNEL), "stp0r");
    CHECK(raytetra_algorithm_properties(raytetra_find_algorithm("stp0v")) == RAYTETRA_PROPERTY_SIMD, "stp0v");
    CHECK(raytetra_algorithm_properties(raytetra_find_algorithm("haines")) == RAYTETRA_PROPERTY_BASELINE, "haines");
    CHECK(raytetra_algorithm_properties(raytetra_find_algorithm("gpu_stp1f")) ==
              (RAYTETRA_PROPERTY_OPENCL | RAYTETRA_PROPERTY_FLOAT | RAYTETRA_PROPERTY_HAS_KERNEL), "gpu_stp1f");
    CHECK(raytetra_algorithm_properties(-1) == 0, "an invalid handle has no properties");

    const char *version = raytetra_version_string();
    int major, minor, patch, end = 0;
    CHECK(sscanf(version, "%d.%d.%d%n", &major, &minor, &patch, &end) == 3 && version[end] == '\0',
          "version '%s' is MAJOR.MINOR.PATCH", version);
}

/* ---------------------------------------------------------------- the specification's example */

static const double V[4][3] = {{0, 0, 0}, {0, 1, 0}, {1, 0, 0}, {0, 0, 1}};

static void test_example(void)
{
    const double p[3] = {0.2, 0.2, -1}, q[3] = {0.2, 0.2, 2};
    const double enter[3] = {0.2, 0.2, 0}, leave[3] = {0.2, 0.2, 0.6};
    size_t total = raytetra_list_algorithms(NULL, 0);
    int cpu = 0;
    for (raytetra_algorithm a = 0; (size_t)a < total; ++a) {
        if (raytetra_algorithm_properties(a) & RAYTETRA_PROPERTY_OPENCL)
            continue;
        ++cpu;
        double tolerance = raytetra_algorithm_properties(a) & RAYTETRA_PROPERTY_FLOAT ? 1e-6 : 1e-14;
        raytetra_hit hit;
        int status = raytetra_intersect(a, V, p, q, &hit);
        CHECK(status == 1 && hit.hit == 1 && hit.enter_face == 3 && hit.leave_face == 0,
              "%s: status %d, faces %d %d; expected a hit through faces 3 and 0", raytetra_algorithm_name(a), status,
              hit.enter_face, hit.leave_face);
        CHECK(distance(hit.enter_point, enter) < tolerance && distance(hit.leave_point, leave) < tolerance &&
                  fabs(hit.t_enter - 1.0 / 3) < tolerance && fabs(hit.t_leave - 1.6 / 3) < tolerance,
              "%s: points or t off", raytetra_algorithm_name(a));
    }
    CHECK(cpu >= 20, "%d CPU algorithms", cpu);

    /* A line in F3's plane (kind 3): exact signs give F2 and F0 (docs/SPECIFICATION.md section 1). */
    const double p3[3] = {-1, 0.25, 0}, q3[3] = {1, 0.25, 0};
    raytetra_hit hit;
    int status = raytetra_intersect(raytetra_find_algorithm("stp0r"), V, p3, q3, &hit);
    CHECK(status == 1 && hit.enter_face == 2 && hit.leave_face == 0 && fabs(hit.enter_point[1] - 0.25) < 1e-15 &&
              fabs(hit.leave_point[0] - 0.75) < 1e-15,
          "stp0r on a line in a face's plane: status %d, faces %d %d", status, hit.enter_face, hit.leave_face);
    const double above[3] = {5, 5, 5}, beyond[3] = {6, 5, 5};
    CHECK(raytetra_intersect(raytetra_find_algorithm("stp0"), V, above, beyond, &hit) == 0 && hit.hit == 0 &&
              hit.enter_face == -1 && hit.leave_face == -1,
          "a miss");
}

/* ---------------------------------------------------------------- errors and options */

static void expect_error(const char *what, raytetra_algorithm a, const raytetra_pair *pair,
                         const raytetra_options *options, int code)
{
    raytetra_hit hit;
    memset(&hit, 0x55, sizeof hit);
    int status = raytetra_intersect_ex(a, pair, &hit, options);
    CHECK(status == code && hit.hit == code && hit.enter_face == -1 && hit.leave_face == -1,
          "%s: status %d (hit %d, faces %d %d), expected %d", what, status, hit.hit, hit.enter_face, hit.leave_face,
          code);
}

static raytetra_pair example_pair(void)
{
    raytetra_pair pair = {{{0, 0, 0}, {0, 1, 0}, {1, 0, 0}, {0, 0, 1}}, {0.2, 0.2, -1}, {0.2, 0.2, 2}};
    return pair;
}

static void test_errors(void)
{
    raytetra_algorithm stp0 = raytetra_find_algorithm("stp0");
    raytetra_pair pair = example_pair(), bad;
    raytetra_hit hit_of_range;

    bad = pair;
    bad.vertices[1][1] = 0;
    bad.vertices[2][0] = 0;
    bad.vertices[1][0] = 1; /* V1 and V2 swapped */
    bad.vertices[2][1] = 1;
    expect_error("negatively oriented", stp0, &bad, NULL, RAYTETRA_ERROR_NEGATIVE_ORIENTATION);
    bad = pair;
    bad.vertices[3][2] = 0; /* V3 in the plane of the others */
    expect_error("flat", stp0, &bad, NULL, RAYTETRA_ERROR_DEGENERATE);
    raytetra_options any = RAYTETRA_OPTIONS_INIT;
    any.flags = RAYTETRA_ANY_ORIENTATION;
    expect_error("flat, any orientation", stp0, &bad, &any, RAYTETRA_ERROR_DEGENERATE);
    bad = pair;
    bad.q[2] = NAN;
    expect_error("NaN", raytetra_find_algorithm("stp0r"), &bad, NULL, RAYTETRA_ERROR_NOT_FINITE);
    bad = pair;
    bad.vertices[2][1] = INFINITY;
    expect_error("Inf", stp0, &bad, NULL, RAYTETRA_ERROR_NOT_FINITE);
    bad = pair;
    memcpy(bad.q, bad.p, sizeof bad.q);
    expect_error("P == Q", stp0, &bad, NULL, RAYTETRA_ERROR_NO_DIRECTION);
    CHECK(raytetra_check(&pair) == RAYTETRA_OK && raytetra_check(&bad) == RAYTETRA_ERROR_NO_DIRECTION &&
              raytetra_check(NULL) == RAYTETRA_ERROR_NULL_ARGUMENT,
          "raytetra_check");
    bad = pair;
    bad.q[0] = 1e80;
    expect_error("beyond the range", stp0, &bad, NULL, RAYTETRA_ERROR_OUT_OF_RANGE);
    bad = pair;
    bad.q[0] = 1e9; /* inside the double range, outside the float one */
    CHECK(raytetra_intersect_ex(stp0, &bad, &hit_of_range, NULL) >= 0, "1e9 in double");
    expect_error("1e9 in float", raytetra_find_algorithm("stp0f"), &bad, NULL, RAYTETRA_ERROR_OUT_OF_RANGE);
    expect_error("an OpenCL build on the CPU", raytetra_find_algorithm("gpu_stp0"), &pair, NULL,
                 RAYTETRA_ERROR_NOT_CPU);
    expect_error("an invalid handle", 12345, &pair, NULL, RAYTETRA_ERROR_UNKNOWN_ALGORITHM);
    expect_error("no pair", stp0, NULL, NULL, RAYTETRA_ERROR_NULL_ARGUMENT);
    CHECK(raytetra_intersect_ex(stp0, &pair, NULL, NULL) == RAYTETRA_ERROR_NULL_ARGUMENT, "no result");
    raytetra_hit hit;
    CHECK(raytetra_intersect(stp0, NULL, pair.p, pair.q, &hit) == RAYTETRA_ERROR_NULL_ARGUMENT &&
              hit.hit == RAYTETRA_ERROR_NULL_ARGUMENT,
          "no vertices");

    /* Options: the size tells the version; unknown flags and unknown non-zero fields are refused. */
    raytetra_options options = RAYTETRA_OPTIONS_INIT;
    options.size = 0;
    expect_error("options of size 0", stp0, &pair, &options, RAYTETRA_ERROR_BAD_OPTIONS);
    options = (raytetra_options)RAYTETRA_OPTIONS_INIT;
    options.flags = 1u << 20;
    expect_error("an unknown flag", stp0, &pair, &options, RAYTETRA_ERROR_BAD_OPTIONS);
    options.flags = RAYTETRA_ANY_ORIENTATION | RAYTETRA_UNCHECKED;
    expect_error("any orientation without the check", stp0, &pair, &options, RAYTETRA_ERROR_BAD_OPTIONS);
    struct {
        raytetra_options known;
        double later_field;
    } larger = {RAYTETRA_OPTIONS_INIT, 0.0};
    larger.known.size = sizeof larger;
    expect_error("a later version's options, even at their defaults", stp0, &pair, &larger.known,
                 RAYTETRA_ERROR_BAD_OPTIONS);

    /* Every code has its own message. */
    const int codes[] = {RAYTETRA_OK, RAYTETRA_ERROR_UNKNOWN_ALGORITHM, RAYTETRA_ERROR_NULL_ARGUMENT,
                         RAYTETRA_ERROR_NOT_FINITE, RAYTETRA_ERROR_NO_DIRECTION, RAYTETRA_ERROR_DEGENERATE,
                         RAYTETRA_ERROR_NEGATIVE_ORIENTATION, RAYTETRA_ERROR_NOT_CPU, RAYTETRA_ERROR_NO_KERNEL,
                         RAYTETRA_ERROR_BAD_OPTIONS, RAYTETRA_ERROR_NO_DEVICE, RAYTETRA_ERROR_OPENCL,
                         RAYTETRA_ERROR_OUT_OF_MEMORY, RAYTETRA_ERROR_OUT_OF_RANGE};
    const int count = (int)(sizeof codes / sizeof codes[0]);
    int distinct = 1;
    for (int i = 0; i < count; ++i)
        for (int j = 0; j < i; ++j)
            distinct &= strcmp(raytetra_error_string(codes[i]), raytetra_error_string(codes[j])) != 0;
    CHECK(distinct, "every error code has its own message");
    CHECK(strcmp(raytetra_error_string(-99), "unknown error code") == 0, "an unknown code");
}

/* Options that end where a page ends, before a page that cannot be read: a read past them kills
 * the test (SIGSEGV), which proves that the library reads nothing beyond the struct it is given. */
typedef struct guarded_options {
    unsigned char *pages; /* two pages, the second PROT_NONE */
    size_t page;
    raytetra_options *options; /* the last sizeof(raytetra_options) bytes of the first page */
} guarded_options;

static int guarded_options_map(guarded_options *g)
{
    g->pages = NULL;
    g->options = NULL;
    g->page = (size_t)sysconf(_SC_PAGESIZE);
    void *pages = mmap(NULL, 2 * g->page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (pages == MAP_FAILED || mprotect((unsigned char *)pages + g->page, g->page, PROT_NONE) != 0)
        return -1;
    g->pages = pages;
    g->options = (raytetra_options *)(void *)(g->pages + g->page - sizeof(raytetra_options));
    return 0;
}

/* Every _ex call (the device's when `device` is given) with options of this size (flags 0):
 * refused with RAYTETRA_ERROR_BAD_OPTIONS unless `valid`, then run as with no options. */
static void check_options_size(raytetra_options *options, size_t size, int valid, raytetra_device *device)
{
    enum { N = 3 };
    raytetra_pair pairs[N] = {example_pair(), example_pair(), example_pair()};
    pairs[1].p[0] = 5; /* a miss */
    pairs[1].q[0] = 5;
    options->size = size;
    options->flags = 0;
    raytetra_algorithm stp0 = raytetra_find_algorithm("stp0");
    raytetra_hit hits[N], one;
    int status = raytetra_intersect_ex(stp0, &pairs[0], &one, options);
    CHECK(valid ? status == 1 : status == RAYTETRA_ERROR_BAD_OPTIONS && one.hit == status,
          "raytetra_intersect_ex with options.size %zu (sizeof %zu): %d", size, sizeof *options, status);
    size_t count = raytetra_intersect_many_ex(stp0, N, pairs, hits, options);
    CHECK(valid ? count == 2 && hits[1].hit == 0
                : count == 0 && hits[0].hit == RAYTETRA_ERROR_BAD_OPTIONS && hits[N - 1].hit == RAYTETRA_ERROR_BAD_OPTIONS,
          "raytetra_intersect_many_ex with options.size %zu: %zu hits, hit[0] %d", size, count, hits[0].hit);
    if (!device)
        return;
    status = raytetra_device_intersect_many_ex(device, stp0, N, pairs, hits, &count, options);
    const char *message = raytetra_device_message(device);
    CHECK(valid ? status == RAYTETRA_OK && count == 2
                : status == RAYTETRA_ERROR_BAD_OPTIONS && hits[0].hit == status && strstr(message, "size"),
          "raytetra_device_intersect_many_ex with options.size %zu: %d, '%s'", size, status, message);
}

/* Version 1 of raytetra_options, as a caller built against that header holds it. */
typedef struct options_version_1 {
    size_t size;
    unsigned flags;
} options_version_1;

/* The size rule of raytetra.h: exactly sizeof(raytetra_options) of version 1 or 2; 0, a size
 * between (also one that covers the flags but not the tail padding), a larger one and SIZE_MAX
 * are refused, reading nothing past the struct. Version 1's struct, placed at the end of the
 * page, runs on the line without the extent behind it being read. */
static void test_options_sizes(raytetra_device *device)
{
    guarded_options g;
    CHECK(guarded_options_map(&g) == 0, "mapping a guarded page");
    if (!g.pages)
        return;
    const size_t known = sizeof(raytetra_options), old = sizeof(options_version_1);
    const size_t refused[] = {0, 1, offsetof(raytetra_options, flags) + sizeof(unsigned), old - 1, old + 1, known - 1,
                              known + 1, 2 * known, SIZE_MAX};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; ++i)
        check_options_size(g.options, refused[i], 0, device);
    check_options_size(g.options, known, 1, device);
    check_options_size((raytetra_options *)(void *)(g.pages + g.page - old), old, 1, device);
    munmap(g.pages, 2 * g.page);
}

/* ---------------------------------------------------------------- orientation */

/* Face f's vertices in the order of docs/SPECIFICATION.md section 1 (the order u refers to). */
static const int FACE_VERTICES[4][3] = {{3, 2, 1}, {2, 3, 0}, {1, 0, 3}, {0, 1, 2}};

/* The point the face and barycentrics of a result name, in the pair's own numbering. */
static void rebuilt(const raytetra_pair *pair, int face, const double u[2], double point[3])
{
    const int *f = FACE_VERTICES[face];
    for (int k = 0; k < 3; ++k)
        point[k] = (1 - u[0] - u[1]) * pair->vertices[f[0]][k] + u[0] * pair->vertices[f[1]][k] +
                   u[1] * pair->vertices[f[2]][k];
}

/* Every odd permutation of every positively oriented tetrahedron is negatively oriented: with
 * RAYTETRA_ANY_ORIENTATION it gives the same points through the same geometric faces, named in
 * the permuted numbering, with barycentrics that rebuild the points there. */
static void test_any_orientation(void)
{
    static const int ODD[6][4] = {{1, 0, 2, 3}, {0, 2, 1, 3}, {0, 1, 3, 2}, {3, 1, 2, 0}, {2, 1, 0, 3}, {1, 2, 3, 0}};
    raytetra_options any = RAYTETRA_OPTIONS_INIT;
    any.flags = RAYTETRA_ANY_ORIENTATION;
    const char *names[] = {"stp0", "stp0r", "pluecker1", "stp2", "haines", "stp0v"};
    int checked = 0, same_faces = 1, same_points = 1, rebuilds = 1, refused = 1;
    for (int n = 0; n < 6; ++n) {
        raytetra_algorithm a = raytetra_find_algorithm(names[n]);
        for (int i = 0; i < 200; i += 2) {
            raytetra_pair pair = random_pair(i);
            raytetra_hit original;
            if (raytetra_intersect_ex(a, &pair, &original, NULL) != 1)
                continue;
            for (int o = 0; o < 6; ++o) {
                raytetra_pair permuted = pair;
                for (int v = 0; v < 4; ++v)
                    memcpy(permuted.vertices[v], pair.vertices[ODD[o][v]], sizeof permuted.vertices[v]);
                raytetra_hit hit;
                refused &= raytetra_intersect_ex(a, &permuted, &hit, NULL) == RAYTETRA_ERROR_NEGATIVE_ORIENTATION;
                int status = raytetra_intersect_ex(a, &permuted, &hit, &any);
                ++checked;
                /* Face f is opposite vertex f: in the original numbering, opposite ODD[o][f]. */
                same_faces &= status == 1 && ODD[o][hit.enter_face] == original.enter_face &&
                              ODD[o][hit.leave_face] == original.leave_face;
                same_points &= distance(hit.enter_point, original.enter_point) < 1e-12 &&
                               distance(hit.leave_point, original.leave_point) < 1e-12 &&
                               fabs(hit.t_enter - original.t_enter) < 1e-12;
                double enter[3], leave[3];
                rebuilt(&permuted, hit.enter_face, hit.u_enter, enter);
                rebuilt(&permuted, hit.leave_face, hit.u_leave, leave);
                rebuilds &= distance(enter, hit.enter_point) < 1e-12 && distance(leave, hit.leave_point) < 1e-12;
            }
        }
    }
    CHECK(checked > 1000, "%d permuted pairs", checked);
    CHECK(refused, "a negatively oriented tetrahedron is refused without the flag");
    CHECK(same_faces, "the same geometric faces, in the caller's numbering");
    CHECK(same_points, "the same points");
    CHECK(rebuilds, "the barycentrics rebuild the points in the caller's numbering");
}

/* ---------------------------------------------------------------- batches */

enum { BATCH = 1000 };

/* Pairs in error or negatively oriented at the edges of the library's blocks of 256. */
static const int SPECIAL[] = {0, 1, 255, 256, 257, 511, 700, 998, 999};

static void spoil(raytetra_pair *pairs)
{
    for (size_t s = 0; s < sizeof SPECIAL / sizeof SPECIAL[0]; ++s) {
        raytetra_pair *p = &pairs[SPECIAL[s]];
        switch (s % 3) {
        case 0: /* negatively oriented */
            for (int k = 0; k < 3; ++k) {
                double t = p->vertices[0][k];
                p->vertices[0][k] = p->vertices[3][k];
                p->vertices[3][k] = t;
            }
            break;
        case 1:
            p->vertices[2][0] = NAN;
            break;
        default:
            memcpy(p->q, p->p, sizeof p->q);
        }
    }
}

static void test_batches(void)
{
    raytetra_pair *pairs = random_pairs(BATCH);
    spoil(pairs);
    raytetra_hit *hits = malloc(BATCH * sizeof *hits), *unchecked = malloc(BATCH * sizeof *hits);
    raytetra_options any = RAYTETRA_OPTIONS_INIT, fast = RAYTETRA_OPTIONS_INIT;
    any.flags = RAYTETRA_ANY_ORIENTATION;
    fast.flags = RAYTETRA_UNCHECKED;
    size_t total = raytetra_list_algorithms(NULL, 0);
    for (raytetra_algorithm a = 0; (size_t)a < total; ++a) {
        if (raytetra_algorithm_properties(a) & RAYTETRA_PROPERTY_OPENCL)
            continue;
        for (int with_any = 0; with_any < 2; ++with_any) {
            const raytetra_options *options = with_any ? &any : NULL;
            size_t count = raytetra_intersect_many_ex(a, BATCH, pairs, hits, options), expected = 0;
            int same = 1, errors = 0;
            for (int i = 0; i < BATCH; ++i) {
                raytetra_hit one;
                int status = raytetra_intersect_ex(a, &pairs[i], &one, options);
                same &= same_hit(&one, &hits[i]);
                expected += status == 1;
                errors += status < 0;
            }
            CHECK(same && count == expected, "%s%s: the batch call differs from one-pair calls (%zu hits, %zu)",
                  raytetra_algorithm_name(a), with_any ? " (any orientation)" : "", count, expected);
            CHECK(errors == (with_any ? 6 : 9), "%s%s: %d pairs in error", raytetra_algorithm_name(a),
                  with_any ? " (any orientation)" : "", errors);
        }
        /* Unchecked, on the valid pairs only: the same results. */
        raytetra_intersect_many_ex(a, 253, pairs + 2, hits, NULL); /* pairs 2..254 */
        raytetra_intersect_many_ex(a, 253, pairs + 2, unchecked, &fast);
        int same = 1;
        for (int i = 0; i < 253; ++i)
            same &= same_hit(&hits[i], &unchecked[i]);
        CHECK(same, "%s: unchecked differs from checked on valid input", raytetra_algorithm_name(a));
    }
    CHECK(raytetra_intersect_many(raytetra_find_algorithm("stp0"), 0, pairs, hits) == 0, "no pairs");
    CHECK(raytetra_intersect_many(raytetra_find_algorithm("stp0"), 5, NULL, hits) == 0, "no pairs array");
    size_t count = raytetra_intersect_many(raytetra_find_algorithm("gpu_stp0"), 3, pairs + 2, hits);
    CHECK(count == 0 && hits[0].hit == RAYTETRA_ERROR_NOT_CPU && hits[2].hit == RAYTETRA_ERROR_NOT_CPU,
          "an OpenCL build in a CPU batch: every pair gets the code");
    free(pairs);
    free(hits);
    free(unchecked);
}

/* ---------------------------------------------------------------- extents */

/* The pair with P and Q moved along its line: P' = P + s (Q - P), Q' = P + e (Q - P), so that the
 * line's interval [t_enter, t_leave] falls before P', around it, inside, around Q' or after it. */
static raytetra_pair moved_along(raytetra_pair pair, double s, double e)
{
    for (int k = 0; k < 3; ++k) {
        double p = pair.p[k], d = pair.q[k] - pair.p[k];
        pair.p[k] = p + s * d;
        pair.q[k] = p + e * d;
    }
    return pair;
}

static raytetra_pair *extent_pairs(size_t n)
{
    raytetra_pair *pairs = random_pairs(n);
    for (size_t i = 0; i < n; ++i) {
        double s = 1.5 * uniform() - 0.5;
        pairs[i] = moved_along(pairs[i], s, s + 0.05 + 0.5 * uniform());
    }
    return pairs;
}

/* docs/SPECIFICATION.md section 9 written out on its own: the line's result `line` of `pair`
 * clipped to the ray or the segment by its t. */
static raytetra_hit clipped(const raytetra_pair *pair, raytetra_hit line, int extent)
{
    if (line.hit != 1 || extent == RAYTETRA_EXTENT_LINE)
        return line;
    if (line.t_leave < 0 || (extent == RAYTETRA_EXTENT_SEGMENT && line.t_enter > 1)) {
        line.hit = 0;
        line.enter_face = line.leave_face = -1;
        return line;
    }
    if (line.t_enter < 0) {
        line.enter_face = -1;
        memcpy(line.enter_point, pair->p, sizeof line.enter_point);
        line.u_enter[0] = line.u_enter[1] = 0;
        line.t_enter = 0;
    }
    if (extent == RAYTETRA_EXTENT_SEGMENT && line.t_leave > 1) {
        line.leave_face = -1;
        memcpy(line.leave_point, pair->q, sizeof line.leave_point);
        line.u_leave[0] = line.u_leave[1] = 0;
        line.t_leave = 1;
    }
    return line;
}

/* The ray and the segment on the CPU: the batch and the one-pair call give the line's results
 * clipped as the specification says, for fast, float, SIMD, exact and baseline forms, checked
 * and not (pairs in error keep their codes); each extent clips some hits and misses some of the
 * line's hits, so that the test can tell the extents apart. */
static void test_extents(void)
{
    raytetra_pair *pairs = extent_pairs(BATCH);
    spoil(pairs);
    raytetra_hit *line = malloc(BATCH * sizeof *line), *hits = malloc(BATCH * sizeof *hits);
    const char *names[] = {"stp0", "stp1f", "stp0r", "stp0v", "pluecker2", "moller1", "haines"};
    const int extents[] = {RAYTETRA_EXTENT_RAY, RAYTETRA_EXTENT_SEGMENT};
    for (size_t n = 0; n < sizeof names / sizeof names[0]; ++n)
        for (int e = 0; e < 2; ++e) {
            raytetra_algorithm a = raytetra_find_algorithm(names[n]);
            raytetra_options options = RAYTETRA_OPTIONS_INIT;
            raytetra_intersect_many_ex(a, BATCH, pairs, line, &options);
            options.extent = (size_t)extents[e];
            size_t count = raytetra_intersect_many_ex(a, BATCH, pairs, hits, &options);
            size_t expected_count = 0, lost = 0, enter_clipped = 0, leave_clipped = 0;
            int same = 1, same_one = 1;
            for (int i = 0; i < BATCH; ++i) {
                raytetra_hit expected = clipped(&pairs[i], line[i], extents[e]), one;
                same &= same_hit(&hits[i], &expected);
                raytetra_intersect_ex(a, &pairs[i], &one, &options);
                same_one &= same_hit(&one, &hits[i]);
                expected_count += expected.hit == 1;
                lost += line[i].hit == 1 && expected.hit == 0;
                enter_clipped += expected.hit == 1 && expected.enter_face == -1;
                leave_clipped += expected.hit == 1 && expected.leave_face == -1;
            }
            CHECK(same && count == expected_count, "%s on the %s: the batch differs from the clipped line (%zu hits, %zu)",
                  names[n], extents[e] == RAYTETRA_EXTENT_RAY ? "ray" : "segment", count, expected_count);
            CHECK(same_one, "%s on the %s: a one-pair call differs from the batch", names[n],
                  extents[e] == RAYTETRA_EXTENT_RAY ? "ray" : "segment");
            CHECK(lost > 0 && enter_clipped > 0 && (extents[e] == RAYTETRA_EXTENT_RAY) == (leave_clipped == 0),
                  "%s: the pairs exercise the extent (%zu lost, %zu clipped at P, %zu at Q)", names[n], lost,
                  enter_clipped, leave_clipped);
        }
    free(pairs);
    free(line);
    free(hits);
}

/* An extent this library does not know is refused by every call, the device's with a message. */
static void test_unknown_extent(raytetra_device *device)
{
    raytetra_pair pairs[2] = {example_pair(), example_pair()};
    raytetra_hit hits[2], one;
    raytetra_algorithm stp0 = raytetra_find_algorithm("stp0");
    const size_t unknown[] = {RAYTETRA_EXTENT_SEGMENT + 1, SIZE_MAX};
    for (int u = 0; u < 2; ++u) {
        raytetra_options options = RAYTETRA_OPTIONS_INIT;
        options.extent = unknown[u];
        CHECK(raytetra_intersect_ex(stp0, &pairs[0], &one, &options) == RAYTETRA_ERROR_BAD_OPTIONS &&
                  one.hit == RAYTETRA_ERROR_BAD_OPTIONS,
              "raytetra_intersect_ex with extent %zu", unknown[u]);
        CHECK(raytetra_intersect_many_ex(stp0, 2, pairs, hits, &options) == 0 &&
                  hits[0].hit == RAYTETRA_ERROR_BAD_OPTIONS && hits[1].hit == RAYTETRA_ERROR_BAD_OPTIONS,
              "raytetra_intersect_many_ex with extent %zu", unknown[u]);
        if (!device)
            continue;
        size_t count = 9;
        int status = raytetra_device_intersect_many_ex(device, stp0, 2, pairs, hits, &count, &options);
        CHECK(status == RAYTETRA_ERROR_BAD_OPTIONS && count == 0 && hits[1].hit == status &&
                  strstr(raytetra_device_message(device), "extent"),
              "raytetra_device_intersect_many_ex with extent %zu: %d '%s'", unknown[u], status,
              raytetra_device_message(device));
    }
}

/* ---------------------------------------------------------------- OpenCL */

typedef struct device_work {
    raytetra_device *device;
    const raytetra_pair *pairs;
    raytetra_hit *hits;
    int status;
} device_work;

static void *device_thread(void *argument)
{
    device_work *w = argument;
    w->status = raytetra_device_intersect_many(w->device, raytetra_find_algorithm("stp1"), BATCH, w->pairs, w->hits,
                                               NULL);
    return NULL;
}

/* The device's faces are the CPU's; its reals within a few roundings (another compiler). */
static int close_hits(const raytetra_hit *a, const raytetra_hit *b, double tolerance)
{
    if (a->hit != b->hit || a->enter_face != b->enter_face || a->leave_face != b->leave_face)
        return 0;
    return a->hit != 1 ||
           (distance(a->enter_point, b->enter_point) < tolerance && distance(a->leave_point, b->leave_point) < tolerance &&
            fabs(a->u_enter[0] - b->u_enter[0]) < tolerance && fabs(a->t_leave - b->t_leave) < tolerance);
}

/* The ray and the segment on the device equal the CPU's: a fast kernel (clipped on the device),
 * the robust one (clipped exactly on the host) and a float build, and the line again after them
 * (the kernel is rebuilt for each extent). */
static void test_device_extents(raytetra_device *device)
{
    raytetra_pair *pairs = extent_pairs(BATCH);
    spoil(pairs);
    raytetra_hit *on_device = malloc(BATCH * sizeof *on_device), *on_cpu = malloc(BATCH * sizeof *on_cpu);
    const char *names[] = {"stp1", "stp0r", "stp0f"};
    const int extents[] = {RAYTETRA_EXTENT_RAY, RAYTETRA_EXTENT_SEGMENT, RAYTETRA_EXTENT_LINE};
    for (int n = 0; n < 3; ++n)
        for (int e = 0; e < 3; ++e) {
            raytetra_algorithm a = raytetra_find_algorithm(names[n]);
            raytetra_options options = RAYTETRA_OPTIONS_INIT;
            options.extent = (size_t)extents[e];
            size_t hits = 0;
            int status = raytetra_device_intersect_many_ex(device, a, BATCH, pairs, on_device, &hits, &options);
            CHECK(status == RAYTETRA_OK, "%s, extent %d, on the device: %s", names[n], extents[e],
                  raytetra_device_message(device));
            size_t expected = raytetra_intersect_many_ex(a, BATCH, pairs, on_cpu, &options);
            double tolerance = raytetra_algorithm_properties(a) & RAYTETRA_PROPERTY_FLOAT ? 1e-5 : 1e-12;
            int same = 1;
            for (int i = 0; i < BATCH; ++i)
                same &= close_hits(&on_device[i], &on_cpu[i], tolerance);
            CHECK(same && hits == expected, "%s, extent %d: the device differs from the CPU (%zu hits, %zu)", names[n],
                  extents[e], hits, expected);
        }
    free(pairs);
    free(on_device);
    free(on_cpu);
}

static void test_device(void)
{
    int count = raytetra_device_count();
    char message[256] = "";
    raytetra_device *device = NULL;
    CHECK(raytetra_device_open(count, &device, message, sizeof message) == RAYTETRA_ERROR_NO_DEVICE && !device &&
              strstr(message, "does not exist"),
          "device %d of %d: '%s'", count, count, message);
    if (count <= 0) {
        printf("no OpenCL device: the device calls are not tested\n");
        return;
    }
    int status = raytetra_device_open(0, &device, message, sizeof message);
    CHECK(status == RAYTETRA_OK && device, "opening device 0: %s", message);
    if (!device)
        return;
    CHECK(strlen(raytetra_device_description(device)) > 0, "a description");

    raytetra_pair *pairs = random_pairs(BATCH);
    spoil(pairs);
    raytetra_hit *on_device = malloc(BATCH * sizeof *on_device), *on_cpu = malloc(BATCH * sizeof *on_cpu);
    raytetra_options any = RAYTETRA_OPTIONS_INIT;
    any.flags = RAYTETRA_ANY_ORIENTATION;
    const char *names[] = {"stp0", "gpu_stp0r", "pluecker0f"};
    for (int n = 0; n < 3; ++n)
        for (int with_any = 0; with_any < 2; ++with_any) {
            raytetra_algorithm a = raytetra_find_algorithm(names[n]);
            /* The CPU variant of the same row and precision: "gpu_stp0r" -> "stp0r". */
            raytetra_algorithm cpu = raytetra_find_algorithm(names[n] + (strncmp(names[n], "gpu_", 4) ? 0 : 4));
            size_t hits = 0;
            status = raytetra_device_intersect_many_ex(device, a, BATCH, pairs, on_device, &hits, with_any ? &any : NULL);
            CHECK(status == RAYTETRA_OK, "%s on the device: %s", names[n], raytetra_device_message(device));
            size_t expected = raytetra_intersect_many_ex(cpu, BATCH, pairs, on_cpu, with_any ? &any : NULL);
            double tolerance = raytetra_algorithm_properties(a) & RAYTETRA_PROPERTY_FLOAT ? 1e-5 : 1e-12;
            int same = 1;
            for (int i = 0; i < BATCH; ++i)
                same &= close_hits(&on_device[i], &on_cpu[i], tolerance);
            CHECK(same && hits == expected, "%s%s: the device differs from the CPU (%zu hits, %zu)", names[n],
                  with_any ? " (any orientation)" : "", hits, expected);
        }
    CHECK(strstr(raytetra_device_message(device), ".cl") != NULL, "the message names the kernel: '%s'",
          raytetra_device_message(device));
    CHECK(raytetra_device_log(device) != NULL, "a log");
    CHECK(raytetra_device_intersect_many(device, raytetra_find_algorithm("stp0v"), BATCH, pairs, on_device, NULL) ==
                  RAYTETRA_ERROR_NO_KERNEL &&
              on_device[0].hit == RAYTETRA_ERROR_NO_KERNEL && on_device[BATCH - 1].hit == RAYTETRA_ERROR_NO_KERNEL,
          "stp0v has no kernel: the call's code in every result");
    CHECK(raytetra_device_intersect_many(device, -3, BATCH, pairs, on_device, NULL) == RAYTETRA_ERROR_UNKNOWN_ALGORITHM,
          "an invalid handle");
    CHECK(raytetra_device_intersect_many(NULL, 0, BATCH, pairs, on_device, NULL) == RAYTETRA_ERROR_NULL_ARGUMENT,
          "no device");
    test_options_sizes(device);
    test_device_extents(device);
    test_unknown_extent(device);

    /* Two threads on one device: serialised, both right. */
    device_work work[2];
    pthread_t threads[2];
    for (int t = 0; t < 2; ++t) {
        work[t] = (device_work){device, pairs, malloc(BATCH * sizeof(raytetra_hit)), -100};
        pthread_create(&threads[t], NULL, device_thread, &work[t]);
    }
    raytetra_intersect_many(raytetra_find_algorithm("stp1"), BATCH, pairs, on_cpu);
    for (int t = 0; t < 2; ++t) {
        pthread_join(threads[t], NULL);
        int same = work[t].status == RAYTETRA_OK;
        for (int i = 0; i < BATCH && same; ++i)
            same &= close_hits(&work[t].hits[i], &on_cpu[i], 1e-12);
        CHECK(same, "thread %d on a shared device: status %d", t, work[t].status);
        free(work[t].hits);
    }
    raytetra_device_close(device);
    free(pairs);
    free(on_device);
    free(on_cpu);
}

/* A device without fp64 (RAYTETRA_ASSUME_NO_FP64 makes PoCL's CPU device one): it opens, its
 * float kernels run on single-precision buffers and agree with the CPU's float form, and a double
 * kernel is refused for the whole call with a message that says why. */
static void test_device_without_fp64(void)
{
    if (raytetra_device_count() <= 0)
        return;
    setenv("RAYTETRA_ASSUME_NO_FP64", "1", 1);
    char message[256] = "";
    raytetra_device *device = NULL;
    int status = raytetra_device_open(0, &device, message, sizeof message);
    CHECK(status == RAYTETRA_OK && device, "a device without fp64 opens: %s", message);
    if (device) {
        raytetra_pair *pairs = random_pairs(BATCH);
        raytetra_hit *on_device = malloc(BATCH * sizeof *on_device), *on_cpu = malloc(BATCH * sizeof *on_cpu);
        size_t hits = 0;
        status = raytetra_device_intersect_many(device, raytetra_find_algorithm("stp1f"), BATCH, pairs, on_device,
                                                &hits);
        CHECK(status == RAYTETRA_OK, "stp1f without fp64: %s", raytetra_device_message(device));
        size_t expected = raytetra_intersect_many(raytetra_find_algorithm("stp1f"), BATCH, pairs, on_cpu);
        int same = 1;
        for (int i = 0; i < BATCH; ++i)
            same &= close_hits(&on_device[i], &on_cpu[i], 1e-5);
        CHECK(status != RAYTETRA_OK || (same && hits == expected), "stp1f without fp64 differs from the CPU's (%zu hits, %zu)",
              hits, expected);
        status = raytetra_device_intersect_many(device, raytetra_find_algorithm("stp1"), BATCH, pairs, on_device, NULL);
        CHECK(status == RAYTETRA_ERROR_NO_DEVICE && on_device[0].hit == RAYTETRA_ERROR_NO_DEVICE &&
                  strstr(raytetra_device_message(device), "fp64"),
              "stp1 (double) without fp64 refused, saying why: %d '%s'", status, raytetra_device_message(device));
        raytetra_device_close(device);
        free(pairs);
        free(on_device);
        free(on_cpu);
    }
    unsetenv("RAYTETRA_ASSUME_NO_FP64");
}

/* The whole of a file, malloc'd and terminated; NULL if it cannot be read. */
static char *read_text(const char *path)
{
    FILE *file = fopen(path, "rb");
    if (!file)
        return NULL;
    size_t size = 0, capacity = 4096;
    char *text = malloc(capacity);
    size_t got;
    while (text && (got = fread(text + size, 1, capacity - size - 1, file)) > 0) {
        size += got;
        if (capacity - size - 1 == 0)
            text = realloc(text, capacity *= 2);
    }
    fclose(file);
    if (text)
        text[size] = '\0';
    return text;
}

/* `first_line`, then the repository's kernel file `name` (the test runs in the repository's
 * root, as tests/run_tests.sh runs it), as `folder`/`name`. */
static int write_kernel(const char *folder, const char *name, const char *first_line)
{
    char source[512], target[700];
    snprintf(source, sizeof source, "kernels/%s", name);
    snprintf(target, sizeof target, "%s/%s", folder, name);
    char *text = read_text(source);
    FILE *file = text ? fopen(target, "w") : NULL;
    int written = file && fprintf(file, "%s\n%s", first_line, text) > 0;
    if (file)
        written &= fclose(file) == 0;
    free(text);
    return written ? 0 : -1;
}

static void restore_env(const char *name, char *saved)
{
    if (saved)
        setenv(name, saved, 1);
    else
        unsetenv(name);
    free(saved);
}

static char *saved_env(const char *name) { return getenv(name) ? strdup(getenv(name)) : NULL; }

/* The library never prints, not even what the OpenCL compiler writes to stderr: a kernel that
 * warns (STP form 0) and one that fails to build (form 1), in a kernel folder of their own and
 * an empty binary cache, built with this process's fd 2 pointed at a file, which stays empty.
 * The device log holds the failed build's log and, on PoCL, the summary lines its compiler
 * wrote to stderr ("1 warning generated.", "1 error generated."). (PoCL 3.1 leaves the build
 * log of these kernels empty when the build succeeds, warning or not.) */
static void test_device_build_messages(void)
{
    if (raytetra_device_count() <= 0)
        return;
    char folder[] = "/tmp/test_library.XXXXXX";
    CHECK(mkdtemp(folder) != NULL, "a temporary folder");
    char kernels[600], cache[600], captured[600];
    snprintf(kernels, sizeof kernels, "%s/kernels", folder);
    snprintf(cache, sizeof cache, "%s/cache", folder);
    snprintf(captured, sizeof captured, "%s/stderr.txt", folder);
    CHECK(mkdir(kernels, 0700) == 0 && mkdir(cache, 0700) == 0, "folders in %s", folder);
    /* One file builds every form: STP form 0 warns, form 1 fails. */
    CHECK(write_kernel(kernels, "RayTetraForm.cl",
                       "#if RT_FORM == 1\n#error test_library: this kernel fails\n#else\n"
                       "#warning test_library: this kernel warns\n#endif") == 0,
          "kernels/RayTetraForm.cl copied (run the test from the repository's root)");
    char *kernel_dir = saved_env("RAYTETRA_KERNEL_DIR"), *cache_dir = saved_env("RAYTETRA_CACHE_DIR");
    setenv("RAYTETRA_KERNEL_DIR", kernels, 1);
    setenv("RAYTETRA_CACHE_DIR", cache, 1);

    raytetra_pair *pairs = random_pairs(BATCH);
    raytetra_hit *hits = malloc(BATCH * sizeof *hits);
    fflush(stderr);
    int own_stderr = dup(2), file = open(captured, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    int redirected = own_stderr >= 0 && file >= 0 && dup2(file, 2) == 2;
    /* No CHECK until fd 2 is back: its messages would land in the file. */
    raytetra_device *device = NULL;
    int opened = raytetra_device_open(0, &device, NULL, 0);
    int warned = device ? raytetra_device_intersect_many(device, raytetra_find_algorithm("stp0"), BATCH, pairs, hits,
                                                         NULL)
                        : opened;
    int failed = device ? raytetra_device_intersect_many(device, raytetra_find_algorithm("stp1"), BATCH, pairs, hits,
                                                         NULL)
                        : opened;
    char *log = strdup(device ? raytetra_device_log(device) : "");
    int pocl = device && strstr(raytetra_device_description(device), "Portable Computing Language") != NULL;
    raytetra_device_close(device);
    fflush(stderr);
    if (own_stderr >= 0) {
        dup2(own_stderr, 2);
        close(own_stderr);
    }
    if (file >= 0)
        close(file);

    CHECK(redirected, "fd 2 pointed at %s", captured);
    CHECK(opened == RAYTETRA_OK && warned == RAYTETRA_OK && failed == RAYTETRA_ERROR_OPENCL,
          "open %d, the kernel that warns %d, the kernel that fails %d (expected %d)", opened, warned, failed,
          RAYTETRA_ERROR_OPENCL);
    char *printed = read_text(captured);
    CHECK(printed && printed[0] == '\0', "the library printed on stderr: '%s'", printed ? printed : "(unreadable)");
    CHECK(strstr(log, "this kernel fails") != NULL, "a failed build's error in the device log: '%s'", log);
    if (pocl)
        CHECK(strstr(log, "warning generated") && strstr(log, "error generated"),
              "PoCL's compiler output on stderr in the device log: '%s'", log);
    free(printed);
    free(log);
    free(hits);
    free(pairs);
    restore_env("RAYTETRA_KERNEL_DIR", kernel_dir);
    restore_env("RAYTETRA_CACHE_DIR", cache_dir);
    char command[700];
    snprintf(command, sizeof command, "rm -rf '%s'", folder);
    CHECK(system(command) == 0, "%s removed", folder);
}

int main(void)
{
    test_threads(); /* first: the library's first use happens in several threads at once */
    test_names();
    test_example();
    test_errors();
    test_options_sizes(NULL);
    test_extents();
    test_unknown_extent(NULL);
    test_any_orientation();
    test_batches();
    test_device();
    test_device_without_fp64();
    test_device_build_messages();
    return check_summary("test_library");
}
