/* gpu_objects.h: the OpenCL objects of an open gpu_handler, for host modules that run their own
 * kernels or transfers on the same device and queue (gpu_bandwidth.c) without reaching into the
 * handler's private structure. */
#ifndef RAYTETRA_GPU_OBJECTS_H
#define RAYTETRA_GPU_OBJECTS_H

#include "opencl/gpu_device.h"
#include "opencl/gpu_errors.h"
#include "opencl/gpu_handler.h"

typedef struct gpu_cl_objects {
    cl_context context;
    cl_command_queue queue;
    const gpu_device_info *info; /* owned by the handler */
    cl_kernel kernel;            /* of the last gpu_prepare; NULL if none */
    size_t local_size;           /* its local size */
    gpu_config config;           /* the layout and output level it was built for */
    const gpu_algorithm *algorithm; /* its algorithm; NULL if none */
} gpu_cl_objects;

void gpu_handler_objects(const gpu_handler *handler, gpu_cl_objects *objects);

#endif
