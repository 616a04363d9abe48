/* binary_io.c: reading and writing the binary format; byte order is fixed (little-endian), so
 * a big-endian host swaps every field. */
#include "binary_io.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "atomic_file.h"
#include "pair_check.h"

#define PAIR_RECORD 144
#define RESULT_RECORD 112
_Static_assert(sizeof(ray_tetra_pair) == PAIR_RECORD, "pairs are stored as 18 packed doubles");

int binary_path(const char *path)
{
    size_t n = strlen(path);
    return n >= 4 && strcmp(path + n - 4, ".rtb") == 0;
}

int binary_stream(FILE *stream)
{
    char magic[8];
    long at = ftell(stream);
    size_t got = fread(magic, 1, sizeof magic, stream);
    fseek(stream, at, SEEK_SET);
    return got == sizeof magic && memcmp(magic, BINARY_MAGIC, sizeof magic) == 0;
}

static int little_endian_host(void)
{
    const uint16_t one = 1;
    return *(const unsigned char *)&one == 1;
}

static void swap_bytes(void *data, size_t width, size_t count)
{
    unsigned char *p = data;
    for (size_t i = 0; i < count; ++i, p += width)
        for (size_t a = 0, b = width - 1; a < b; ++a, --b) {
            unsigned char t = p[a];
            p[a] = p[b];
            p[b] = t;
        }
}

static void put_u32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; ++i)
        p[i] = (unsigned char)(v >> (8 * i));
}

static void put_u64(unsigned char *p, uint64_t v)
{
    for (int i = 0; i < 8; ++i)
        p[i] = (unsigned char)(v >> (8 * i));
}

static uint32_t get_u32(const unsigned char *p)
{
    uint32_t v = 0;
    for (int i = 3; i >= 0; --i)
        v = v << 8 | p[i];
    return v;
}

static uint64_t get_u64(const unsigned char *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; --i)
        v = v << 8 | p[i];
    return v;
}

/* Read and check the header; sets *count. */
static int read_header(const char *path, FILE *stream, uint32_t kind, uint32_t record, uint64_t *count,
                       error_text *err)
{
    unsigned char h[BINARY_HEADER_SIZE];
    if (fread(h, 1, sizeof h, stream) != sizeof h)
        return error_set(err, "%s: the binary header is cut short (64 bytes expected)", path);
    if (memcmp(h, BINARY_MAGIC, 8) != 0)
        return error_set(err, "%s: not a RayTetra binary file (bad magic)", path);
    if (get_u32(h + 8) != BINARY_VERSION)
        return error_set(err, "%s: binary format version %u, this program reads version %d", path, get_u32(h + 8),
                         BINARY_VERSION);
    if (get_u32(h + 12) != kind)
        return error_set(err, "%s: holds %s, expected %s", path, get_u32(h + 12) == BINARY_KIND_PAIRS ? "pairs" : "results",
                         kind == BINARY_KIND_PAIRS ? "pairs" : "results");
    if (get_u32(h + 24) != record)
        return error_set(err, "%s: record size %u, expected %u", path, get_u32(h + 24), record);
    *count = get_u64(h + 16);
    struct stat st;
    if (fstat(fileno(stream), &st) == 0 && S_ISREG(st.st_mode)) {
        uint64_t expected = BINARY_HEADER_SIZE + *count * record;
        if (*count > (uint64_t)(st.st_size / record) || (uint64_t)st.st_size != expected)
            return error_set(err, "%s: the header announces %llu records, which needs %llu bytes, but the file has %lld",
                             path, (unsigned long long)*count, (unsigned long long)expected, (long long)st.st_size);
    }
    if (*count > SIZE_MAX / record)
        return error_set(err, "%s: %llu records do not fit in memory", path, (unsigned long long)*count);
    return 0;
}

int binary_pairs_read(const char *path, FILE *stream, pair_set *set, error_text *err)
{
    set->count = 0;
    set->pairs = NULL;
    uint64_t count;
    if (read_header(path, stream, BINARY_KIND_PAIRS, PAIR_RECORD, &count, err) != 0)
        return -1;
    ray_tetra_pair *pairs = malloc(count ? count * sizeof *pairs : 1);
    if (!pairs)
        return error_set(err, "%s: not enough memory for %llu pairs", path, (unsigned long long)count);
    if (fread(pairs, PAIR_RECORD, count, stream) != count) {
        free(pairs);
        return error_set(err, "%s: the file ends before its %llu pairs", path, (unsigned long long)count);
    }
    if (!little_endian_host())
        swap_bytes(pairs, 8, count * 18);
    /* Validate in parallel: at 10^8 pairs the exact orientation test is most of the load time. */
    long long first_bad = LLONG_MAX;
#pragma omp parallel for schedule(static) reduction(min : first_bad)
    for (long long i = 0; i < (long long)count; ++i)
        if (pair_problem(&pairs[i]) && i < first_bad)
            first_bad = i;
    if (first_bad != LLONG_MAX) {
        error_set(err, "%s: pair %lld: %s", path, first_bad, pair_problem(&pairs[first_bad]));
        free(pairs);
        return -1;
    }
    set->count = (size_t)count;
    set->pairs = pairs;
    return 0;
}

