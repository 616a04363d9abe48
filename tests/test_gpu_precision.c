/* test_gpu_precision: the float builds of the OpenCL kernels and the robust kernel, on the first
 * device (PoCL here; $RAYTETRA_TEST_DEVICE picks another).
 *  - the registry: every float build is its double twin's .cl file and function with -DRT_SINGLE
 *    added, named CSV + "F"; gpu_algorithm_in_precision maps between them; a kernel with a host
 *    finishing step (GPU_STP0R) has no float build;
 *  - each float kernel (single-precision buffers, the default) against the exact classifier on
 *    random pairs: hit/miss and faces agree on all but the rate allowed to the CPU float
 *    variants (tests/test_float.c: 0.5%), points and t within the float tolerance (1e-4 of the
 *    tetrahedron's size: float_allowance.h); and its results are those of its build with double
 *    buffers (--float-data double), byte for byte (test_gpu_float_data.c: every level and layout);
 *  - every kernel marked exact (GPU_STP0R) equals exact_classify (hit, enter and leave face) on
 *    every pair of every class of RandomRayTetra, and some pairs did take the host's exact path;
 *    at the compact output levels (faces, in both result layouts and on the segment, and hit) it
 *    flags the same pairs, and each record is the level's fields of its full record and of the
 *    CPU stp0r's (gpu_layout_level), the pairs decided on the host included;
 *  - the build options are part of the cache key: the float build of a file is not served the
 *    double build's binary. One temporary cache folder serves the whole test. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "cpu/extent_run.h"
#include "extent.h"
#include "fixtures.h"
#include "gpu_fixtures.h"
#include "exact.h"
#include "float_allowance.h"
#include "generator/generator.h"
#include "opencl/gpu_layout.h"
#include "registry/registry.h"

#define RANDOM_PAIRS 20000
#define PER_CLASS 300

/* Prepare and run once; returns 0, or -1 after recording a failed check. */
static int run(gpu_handler *h, const gpu_algorithm *a, const pair_set *set, ray_tetra_result *results,
               gpu_times *times)
{
    error_text err;
    int status = gpu_prepare(h, a, 0, &err);
    if (status == 0)
        status = gpu_run(h, set, results, 1, times, &err);
    CHECK(status == 0, "%s: %s", a->csv_name, err.text);
    return status;
}

static void test_table(void)
{
    int count, doubles = 0, twins = 0;
    const gpu_algorithm *all = gpu_algorithms(&count);
    for (int i = 0; i < count; ++i) {
        const gpu_algorithm *d = &all[i];
        if (d->precision != CPU_PRECISION_DOUBLE) {
            CHECK(gpu_algorithm_in_precision(d, CPU_PRECISION_DOUBLE) != NULL, "%s has no double twin", d->csv_name);
            continue;
        }
        ++doubles;
        const gpu_algorithm *f = gpu_algorithm_in_precision(d, CPU_PRECISION_FLOAT);
        CHECK(d->robust == (d->finish != NULL), "%s: robust means a host finishing step", d->csv_name);
        if (!f)
            continue;
        ++twins;
        CHECK(!d->finish, "%s has a float build but finishes on the host", d->csv_name);
        CHECK(f->precision == CPU_PRECISION_FLOAT && gpu_algorithm_in_precision(f, CPU_PRECISION_DOUBLE) == d,
              "%s <-> %s", d->csv_name, f->csv_name);
        CHECK(strcmp(d->kernel_file, f->kernel_file) == 0 && strcmp(d->kernel_name, f->kernel_name) == 0,
              "%s is not built from %s's source", f->csv_name, d->csv_name);
        char expected[256];
        snprintf(expected, sizeof expected, "%s%s-DRT_SINGLE", d->build_options, d->build_options[0] ? " " : "");
        CHECK(strcmp(f->build_options, expected) == 0, "%s options '%s', expected '%s'", f->csv_name,
              f->build_options, expected);
        snprintf(expected, sizeof expected, "%sF", d->csv_name);
        CHECK(strcmp(f->csv_name, expected) == 0, "%s, expected %s", f->csv_name, expected);
    }
    CHECK(doubles > 0 && twins > 0, "%d double kernels, %d with a float build", doubles, twins);
    const gpu_algorithm *robust = gpu_algorithm_get(8);
    CHECK(robust && robust->robust && strcmp(robust->csv_name, "GPU_STP0R") == 0 &&
              robust->precision == CPU_PRECISION_DOUBLE && gpu_algorithm_in_precision(robust, CPU_PRECISION_FLOAT) == NULL,
          "GPU_STP0R is the thesis' -g 8");
}

