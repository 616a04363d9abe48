/* gpu_fixtures.h: what the OpenCL test programs share: the device they run on (opened, or the
 * test ends), a binary cache of their own, and one prepared run of a kernel. */
#ifndef RAYTETRA_TESTS_GPU_FIXTURES_H
#define RAYTETRA_TESTS_GPU_FIXTURES_H

#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "fixtures.h"
#include "opencl/gpu_handler.h"

/* The device the tests run on: $RAYTETRA_TEST_DEVICE, default 0 (PoCL on a machine without a GPU). */
static inline int gpu_fixture_device(void)
{
    const char *env = getenv("RAYTETRA_TEST_DEVICE");
    return env && *env ? atoi(env) : 0;
}

/* That device, opened; without it the test ends at once with a message naming `test` (exit
 * status 1): there is nothing to check. */
static inline gpu_handler *gpu_fixture_open(const char *test)
{
    gpu_handler *h;
    error_text err;
    if (gpu_open(&h, gpu_fixture_device(), &err) != 0) {
        fprintf(stderr, "%s: cannot open the OpenCL device: %s\n", test, err.text);
        exit(1);
    }
    return h;
}

/* A scratch folder from `template` (ending in XXXXXX) as this test's binary cache
 * ($RAYTETRA_CACHE_DIR), so that its builds start from an empty cache and leave nothing behind
 * (remove it with fixture_remove_dir); chunks as large as the device allows
 * ($RAYTETRA_MAX_CHUNK_PAIRS unset). */
static inline void gpu_fixture_cache(const char *template, char *dir, size_t size)
{
    fixture_scratch_dir(template, dir, size);
    setenv("RAYTETRA_CACHE_DIR", dir, 1);
    unsetenv("RAYTETRA_MAX_CHUNK_PAIRS");
}

/* `g` prepared under `config` and run once over `set` into `results`: 0, or -1 after a failed
 * CHECK naming the algorithm, `what` (the configuration) and the error. */
static inline int gpu_fixture_run(gpu_handler *h, const gpu_algorithm *g, const gpu_config *config,
                                  const pair_set *set, ray_tetra_result *results, const char *what)
{
    error_text err;
    gpu_times times;
    gpu_set_config(h, config);
    int status = gpu_prepare(h, g, 0, &err);
    if (status == 0)
        status = gpu_run(h, set, results, 1, &times, &err);
    CHECK(status == 0, "%s, %s: %s", g->csv_name, what, err.text);
    return status;
}

#endif
