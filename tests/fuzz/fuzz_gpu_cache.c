/* fuzz_gpu_cache: libFuzzer target for the kernel-cache loader on bytes in memory: they are put
 * in an anonymous in-memory file (memfd) that gpu_cache_load reads through /proc/self/fd. An
 * entry is used only when its header, key, size and checksum all hold. */
#define _GNU_SOURCE /* memfd_create */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "opencl/gpu_cache.h"

/* The key of the seed entries (tests/fuzz/corpus/gpu_cache). */
#define KEY "00112233445566778899aabbccddeeff"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int entry = -1;
static char path[64];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (entry < 0) {
        entry = memfd_create("fuzz_gpu_cache", 0);
        if (entry < 0)
            abort();
        snprintf(path, sizeof path, "/proc/self/fd/%d", entry);
    }
    if (ftruncate(entry, 0) != 0 || pwrite(entry, data, size, 0) != (ssize_t)size)
        abort();
    unsigned char *binary;
    size_t length;
    error_text why;
    gpu_cache_status status = gpu_cache_load(path, KEY, &binary, &length, &why);
    if (status == GPU_CACHE_HIT) {
        /* A hit is the bytes after the one header line, exactly. */
        const uint8_t *newline = memchr(data, '\n', size);
        if (!newline || length != size - (size_t)(newline + 1 - data) || memcmp(binary, newline + 1, length) != 0)
            __builtin_trap();
        free(binary);
    } else if (status == GPU_CACHE_INVALID && strlen(why.text) == 0) {
        __builtin_trap();
    }
    return 0;
}