int binary_results_read(const char *path, FILE *stream, ray_tetra_result **results, size_t *count, error_text *err)
{
    *results = NULL;
    *count = 0;
    uint64_t n;
    if (read_header(path, stream, BINARY_KIND_RESULTS, RESULT_RECORD, &n, err) != 0)
        return -1;
    ray_tetra_result *list = calloc(n ? n : 1, sizeof *list);
    if (!list)
        return error_set(err, "%s: not enough memory for %llu results", path, (unsigned long long)n);
    unsigned char record[RESULT_RECORD];
    for (uint64_t i = 0; i < n; ++i) {
        if (fread(record, 1, sizeof record, stream) != sizeof record) {
            free(list);
            return error_set(err, "%s: the file ends before its %llu results", path, (unsigned long long)n);
        }
        ray_tetra_result *r = &list[i];
        r->hit = (int32_t)get_u32(record);
        r->enter_face = (int32_t)get_u32(record + 4);
        r->leave_face = (int32_t)get_u32(record + 8);
        double v[12];
        memcpy(v, record + 16, sizeof v);
        if (!little_endian_host())
            swap_bytes(v, 8, 12);
        r->enter_point = (vec3){v[0], v[1], v[2]};
        r->leave_point = (vec3){v[3], v[4], v[5]};
        r->u_enter1 = v[6];
        r->u_enter2 = v[7];
        r->u_leave1 = v[8];
        r->u_leave2 = v[9];
        r->t_enter = v[10];
        r->t_leave = v[11];
        if ((r->hit != 0 && r->hit != 1) || (r->hit && (r->enter_face < 0 || r->enter_face > 3 || r->leave_face < 0 ||
                                                        r->leave_face > 3))) {
            free(list);
            return error_set(err, "%s: result %llu: invalid hit flag or face", path, (unsigned long long)i);
        }
    }
    *results = list;
    *count = (size_t)n;
    return 0;
}

void binary_write_header(FILE *stream, unsigned kind, unsigned long long count, unsigned record)
{
    unsigned char h[BINARY_HEADER_SIZE] = {0};
    memcpy(h, BINARY_MAGIC, 8);
    put_u32(h + 8, BINARY_VERSION);
    put_u32(h + 12, kind);
    put_u64(h + 16, count);
    put_u32(h + 24, record);
    fwrite(h, 1, sizeof h, stream);
}

int binary_pairs_write(const char *path, const pair_set *set, error_text *err)
{
    atomic_file file;
    if (atomic_open(&file, path, err) != 0)
        return -1;
    binary_write_header(file.stream, BINARY_KIND_PAIRS, set->count, PAIR_RECORD);
    if (little_endian_host()) {
        fwrite(set->pairs, PAIR_RECORD, set->count, file.stream);
    } else {
        for (size_t i = 0; i < set->count; ++i) {
            ray_tetra_pair p = set->pairs[i];
            swap_bytes(&p, 8, 18);
            fwrite(&p, PAIR_RECORD, 1, file.stream);
        }
    }
    return atomic_commit(&file, err);
}

int binary_results_write(const char *path, const ray_tetra_result *results, size_t count, error_text *err)
{
    atomic_file file;
    if (atomic_open(&file, path, err) != 0)
        return -1;
    binary_write_header(file.stream, BINARY_KIND_RESULTS, count, RESULT_RECORD);
    for (size_t i = 0; i < count; ++i) {
        const ray_tetra_result *r = &results[i];
        unsigned char record[RESULT_RECORD] = {0};
        put_u32(record, (uint32_t)r->hit);
        put_u32(record + 4, (uint32_t)(r->hit ? r->enter_face : -1));
        put_u32(record + 8, (uint32_t)(r->hit ? r->leave_face : -1));
        double v[12] = {0};
        if (r->hit) {
            double all[12] = {r->enter_point.x, r->enter_point.y, r->enter_point.z, r->leave_point.x, r->leave_point.y,
                              r->leave_point.z, r->u_enter1, r->u_enter2, r->u_leave1, r->u_leave2, r->t_enter,
                              r->t_leave};
            memcpy(v, all, sizeof v);
        }
        if (!little_endian_host())
            swap_bytes(v, 8, 12);
        memcpy(record + 16, v, sizeof v);
        fwrite(record, 1, sizeof record, file.stream);
    }
    return atomic_commit(&file, err);
}
