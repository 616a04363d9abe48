/* test_gpu: the OpenCL path on the first device (PoCL in CI; $RAYTETRA_TEST_DEVICE picks
 * another): every kernel against the exact classifier and its CPU form on 100,000 random pairs;
 * the generic kernel RayTetraForm.cl for every Plücker and STP form;
 * chunked runs equal single launches; pair counts that are not a multiple of the local size,
 * 0 and 1; local-size validation; and the binary cache: a second build is served from it, and
 * damaged, stale or driver-refused entries are rebuilt with correct results.
 * All builds share one temporary cache folder, so each kernel compiles from source only once
 * (plus the deliberate rebuilds). */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "registry/registry.h"
#include "check.h"
#include "fixtures.h"
#include "gpu_fixtures.h"
#include "compare.h"
#include "exact.h"
#include "generator/generator.h"
#include "opencl/gpu_cache.h"

#define PAIRS 100000
#define TOLERANCE 1e-9

/* Prepare and run; returns 0, or -1 after recording a failed check. */
static int run(gpu_handler *h, const gpu_algorithm *algorithm, size_t local_size, const pair_set *set,
               ray_tetra_result *results, int reps, gpu_times *times)
{
    error_text err;
    int status = gpu_prepare(h, algorithm, local_size, &err);
    if (status == 0)
        status = gpu_run(h, set, results, reps, times, &err);
    CHECK(status == 0, "%s (%s %s), local size %zu, %zu pairs: %s", algorithm->csv_name, algorithm->kernel_file,
          algorithm->build_options, local_size, set->count, err.text);
    return status;
}

/* Number of pairs whose results differ beyond TOLERANCE; the first reason in *why. */
static size_t differences(const pair_set *set, const ray_tetra_result *a, const ray_tetra_result *b, size_t *first,
                          const char **why)
{
    size_t count = 0;
    for (size_t i = 0; i < set->count; ++i) {
        const char *reason = result_difference(&set->pairs[i], a + i, b + i, TOLERANCE);
        if (reason && count++ == 0) {
            *first = i;
            *why = reason;
        }
    }
    return count;
}

static int same_results(const ray_tetra_result *a, const ray_tetra_result *b, size_t count)
{
    for (size_t i = 0; i < count; ++i) {
        if (a[i].hit != b[i].hit || a[i].enter_face != b[i].enter_face || a[i].leave_face != b[i].leave_face)
            return 0;
        if (a[i].hit && (memcmp(&a[i].enter_point, &b[i].enter_point, sizeof a[i].enter_point) != 0 ||
                         memcmp(&a[i].leave_point, &b[i].leave_point, sizeof a[i].leave_point) != 0 ||
                         a[i].u_enter1 != b[i].u_enter1 || a[i].u_enter2 != b[i].u_enter2 ||
                         a[i].u_leave1 != b[i].u_leave1 || a[i].u_leave2 != b[i].u_leave2 ||
                         a[i].t_enter != b[i].t_enter || a[i].t_leave != b[i].t_leave))
            return 0;
    }
    return 1;
}

/* Each kernel against the exact reference and against the CPU algorithm it implements. */
static void test_accuracy(gpu_handler *h, const pair_set *set, const ray_tetra_result *reference)
{
    ray_tetra_result *results = calloc(set->count, sizeof *results);
    ray_tetra_result *cpu = calloc(set->count, sizeof *cpu);
    int count;
    const gpu_algorithm *all = gpu_algorithms(&count);
    CHECK(count > 0, "no OpenCL algorithm registered");
    for (int a = 0; a < count; ++a) {
        gpu_times times;
        /* The float builds have their own test (test_gpu_precision), with the float tolerance. */
        if (all[a].precision != CPU_PRECISION_DOUBLE)
            continue;
        /* The default local size (the thesis' rule), as users run it. */
        if (run(h, &all[a], 0, set, results, 1, &times) != 0)
            continue;
        CHECK(gpu_program_origin_of(h) == GPU_PROGRAM_BUILT, "%s: first build should be from source: %s",
              all[a].name, gpu_program_note(h));
        CHECK(times.launches == times.chunks && times.chunks >= 1, "%s: %zu launches in %zu chunks for 1 rep",
              all[a].name, times.launches, times.chunks);
        size_t first = 0, order_errors = 0;
        const char *why = "";
        size_t wrong = differences(set, results, reference, &first, &why);
        CHECK(wrong == 0, "%s: %zu pairs differ from the exact reference (first: pair %zu, %s)", all[a].name, wrong,
              first, why);
        for (size_t i = 0; i < set->count; ++i)
            order_errors += results[i].hit && results[i].t_enter > results[i].t_leave;
        CHECK(order_errors == 0, "%s: %zu pairs with tEnter > tLeave", all[a].name, order_errors);
        const cpu_algorithm *form = cpu_algorithm_find(all[a].name);
        CHECK(form != NULL, "no CPU algorithm named %s", all[a].name);
        if (form) {
            cpu_algorithm_run(form, set, cpu, 1);
            wrong = differences(set, results, cpu, &first, &why);
            CHECK(wrong == 0, "%s: %zu pairs differ from the CPU form (first: pair %zu, %s)", all[a].name, wrong,
                  first, why);
        }
    }
    free(results);
    free(cpu);
}

