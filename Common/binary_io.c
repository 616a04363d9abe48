/* binary_io.c: reading and writing the binary format; byte order is fixed (little-endian), so
 * a big-endian host swaps every field. */
#include "binary_io.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "byte_order.h"
#include "pair_check.h"

#define PAIR_RECORD BINARY_PAIR_RECORD
#define RESULT_RECORD BINARY_RESULT_RECORD
_Static_assert(sizeof(ray_tetra_pair) == PAIR_RECORD, "pairs are stored as 18 packed doubles");

int binary_path(const char *path)
{
    size_t n = strlen(path);
    return n >= 4 && strcmp(path + n - 4, ".rtb") == 0;
}

int binary_input(input_stream *in, error_text *err)
{
    const unsigned char *bytes;
    long got = input_peek(in, 8, &bytes, err);
    if (got < 0)
        return -1;
    return got == 8 && memcmp(bytes, BINARY_MAGIC, 8) == 0;
}

/* The four bytes of a header field are all text: the magic was the start of a text file. */
static int looks_like_text(const unsigned char *p)
{
    for (int i = 0; i < 4; ++i)
        if (!((p[i] >= 0x20 && p[i] < 0x7f) || p[i] == '\t' || p[i] == '\r' || p[i] == '\n'))
            return 0;
    return 1;
}

static const char *kind_name(uint32_t kind) { return kind == BINARY_KIND_PAIRS ? "pairs" : "results"; }

static size_t record_size(uint32_t kind) { return kind == BINARY_KIND_PAIRS ? PAIR_RECORD : RESULT_RECORD; }

/* Read and check the header; sets *count. */
static int read_header(input_stream *in, uint32_t kind, uint32_t record, uint64_t *count, error_text *err)
{
    const char *name = in->name;
    unsigned char h[BINARY_HEADER_SIZE];
    long got = input_read(in, h, sizeof h, err);
    if (got < 0)
        return -1;
    if (got < 8 || memcmp(h, BINARY_MAGIC, 8) != 0)
        return error_set(err, "%s: not a RayTetra binary file (bad magic)", name);
    uint32_t version = got >= 12 ? byte_order_get_u32(h + 8) : 0;
    if (got >= 12 && version != BINARY_VERSION && looks_like_text(h + 8))
        return error_set(err, "%s: starts with \"RAYTETRA\" but text follows, so it is no binary file; a text "
                              "file starts with the number of pairs",
                         name);
    if (got != (long)sizeof h)
        return error_set(err, "%s: the binary header is cut short (%ld of its 64 bytes)", name, got);
    uint32_t file_kind = byte_order_get_u32(h + 12), file_record = byte_order_get_u32(h + 24);
    if (version != BINARY_VERSION)
        return error_set(err, "%s: binary format version %u, this program reads version %d", name, version,
                         BINARY_VERSION);
    if (file_kind != BINARY_KIND_PAIRS && file_kind != BINARY_KIND_RESULTS)
        return error_set(err, "%s: unknown record kind %u in the binary header (1 = pairs, 2 = results)", name,
                         file_kind);
    if (file_kind != kind)
        return error_set(err, "%s: holds %s, expected %s", name, kind_name(file_kind), kind_name(kind));
    if (file_record != record)
        return error_set(err, "%s: record size %u, expected %u for %s", name, file_record, record, kind_name(kind));
    for (int i = 28; i < BINARY_HEADER_SIZE; ++i)
        if (h[i] != 0)
            return error_set(err, "%s: byte %d of the binary header is not zero (reserved); the file is damaged or "
                                  "from a newer version",
                             name, i);
    *count = byte_order_get_u64(h + 16);
    if (*count > (UINT64_MAX - BINARY_HEADER_SIZE) / record)
        return error_set(err, "%s: the header announces %llu records, more than any file can hold", name,
                         (unsigned long long)*count);
    uint64_t expected = BINARY_HEADER_SIZE + *count * record;
    if (in->size >= 0 && (uint64_t)in->size != expected)
        return error_set(err, "%s: the header announces %llu records, which needs %llu bytes, but the file has %lld",
                         name, (unsigned long long)*count, (unsigned long long)expected, (long long)in->size);
    if (*count > SIZE_MAX / record)
        return error_set(err, "%s: %llu records do not fit in memory", name, (unsigned long long)*count);
    return 0;
}

/* After the last record: nothing may follow. */
static int check_end(input_stream *in, uint64_t count, error_text *err)
{
    const unsigned char *bytes;
    long got = input_peek(in, 1, &bytes, err);
    if (got < 0)
        return -1;
    if (got > 0)
        return error_set(err, "%s: bytes follow the %llu records the header announces", in->name,
                         (unsigned long long)count);
    return 0;
}

