/* device_threads.c: the host threads of a several-device run (device_threads.h). */
#include "multi/device_threads.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

int device_threads_run(size_t count, const int *devices, const unsigned char *active, void *(*body)(void *),
                       void *arguments, size_t argument_size, error_text *err)
{
    pthread_t *threads = calloc(count ? count : 1, sizeof *threads);
    unsigned char *started = calloc(count ? count : 1, 1);
    if (!threads || !started) {
        free(threads);
        free(started);
        return error_set_kind(err, ERROR_MEMORY, "starting %zu host threads: out of memory", count);
    }
    int failed = 0;
    for (size_t i = 0; i < count && !failed; ++i) {
        if (active && !active[i])
            continue;
        int status = pthread_create(&threads[i], NULL, body, (char *)arguments + i * argument_size);
        if (status != 0)
            failed = error_set(err, "starting the host thread of OpenCL device %d: %s", devices[i], strerror(status));
        else
            started[i] = 1;
    }
    for (size_t i = 0; i < count; ++i)
        if (started[i])
            pthread_join(threads[i], NULL);
    free(threads);
    free(started);
    return failed ? -1 : 0;
}

int device_threads_name(int device, const char *description, size_t i, size_t count, const char *what,
                        error_text *err)
{
    error_kind kind = err->kind;
    char old[ERROR_TEXT_SIZE];
    memcpy(old, err->text, sizeof old);
    if (description)
        error_set(err, "OpenCL device %d (%.200s; device %zu of %zu in --devices) %s: %.600s", device, description,
                  i + 1, count, what, old);
    else
        error_set(err, "OpenCL device %d (device %zu of %zu in --devices) %s: %.600s", device, i + 1, count, what, old);
    err->kind = kind;
    return -1;
}