/* The generic kernel RayTetraForm.cl built for every Plücker and STP form (the rows RayTetra's
 * -s I and -t I choose: -DRT_STP=0 or 1, -DRT_FORM=I): it agrees with the CPU form, and bit for
 * bit with the form's own thesis kernel where it has one. */
static void test_form_kernel(gpu_handler *h, const pair_set *set)
{
    pair_set part = {10007, set->pairs};
    ray_tetra_result *generic = calloc(part.count, sizeof *generic), *other = calloc(part.count, sizeof *other);
    int count, forms = 0;
    const registry_algorithm *rows = registry_algorithms(&count);
    for (int r = 0; r < count; ++r) {
        const registry_algorithm *row = &rows[r];
        const registry_variant *cpu = registry_variant_of(row, REGISTRY_CPU, CPU_PRECISION_DOUBLE);
        if ((row->flag != 's' && row->flag != 't') || !cpu)
            continue;
        char options[64];
        snprintf(options, sizeof options, "-DRT_STP=%d -DRT_FORM=%d", row->flag == 't', row->flag_value);
        gpu_algorithm form = {-1, row->name, row->csv_name, "RayTetraForm.cl", "ray_tetra_form", CPU_PRECISION_DOUBLE,
                              options, row->name, 0, NULL, NULL, 0};
        gpu_times times;
        if (run(h, &form, 64, &part, generic, 1, &times) != 0)
            continue;
        ++forms;
        cpu_algorithm_run(cpu->cpu, &part, other, 1);
        size_t first = 0;
        const char *why = "";
        size_t wrong = differences(&part, generic, other, &first, &why);
        CHECK(wrong == 0, "RayTetraForm.cl %s: %zu pairs differ from %s (first: pair %zu, %s)", options, wrong,
              row->name, first, why);
        const registry_variant *thesis = registry_variant_of(row, REGISTRY_OPENCL, CPU_PRECISION_DOUBLE);
        if (thesis && run(h, thesis->gpu, 64, &part, other, 1, &times) == 0)
            CHECK(same_results(generic, other, part.count), "RayTetraForm.cl %s differs from %s", options,
                  thesis->gpu->kernel_file);
    }
    CHECK(forms > 0, "no Plücker or STP form in the registry");
    free(generic);
    free(other);
}

