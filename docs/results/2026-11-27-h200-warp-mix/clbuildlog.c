/* clbuildlog FILE OPTIONS: build an OpenCL C file for the first GPU and print the build log
 * (with NVIDIA's -cl-nv-verbose: ptxas' registers, stack frame and spills of each kernel). */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    if (argc < 3) { fprintf(stderr, "usage: clbuildlog FILE OPTIONS\n"); return 2; }
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 1; }
    static char src[1 << 20];
    size_t n = fread(src, 1, sizeof src - 1, f);
    fclose(f);
    src[n] = 0;
    cl_platform_id p[8]; cl_uint np = 0;
    clGetPlatformIDs(8, p, &np);
    cl_device_id d = 0;
    for (cl_uint i = 0; i < np && !d; ++i) {
        cl_uint nd = 0;
        if (clGetDeviceIDs(p[i], CL_DEVICE_TYPE_GPU, 1, &d, &nd) != CL_SUCCESS || nd == 0) d = 0;
    }
    if (!d) { fprintf(stderr, "no GPU\n"); return 1; }
    cl_int e;
    cl_context c = clCreateContext(NULL, 1, &d, NULL, NULL, &e);
    const char *s = src;
    cl_program prog = clCreateProgramWithSource(c, 1, &s, &n, &e);
    cl_int b = clBuildProgram(prog, 1, &d, argv[2], NULL, NULL);
    size_t len = 0;
    clGetProgramBuildInfo(prog, d, CL_PROGRAM_BUILD_LOG, 0, NULL, &len);
    char *log = malloc(len + 1);
    clGetProgramBuildInfo(prog, d, CL_PROGRAM_BUILD_LOG, len, log, NULL);
    log[len] = 0;
    printf("build status %d\n%s\n", b, log);
    return b != CL_SUCCESS;
}
