/* own_kernel.c: libraytetra on an OpenCL device, two ways: the library's batch call
 * (raytetra_device_intersect_many, its own kernels), and a user's own kernel (own_kernel.cl) built
 * on the device-side headers the library installs. Both are checked against the CPU.
 *
 *     cc own_kernel.c $(pkg-config --cflags --libs raytetra OpenCL) -o own_kernel
 *     ./own_kernel own_kernel.cl "$(pkg-config --variable=kernel_includedir raytetra)" [DEVICE]
 *
 * DEVICE counts the devices of every platform in turn, as raytetra_device_open does (default 0). */
#define CL_TARGET_OPENCL_VERSION 120
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CL/cl.h>
#include <raytetra.h>

enum { COUNT = 4096 };

static void fail(const char *what, long code)
{
    fprintf(stderr, "own_kernel: %s failed (%ld)\n", what, code);
    exit(1);
}

/* Device `index` counted across all platforms. */
static cl_device_id find_device(int index)
{
    cl_platform_id platforms[16];
    cl_uint platform_count = 0;
    if (clGetPlatformIDs(16, platforms, &platform_count) != CL_SUCCESS)
        fail("clGetPlatformIDs", 0);
    for (cl_uint p = 0; p < platform_count && p < 16; ++p) {
        cl_device_id devices[64];
        cl_uint count = 0;
        if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 64, devices, &count) != CL_SUCCESS)
            continue;
        if (index < (int)count)
            return devices[index];
        index -= (int)count;
    }
    fail("finding the device (no device of that index)", index);
    return NULL;
}

static char *read_text(const char *path)
{
    FILE *file = fopen(path, "rb");
    if (!file)
        fail("opening the kernel file", 0);
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    rewind(file);
    char *text = malloc((size_t)size + 1);
    if (!text || fread(text, 1, (size_t)size, file) != (size_t)size)
        fail("reading the kernel file", size);
    text[size] = '\0';
    fclose(file);
    return text;
}

/* The user's kernel on `pairs`: chord lengths and enter faces. */
static void run_own_kernel(cl_device_id device, const char *kernel_path, const char *include_dir,
                           const raytetra_pair *pairs, double *lengths, int *faces)
{
    cl_int status;
    cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &status);
    if (status != CL_SUCCESS)
        fail("clCreateContext", status);
    cl_command_queue queue = clCreateCommandQueue(context, device, 0, &status);
    char *source = read_text(kernel_path);
    cl_program program = clCreateProgramWithSource(context, 1, (const char **)&source, NULL, &status);
    char options[4096];
    snprintf(options, sizeof options, "-cl-std=CL1.2 -I %s", include_dir);
    if (clBuildProgram(program, 1, &device, options, NULL, NULL) != CL_SUCCESS) {
        char log[16384] = "";
        clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
        fprintf(stderr, "%s\n", log);
        fail("clBuildProgram", 0);
    }
    cl_kernel kernel = clCreateKernel(program, "chord_length", &status);
    cl_mem in = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, COUNT * sizeof *pairs,
                               (void *)pairs, &status);
    cl_mem out_lengths = clCreateBuffer(context, CL_MEM_WRITE_ONLY, COUNT * sizeof *lengths, NULL, &status);
    cl_mem out_faces = clCreateBuffer(context, CL_MEM_WRITE_ONLY, COUNT * sizeof *faces, NULL, &status);
    cl_ulong count = COUNT;
    clSetKernelArg(kernel, 0, sizeof in, &in);
    clSetKernelArg(kernel, 1, sizeof out_lengths, &out_lengths);
    clSetKernelArg(kernel, 2, sizeof out_faces, &out_faces);
    clSetKernelArg(kernel, 3, sizeof count, &count);
    size_t global = COUNT;
    if ((status = clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, NULL, 0, NULL, NULL)) != CL_SUCCESS)
        fail("clEnqueueNDRangeKernel", status);
    clEnqueueReadBuffer(queue, out_lengths, CL_TRUE, 0, COUNT * sizeof *lengths, lengths, 0, NULL, NULL);
    if ((status = clEnqueueReadBuffer(queue, out_faces, CL_TRUE, 0, COUNT * sizeof *faces, faces, 0, NULL, NULL)) !=
        CL_SUCCESS)
        fail("clEnqueueReadBuffer", status);
    clReleaseMemObject(in);
    clReleaseMemObject(out_lengths);
    clReleaseMemObject(out_faces);
    clReleaseKernel(kernel);
    clReleaseProgram(program);
    clReleaseCommandQueue(queue);
    clReleaseContext(context);
    free(source);
}

int main(int argc, char **argv)
{
    if (argc < 3 || argc > 4) {
        fprintf(stderr, "usage: own_kernel KERNEL.cl KERNEL_INCLUDE_DIR [DEVICE]\n");
        return 2;
    }
    int index = argc == 4 ? atoi(argv[3]) : 0;

    /* Lines through a 64 x 64 grid over the example tetrahedron, tilted a little. */
    static raytetra_pair pairs[COUNT];
    for (int i = 0; i < COUNT; ++i) {
        double x = -0.3 + 1.5 * (i % 64 + 0.5) / 64, y = -0.3 + 1.5 * (i / 64 + 0.5) / 64;
        raytetra_pair pair = {{{0, 0, 0}, {0, 1, 0}, {1, 0, 0}, {0, 0, 1}}, {x, y, -1}, {x + 0.1, y - 0.05, 2}};
        pairs[i] = pair;
    }

    /* The CPU reference, and the library's own kernel on the device. */
    static raytetra_hit cpu[COUNT], device_hits[COUNT];
    raytetra_algorithm stp0 = raytetra_find_algorithm("stp0");
    size_t hits = raytetra_intersect_many(stp0, COUNT, pairs, cpu);
    raytetra_device *device;
    char message[1024];
    int status = raytetra_device_open(index, &device, message, sizeof message);
    if (status != RAYTETRA_OK) {
        fprintf(stderr, "own_kernel: %s: %s\n", raytetra_error_string(status), message);
        return 1;
    }
    size_t device_count = 0;
    status = raytetra_device_intersect_many(device, stp0, COUNT, pairs, device_hits, &device_count);
    if (status != RAYTETRA_OK) {
        fprintf(stderr, "own_kernel: %s: %s\n", raytetra_error_string(status), raytetra_device_message(device));
        return 1;
    }
    printf("library kernel on %s: %s\n", raytetra_device_description(device), raytetra_device_message(device));
    raytetra_device_close(device);

    /* The user's kernel. */
    static double lengths[COUNT];
    static int faces[COUNT];
    run_own_kernel(find_device(index), argv[1], argv[2], pairs, lengths, faces);

    int differences = 0;
    for (int i = 0; i < COUNT; ++i) {
        const raytetra_hit *c = &cpu[i];
        double length = 0;
        if (c->hit == 1) {
            double d[3] = {c->leave_point[0] - c->enter_point[0], c->leave_point[1] - c->enter_point[1],
                           c->leave_point[2] - c->enter_point[2]};
            length = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        }
        differences += device_hits[i].hit != c->hit || device_hits[i].enter_face != c->enter_face ||
                       faces[i] != c->enter_face || fabs(lengths[i] - length) > 1e-12;
    }
    printf("%d pairs, %zu hits: the CPU, the library's kernel (%zu hits) and the own kernel %s\n", COUNT, hits,
           device_count, differences ? "DIFFER" : "agree");
    return differences != 0;
}
