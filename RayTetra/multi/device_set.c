/* device_set.c: the devices of one --devices run (device_set.h). */
#include "multi/device_set.h"

#include <stdlib.h>
#include <string.h>

#include "multi/device_runner.h"

int device_set_open(device_set *set, const int *devices, size_t count, device_set_opener open, const void *argument,
                    device_set_closer close, error_text *err)
{
    memset(set, 0, sizeof *set);
    set->devices = malloc((count ? count : 1) * sizeof *set->devices);
    set->handles = calloc(count ? count : 1, sizeof *set->handles);
    if (!set->devices || !set->handles) {
        device_set_close(set, close);
        return error_set_kind(err, ERROR_MEMORY, "opening %zu OpenCL devices: out of memory", count);
    }
    set->count = count;
    memcpy(set->devices, devices, count * sizeof *devices);
    for (size_t i = 0; i < count; ++i)
        if (open(&set->handles[i], devices[i], argument, err) != 0) {
            set->handles[i] = NULL;
            device_runner_name(devices[i], NULL, i, count, "cannot be opened", err);
            device_set_close(set, close);
            return -1;
        }
    return 0;
}

void device_set_close(device_set *set, device_set_closer close)
{
    for (size_t i = 0; set->handles && i < set->count; ++i)
        if (set->handles[i])
            close(set->handles[i]);
    free(set->handles);
    free(set->devices);
    memset(set, 0, sizeof *set);
}
