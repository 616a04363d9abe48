/* gpu_device.c: platform and device discovery, and `--list-devices`. Every string is read
 * size-first, so no name is ever cut at a fixed buffer length. */
#define _POSIX_C_SOURCE 200809L
#include "opencl/gpu_device.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A malloc'd copy of a platform or device string (exactly one of platform and device is used). */
static char *info_string(cl_platform_id platform, cl_device_id device, cl_uint what, error_text *err)
{
    size_t size = 0;
    cl_int status = device ? clGetDeviceInfo(device, what, 0, NULL, &size)
                           : clGetPlatformInfo(platform, what, 0, NULL, &size);
    if (GPU_CHECK(err, device ? "clGetDeviceInfo" : "clGetPlatformInfo", status))
        return NULL;
    char *text = malloc(size + 1);
    if (!text) {
        error_set(err, "out of memory");
        return NULL;
    }
    status = device ? clGetDeviceInfo(device, what, size, text, NULL)
                    : clGetPlatformInfo(platform, what, size, text, NULL);
    if (GPU_CHECK(err, device ? "clGetDeviceInfo" : "clGetPlatformInfo", status)) {
        free(text);
        return NULL;
    }
    text[size] = '\0';
    /* Some drivers pad names with blanks. */
    for (size_t n = strlen(text); n > 0 && text[n - 1] == ' '; --n)
        text[n - 1] = '\0';
    return text;
}

void gpu_device_info_free(gpu_device_info *info)
{
    free(info->platform_name);
    free(info->platform_version);
    free(info->name);
    free(info->vendor);
    free(info->version);
    free(info->driver_version);
    memset(info, 0, sizeof *info);
}

void gpu_devices_free(gpu_device_info *devices, size_t count)
{
    for (size_t i = 0; i < count; ++i)
        gpu_device_info_free(&devices[i]);
    free(devices);
}

static int describe(cl_platform_id platform, cl_device_id device, gpu_device_info *info, error_text *err)
{
    memset(info, 0, sizeof *info);
    info->platform = platform;
    info->device = device;
    info->platform_name = info_string(platform, NULL, CL_PLATFORM_NAME, err);
    info->platform_version = info->platform_name ? info_string(platform, NULL, CL_PLATFORM_VERSION, err) : NULL;
    info->name = info->platform_version ? info_string(NULL, device, CL_DEVICE_NAME, err) : NULL;
    info->vendor = info->name ? info_string(NULL, device, CL_DEVICE_VENDOR, err) : NULL;
    info->version = info->vendor ? info_string(NULL, device, CL_DEVICE_VERSION, err) : NULL;
    info->driver_version = info->version ? info_string(NULL, device, CL_DRIVER_VERSION, err) : NULL;
    if (!info->driver_version) {
        gpu_device_info_free(info);
        return -1;
    }
    size_t work_items[3] = {0, 0, 0}, work_items_size = 0;
    cl_device_fp_config fp64 = 0;
    if (GPU_CHECK(err, "clGetDeviceInfo", clGetDeviceInfo(device, CL_DEVICE_TYPE, sizeof info->type, &info->type, NULL)) ||
        GPU_CHECK(err, "clGetDeviceInfo",
                  clGetDeviceInfo(device, CL_DEVICE_VENDOR_ID, sizeof info->vendor_id, &info->vendor_id, NULL)) ||
        GPU_CHECK(err, "clGetDeviceInfo",
                  clGetDeviceInfo(device, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof info->global_memory, &info->global_memory,
                                  NULL)) ||
        GPU_CHECK(err, "clGetDeviceInfo",
                  clGetDeviceInfo(device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof info->max_allocation,
                                  &info->max_allocation, NULL)) ||
        GPU_CHECK(err, "clGetDeviceInfo",
                  clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof info->max_work_group,
                                  &info->max_work_group, NULL)) ||
        GPU_CHECK(err, "clGetDeviceInfo",
                  clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof work_items, work_items,
                                  &work_items_size))) {
        gpu_device_info_free(info);
        return -1;
    }
    info->max_work_items = work_items[0];
    /* OpenCL 1.2 requires a non-zero double config exactly when cl_khr_fp64 is supported; an
     * OpenCL 1.1 driver may refuse the query and only list the extension, so accept either. */
    if (clGetDeviceInfo(device, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof fp64, &fp64, NULL) != CL_SUCCESS)
        fp64 = 0;
    char *extensions = info_string(NULL, device, CL_DEVICE_EXTENSIONS, err);
    if (!extensions) {
        gpu_device_info_free(info);
        return -1;
    }
    info->fp64 = fp64 != 0 || strstr(extensions, "cl_khr_fp64") != NULL;
    free(extensions);
    /* Tests: a device with fp64 (PoCL's) taken for one without, to check what runs without it. */
    const char *assume = getenv("RAYTETRA_ASSUME_NO_FP64");
    if (assume && *assume && strcmp(assume, "0") != 0)
        info->fp64 = 0;
    return 0;
}

