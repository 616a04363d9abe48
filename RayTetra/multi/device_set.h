/* device_set.h: the devices of one --devices run, for pairs and TetWalk's rays alike: their -n
 * numbers in list order and one handle each (a gpu_handler, a walk_opencl), opened side by side
 * and closed side by side (each device on a thread of its own: a context, its kernel and its
 * release are mostly the driver's waiting, over a second for four GPUs one after the other), a
 * device that cannot be opened named the same way everywhere. */
#ifndef RAYTETRA_DEVICE_SET_H
#define RAYTETRA_DEVICE_SET_H

#include <stddef.h>

#include "error.h"

typedef struct device_set {
    size_t count;
    int *devices;   /* -n numbers, in list order (a number may repeat: tests run one PoCL device as several) */
    void **handles; /* handles[i]: device i's, as the open callback made it */
} device_set;

/* Opens device `device` into *handle (argument: what every device needs, e.g. the mesh). */
typedef int (*device_set_opener)(void **handle, int device, const void *argument, error_text *err);
typedef void (*device_set_closer)(void *handle);

/* Task i of device_set_each (0, or -1 with err set). */
typedef int (*device_set_task)(void *context, size_t i, error_text *err);

/* task(context, i) for i = 0 .. count - 1, each on a thread of its own (in this thread when there
 * is one, or when a thread cannot be started). Returns -1 when every task succeeded, else the
 * lowest i that failed, with its error in err. */
long device_set_each(size_t count, device_set_task task, void *context, error_text *err);

/* Open devices[0 .. count - 1], side by side. Returns 0, or -1 with err naming the device that
 * could not be opened ("OpenCL device N (device K of COUNT in --devices) cannot be opened: why")
 * and every device opened before it closed again (*set then holds nothing). */
int device_set_open(device_set *set, const int *devices, size_t count, device_set_opener open, const void *argument,
                    device_set_closer close, error_text *err);

/* Close every handle, side by side, and free the set (a set that failed to open, or a zeroed
 * one: nothing). */
void device_set_close(device_set *set, device_set_closer close);

#endif