/* Chunked runs (forced by RAYTETRA_MAX_CHUNK_PAIRS) give exactly the results of one launch. */
static void test_chunks(gpu_handler *h, const pair_set *set)
{
    pair_set part = {10007, set->pairs};
    ray_tetra_result *whole = calloc(part.count, sizeof *whole);
    ray_tetra_result *chunked = calloc(part.count, sizeof *chunked);
    gpu_times times;
    unsetenv("RAYTETRA_MAX_CHUNK_PAIRS");
    if (run(h, gpu_algorithm_get(3), 64, &part, whole, 1, &times) == 0)
        CHECK(times.chunks == 1, "one launch expected for %zu pairs, got %zu chunks", part.count, times.chunks);
    /* 1000 rounds down to 960, a multiple of the local size 64: 11 chunks would hold the pairs,
     * and the tapered plan (the default) makes the last 5 shrink, so 13. */
    setenv("RAYTETRA_MAX_CHUNK_PAIRS", "1000", 1);
    if (run(h, gpu_algorithm_get(3), 64, &part, chunked, 2, &times) == 0) {
        CHECK(times.chunks == 13 && times.launches == 26, "%zu chunks, %zu launches; expected 13 and 26", times.chunks,
              times.launches);
        CHECK(same_results(whole, chunked, part.count), "chunked results differ from one launch");
    }
    /* Chunks smaller than the local size: every launch is padded (15 chunks of 7 would do; the
     * tapered tail makes 18). */
    pair_set small = {100, set->pairs};
    memset(chunked, 0, small.count * sizeof *chunked);
    setenv("RAYTETRA_MAX_CHUNK_PAIRS", "7", 1);
    if (run(h, gpu_algorithm_get(3), 64, &small, chunked, 1, &times) == 0) {
        CHECK(times.chunks == 18, "%zu chunks of at most 7 pairs for 100 pairs, expected 18", times.chunks);
        CHECK(same_results(whole, chunked, small.count), "results in chunks of 7 differ from one launch");
    }
    setenv("RAYTETRA_MAX_CHUNK_PAIRS", "0", 1);
    error_text err;
    CHECK(gpu_run(h, &small, chunked, 1, &times, &err) != 0 && strstr(err.text, "RAYTETRA_MAX_CHUNK_PAIRS"),
          "RAYTETRA_MAX_CHUNK_PAIRS=0 should be refused");
    unsetenv("RAYTETRA_MAX_CHUNK_PAIRS");
    free(whole);
    free(chunked);
}

/* Per-repetition kernel times (gpu_run_sampled) with either transfers, in chunks: every
 * repetition has a positive device time, pinned runs' samples add up to their kernel time (both
 * come from the same events), and the results are those of a plain run. */
static void test_samples(gpu_handler *h, const pair_set *set)
{
    enum { REPS = 3 };
    pair_set part = {1000, set->pairs};
    ray_tetra_result *plain = calloc(part.count, sizeof *plain), *sampled = calloc(part.count, sizeof *sampled);
    gpu_times times;
    if (run(h, gpu_algorithm_get(1), 0, &part, plain, 1, &times) != 0) {
        free(plain);
        free(sampled);
        return;
    }
    setenv("RAYTETRA_MAX_CHUNK_PAIRS", "300", 1);
    for (int pinned = 0; pinned <= 1; ++pinned) {
        gpu_config config = GPU_CONFIG_DEFAULT;
        config.transfers = pinned ? GPU_TRANSFERS_PINNED : GPU_TRANSFERS_PAGEABLE;
        gpu_set_config(h, &config);
        double samples[REPS];
        error_text err;
        memset(sampled, 0, part.count * sizeof *sampled);
        int status = gpu_prepare(h, gpu_algorithm_get(1), 0, &err);
        if (status == 0)
            status = gpu_run_sampled(h, &part, sampled, REPS, &times, samples, &err);
        CHECK(status == 0, "gpu_run_sampled (%s): %s", gpu_transfers_name(config.transfers), err.text);
        if (status != 0)
            continue;
        double sum = 0;
        for (int r = 0; r < REPS; ++r) {
            CHECK(samples[r] > 0, "%s: repetition %d has no device time (%g ms)", gpu_transfers_name(config.transfers),
                  r, samples[r]);
            sum += samples[r];
        }
        CHECK(times.chunks == 4 && times.launches == 4 * REPS, "%s: %zu chunks, %zu launches (expected 4, %d)",
              gpu_transfers_name(config.transfers), times.chunks, times.launches, 4 * REPS);
        if (pinned)
            CHECK(sum > 0.999 * times.kernel_ms && sum < 1.001 * times.kernel_ms,
                  "pinned: samples add up to %g ms, kernel time %g ms", sum, times.kernel_ms);
        CHECK(same_results(plain, sampled, part.count), "%s: sampled results differ from a plain run",
              gpu_transfers_name(config.transfers));
    }
    unsetenv("RAYTETRA_MAX_CHUNK_PAIRS");
    gpu_config config = GPU_CONFIG_DEFAULT;
    gpu_set_config(h, &config);
    free(plain);
    free(sampled);
}