/* Each float kernel against the exact reference on random pairs, and against its own build with
 * double buffers. */
static void test_float(gpu_handler *h, const pair_set *set, const ray_tetra_result *reference)
{
    ray_tetra_result *results = calloc(set->count, sizeof *results);
    ray_tetra_result *doubles = calloc(set->count, sizeof *doubles);
    int count;
    const gpu_algorithm *all = gpu_algorithms(&count);
    for (int a = 0; a < count; ++a) {
        const gpu_algorithm *g = &all[a];
        if (g->precision != CPU_PRECISION_FLOAT)
            continue;
        gpu_times times;
        if (run(h, g, set, results, &times) != 0)
            continue;
        /* Every float build is new to the cache, although its double twin (GPU_STP0) is in it. */
        CHECK(gpu_program_origin_of(h) == GPU_PROGRAM_BUILT, "%s: %s", g->csv_name, gpu_program_note(h));
        float_allowance_check(g->csv_name, GPU_OUTPUT_ALL, set, results, reference);
        gpu_config config = GPU_CONFIG_DEFAULT;
        config.float_data = GPU_FLOAT_DATA_DOUBLE;
        gpu_set_config(h, &config);
        if (run(h, g, set, doubles, &times) == 0)
            CHECK(memcmp(results, doubles, set->count * sizeof *results) == 0,
                  "%s: single-precision buffers give other results than double ones", g->csv_name);
        gpu_set_config(h, &GPU_CONFIG_DEFAULT);
    }
    free(doubles);
    free(results);
}

/* Whether two results are the same bytes but for `uncertain` (which the conversions of the
 * levels leave as they find it). */
static int same_result(const ray_tetra_result *a, const ray_tetra_result *b)
{
    size_t skip = offsetof(ray_tetra_result, uncertain), rest = skip + sizeof a->uncertain;
    return memcmp(a, b, skip) == 0 && memcmp((const char *)a + rest, (const char *)b + rest, sizeof *a - rest) == 0;
}

/* Pairs of `results` (a run at `output`) other than the level's fields of `full`; the first in *first. */
static size_t differ_from_level(gpu_output output, const ray_tetra_result *full, const ray_tetra_result *results,
                                size_t count, size_t *first)
{
    size_t differ = 0;
    for (size_t i = 0; i < count; ++i) {
        ray_tetra_result expected;
        gpu_layout_level(output, &full[i], &expected);
        if (!same_result(&expected, &results[i]) && differ++ == 0)
            *first = i;
    }
    return differ;
}

/* A kernel with a host finishing step (GPU_STP0R) at the compact levels: the pairs flagged at
 * level all (`flagged` of them) flagged again, and every record the level's fields of the full
 * records `full` (the same kernel's) and of the CPU twin's (stp0r's: `cpu` on the line, clipped
 * by the host on the segment, as the kernel's are). */