void gpu_devices_load(void)
{
    gpu_device_info *devices;
    size_t count;
    error_text ignored; /* what it finds, or not, each open says for itself */
    if (gpu_devices_all(&devices, &count, &ignored) == 0)
        gpu_devices_free(devices, count);
}

int gpu_devices_all(gpu_device_info **devices, size_t *count, error_text *err)
{
    *devices = NULL;
    *count = 0;
    cl_uint platform_count = 0;
    cl_int status = clGetPlatformIDs(0, NULL, &platform_count);
    /* The ICD loader answers CL_PLATFORM_NOT_FOUND_KHR when no driver is installed: no devices. */
    if (status == -1001 || (status == CL_SUCCESS && platform_count == 0))
        return 0;
    if (GPU_CHECK(err, "clGetPlatformIDs", status))
        return -1;
    cl_platform_id *platforms = malloc(platform_count * sizeof *platforms);
    if (!platforms)
        return error_set(err, "out of memory");
    if (GPU_CHECK(err, "clGetPlatformIDs", clGetPlatformIDs(platform_count, platforms, NULL))) {
        free(platforms);
        return -1;
    }
    gpu_device_info *all = NULL;
    size_t total = 0;
    int failed = 0;
    for (cl_uint p = 0; p < platform_count && !failed; ++p) {
        cl_uint n = 0;
        status = clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 0, NULL, &n);
        if (status == CL_DEVICE_NOT_FOUND || (status == CL_SUCCESS && n == 0))
            continue;
        cl_device_id *ids = malloc(n * sizeof *ids);
        gpu_device_info *bigger = realloc(all, (total + n) * sizeof *all);
        if (bigger)
            all = bigger;
        if (GPU_CHECK(err, "clGetDeviceIDs", status) ||
            ((!ids || !bigger) && error_set(err, "out of memory")) ||
            GPU_CHECK(err, "clGetDeviceIDs", clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, n, ids, NULL))) {
            failed = 1;
        } else {
            for (cl_uint d = 0; d < n && !failed; ++d) {
                if (describe(platforms[p], ids[d], &all[total], err) != 0)
                    failed = 1;
                else
                    ++total;
            }
        }
        free(ids);
    }
    free(platforms);
    if (failed) {
        gpu_devices_free(all, total);
        return -1;
    }
    *devices = all;
    *count = total;
    return 0;
}

const char *gpu_device_type_name(cl_device_type type)
{
    if (type & CL_DEVICE_TYPE_GPU)
        return "GPU";
    if (type & CL_DEVICE_TYPE_CPU)
        return "CPU";
    if (type & CL_DEVICE_TYPE_ACCELERATOR)
        return "accelerator";
    if (type & CL_DEVICE_TYPE_CUSTOM)
        return "custom";
    return "other";
}

static int vendor_is(const gpu_device_info *info, cl_uint id, const char *name1, const char *name2)
{
    if (!(info->type & CL_DEVICE_TYPE_GPU))
        return 0;
    return info->vendor_id == id || strstr(info->vendor, name1) || (name2 && strstr(info->vendor, name2));
}

int gpu_device_is_amd_gpu(const gpu_device_info *info)
{
    return vendor_is(info, GPU_VENDOR_AMD, "Advanced Micro Devices", "AMD");
}

int gpu_device_is_nvidia_gpu(const gpu_device_info *info) { return vendor_is(info, GPU_VENDOR_NVIDIA, "NVIDIA", NULL); }

/* "3.8 GiB", "1024 MiB": sizes a reader can compare at a glance. */
static void format_bytes(cl_ulong bytes, char *text, size_t size)
{
    if (bytes >= ((cl_ulong)8 << 30))
        snprintf(text, size, "%.1f GiB", (double)bytes / (double)(1ULL << 30));
    else
        snprintf(text, size, "%llu MiB", (unsigned long long)(bytes >> 20));
}

int gpu_list_devices(FILE *out, error_text *err)
{
    gpu_device_info *devices;
    size_t count;
    if (gpu_devices_all(&devices, &count, err) != 0)
        return -1;
    if (count == 0) {
        fprintf(out, "no OpenCL device found (no OpenCL platform is installed: see /etc/OpenCL/vendors/*.icd)\n");
        return 0;
    }
    fprintf(out, "%-5s  %-11s  %10s  %14s  %-4s  %-30s  %s\n", "index", "type", "global mem", "max allocation",
            "fp64", "platform", "device (driver)");
    for (size_t i = 0; i < count; ++i) {
        const gpu_device_info *d = &devices[i];
        char global[32], allocation[32];
        format_bytes(d->global_memory, global, sizeof global);
        format_bytes(d->max_allocation, allocation, sizeof allocation);
        fprintf(out, "%-5zu  %-11s  %10s  %14s  %-4s  %-30s  %s (driver %s)\n", i, gpu_device_type_name(d->type),
                global, allocation, d->fp64 ? "yes" : "no", d->platform_name, d->name, d->driver_version);
    }
    gpu_devices_free(devices, count);
    return (int)count;
}
