/* Where an OpenCL start-up's time goes: platforms, devices, contexts, queues, pinned buffers, release. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e3 + t.tv_nsec / 1e6; }
int main(int argc, char **argv)
{
    int want = argc > 1 ? atoi(argv[1]) : 1; /* GPUs to open */
    double t0 = now();
    cl_uint np = 0;
    clGetPlatformIDs(0, NULL, &np);
    double t1 = now();
    cl_platform_id p[8];
    clGetPlatformIDs(np, p, NULL);
    printf("platforms %u: %.1f ms (count) %.1f ms (ids)\n", np, t1 - t0, now() - t1);
    cl_device_id gpus[16];
    cl_uint ng = 0;
    for (cl_uint i = 0; i < np; ++i) {
        char name[256];
        clGetPlatformInfo(p[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
        double a = now();
        cl_uint nd = 0;
        clGetDeviceIDs(p[i], CL_DEVICE_TYPE_ALL, 0, NULL, &nd);
        cl_device_id d[16];
        clGetDeviceIDs(p[i], CL_DEVICE_TYPE_ALL, nd, d, NULL);
        printf("  %s: %u devices, %.1f ms\n", name, nd, now() - a);
        for (cl_uint k = 0; k < nd; ++k) {
            cl_device_type type;
            clGetDeviceInfo(d[k], CL_DEVICE_TYPE, sizeof type, &type, NULL);
            if (type & CL_DEVICE_TYPE_GPU)
                gpus[ng++] = d[k];
        }
    }
    double t2 = now();
    printf("enumerated: %.1f ms since start\n", t2 - t0);
    cl_context ctx[16];
    cl_command_queue q[16];
    cl_mem buf[16][4];
    for (int g = 0; g < want && g < (int)ng; ++g) {
        double a = now();
        cl_int e;
        ctx[g] = clCreateContext(NULL, 1, &gpus[g], NULL, NULL, &e);
        double b = now();
        q[g] = clCreateCommandQueue(ctx[g], gpus[g], 0, &e);
        double c = now();
        for (int k = 0; k < 4; ++k) {
            buf[g][k] = clCreateBuffer(ctx[g], CL_MEM_ALLOC_HOST_PTR, 37748736, NULL, &e);
            void *m = clEnqueueMapBuffer(q[g], buf[g][k], CL_TRUE, CL_MAP_WRITE, 0, 37748736, 0, NULL, NULL, &e);
            memset(m, 0, 37748736);
            clEnqueueUnmapMemObject(q[g], buf[g][k], m, 0, NULL, NULL);
        }
        clFinish(q[g]);
        double d = now();
        printf("gpu %d: context %.1f ms, queue %.1f ms, 4 pinned 36 MiB buffers %.1f ms\n", g, b - a, c - b, d - c);
    }
    double t3 = now();
    printf("opened: %.1f ms since start\n", t3 - t0);
    if (argc > 2) {
        printf("exit without release\n");
        fflush(stdout);
        return 0;
    }
    for (int g = 0; g < want && g < (int)ng; ++g) {
        double a = now();
        for (int k = 0; k < 4; ++k)
            clReleaseMemObject(buf[g][k]);
        double b = now();
        clReleaseCommandQueue(q[g]);
        clReleaseContext(ctx[g]);
        printf("gpu %d: release buffers %.1f ms, queue+context %.1f ms\n", g, b - a, now() - b);
    }
    printf("total %.1f ms\n", now() - t0);
    return 0;
}
