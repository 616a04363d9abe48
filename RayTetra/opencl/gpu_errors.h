/* gpu_errors.h: the one OpenCL error path of the host code: every failing OpenCL call becomes
 * "CALL: CL_ERROR_NAME (file.c:LINE)" in an error_text, through GPU_CHECK. Also the single place
 * that includes the OpenCL headers, so every host file targets the same OpenCL version. */
#ifndef RAYTETRA_GPU_ERRORS_H
#define RAYTETRA_GPU_ERRORS_H

/* OpenCL 1.2 API: what NVIDIA, AMD and PoCL all provide, without deprecation warnings for
 * clCreateCommandQueue under the 3.0 headers. */
#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>

#include "error.h"

/* The name of an OpenCL status code ("CL_INVALID_VALUE"), or "unknown OpenCL error" for one
 * that no header of ours knows (vendor extensions). */
const char *gpu_error_name(cl_int status);

/* 0 if status is CL_SUCCESS; otherwise sets err to "CALL: NAME (file:line)" and returns -1. */
int gpu_check(cl_int status, const char *call, const char *file, int line, error_text *err);

/* if (GPU_CHECK(err, "clFinish", clFinish(queue))) return -1; */
#define GPU_CHECK(err, call, status) gpu_check((status), (call), __FILE__, __LINE__, (err))

/* Put "CONTEXT: " in front of the message already in err (what was being done); returns -1. */
int gpu_error_context(error_text *err, const char *format, ...) __attribute__((format(printf, 2, 3)));

#endif
