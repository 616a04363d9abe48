/* test_device_session.c: the device session (RayTetra/opencl/device_session.h) on its own, as the
 * walks and the bandwidth measure use it: a device that does not exist is refused with the list
 * of those that do; a kernel file is built, then loaded from the cache; data written, copied by a
 * kernel and read back arrives unchanged, also at an offset; a kernel that is not in the file,
 * and a launch larger than the device allows, are errors naming the OpenCL call. */
#include <stdint.h>
#include <string.h>

#include "gpu_fixtures.h"
#include "opencl/device_session.h"
#include "opencl/gpu_launch.h"

enum { ELEMENTS = 4096, ELEMENT = 16 };

static void refuses_a_device_that_does_not_exist(void)
{
    device_session *s = (device_session *)1;
    error_text err;
    CHECK(device_session_open(&s, 1 << 20, &err) != 0, "device %d opened", 1 << 20);
    CHECK(s == NULL, "a failed open leaves a session");
    CHECK(strstr(err.text, "OpenCL device 1048576 does not exist") && strstr(err.text, "0: "), "%s", err.text);
    device_session_close(NULL); /* nothing to release */
    CHECK(strcmp(device_session_description(NULL), "") == 0, "a NULL session has a description");
}

/* Copy.cl's kernel built on the session: 0, or -1 after a failed CHECK. */
static int build_copy(device_session *s, gpu_program *program, cl_kernel *kernel, size_t *max_group,
                      gpu_program_origin expected)
{
    error_text err;
    int status = device_session_program(s, "Copy.cl", "rt_copy", GPU_PROGRAM_LANGUAGE, program, &err);
    CHECK(status == 0, "Copy.cl: %s", err.text);
    if (status != 0)
        return -1;
    CHECK(program->origin == expected, "Copy.cl obtained as %d, not %d (%s)", (int)program->origin, (int)expected,
          program->note);
    status = device_session_kernel(s, program, "rt_copy", kernel, max_group, &err);
    CHECK(status == 0, "rt_copy: %s", err.text);
    CHECK(status != 0 || (*max_group >= 1 && *max_group <= device_session_info(s)->max_work_items),
          "max group %zu beside the device's %zu", *max_group, device_session_info(s)->max_work_items);
    return status;
}

/* Write, copy on the device, read back: the bytes arrive unchanged, and a read at an offset
 * returns that part. */
static void copies_through_the_device(device_session *s, cl_kernel kernel, size_t max_group)
{
    static unsigned char sent[ELEMENTS * ELEMENT], received[ELEMENTS * ELEMENT];
    uint64_t x = 0x243f6a8885a308d3u;
    for (size_t i = 0; i < sizeof sent; ++i)
        sent[i] = (unsigned char)(check_uniform(&x) * 256);
    memset(received, 0, sizeof received);
    error_text err;
    cl_mem in = NULL, out = NULL;
    size_t local = max_group < 64 ? max_group : 64;
    int status = device_session_buffer(s, CL_MEM_READ_ONLY, sizeof sent, NULL, &in, &err) ||
                 device_session_buffer(s, CL_MEM_WRITE_ONLY, sizeof received, NULL, &out, &err) ||
                 device_session_write(s, in, 0, sizeof sent, sent, &err) ||
                 gpu_set_arguments(kernel, in, out, ELEMENTS, &err) ||
                 device_session_run(s, kernel, gpu_global_size(ELEMENTS, 1, local), local, &err) ||
                 device_session_read(s, out, 0, sizeof received, received, &err);
    CHECK(status == 0, "write, copy, read: %s", err.text);
    CHECK(memcmp(sent, received, sizeof sent) == 0, "the copy read back differs from what was written");
    unsigned char tail[ELEMENT];
    status = device_session_read(s, out, sizeof received - ELEMENT, ELEMENT, tail, &err);
    CHECK(status == 0 && memcmp(tail, sent + sizeof sent - ELEMENT, ELEMENT) == 0, "read at an offset: %s",
          status ? err.text : "wrong bytes");
    CHECK(device_session_write(s, in, 0, 0, NULL, &err) == 0, "an empty write fails");
    /* A work-group larger than the device allows fails in the launch, named. */
    size_t too_large = device_session_info(s)->max_work_group + 1;
    status = device_session_run(s, kernel, too_large, too_large, &err);
    CHECK(status != 0 && strstr(err.text, "clEnqueueNDRangeKernel"), "a launch of %zu work-items per group: %s",
          too_large, status ? err.text : "ran");
    gpu_release_buffers(&in, &out);
}

int main(void)
{
    char cache[256];
    gpu_fixture_cache("raytetra-test-session-XXXXXX", cache, sizeof cache);
    refuses_a_device_that_does_not_exist();
    device_session *s = NULL;
    error_text err;
    if (device_session_open(&s, gpu_fixture_device(), &err) != 0) {
        fprintf(stderr, "test_device_session: cannot open the OpenCL device: %s\n", err.text);
        return 1;
    }
    CHECK(device_session_index(s) == gpu_fixture_device(), "index %d", device_session_index(s));
    CHECK(strstr(device_session_description(s), device_session_info(s)->name) != NULL, "description %s",
          device_session_description(s));
    CHECK(device_session_log(s) == stderr, "the default log is not stderr");
    gpu_program program = {0};
    cl_kernel kernel = NULL;
    size_t max_group = 0;
    if (build_copy(s, &program, &kernel, &max_group, GPU_PROGRAM_BUILT) == 0)
        copies_through_the_device(s, kernel, max_group);
    if (kernel)
        clReleaseKernel(kernel);
    gpu_program_release(&program);
    /* The second time the binary comes from the cache. */
    kernel = NULL;
    if (build_copy(s, &program, &kernel, &max_group, GPU_PROGRAM_CACHED) == 0) {
        cl_kernel missing = NULL;
        size_t unused;
        CHECK(device_session_kernel(s, &program, "no_such_kernel", &missing, &unused, &err) != 0 && !missing,
              "a kernel that is not in Copy.cl was found");
        clReleaseKernel(kernel);
    }
    gpu_program_release(&program);
    device_session_close(s);
    fixture_remove_dir(cache);
    return check_summary("test_device_session");
}