static void test_exact_levels(gpu_handler *h, const gpu_algorithm *exact, const cpu_algorithm *twin,
                              const pair_set *set, const ray_tetra_result *full, const ray_tetra_result *cpu,
                              size_t flagged)
{
    static const struct {
        gpu_output output;
        gpu_layout result_layout;
        int extent;
        const char *name;
    } levels[] = {{GPU_OUTPUT_FACES, GPU_LAYOUT_AOS, RT_EXTENT_LINE, "faces"},
                  {GPU_OUTPUT_FACES, GPU_LAYOUT_SOA, RT_EXTENT_LINE, "faces, result layout soa"},
                  {GPU_OUTPUT_HIT, GPU_LAYOUT_AOS, RT_EXTENT_LINE, "hit"},
                  /* The robust kernel computes the line at every extent: no build of its own. */
                  {GPU_OUTPUT_FACES, GPU_LAYOUT_AOS, RT_EXTENT_SEGMENT, "faces, segment"}};
    ray_tetra_result *results = calloc(set->count, sizeof *results);
    ray_tetra_result *clipped = calloc(set->count, sizeof *clipped);
    for (size_t l = 0; l < sizeof levels / sizeof levels[0]; ++l) {
        gpu_config config = GPU_CONFIG_DEFAULT;
        config.output = levels[l].output;
        config.result_layout = levels[l].result_layout;
        config.extent = levels[l].extent;
        gpu_set_config(h, &config);
        gpu_times times;
        if (run(h, exact, set, results, &times) != 0)
            continue;
        CHECK(times.uncertain == flagged, "%s, output %s: %zu pairs decided on the host, %zu at output all",
              exact->csv_name, levels[l].name, times.uncertain, flagged);
        size_t first = 0, differ;
        if (levels[l].extent == RT_EXTENT_LINE) {
            differ = differ_from_level(levels[l].output, full, results, set->count, &first);
            CHECK(differ == 0, "%s, output %s: %zu records unlike the full record's fields (first: pair %zu)",
                  exact->csv_name, levels[l].name, differ, first);
        } else {
            cpu_algorithm_run_extent(twin, set, clipped, 1, levels[l].extent);
        }
        differ = differ_from_level(levels[l].output, levels[l].extent == RT_EXTENT_LINE ? cpu : clipped, results,
                                   set->count, &first);
        CHECK(differ == 0, "%s, output %s: %zu records unlike the CPU %s's at that level (first: pair %zu)",
              exact->csv_name, levels[l].name, differ, twin->name, first);
    }
    gpu_set_config(h, &GPU_CONFIG_DEFAULT);
    free(clipped);
    free(results);
}

/* A kernel marked exact against its CPU twin (stp0r) on the same pairs, given the kernel's full
 * records `full` with `flagged` pairs decided on the host: the same full records, then, for a
 * kernel with a host finishing step, the compact levels. */
static void test_exact_twin(gpu_handler *h, const gpu_algorithm *exact, const pair_set *set,
                            const ray_tetra_result *full, size_t flagged)
{
    const cpu_algorithm *twin = cpu_algorithm_find(exact->name);
    ray_tetra_result *cpu = calloc(set->count, sizeof *cpu);
    CHECK(twin != NULL && cpu != NULL, "%s: no CPU algorithm %s, or out of memory", exact->csv_name, exact->name);
    if (twin && cpu) {
        cpu_algorithm_run(twin, set, cpu, 1);
        size_t first = 0, differ = differ_from_level(GPU_OUTPUT_ALL, cpu, full, set->count, &first);
        CHECK(differ == 0, "%s: %zu full records unlike the CPU %s's (first: pair %zu)", exact->csv_name, differ,
              exact->name, first);
        if (exact->finish)
            test_exact_levels(h, exact, twin, set, full, cpu, flagged);
    }
    free(cpu);
}

/* A kernel marked exact (GPU_STP0R) against exact_classify on every class, then against its CPU
 * twin at every output level. */