/* Records of `size` bytes into a growing array: a stream's header may announce more than it
 * holds, so memory follows what arrives. Returns the array, or NULL with err set. */
static unsigned char *read_records(input_stream *in, uint64_t count, size_t size, const char *what, error_text *err)
{
    /* A regular file's size was checked against count, so all of it can be allocated at once. */
    size_t capacity = in->size >= 0 || count < 65536 ? (size_t)count : 65536, done = 0;
    unsigned char *records = malloc(capacity ? capacity * size : 1);
    if (!records) {
        error_set(err, "%s: not enough memory for %llu %s", in->name, (unsigned long long)count, what);
        return NULL;
    }
    while (done < count) {
        if (done == capacity) {
            size_t grown = capacity * 2 < count ? capacity * 2 : (size_t)count;
            unsigned char *bigger = realloc(records, grown * size);
            if (!bigger) {
                free(records);
                error_set(err, "%s: not enough memory for %llu %s", in->name, (unsigned long long)count, what);
                return NULL;
            }
            records = bigger;
            capacity = grown;
        }
        size_t want = (capacity - done) * size;
        long got = input_read(in, records + done * size, want, err);
        if (got < 0) {
            free(records);
            return NULL;
        }
        done += (size_t)got / size;
        if ((size_t)got < want) { /* the end of the input (a partial record is no record) */
            free(records);
            error_set(err, "%s: the file ends after %zu of the %llu %s its header announces", in->name, done,
                      (unsigned long long)count, what);
            return NULL;
        }
    }
    if (check_end(in, count, err) != 0) {
        free(records);
        return NULL;
    }
    return records;
}

int binary_pair_check(const char *name, size_t index, const ray_tetra_pair *pair, error_text *err)
{
    char why[ERROR_TEXT_SIZE / 2];
    if (pair_check(pair, why, sizeof why) == 0)
        return 0;
    return error_set(err, "%s: pair %zu: %s", name, index, why);
}

/* A streamed file's header: *count, the records it announces. */
static int stream_begin(input_stream *in, uint32_t kind, size_t *count, error_text *err)
{
    uint64_t n;
    if (read_header(in, kind, (uint32_t)record_size(kind), &n, err) != 0)
        return -1;
    *count = (size_t)n;
    return 0;
}

/* A streamed file's records first .. first + want - 1 of `count`, raw, into `records`; the input
 * ending before them is an error. */
static int stream_next(input_stream *in, uint32_t kind, void *records, size_t first, size_t want, size_t count,
                       error_text *err)
{
    size_t record = record_size(kind);
    long got = input_read(in, records, want * record, err);
    if (got < 0)
        return -1;
    if ((size_t)got < want * record)
        return error_set(err, "%s: the file ends after %zu of the %zu %s its header announces", in->name,
                         first + (size_t)got / record, count, kind_name(kind));
    return 0;
}

int binary_pairs_begin(input_stream *in, size_t *count, error_text *err)
{
    return stream_begin(in, BINARY_KIND_PAIRS, count, err);
}

int binary_pairs_next(input_stream *in, ray_tetra_pair *pairs, size_t first, size_t want, size_t count,
                      error_text *err)
{
    if (stream_next(in, BINARY_KIND_PAIRS, pairs, first, want, count, err) != 0)
        return -1;
    if (!byte_order_little_endian_host())
        byte_order_swap(pairs, 8, want * 18);
    return 0;
}

int binary_pairs_end(input_stream *in, size_t count, error_text *err) { return check_end(in, count, err); }

int binary_pairs_read(input_stream *in, pair_set *set, error_text *err)
{
    set->count = 0;
    set->pairs = NULL;
    uint64_t count;
    if (read_header(in, BINARY_KIND_PAIRS, PAIR_RECORD, &count, err) != 0)
        return -1;
    ray_tetra_pair *pairs = (ray_tetra_pair *)read_records(in, count, PAIR_RECORD, "pairs", err);
    if (!pairs)
        return -1;
    if (!byte_order_little_endian_host())
        byte_order_swap(pairs, 8, count * 18);
    /* Validate in parallel: at 10^8 pairs the exact orientation test is most of the load time. */
    long long first_bad = LLONG_MAX;
#pragma omp parallel for schedule(static) reduction(min : first_bad) if (count > 4096)
    for (long long i = 0; i < (long long)count; ++i) {
        char why[ERROR_TEXT_SIZE / 2];
        if (i < first_bad && pair_check(&pairs[i], why, sizeof why) != 0)
            first_bad = i;
    }
    if (first_bad != LLONG_MAX) {
        binary_pair_check(in->name, (size_t)first_bad, &pairs[first_bad], err);
        free(pairs);
        return -1;
    }
    set->count = (size_t)count;
    set->pairs = pairs;
    return 0;
}

