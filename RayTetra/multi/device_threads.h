/* device_threads.h: what every several-device run of --devices does alike (RayTetra's and
 * Bench's pairs, TetWalk's rays): one host thread per device, started together and joined, and
 * a device's failure named the same way. */
#ifndef RAYTETRA_DEVICE_THREADS_H
#define RAYTETRA_DEVICE_THREADS_H

#include <stddef.h>

#include "error.h"

/* Run body(arguments + i * argument_size) on a thread of its own for every device i < count
 * with active[i] (every one when active is NULL), and join them all. Returns 0, or -1 with err
 * naming the device whose thread could not be started (the started ones joined first). */
int device_threads_run(size_t count, const int *devices, const unsigned char *active, void *(*body)(void *),
                       void *arguments, size_t argument_size, error_text *err);

/* err = "OpenCL device N (DESCRIPTION; device K of COUNT in --devices) WHAT: old text", its kind
 * kept; description may be NULL. Returns -1. */
int device_threads_name(int device, const char *description, size_t i, size_t count, const char *what,
                        error_text *err);

#endif