static void test_exact(gpu_handler *h, const gpu_algorithm *exact)
{
    pair_set set;
    pair_classes classes;
    fixture_class_pairs(6, PER_CLASS / 2, PER_CLASS / 2, PER_CLASS, &set, &classes);
    ray_tetra_result *results = calloc(set.count, sizeof *results);
    gpu_times times;
    if (run(h, exact, &set, results, &times) == 0) {
        size_t wrong[PAIRS_CLASSES_MAX] = {0}, first[PAIRS_CLASSES_MAX] = {0};
        for (size_t i = 0; i < set.count; ++i) {
            int enter, leave;
            int hit = exact_classify(&set.pairs[i], &enter, &leave);
            const ray_tetra_result *r = &results[i];
            int same = (r->hit != 0) == (hit != 0) && (!hit || (r->enter_face == enter && r->leave_face == leave));
            if (!same && wrong[classes.of_pair[i]]++ == 0)
                first[classes.of_pair[i]] = i;
        }
        for (int c = 0; c < classes.name_count; ++c)
            CHECK(wrong[c] == 0, "%s, class %s: %zu pairs differ from exact_classify (first: pair %zu)",
                  exact->csv_name, classes.names[c], wrong[c], first[c]);
        printf("%s: %zu pairs, %d classes, %zu decided on the host (%.3f ms)\n", exact->csv_name, set.count,
               classes.name_count, times.uncertain, times.finish_ms);
        /* edge, vertex, face-cross and face-miss all have exactly-zero signs. */
        CHECK(!exact->finish || times.uncertain >= 4 * PER_CLASS, "%s: only %zu pairs took the host's exact path",
              exact->csv_name, times.uncertain);
        CHECK(times.finish_ms <= times.read_ms, "the host's decision (%.3f ms) is not inside the read time (%.3f ms)",
              times.finish_ms, times.read_ms);
        test_exact_twin(h, exact, &set, results, times.uncertain);
    }
    free(results);
    pair_classes_free(&classes);
    pair_set_free(&set);
}

/* The float build of a file must not be served the double build's cached binary. */
static void test_cache_key(gpu_handler *h, const pair_set *set)
{
    pair_set few = {set->count < 64 ? set->count : 64, set->pairs};
    ray_tetra_result results[64];
    gpu_times times;
    if (run(h, gpu_algorithm_get(1), &few, results, &times) == 0)
        CHECK(gpu_program_origin_of(h) == GPU_PROGRAM_CACHED, "GPU_STP0 again: %s", gpu_program_note(h));
    if (run(h, gpu_algorithm_get(5), &few, results, &times) == 0)
        CHECK(gpu_program_origin_of(h) == GPU_PROGRAM_CACHED, "GPU_STP0F again: %s", gpu_program_note(h));
}

int main(void)
{
    char cache_dir[4096];
    gpu_fixture_cache("raytetra-gpu-precision.XXXXXX", cache_dir, sizeof cache_dir);
    test_table();

    pair_set set;
    fixture_pairs(2026, RANDOM_PAIRS / 2, RANDOM_PAIRS / 2, &set);
    ray_tetra_result *reference = fixture_exact_results(&set);

    gpu_handler *h = gpu_fixture_open("test_gpu_precision");
    printf("device: %s\n", gpu_device_description(h));
    /* GPU_STP0 first, so that its binary is in the cache before GPU_STP0F is built. */
    pair_set few = {64, set.pairs};
    ray_tetra_result results[64];
    gpu_times times;
    run(h, gpu_algorithm_get(1), &few, results, &times);
    test_float(h, &set, reference);
    int count, exact = 0;
    const registry_variant *variants = registry_variants(&count);
    for (int i = 0; i < count; ++i)
        if (variants[i].gpu && (variants[i].algorithm->properties & REGISTRY_EXACT)) {
            test_exact(h, variants[i].gpu);
            ++exact;
        }
    CHECK(exact > 0, "no OpenCL kernel marked exact");
    test_cache_key(h, &set);
    gpu_close(h);

    free(reference);
    pair_set_free(&set);
    fixture_remove_dir(cache_dir);
    return check_summary("test_gpu_precision");
}
