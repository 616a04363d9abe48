/* test_gpu_precomputed: the precomputed forms' kernels (RayTetraPrecomputed.cl: each pair's table
 * made on the device, then the form run on it) on the OpenCL device (RAYTETRA_TEST_DEVICE,
 * default 0; PoCL in the test runs).
 *  - Every one, double and float, agrees with the exact classifier on random pairs: the double
 *    ones in every field (within 1e-9, as Bench verifies), the float ones within Bench's float
 *    allowance (BENCH_FLOAT_MISMATCH_RATE of the pairs, float tolerance).
 *  - The Plücker ones equal the plain form's kernel of their precision (RayTetraForm.cl, the same
 *    -DRT_STP=0 -DRT_FORM=n) bit for bit, on random pairs and every degenerate class, in every
 *    configuration the host offers: pageable and pinned transfers, aos and soa input, output
 *    levels all, faces and hit, records as arrays, the ray and the segment, chunks, several
 *    pairs per work-item, the float builds' single and double data (--float-data); and the
 *    end-to-end run equals the steps run.
 *  - The STP ones give the plain STP kernel's hit/miss, faces and t (within 1e-9) on random
 *    pairs in those configurations; the branch-free Badouel's (RayTetraBadouelB.cl, its table
 *    of face planes) give those of Badouel's per-face kernel (RayTetraField.cl).
 *  - A precomputed kernel reports its tables' time, a plain one none.
 * The configurations rotate over the forms (each form and precision runs two of them) to keep
 * the number of kernel builds down; every configuration runs in both precisions. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench.h"
#include "check.h"
#include "compare.h"
#include "extent.h"
#include "fixtures.h"
#include "gpu_fixtures.h"
#include "opencl/gpu_overlap.h"
#include "registry/registry.h"

#define TOLERANCE 1e-9
#define FLOAT_TOLERANCE 1e-3

/* The host's configurations: the default first (pageable as Bench runs, the thesis' layouts, the
 * float builds' default single data); a field not named has its default (gpu_config.h: aos,
 * all, one pair a work-item, the line, pinned, single data). */
typedef struct configuration {
    const char *name;
    const char *chunk_pairs; /* RAYTETRA_MAX_CHUNK_PAIRS; NULL: none */
    gpu_config config;
} configuration;

static const configuration CONFIGS[] = {
    {"pageable, aos, all", NULL, {.transfers = GPU_TRANSFERS_PAGEABLE}},
    {"pinned, soa input, faces as arrays", NULL,
     {.layout = GPU_LAYOUT_SOA, .output = GPU_OUTPUT_FACES, .result_layout = GPU_LAYOUT_SOA}},
    {"hit, 3 pairs a work-item, chunks of 333, double data", "333",
     {.output = GPU_OUTPUT_HIT, .pairs_per_item = 3, .transfers = GPU_TRANSFERS_PAGEABLE,
      .float_data = GPU_FLOAT_DATA_DOUBLE}},
    {"segment, records as arrays, pinned in 4 chunks", NULL,
     {.extent = RT_EXTENT_SEGMENT, .result_layout = GPU_LAYOUT_SOA, .transfer_chunks = 4}},
    {"ray, soa input, faces, double data", NULL,
     {.layout = GPU_LAYOUT_SOA, .output = GPU_OUTPUT_FACES, .extent = RT_EXTENT_RAY,
      .transfers = GPU_TRANSFERS_PAGEABLE, .float_data = GPU_FLOAT_DATA_DOUBLE}},
};
#define CONFIG_COUNT ((int)(sizeof CONFIGS / sizeof CONFIGS[0]))

/* Run `g` under `c` into `results` (zeroed first, so that equal runs are equal bytes). */
static int run(gpu_handler *h, const gpu_algorithm *g, const configuration *c, const pair_set *set,
               ray_tetra_result *results, gpu_times *times)
{
    error_text err;
    memset(results, 0, set->count * sizeof *results);
    if (c->chunk_pairs)
        setenv("RAYTETRA_MAX_CHUNK_PAIRS", c->chunk_pairs, 1);
    gpu_set_config(h, &c->config);
    int status = gpu_prepare(h, g, 0, &err);
    if (status == 0)
        status = gpu_run(h, set, results, 2, times, &err);
    unsetenv("RAYTETRA_MAX_CHUNK_PAIRS");
    CHECK(status == 0, "%s (%s): %s", g->csv_name, c->name, err.text);
    return status;
}

