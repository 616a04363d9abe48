/* gpu_fixtures.h: the OpenCL device of the C tests: $RAYTETRA_TEST_DEVICE (default 0; PoCL in the
 * test runs), opened, or the test ends at once with a message (exit status 1): there is nothing
 * to check without it. */
#ifndef RAYTETRA_TESTS_GPU_FIXTURES_H
#define RAYTETRA_TESTS_GPU_FIXTURES_H

#include <stdio.h>
#include <stdlib.h>

#include "opencl/gpu_handler.h"

static inline int fixture_device_index(void)
{
    const char *env = getenv("RAYTETRA_TEST_DEVICE");
    return env && *env ? atoi(env) : 0;
}

static inline gpu_handler *fixture_gpu_open(const char *test)
{
    gpu_handler *h;
    error_text err;
    if (gpu_open(&h, fixture_device_index(), &err) != 0) {
        fprintf(stderr, "%s: cannot open the OpenCL device: %s\n", test, err.text);
        exit(1);
    }
    return h;
}

#endif