/* N = 0, N = 1, N not a multiple of the local size; nothing beyond N is written. */
static void test_sizes(gpu_handler *h, const pair_set *set, const ray_tetra_result *reference)
{
    const size_t sizes[] = {0, 1, 1037};
    ray_tetra_result *results = malloc((1037 + 8) * sizeof *results);
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; ++s) {
        pair_set part = {sizes[s], set->pairs};
        memset(results, 0x5a, (1037 + 8) * sizeof *results);
        gpu_times times;
        if (run(h, gpu_algorithm_get(1), 64, &part, results, 2, &times) != 0)
            continue;
        size_t first = 0;
        const char *why = "";
        size_t wrong = differences(&part, results, reference, &first, &why);
        CHECK(wrong == 0, "%zu pairs: %zu differ from the reference (first: pair %zu, %s)", part.count, wrong, first,
              why);
        CHECK(times.launches == (part.count ? 2u : 0u), "%zu pairs: %zu launches", part.count, times.launches);
        unsigned char canary[sizeof *results];
        memset(canary, 0x5a, sizeof canary);
        CHECK(memcmp(&results[part.count], canary, sizeof canary) == 0, "%zu pairs: the result after the last was "
              "written", part.count);
    }
    free(results);
}

static void test_local_size(gpu_handler *h)
{
    error_text err;
    CHECK(gpu_prepare(h, gpu_algorithm_get(2), (size_t)1 << 30, &err) != 0 && strstr(err.text, "local size"),
          "a local size of 2^30 should be refused with a clear message");
    CHECK(gpu_prepare(h, gpu_algorithm_get(2), 0, &err) == 0, "default local size: %s", err.text);
    gpu_times times;
    pair_set none = {0, NULL};
    CHECK(gpu_run(h, &none, NULL, 1, &times, &err) == 0 && times.local_size >= 1, "default local size %zu",
          times.local_size);
}

/* The cache entry of `kernel_name` in dir (malloc'd path), or NULL. */
static char *find_entry(const char *dir, const char *kernel_name)
{
    DIR *d = opendir(dir);
    if (!d)
        return NULL;
    char *path = NULL;
    struct dirent *e;
    while (!path && (e = readdir(d)) != NULL)
        if (strstr(e->d_name, kernel_name) && strstr(e->d_name, ".bin") && !strstr(e->d_name, ".tmp")) {
            size_t length = strlen(dir) + strlen(e->d_name) + 2;
            path = malloc(length);
            snprintf(path, length, "%s/%s", dir, e->d_name);
        }
    closedir(d);
    return path;
}

/* Replace the byte at `offset` from the end of the file by its complement. */
static void flip_byte(const char *path, long offset)
{
    FILE *f = fopen(path, "r+b");
    if (!f)
        return;
    fseek(f, -offset, SEEK_END);
    int c = fgetc(f);
    fseek(f, -offset, SEEK_END);
    fputc(~c & 0xff, f);
    fclose(f);
}

static void truncate_entry(const char *path)
{
    FILE *f = fopen(path, "r+b");
    if (!f)
        return;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fclose(f);
    if (truncate(path, size / 2) != 0)
        perror(path);
}

/* Prepare STP0 again, expect `origin`, and check its results. */
static void expect_origin(gpu_handler *h, gpu_program_origin origin, const char *note_part, const pair_set *set,
                          const ray_tetra_result *reference, const char *what)
{
    ray_tetra_result *results = calloc(set->count, sizeof *results);
    gpu_times times;
    if (run(h, gpu_algorithm_get(1), 64, set, results, 1, &times) == 0) {
        CHECK(gpu_program_origin_of(h) == origin, "%s: origin %d, expected %d (%s)", what,
              (int)gpu_program_origin_of(h), (int)origin, gpu_program_note(h));
        CHECK(!note_part || strstr(gpu_program_note(h), note_part), "%s: note '%s' lacks '%s'", what,
              gpu_program_note(h), note_part);
        size_t first = 0;
        const char *why = "";
        size_t wrong = differences(set, results, reference, &first, &why);
        CHECK(wrong == 0, "%s: %zu pairs differ from the reference (first: pair %zu, %s)", what, wrong, first, why);
    }
    free(results);
}

