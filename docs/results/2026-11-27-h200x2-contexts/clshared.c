/* clshared: the GPUs' contexts made and released three ways, timed: one context a GPU one after
 * another ("serial"), one context a GPU each on a thread of its own, as RayTetra's --devices does
 * ("threads"), and one context holding every GPU with a queue each ("shared").
 *   clshared serial|threads|shared */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e3 + t.tv_nsec / 1e6; }
static cl_device_id gpus[16];
static cl_context ctx[16];
static cl_command_queue q[16];
static void *open_one(void *arg)
{
    size_t g = (size_t)arg;
    cl_int e;
    ctx[g] = clCreateContext(NULL, 1, &gpus[g], NULL, NULL, &e);
    q[g] = clCreateCommandQueue(ctx[g], gpus[g], 0, &e);
    return NULL;
}
static void *close_one(void *arg)
{
    size_t g = (size_t)arg;
    clReleaseCommandQueue(q[g]);
    clReleaseContext(ctx[g]);
    return NULL;
}
int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "serial";
    double t0 = now();
    cl_uint np = 0, ng = 0;
    cl_platform_id p[8];
    clGetPlatformIDs(8, p, &np);
    for (cl_uint i = 0; i < np; ++i) {
        cl_uint nd = 0;
        if (clGetDeviceIDs(p[i], CL_DEVICE_TYPE_GPU, 16, gpus, &nd) == CL_SUCCESS && nd > 0) {
            ng = nd;
            break;
        }
    }
    double t1 = now();
    pthread_t th[16];
    if (strcmp(mode, "shared") == 0) {
        cl_int e;
        ctx[0] = clCreateContext(NULL, ng, gpus, NULL, NULL, &e);
        for (cl_uint g = 0; g < ng; ++g)
            q[g] = clCreateCommandQueue(ctx[0], gpus[g], 0, &e);
    } else if (strcmp(mode, "threads") == 0) {
        for (size_t g = 0; g < ng; ++g)
            pthread_create(&th[g], NULL, open_one, (void *)g);
        for (size_t g = 0; g < ng; ++g)
            pthread_join(th[g], NULL);
    } else {
        for (size_t g = 0; g < ng; ++g)
            open_one((void *)g);
    }
    double t2 = now();
    if (strcmp(mode, "shared") == 0) {
        for (cl_uint g = 0; g < ng; ++g)
            clReleaseCommandQueue(q[g]);
        clReleaseContext(ctx[0]);
    } else if (strcmp(mode, "threads") == 0) {
        for (size_t g = 0; g < ng; ++g)
            pthread_create(&th[g], NULL, close_one, (void *)g);
        for (size_t g = 0; g < ng; ++g)
            pthread_join(th[g], NULL);
    } else {
        for (size_t g = 0; g < ng; ++g)
            close_one((void *)g);
    }
    double t3 = now();
    printf("%s, %u GPUs: platforms %.1f ms, contexts and queues %.1f ms, release %.1f ms\n", mode, ng, t1 - t0,
           t2 - t1, t3 - t2);
    return 0;
}