/* The branch-free Badouel's kernels (RayTetraBadouelB.cl, its table of face planes). */
static int is_badouelb(const gpu_algorithm *g) { return strcmp(g->kernel_file, "RayTetraBadouelB.cl") == 0; }

/* The plain form's kernel of a precomputed row, in its precision: RayTetraForm.cl; for the
 * branch-free Badouel, Badouel's per-face kernel (RayTetraField.cl). */
static gpu_algorithm plain_twin(const gpu_algorithm *g, char *options, size_t size)
{
    if (is_badouelb(g)) {
        snprintf(options, size, "-DRT_FIELD=1 -DRT_KERNEL_NAME=ray_tetra_field%s",
                 g->precision == CPU_PRECISION_FLOAT ? " -DRT_SINGLE" : "");
        return (gpu_algorithm){-1, g->name, g->csv_name, "RayTetraField.cl", "ray_tetra_field", g->precision,
                               options, g->double_name, 0, NULL, NULL, 0};
    }
    snprintf(options, size, "%s", g->build_options); /* -DRT_STP=s -DRT_FORM=n [-DRT_SINGLE] */
    return (gpu_algorithm){-1, g->name, g->csv_name, "RayTetraForm.cl", "ray_tetra_form", g->precision, options,
                           g->double_name, 0, NULL, NULL, 0};
}

/* A precomputed kernel whose arithmetic is not its twin's: the STP forms and the branch-free
 * Badouel (compared in hit, faces and t on random pairs). */
static int arithmetic_differs(const gpu_algorithm *g)
{
    return strstr(g->build_options, "-DRT_STP=1") != NULL || is_badouelb(g);
}

/* Whether hit/miss, faces or t (within `tolerance`, relative to 1 + |t|) differ. */
static int hit_faces_t_differ(const ray_tetra_result *a, const ray_tetra_result *b, double tolerance)
{
    return a->hit != b->hit || a->enter_face != b->enter_face || a->leave_face != b->leave_face ||
           (a->hit && (fabs(a->t_enter - b->t_enter) > tolerance * (1 + fabs(b->t_enter)) ||
                       fabs(a->t_leave - b->t_leave) > tolerance * (1 + fabs(b->t_leave))));
}

/* Every precomputed kernel against the exact classifier on random pairs (default configuration). */
static void agree_with_exact(gpu_handler *h, const gpu_algorithm *all, int count)
{
    pair_set set;
    fixture_pairs(3301, 5000, 5000, &set);
    ray_tetra_result *reference = fixture_exact_results(&set);
    ray_tetra_result *results = malloc(set.count * sizeof *results);
    int tested = 0;
    for (int a = 0; a < count && results; ++a) {
        gpu_times times;
        if (!all[a].precompute_kernel || run(h, &all[a], &CONFIGS[0], &set, results, &times) != 0)
            continue;
        ++tested;
        CHECK(times.precompute_ms > 0, "%s: no time for its tables", all[a].csv_name);
        int single = all[a].precision == CPU_PRECISION_FLOAT;
        size_t wrong = 0, first = 0;
        const char *why = "";
        for (size_t i = 0; i < set.count; ++i) {
            const char *reason =
                result_difference(&set.pairs[i], &results[i], &reference[i], single ? FLOAT_TOLERANCE : TOLERANCE);
            if (reason && wrong++ == 0) {
                first = i;
                why = reason;
            }
        }
        double allowed = single ? BENCH_FLOAT_MISMATCH_RATE * (double)set.count : 0;
        CHECK((double)wrong <= allowed, "%s: %zu of %zu pairs differ from the exact classifier (first: pair %zu, %s)",
              all[a].csv_name, wrong, set.count, first, why);
    }
    CHECK(tested == 14, "%d precomputed kernels, expected 14 (Plücker and STP forms 0-2 and the branch-free Badouel, "
                        "double and float)", tested);
    free(results);
    free(reference);
    pair_set_free(&set);
}

