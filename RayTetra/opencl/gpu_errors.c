/* gpu_errors.c: OpenCL status codes by name, and the one function behind GPU_CHECK. The table
 * uses the numbers of the Khronos headers, not their macros, because CL_TARGET_OPENCL_VERSION
 * 120 hides the macros of later versions while a newer driver may still return those codes. */
#include "opencl/gpu_errors.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct gpu_error_entry {
    cl_int status;
    const char *name;
} gpu_error_entry;

static const gpu_error_entry ERRORS[] = {
    {0, "CL_SUCCESS"},
    {-1, "CL_DEVICE_NOT_FOUND"},
    {-2, "CL_DEVICE_NOT_AVAILABLE"},
    {-3, "CL_COMPILER_NOT_AVAILABLE"},
    {-4, "CL_MEM_OBJECT_ALLOCATION_FAILURE"},
    {-5, "CL_OUT_OF_RESOURCES"},
    {-6, "CL_OUT_OF_HOST_MEMORY"},
    {-7, "CL_PROFILING_INFO_NOT_AVAILABLE"},
    {-8, "CL_MEM_COPY_OVERLAP"},
    {-9, "CL_IMAGE_FORMAT_MISMATCH"},
    {-10, "CL_IMAGE_FORMAT_NOT_SUPPORTED"},
    {-11, "CL_BUILD_PROGRAM_FAILURE"},
    {-12, "CL_MAP_FAILURE"},
    {-13, "CL_MISALIGNED_SUB_BUFFER_OFFSET"},
    {-14, "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST"},
    {-15, "CL_COMPILE_PROGRAM_FAILURE"},
    {-16, "CL_LINKER_NOT_AVAILABLE"},
    {-17, "CL_LINK_PROGRAM_FAILURE"},
    {-18, "CL_DEVICE_PARTITION_FAILED"},
    {-19, "CL_KERNEL_ARG_INFO_NOT_AVAILABLE"},
    {-30, "CL_INVALID_VALUE"},
    {-31, "CL_INVALID_DEVICE_TYPE"},
    {-32, "CL_INVALID_PLATFORM"},
    {-33, "CL_INVALID_DEVICE"},
    {-34, "CL_INVALID_CONTEXT"},
    {-35, "CL_INVALID_QUEUE_PROPERTIES"},
    {-36, "CL_INVALID_COMMAND_QUEUE"},
    {-37, "CL_INVALID_HOST_PTR"},
    {-38, "CL_INVALID_MEM_OBJECT"},
    {-39, "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR"},
    {-40, "CL_INVALID_IMAGE_SIZE"},
    {-41, "CL_INVALID_SAMPLER"},
    {-42, "CL_INVALID_BINARY"},
    {-43, "CL_INVALID_BUILD_OPTIONS"},
    {-44, "CL_INVALID_PROGRAM"},
    {-45, "CL_INVALID_PROGRAM_EXECUTABLE"},
    {-46, "CL_INVALID_KERNEL_NAME"},
    {-47, "CL_INVALID_KERNEL_DEFINITION"},
    {-48, "CL_INVALID_KERNEL"},
    {-49, "CL_INVALID_ARG_INDEX"},
    {-50, "CL_INVALID_ARG_VALUE"},
    {-51, "CL_INVALID_ARG_SIZE"},
    {-52, "CL_INVALID_KERNEL_ARGS"},
    {-53, "CL_INVALID_WORK_DIMENSION"},
    {-54, "CL_INVALID_WORK_GROUP_SIZE"},
    {-55, "CL_INVALID_WORK_ITEM_SIZE"},
    {-56, "CL_INVALID_GLOBAL_OFFSET"},
    {-57, "CL_INVALID_EVENT_WAIT_LIST"},
    {-58, "CL_INVALID_EVENT"},
    {-59, "CL_INVALID_OPERATION"},
    {-60, "CL_INVALID_GL_OBJECT"},
    {-61, "CL_INVALID_BUFFER_SIZE"},
    {-62, "CL_INVALID_MIP_LEVEL"},
    {-63, "CL_INVALID_GLOBAL_WORK_SIZE"},
    {-64, "CL_INVALID_PROPERTY"},
    {-65, "CL_INVALID_IMAGE_DESCRIPTOR"},
    {-66, "CL_INVALID_COMPILER_OPTIONS"},
    {-67, "CL_INVALID_LINKER_OPTIONS"},
    {-68, "CL_INVALID_DEVICE_PARTITION_COUNT"},
    {-69, "CL_INVALID_PIPE_SIZE"},
    {-70, "CL_INVALID_DEVICE_QUEUE"},
    {-71, "CL_INVALID_SPEC_ID"},
    {-72, "CL_MAX_SIZE_RESTRICTION_EXCEEDED"},
    {-1001, "CL_PLATFORM_NOT_FOUND_KHR"},
    {-1057, "CL_DEVICE_PARTITION_FAILED_EXT"},
    {-1058, "CL_INVALID_PARTITION_COUNT_EXT"},
    {-1059, "CL_INVALID_PARTITION_NAME_EXT"},
    {-1121, "CL_CONTEXT_TERMINATED_KHR"},
};

const char *gpu_error_name(cl_int status)
{
    for (size_t i = 0; i < sizeof ERRORS / sizeof ERRORS[0]; ++i)
        if (ERRORS[i].status == status)
            return ERRORS[i].name;
    return "unknown OpenCL error";
}

int gpu_check(cl_int status, const char *call, const char *file, int line, error_text *err)
{
    if (status == CL_SUCCESS)
        return 0;
    const char *base = strrchr(file, '/');
    base = base ? base + 1 : file;
    const char *name = gpu_error_name(status);
    if (strcmp(name, "unknown OpenCL error") == 0)
        return error_set(err, "%s: OpenCL error %d (%s:%d)", call, (int)status, base, line);
    return error_set(err, "%s: %s (%s:%d)", call, name, base, line);
}

int gpu_error_context(error_text *err, const char *format, ...)
{
    char prefix[ERROR_TEXT_SIZE];
    va_list args;
    va_start(args, format);
    vsnprintf(prefix, sizeof prefix, format, args);
    va_end(args);
    char old[ERROR_TEXT_SIZE];
    memcpy(old, err->text, sizeof old);
    return error_set(err, "%s: %s", prefix, old);
}