static void test_cache(const char *cache_dir, const pair_set *set, const ray_tetra_result *reference)
{
    pair_set part = {5000, set->pairs};
    gpu_handler *h = gpu_fixture_open("test_gpu");
    expect_origin(h, GPU_PROGRAM_CACHED, "loaded from the cache", &part, reference, "second build");
    /* "_ray_tetra_stp0_": not the entry of ray_tetra_stp0r. */
    char *entry = find_entry(cache_dir, "_ray_tetra_stp0_");
    CHECK(entry != NULL, "no cache entry for ray_tetra_stp0 in %s", cache_dir);
    if (!entry) {
        gpu_close(h);
        return;
    }
    flip_byte(entry, 100);
    expect_origin(h, GPU_PROGRAM_REBUILT, "checksum", &part, reference, "entry with a flipped byte");
    expect_origin(h, GPU_PROGRAM_CACHED, NULL, &part, reference, "entry rewritten after the rebuild");
    truncate_entry(entry);
    expect_origin(h, GPU_PROGRAM_REBUILT, "truncated", &part, reference, "truncated entry");
    /* An entry under the right name but for another key (a stale or colliding entry). */
    const char *name = strrchr(entry, '_') + 1;
    char key[GPU_CACHE_KEY_HEX], other_key[GPU_CACHE_KEY_HEX];
    snprintf(key, sizeof key, "%.32s", name);
    snprintf(other_key, sizeof other_key, "%s", key);
    other_key[0] = other_key[0] == '0' ? '1' : '0';
    const unsigned char junk[] = "not a kernel binary";
    error_text err;
    CHECK(gpu_cache_store(entry, other_key, junk, sizeof junk, &err) == 0, "%s", err.text);
    expect_origin(h, GPU_PROGRAM_REBUILT, "another source", &part, reference, "entry of another key");
    /* A well-formed entry whose binary the driver refuses. */
    CHECK(gpu_cache_store(entry, key, junk, sizeof junk, &err) == 0, "%s", err.text);
    expect_origin(h, GPU_PROGRAM_REBUILT, "refused", &part, reference, "entry refused by the driver");
    expect_origin(h, GPU_PROGRAM_CACHED, NULL, &part, reference, "entry after the last rebuild");
    free(entry);
    gpu_close(h);
}

static void test_errors(void)
{
    gpu_handler *h;
    error_text err;
    CHECK(gpu_open(&h, 1 << 20, &err) != 0 && strstr(err.text, "does not exist") && strstr(err.text, "0: "),
          "device 2^20 should be refused with the list of devices: %s", err.text);
    CHECK(h == NULL, "no handler after a failed open");
    h = gpu_fixture_open("test_gpu");
    gpu_times times;
    pair_set none = {0, NULL};
    CHECK(gpu_run(h, &none, NULL, 1, &times, &err) != 0, "gpu_run before gpu_prepare should fail");
    const char *given = getenv("RAYTETRA_KERNEL_DIR");
    char *saved = given ? strdup(given) : NULL;
    setenv("RAYTETRA_KERNEL_DIR", "/nonexistent/raytetra-kernels", 1);
    CHECK(gpu_prepare(h, gpu_algorithm_get(0), 0, &err) != 0 && strstr(err.text, "RAYTETRA_KERNEL_DIR"),
          "a missing kernel folder should be named: %s", err.text);
    if (saved)
        setenv("RAYTETRA_KERNEL_DIR", saved, 1);
    else
        unsetenv("RAYTETRA_KERNEL_DIR");
    free(saved);
    gpu_close(h);
    FILE *list = tmpfile();
    int count = list ? gpu_list_devices(list, &err) : -1;
    CHECK(count > gpu_fixture_device(), "gpu_list_devices found %d devices", count);
    if (list)
        fclose(list);
}

int main(void)
{
    char cache_dir[4096];
    gpu_fixture_cache("raytetra-test-gpu.XXXXXX", cache_dir, sizeof cache_dir);

    pair_set set;
    fixture_pairs(20124, PAIRS / 2, PAIRS - PAIRS / 2, &set);
    ray_tetra_result *reference = fixture_exact_results(&set);

    gpu_handler *h = gpu_fixture_open("test_gpu");
    printf("device: %s\n", gpu_device_description(h));
    test_accuracy(h, &set, reference);
    test_form_kernel(h, &set);
    test_chunks(h, &set);
    test_samples(h, &set);
    test_sizes(h, &set, reference);
    test_local_size(h);
    gpu_close(h);
    test_cache(cache_dir, &set, reference);
    test_errors();

    free(reference);
    pair_set_free(&set);
    fixture_remove_dir(cache_dir);
    return check_summary("test_gpu");
}