static const char *const RESULT_REAL_NAMES[12] = {
    "enterPoint.x", "enterPoint.y", "enterPoint.z", "leavePoint.x", "leavePoint.y", "leavePoint.z",
    "uEnter1",      "uEnter2",      "uLeave1",      "uLeave2",      "tEnter",       "tLeave",
};

/* One record into *r: 0, or -1 with err set (what the text reader would refuse, refused here). */
int binary_result_decode(const char *name, size_t index, const unsigned char *record, ray_tetra_result *r,
                         error_text *err)
{
    int32_t hit = (int32_t)byte_order_get_u32(record), enter = (int32_t)byte_order_get_u32(record + 4),
            leave = (int32_t)byte_order_get_u32(record + 8), reserved = (int32_t)byte_order_get_u32(record + 12);
    double v[12];
    memcpy(v, record + 16, sizeof v);
    if (!byte_order_little_endian_host())
        byte_order_swap(v, 8, 12);
    unsigned long long i = (unsigned long long)index;
    if (hit != 0 && hit != 1)
        return error_set(err, "%s: result %llu: the hit flag is %d, not 0 or 1", name, i, (int)hit);
    if (reserved != 0)
        return error_set(err, "%s: result %llu: the reserved field is %d, not 0 (a damaged file?)", name, i,
                         (int)reserved);
    if (!hit) {
        int zeros = enter == -1 && leave == -1;
        for (int k = 0; k < 12; ++k)
            zeros = zeros && v[k] == 0;
        if (!zeros)
            return error_set(err, "%s: result %llu: a miss has faces -1 and zero reals, this one has faces %d %d or "
                                  "other reals (a damaged file?)",
                             name, i, (int)enter, (int)leave);
        memset(r, 0, sizeof *r);
        r->enter_face = r->leave_face = -1;
        return 0;
    }
    /* -1: a side clipped by a ray or a segment (docs/SPECIFICATION.md section 9) */
    if (enter < -1 || enter > 3 || leave < -1 || leave > 3)
        return error_set(err, "%s: result %llu: faces %d %d; faces are 0..3 (or -1 for a clipped side)", name, i,
                         (int)enter, (int)leave);
    for (int k = 0; k < 12; ++k)
        if (!isfinite(v[k]))
            return error_set(err, "%s: result %llu: %s is not a finite number (RayTetra --output faces or hit "
                                  "leaves some fields NaN; such results cannot be read back)",
                             name, i, RESULT_REAL_NAMES[k]);
    binary_result_hit(r, enter, leave, v);
    return 0;
}

void binary_result_hit(ray_tetra_result *r, int enter_face, int leave_face, const double reals[12])
{
    r->hit = 1;
    r->enter_face = enter_face;
    r->leave_face = leave_face;
    r->enter_point = (vec3){reals[0], reals[1], reals[2]};
    r->leave_point = (vec3){reals[3], reals[4], reals[5]};
    r->u_enter1 = reals[6];
    r->u_enter2 = reals[7];
    r->u_leave1 = reals[8];
    r->u_leave2 = reals[9];
    r->t_enter = reals[10];
    r->t_leave = reals[11];
}

int binary_results_read(input_stream *in, ray_tetra_result **results, size_t *count, error_text *err)
{
    *results = NULL;
    *count = 0;
    uint64_t n;
    if (read_header(in, BINARY_KIND_RESULTS, RESULT_RECORD, &n, err) != 0)
        return -1;
    unsigned char *records = read_records(in, n, RESULT_RECORD, "results", err);
    if (!records)
        return -1;
    ray_tetra_result *list = calloc(n ? n : 1, sizeof *list);
    if (!list) {
        free(records);
        return error_set(err, "%s: not enough memory for %llu results", in->name, (unsigned long long)n);
    }
    for (uint64_t i = 0; i < n; ++i)
        if (binary_result_decode(in->name, (size_t)i, records + i * RESULT_RECORD, &list[i], err) != 0) {
            free(records);
            free(list);
            return -1;
        }
    free(records);
    *results = list;
    *count = (size_t)n;
    return 0;
}

int binary_results_begin(input_stream *in, size_t *count, error_text *err)
{
    return stream_begin(in, BINARY_KIND_RESULTS, count, err);
}

