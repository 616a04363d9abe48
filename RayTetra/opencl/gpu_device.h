/* gpu_device.h: OpenCL platform and device discovery: every device of every platform, in one
 * numbering (the -n index), with what the suite needs to know about each; --list-devices. */
#ifndef RAYTETRA_GPU_DEVICE_H
#define RAYTETRA_GPU_DEVICE_H

#include <stddef.h>
#include <stdio.h>

#include "error.h"
#include "opencl/gpu_errors.h"

typedef struct gpu_device_info {
    cl_platform_id platform;
    cl_device_id device;
    char *platform_name, *platform_version;
    char *name, *vendor, *version, *driver_version;
    cl_device_type type;
    cl_uint vendor_id;
    cl_ulong global_memory, max_allocation;
    size_t max_work_group, max_work_items; /* the latter: dimension 0 */
    int fp64; /* cl_khr_fp64; 0 for every device under $RAYTETRA_ASSUME_NO_FP64 (tests) */
} gpu_device_info;

/* PCI vendor ids, as CL_DEVICE_VENDOR_ID reports them for GPUs. */
#define GPU_VENDOR_AMD 0x1002u
#define GPU_VENDOR_NVIDIA 0x10deu

/* All devices of all platforms in platform order; *count is 0 when no platform is installed.
 * Returns 0, or -1 with err set (then nothing is allocated). */
int gpu_devices_all(gpu_device_info **devices, size_t *count, error_text *err);

/* Start the OpenCL platforms and their devices now, on this thread: the ICD loader starts at
 * the first call, and a platform (PoCL 3.1) finds its devices at the first device query, and
 * neither start is safe from several threads at once (three threads opening PoCL's device
 * together found no device, or crashed). Call it before opening devices side by side. */
void gpu_devices_load(void);

void gpu_device_info_free(gpu_device_info *info);
void gpu_devices_free(gpu_device_info *devices, size_t count);

/* "GPU", "CPU", "accelerator", "custom" or "other". */
const char *gpu_device_type_name(cl_device_type type);

/* Is it a GPU of that vendor (by vendor id or name)? */
int gpu_device_is_amd_gpu(const gpu_device_info *info);
int gpu_device_is_nvidia_gpu(const gpu_device_info *info);

/* Print every OpenCL device of every platform (index, platform, name, type, global memory,
 * max allocation, fp64): --list-devices. Returns the number of devices, or -1 with err set. */
int gpu_list_devices(FILE *out, error_text *err);

#endif
