/* gpu_cache.h: compiled kernel binaries kept on disk, so that a kernel is compiled once per
 * source, device and driver (docs/SPECIFICATION.md section 6: a cache never serves a binary built from other
 * source, for another device or another driver).
 *
 * An entry is named DEVICE_KERNEL_KEY.bin (the thesis named them DeviceName_KernelName.elf),
 * KEY being a 128-bit hash of the built source text (with every included header inlined),
 * the build options, the device name and version, the driver version and the platform version.
 * The entry starts with one text line "RAYTETRA-KERNEL-CACHE 1 KEY SIZE CHECKSUM" followed by
 * the SIZE bytes of the binary; a wrong key, size or checksum makes the entry invalid, and the
 * caller rebuilds from source and replaces it. Entries are written atomically. */
#ifndef RAYTETRA_GPU_CACHE_H
#define RAYTETRA_GPU_CACHE_H

#include <stddef.h>

#include "error.h"

#define GPU_CACHE_KEY_HEX 33 /* 32 hex digits and the NUL */

typedef struct gpu_cache_identity {
    const char *source;
    size_t source_length;
    const char *options;
    const char *device_name, *device_version, *driver_version, *platform_version;
} gpu_cache_identity;

void gpu_cache_key(const gpu_cache_identity *identity, char key[GPU_CACHE_KEY_HEX]);

/* $RAYTETRA_CACHE_DIR, else $XDG_CACHE_HOME/raytetra, else $HOME/.cache/raytetra (malloc'd);
 * NULL when none of them is set (the cache is then not used). */
char *gpu_cache_dir(void);

/* DIR/DEVICE_KERNEL_KEY.bin with the device name reduced to [A-Za-z0-9.-] (malloc'd). */
char *gpu_cache_entry_path(const char *dir, const char *device_name, const char *kernel_name, const char *key);

typedef enum gpu_cache_status {
    GPU_CACHE_HIT,     /* *binary holds a verified binary */
    GPU_CACHE_MISSING, /* no entry */
    GPU_CACHE_INVALID, /* an entry exists but is damaged or for another key: why says how */
} gpu_cache_status;

gpu_cache_status gpu_cache_load(const char *path, const char *key, unsigned char **binary, size_t *size,
                                error_text *why);

/* Write the entry (creating the folders); returns 0, or -1 with err set. */
int gpu_cache_store(const char *path, const char *key, const unsigned char *binary, size_t size, error_text *err);

#endif
