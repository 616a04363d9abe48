/* gpu_cache.c: the on-disk cache of compiled kernels (format and rules in gpu_cache.h). */
#define _POSIX_C_SOURCE 200809L
#include "opencl/gpu_cache.h"

#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "atomic_file.h"
#include "opencl/gpu_source.h"

#define MAGIC "RAYTETRA-KERNEL-CACHE"
#define FORMAT_VERSION 1

/* Two independent 64-bit hashes side by side (FNV-1a and a multiply-xorshift one): not
 * cryptographic, but an accidental collision of both is out of reach, and every entry also
 * repeats its key inside, so a collision of file names alone only costs a rebuild. */
typedef struct hash128 {
    uint64_t a, b;
} hash128;

static hash128 hash_start(void) { return (hash128){0xcbf29ce484222325ULL, 0x243f6a8885a308d3ULL}; }

static void hash_bytes(hash128 *h, const void *data, size_t size)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < size; ++i) {
        h->a = (h->a ^ p[i]) * 0x100000001b3ULL;
        h->b = (h->b + p[i] + 1) * 0x9e3779b97f4a7c15ULL;
        h->b ^= h->b >> 29;
    }
}

/* A field with its length first, so that ("ab", "c") and ("a", "bc") differ. */
static void hash_field(hash128 *h, const char *data, size_t size)
{
    uint64_t length = size;
    hash_bytes(h, &length, sizeof length);
    if (data)
        hash_bytes(h, data, size);
}

static void hash_string(hash128 *h, const char *s) { hash_field(h, s, s ? strlen(s) : 0); }

static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void hash_hex(hash128 h, char hex[GPU_CACHE_KEY_HEX])
{
    snprintf(hex, GPU_CACHE_KEY_HEX, "%016" PRIx64 "%016" PRIx64, mix(h.a), mix(h.b));
}

void gpu_cache_key(const gpu_cache_identity *id, char key[GPU_CACHE_KEY_HEX])
{
    hash128 h = hash_start();
    hash_string(&h, MAGIC);
    hash_field(&h, id->source, id->source_length);
    hash_string(&h, id->options);
    hash_string(&h, id->device_name);
    hash_string(&h, id->device_version);
    hash_string(&h, id->driver_version);
    hash_string(&h, id->platform_version);
    hash_hex(h, key);
}

char *gpu_cache_dir(void)
{
    const char *dir = getenv("RAYTETRA_CACHE_DIR");
    if (dir && *dir)
        return strdup(dir);
    dir = getenv("XDG_CACHE_HOME");
    if (dir && *dir)
        return gpu_path_join(dir, "raytetra");
    dir = getenv("HOME");
    if (dir && *dir)
        return gpu_path_join(dir, ".cache/raytetra");
    return NULL;
}

char *gpu_cache_entry_path(const char *dir, const char *device_name, const char *kernel_name, const char *key)
{
    size_t length = strlen(dir) + strlen(device_name) + strlen(kernel_name) + strlen(key) + 8;
    char *path = malloc(length);
    if (!path)
        return NULL;
    int at = snprintf(path, length, "%s/", dir);
    for (const char *c = device_name; *c; ++c) {
        int plain = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '.' ||
                    *c == '-';
        path[at++] = plain ? *c : '-';
    }
    snprintf(path + at, length - (size_t)at, "_%s_%s.bin", kernel_name, key);
    return path;
}

static void checksum_hex(const unsigned char *binary, size_t size, char hex[GPU_CACHE_KEY_HEX])
{
    hash128 h = hash_start();
    hash_field(&h, (const char *)binary, size);
    hash_hex(h, hex);
}

gpu_cache_status gpu_cache_load(const char *path, const char *key, unsigned char **binary, size_t *size,
                                error_text *why)
{
    *binary = NULL;
    *size = 0;
    /* A FIFO or device in the cache would block or never end: only regular files are read. */
    struct stat st;
    if (stat(path, &st) != 0) {
        if (errno == ENOENT)
            return GPU_CACHE_MISSING;
    } else if (!S_ISREG(st.st_mode)) {
        error_set(why, "%s is not a regular file; not used", path);
        return GPU_CACHE_INVALID;
    }
    char *data;
    size_t length;
    int status = gpu_read_file(path, &data, &length);
    if (status == ENOENT)
        return GPU_CACHE_MISSING;
    if (status != 0) {
        error_set(why, "cannot read %s: %s", path, strerror(status));
        return GPU_CACHE_INVALID;
    }
    char *newline = memchr(data, '\n', length < 256 ? length : 256);
    char magic[32], entry_key[GPU_CACHE_KEY_HEX], entry_checksum[GPU_CACHE_KEY_HEX];
    int version;
    unsigned long long entry_size;
    if (!newline) {
        free(data);
        error_set(why, "%s has no valid header", path);
        return GPU_CACHE_INVALID;
    }
    *newline = '\0';
    if (sscanf(data, "%31s %d %32s %llu %32s", magic, &version, entry_key, &entry_size, entry_checksum) != 5 ||
        strcmp(magic, MAGIC) != 0 || version != FORMAT_VERSION) {
        free(data);
        error_set(why, "%s has no valid header", path);
        return GPU_CACHE_INVALID;
    }
    size_t header = (size_t)(newline - data) + 1;
    const unsigned char *body = (const unsigned char *)data + header;
    char checksum[GPU_CACHE_KEY_HEX];
    const char *problem = NULL;
    if (strcmp(entry_key, key) != 0)
        problem = "was built from another source, device or driver";
    else if (entry_size != length - header)
        problem = "is truncated or too long";
    else {
        checksum_hex(body, length - header, checksum);
        if (strcmp(checksum, entry_checksum) != 0)
            problem = "fails its checksum";
    }
    if (problem) {
        free(data);
        error_set(why, "%s %s", path, problem);
        return GPU_CACHE_INVALID;
    }
    *size = length - header;
    *binary = malloc(*size ? *size : 1);
    if (!*binary) {
        free(data);
        error_set(why, "out of memory reading %s", path);
        return GPU_CACHE_INVALID;
    }
    memcpy(*binary, body, *size);
    free(data);
    return GPU_CACHE_HIT;
}

/* mkdir -p of the folder part of path. */
static int make_parents(const char *path, error_text *err)
{
    char *dir = strdup(path);
    if (!dir)
        return error_set(err, "out of memory");
    char *slash = strrchr(dir, '/');
    if (slash && slash != dir) {
        *slash = '\0';
        for (char *c = dir + 1; *c; ++c) {
            if (*c != '/')
                continue;
            *c = '\0';
            int failed = mkdir(dir, 0777) != 0 && errno != EEXIST;
            *c = '/';
            if (failed)
                break;
        }
        if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
            int saved = errno;
            error_set(err, "cannot create the cache folder %s: %s", dir, strerror(saved));
            free(dir);
            return -1;
        }
    }
    free(dir);
    return 0;
}

int gpu_cache_store(const char *path, const char *key, const unsigned char *binary, size_t size, error_text *err)
{
    if (make_parents(path, err) != 0)
        return -1;
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
        return error_set(err, "%s is not a regular file; left as it is", path);
    char checksum[GPU_CACHE_KEY_HEX];
    checksum_hex(binary, size, checksum);
    atomic_file file;
    if (atomic_open(&file, path, err) != 0)
        return -1;
    fprintf(file.stream, "%s %d %s %zu %s\n", MAGIC, FORMAT_VERSION, key, size, checksum);
    fwrite(binary, 1, size, file.stream);
    return atomic_commit(&file, err);
}
