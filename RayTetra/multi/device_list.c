/* device_list.c: --devices LIST|all parsed against the machine's (or simulated) devices. */
#include "multi/device_list.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "opencl/gpu_device.h"

static int choose_all(const device_kind *kinds, size_t count, int need_fp64, int *out, size_t *chosen,
                      error_text *err)
{
    size_t n = 0;
    for (size_t d = 0; d < count; ++d)
        if (kinds[d].gpu && (kinds[d].fp64 || !need_fp64))
            out[n++] = (int)d;
    if (n == 0) /* no GPU: the other devices (PoCL's CPU device) */
        for (size_t d = 0; d < count; ++d)
            if (kinds[d].fp64 || !need_fp64)
                out[n++] = (int)d;
    if (n == 0)
        return error_set_kind(err, ERROR_NOT_FOUND,
                              count == 0 ? "--devices all: no OpenCL device found (install an OpenCL driver, e.g. "
                                           "PoCL for the CPU)"
                                         : "--devices all: no OpenCL device has fp64, which the double kernels need "
                                           "(see --list-devices; the float kernels with single data run without it)");
    *chosen = n;
    return 0;
}

int device_list_parse(const char *text, const device_kind *kinds, size_t count, int need_fp64, int **indices,
                      size_t *chosen, error_text *err)
{
    *indices = NULL;
    *chosen = 0;
    int *out = malloc((count ? count : 1) * sizeof *out);
    if (!out)
        return error_set_kind(err, ERROR_MEMORY, "--devices %s: out of memory", text);
    if (strcmp(text, "all") == 0) {
        if (choose_all(kinds, count, need_fp64, out, chosen, err) != 0) {
            free(out);
            return -1;
        }
        *indices = out;
        return 0;
    }
    size_t n = 0;
    const char *p = text;
    for (;;) {
        size_t length = strcspn(p, ",");
        char *end;
        errno = 0;
        long value = length ? strtol(p, &end, 10) : 0;
        if (length == 0 || end != p + length || errno || value < 0 || p[0] == '+' || p[0] == ' ' || p[0] == '-') {
            error_set_kind(err, ERROR_USAGE,
                           "--devices '%s': '%.*s' is not a device number; give device numbers as -n takes them, "
                           "separated by commas (e.g. 0,1), or all",
                           text, (int)(length > 40 ? 40 : length), p);
            free(out);
            return -1;
        }
        if ((unsigned long)value >= count) {
            if (count == 0)
                error_set_kind(err, ERROR_USAGE,
                               "--devices '%s': OpenCL device %ld does not exist: no OpenCL device found (install an "
                               "OpenCL driver, e.g. PoCL for the CPU)",
                               text, value);
            else
                error_set_kind(err, ERROR_USAGE,
                               "--devices '%s': OpenCL device %ld does not exist: there %s %zu (0 to %zu); see "
                               "--list-devices",
                               text, value, count == 1 ? "is" : "are", count, count - 1);
            free(out);
            return -1;
        }
        for (size_t i = 0; i < n; ++i)
            if (out[i] == (int)value) {
                error_set_kind(err, ERROR_USAGE,
                               "--devices '%s': device %ld is listed twice; list each device once (a device runs "
                               "one share of the pairs)",
                               text, value);
                free(out);
                return -1;
            }
        out[n++] = (int)value;
        if (p[length] == '\0')
            break;
        p += length + 1;
    }
    *indices = out;
    *chosen = n;
    return 0;
}

int device_list_resolve(const char *text, int need_fp64, int **indices, size_t *chosen, error_text *err)
{
    gpu_device_info *devices = NULL;
    size_t count = 0;
    if (gpu_devices_all(&devices, &count, err) != 0)
        return -1;
    device_kind *kinds = calloc(count ? count : 1, sizeof *kinds);
    if (!kinds) {
        gpu_devices_free(devices, count);
        return error_set_kind(err, ERROR_MEMORY, "--devices %s: out of memory", text);
    }
    for (size_t d = 0; d < count; ++d) {
        kinds[d].gpu = (devices[d].type & CL_DEVICE_TYPE_GPU) != 0;
        kinds[d].fp64 = devices[d].fp64;
    }
    gpu_devices_free(devices, count);
    int status = device_list_parse(text, kinds, count, need_fp64, indices, chosen, err);
    free(kinds);
    return status;
}