int binary_results_next(input_stream *in, unsigned char *records, size_t first, size_t want, size_t count,
                        error_text *err)
{
    return stream_next(in, BINARY_KIND_RESULTS, records, first, want, count, err);
}

int binary_results_end(input_stream *in, size_t count, error_text *err) { return check_end(in, count, err); }

void binary_write_header(FILE *stream, unsigned kind, unsigned long long count, unsigned record)
{
    unsigned char h[BINARY_HEADER_SIZE] = {0};
    memcpy(h, BINARY_MAGIC, 8);
    byte_order_put_u32(h + 8, BINARY_VERSION);
    byte_order_put_u32(h + 12, kind);
    byte_order_put_u64(h + 16, count);
    byte_order_put_u32(h + 24, record);
    fwrite(h, 1, sizeof h, stream);
}

int binary_pairs_write(const char *path, const pair_set *set, error_text *err)
{
    atomic_file file;
    if (atomic_open(&file, path, err) != 0)
        return -1;
    binary_write_header(file.stream, BINARY_KIND_PAIRS, set->count, PAIR_RECORD);
    if (byte_order_little_endian_host()) {
        fwrite(set->pairs, PAIR_RECORD, set->count, file.stream);
    } else {
        for (size_t i = 0; i < set->count; ++i) {
            ray_tetra_pair p = set->pairs[i];
            byte_order_swap(&p, 8, 18);
            fwrite(&p, PAIR_RECORD, 1, file.stream);
        }
    }
    return atomic_commit(&file, err);
}

/* The record's fields lie at the struct's offsets (rt_result.h), so on a little-endian host a
 * record is the struct's bytes: one copy instead of a field at a time, which took a third off
 * RayTetra's formatting of binary results. */
_Static_assert(sizeof(ray_tetra_result) == RESULT_RECORD && offsetof(ray_tetra_result, uncertain) == 12 &&
                   offsetof(ray_tetra_result, enter_point) == 16 && offsetof(ray_tetra_result, leave_point) == 40 &&
                   offsetof(ray_tetra_result, u_enter1) == 64 && offsetof(ray_tetra_result, t_leave) == 104,
               "ray_tetra_result is laid out as the binary result record");

void binary_result_encode(const ray_tetra_result *r, unsigned char record[BINARY_RESULT_RECORD])
{
    if (byte_order_little_endian_host()) {
        /* A miss: faces -1 and reals 0; the reserved field (the robust kernel's flags) 0. */
        ray_tetra_result out = r->hit ? *r : (ray_tetra_result){.hit = r->hit, .enter_face = -1, .leave_face = -1};
        out.uncertain = 0;
        memcpy(record, &out, sizeof out);
        return;
    }
    memset(record, 0, RESULT_RECORD);
    byte_order_put_u32(record, (uint32_t)r->hit);
    byte_order_put_u32(record + 4, (uint32_t)(r->hit ? r->enter_face : -1));
    byte_order_put_u32(record + 8, (uint32_t)(r->hit ? r->leave_face : -1));
    double v[12] = {0};
    if (r->hit) {
        double all[12] = {r->enter_point.x, r->enter_point.y, r->enter_point.z, r->leave_point.x, r->leave_point.y,
                          r->leave_point.z, r->u_enter1, r->u_enter2, r->u_leave1, r->u_leave2, r->t_enter,
                          r->t_leave};
        memcpy(v, all, sizeof v);
    }
    if (!byte_order_little_endian_host())
        byte_order_swap(v, 8, 12);
    memcpy(record + 16, v, sizeof v);
}

int binary_results_encode_in_place(ray_tetra_result *results, size_t count)
{
    if (!byte_order_little_endian_host())
        return 0;
    /* Written whether or not they differ: an algorithm leaves a miss's fields and a hit's
     * reserved field unset, and they are read only once set. */
    const ray_tetra_result miss = {.hit = 0, .enter_face = -1, .leave_face = -1};
    for (size_t i = 0; i < count; ++i) {
        ray_tetra_result *r = &results[i];
        if (r->hit)
            r->uncertain = 0;
        else
            *r = miss;
    }
    return 1;
}

int binary_results_write(const char *path, const ray_tetra_result *results, size_t count, error_text *err)
{
    atomic_file file;
    if (atomic_open(&file, path, err) != 0)
        return -1;
    binary_write_header(file.stream, BINARY_KIND_RESULTS, count, RESULT_RECORD);
    for (size_t i = 0; i < count; ++i) {
        unsigned char record[RESULT_RECORD];
        binary_result_encode(&results[i], record);
        fwrite(record, 1, sizeof record, file.stream);
    }
    return atomic_commit(&file, err);
}