/* In two configurations each, against the plain form's kernel of the same precision and
 * configuration: the Plücker kernels bit for bit on every pair, the STP kernels' hit/miss, faces
 * and t on the random pairs (degenerate ones may round to other faces: L . (vj x vi) is not
 * (L x vj) . vi); then the precomputed kernel end to end as its steps run. */
static void same_in_every_configuration(gpu_handler *h, const gpu_algorithm *all, int count)
{
    enum { RANDOM = 3000 };
    pair_set set;
    fixture_class_pairs(3302, RANDOM / 2, RANDOM / 2, 250, &set, NULL);
    size_t bytes = set.count * sizeof(ray_tetra_result);
    ray_tetra_result *pre = malloc(bytes), *plain = malloc(bytes);
    int k = 0, runs[CONFIG_COUNT] = {0};
    for (int a = 0; a < count && pre && plain; ++a) {
        const gpu_algorithm *g = &all[a];
        if (!g->precompute_kernel)
            continue;
        /* The default, and one other configuration in turn. */
        int chosen[2] = {0, 1 + k++ % (CONFIG_COUNT - 1)};
        for (int n = 0; n < 2; ++n) {
            const configuration *c = &CONFIGS[chosen[n]];
            char options[160];
            gpu_algorithm twin = plain_twin(g, options, sizeof options);
            gpu_times plain_times, times;
            if (run(h, &twin, c, &set, plain, &plain_times) != 0 || run(h, g, c, &set, pre, &times) != 0)
                continue;
            ++runs[chosen[n]];
            CHECK(plain_times.precompute_ms == 0 && times.precompute_ms > 0,
                  "%s (%s): tables' time %g ms, the plain kernel's %g ms", g->csv_name, c->name, times.precompute_ms,
                  plain_times.precompute_ms);
            if (arithmetic_differs(g)) {
                int hit_only = c->config.output == GPU_OUTPUT_HIT;
                double tolerance = g->precision == CPU_PRECISION_FLOAT ? FLOAT_TOLERANCE : TOLERANCE;
                size_t differ = 0;
                for (size_t i = 0; i < RANDOM; ++i)
                    differ += hit_only ? pre[i].hit != plain[i].hit : hit_faces_t_differ(&pre[i], &plain[i], tolerance);
                CHECK(differ == 0, "%s (%s): %zu random pairs differ from RayTetraForm.cl %s", g->csv_name, c->name,
                      differ, options);
            } else {
                CHECK(memcmp(pre, plain, bytes) == 0, "%s (%s) differs from RayTetraForm.cl %s", g->csv_name, c->name,
                      options);
            }
        }
        /* The last configuration's precomputed kernel end to end (pinned, 3 chunks, overlapped). */
        error_text err;
        memset(plain, 0, bytes);
        gpu_end_to_end e2e;
        gpu_prepared kernel;
        gpu_handler_prepared(h, &kernel);
        CHECK(gpu_run_end_to_end(&kernel, &set, plain, 3, &e2e, &err) == 0, "%s end to end: %s", g->csv_name, err.text);
        CHECK(memcmp(pre, plain, bytes) == 0, "%s: the end-to-end run differs from the steps run", g->csv_name);
    }
    for (int c = 0; c < CONFIG_COUNT; ++c)
        CHECK(runs[c] >= 2, "configuration '%s' ran %d times, expected both precisions", CONFIGS[c].name, runs[c]);
    free(pre);
    free(plain);
    pair_set_free(&set);
}

int main(void)
{
    gpu_handler *h = gpu_fixture_open("test_gpu_precomputed");
    int count;
    const gpu_algorithm *all = gpu_algorithms(&count);
    agree_with_exact(h, all, count);
    same_in_every_configuration(h, all, count);
    gpu_close(h);
    return check_summary("test_gpu_precomputed");
}
