/* mesh_binary.c: the binary mesh file (mesh_binary.h): written as it stands in memory, read
 * straight into the mesh's arrays and checked in parallel (OpenMP), so that reading costs about
 * what copying the file does. Byte order is fixed (little-endian); a big-endian host swaps. */
#include "mesh/mesh_binary.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <nettle/sha2.h>

#include "atomic_file.h"
#include "byte_order.h"
#include "pair_check.h"

_Static_assert(sizeof(int) == 4, "the file's indices are int32, read straight into int arrays");
_Static_assert(sizeof(vec3) == 3 * sizeof(double), "vertices are read straight into vec3 arrays");

/* What to do about a damaged file, at the end of every message about one. */
#define REMEDY "write it again with TetWalk --save-mesh"

/* ---------------------------------------------------------------- the digest */

/* The body (everything after the header) as the file holds it: three arrays, one after the other. */
typedef struct body {
    const void *part[3];
    size_t width[3], bytes[3];
} body;

static body body_of(const tet_mesh *mesh)
{
    return (body){{mesh->vertices, mesh->tetra, mesh->neighbour},
                  {sizeof(double), sizeof(int), sizeof(int)},
                  {mesh->vertex_count * sizeof *mesh->vertices, mesh->tetra_count * sizeof *mesh->tetra,
                   mesh->tetra_count * sizeof *mesh->neighbour}};
}

/* Bytes [begin, end) of one array, little-endian (a big-endian host swaps a copy). */
static void hash_bytes(struct sha256_ctx *hash, const unsigned char *data, size_t width, size_t begin, size_t end)
{
    if (byte_order_little_endian_host()) {
        sha256_update(hash, end - begin, data + begin);
        return;
    }
    unsigned char buffer[1 << 16];
    for (size_t at = begin; at < end; at += sizeof buffer) {
        size_t n = end - at < sizeof buffer ? end - at : sizeof buffer;
        memcpy(buffer, data + at, n);
        byte_order_swap(buffer, width, n / width);
        sha256_update(hash, n, buffer);
    }
}

/* SHA-256 of the body's bytes [begin, end). */
static void hash_block(const body *b, size_t begin, size_t end, uint8_t digest[SHA256_DIGEST_SIZE])
{
    struct sha256_ctx hash;
    sha256_init(&hash);
    size_t offset = 0;
    for (int k = 0; k < 3; offset += b->bytes[k], ++k) {
        size_t low = begin > offset ? begin - offset : 0, high = end - offset < b->bytes[k] ? end - offset : b->bytes[k];
        if (end > offset && low < high)
            hash_bytes(&hash, b->part[k], b->width[k], low, high);
    }
    sha256_digest(&hash, SHA256_DIGEST_SIZE, digest);
}

/* The body's digest (mesh_binary.h): its blocks hashed on every core, then their digests. */
static void body_digest(const tet_mesh *mesh, uint8_t digest[SHA256_DIGEST_SIZE])
{
    body b = body_of(mesh);
    size_t size = b.bytes[0] + b.bytes[1] + b.bytes[2];
    size_t blocks = (size + MESH_BINARY_BLOCK - 1) / MESH_BINARY_BLOCK;
    uint8_t(*digests)[SHA256_DIGEST_SIZE] = malloc((blocks + 1) * sizeof *digests);
    if (!digests) { /* out of memory: a digest no file has, so that reading refuses and writing fails */
        memset(digest, 0, SHA256_DIGEST_SIZE);
        return;
    }
#pragma omp parallel for schedule(dynamic, 1) if (blocks > 1)
    for (size_t i = 0; i < blocks; ++i)
        hash_block(&b, i * MESH_BINARY_BLOCK, (i + 1) * MESH_BINARY_BLOCK < size ? (i + 1) * MESH_BINARY_BLOCK : size,
                   digests[i]);
    struct sha256_ctx hash;
    sha256_init(&hash);
    sha256_update(&hash, blocks * SHA256_DIGEST_SIZE, (const uint8_t *)digests);
    sha256_digest(&hash, SHA256_DIGEST_SIZE, digest);
    free(digests);
}

int mesh_binary_file(const char *path)
{
    FILE *stream = fopen(path, "rb");
    if (!stream)
        return 0;
    char magic[8];
    int found = fread(magic, 1, sizeof magic, stream) == sizeof magic && memcmp(magic, MESH_BINARY_MAGIC, 8) == 0;
    fclose(stream);
    return found;
}

/* ---------------------------------------------------------------- reading */

/* The counts from a header, checked; returns 0, or -1 with err set. */
static int parse_header(const char *path, const unsigned char *header, uint64_t *vertices, uint64_t *tetrahedra,
                        error_text *err)
{
    if (memcmp(header, MESH_BINARY_MAGIC, 8) != 0)
        return error_set_kind(err, ERROR_INPUT,
                              "%s: not a binary mesh: it does not start with \"" MESH_BINARY_MAGIC "\"; give a Medit "
                              ".mesh file, TetGen's .node/.ele files or a file TetWalk --save-mesh wrote",
                              path);
    uint32_t version = byte_order_get_u32(header + 8);
    if (version != MESH_BINARY_VERSION)
        return error_set_kind(err, ERROR_INPUT, "%s: binary mesh version %u; this TetWalk reads version %d: " REMEDY,
                              path, version, MESH_BINARY_VERSION);
    if (header[12] > 1)
        return error_set_kind(err, ERROR_INPUT,
                              "%s: byte 12 of the header, the first vertex's number, is %d (0 or 1): " REMEDY, path,
                              header[12]);
    for (int i = 13; i < 16; ++i)
        if (header[i] != 0)
            return error_set_kind(err, ERROR_INPUT, "%s: byte %d of the header is reserved and must be zero: " REMEDY,
                                  path, i);
    *vertices = byte_order_get_u64(header + 16);
    *tetrahedra = byte_order_get_u64(header + 24);
    if (*vertices < 1 || *vertices > MESH_MAX_VERTICES)
        return error_set_kind(err, ERROR_INPUT, "%s: the header announces %llu vertices (1 to %zu): " REMEDY, path,
                              (unsigned long long)*vertices, MESH_MAX_VERTICES);
    if (*tetrahedra < 1 || *tetrahedra > MESH_MAX_TETRAHEDRA)
        return error_set_kind(err, ERROR_INPUT, "%s: the header announces %llu tetrahedra (1 to %zu): " REMEDY, path,
                              (unsigned long long)*tetrahedra, MESH_MAX_TETRAHEDRA);
    return 0;
}

static uint64_t file_size_for(uint64_t vertices, uint64_t tetrahedra)
{
    return MESH_BINARY_HEADER_SIZE + vertices * sizeof(vec3) + tetrahedra * 2 * 4 * sizeof(int);
}

/* `count` items of `width` bytes into data; 0, or -1 with err set when the file ends first. */
static int read_items(FILE *stream, const char *path, void *data, size_t width, size_t count, uint64_t expected,
                      error_text *err)
{
    if (fread(data, width, count, stream) == count) {
        if (!byte_order_little_endian_host())
            byte_order_swap(data, width, count);
        return 0;
    }
    if (ferror(stream))
        return error_set_kind(err, ERROR_IO, "%s: cannot read: %s", path, strerror(errno));
    return error_set_kind(err, ERROR_INPUT, "%s: truncated: the header announces %llu bytes, the file ends before: " REMEDY,
                          path, (unsigned long long)expected);
}

/* The first vertex with a coordinate outside the supported range, or `count`. */
static size_t first_vertex_out_of_range(const vec3 *vertices, size_t count)
{
    size_t first = count;
#pragma omp parallel for schedule(static) reduction(min : first) if (count >= MESH_PARALLEL_MIN)
    for (size_t i = 0; i < count; ++i)
        if (i < first && !(coordinate_in_range(vertices[i].x) && coordinate_in_range(vertices[i].y) &&
                           coordinate_in_range(vertices[i].z)))
            first = i;
    return first;
}

static int vertex_error(const char *path, const vec3 *vertex, size_t number, error_text *err)
{
    const double axes[3] = {vertex->x, vertex->y, vertex->z};
    int axis = 0;
    while (axis < 2 && coordinate_in_range(axes[axis]))
        ++axis;
    char name[96], why[ERROR_TEXT_SIZE / 2];
    snprintf(name, sizeof name, "vertex %zu's %c", number, "xyz"[axis]);
    if (isfinite(axes[axis]))
        coordinate_range_why(name, axes[axis], why, sizeof why);
    else
        snprintf(why, sizeof why, "%s is not a finite number (NaN and Inf are not valid coordinates)", name);
    return error_set_kind(err, ERROR_INPUT, "%s: %s (vertices count from 0): " REMEDY, path, why);
}

/* 1 when a tetrahedron's four vertex indices are in range and distinct. */
static int tetra_is_sound(const int *v, size_t vertex_count)
{
    for (int a = 0; a < 4; ++a) {
        if (v[a] < 0 || (size_t)v[a] >= vertex_count)
            return 0;
        for (int b = 0; b < a; ++b)
            if (v[a] == v[b])
                return 0;
    }
    return 1;
}

/* 1 when every link of tetrahedron t is -1 or a face of another tetrahedron. */
static int links_are_sound(const int *links, size_t t, size_t tetra_count)
{
    for (int f = 0; f < 4; ++f)
        if (links[f] != -1 && (links[f] < 0 || (size_t)links[f] / 4 >= tetra_count || (size_t)links[f] / 4 == t))
            return 0;
    return 1;
}

static size_t first_unsound_tetrahedron(const tet_mesh *mesh)
{
    size_t first = mesh->tetra_count;
#pragma omp parallel for schedule(static) reduction(min : first) if (mesh->tetra_count >= MESH_PARALLEL_MIN)
    for (size_t t = 0; t < mesh->tetra_count; ++t)
        if (t < first && !(tetra_is_sound(mesh->tetra[t], mesh->vertex_count) &&
                           links_are_sound(mesh->neighbour[t], t, mesh->tetra_count)))
            first = t;
    return first;
}

static int tetrahedron_error(const char *path, const tet_mesh *mesh, size_t t, error_text *err)
{
    const int *v = mesh->tetra[t];
    if (!tetra_is_sound(v, mesh->vertex_count))
        return error_set_kind(err, ERROR_INPUT,
                              "%s: tetrahedron %zu's vertices %d %d %d %d are not four distinct ones of 0 to %zu "
                              "(tetrahedra count from 0): " REMEDY,
                              path, t, v[0], v[1], v[2], v[3], mesh->vertex_count - 1);
    const int *n = mesh->neighbour[t];
    return error_set_kind(err, ERROR_INPUT,
                          "%s: tetrahedron %zu's neighbour links %d %d %d %d are not -1 or faces of other tetrahedra "
                          "(tetrahedra count from 0): " REMEDY,
                          path, t, n[0], n[1], n[2], n[3]);
}

static int read_body(FILE *stream, const char *path, tet_mesh *mesh, uint64_t expected, const uint8_t *stored_digest,
                     error_text *err)
{
    size_t v = mesh->vertex_count, t = mesh->tetra_count;
    mesh->vertices = malloc(v * sizeof *mesh->vertices);
    mesh->tetra = malloc(t * sizeof *mesh->tetra);
    mesh->neighbour = malloc(t * sizeof *mesh->neighbour);
    if (!mesh->vertices || !mesh->tetra || !mesh->neighbour)
        return error_set_kind(err, ERROR_MEMORY, "%s: out of memory for %zu vertices and %zu tetrahedra", path, v, t);
    if (read_items(stream, path, mesh->vertices, sizeof(double), v * 3, expected, err) != 0 ||
        read_items(stream, path, mesh->tetra, sizeof(int), t * 4, expected, err) != 0 ||
        read_items(stream, path, mesh->neighbour, sizeof(int), t * 4, expected, err) != 0)
        return -1;
    if (fgetc(stream) != EOF)
        return error_set_kind(err, ERROR_INPUT, "%s: more bytes than the %llu the header announces: " REMEDY, path,
                              (unsigned long long)expected);
    size_t bad = first_vertex_out_of_range(mesh->vertices, v);
    if (bad < v)
        return vertex_error(path, &mesh->vertices[bad], bad, err);
    bad = first_unsound_tetrahedron(mesh);
    if (bad < t)
        return tetrahedron_error(path, mesh, bad, err);
    uint8_t digest[SHA256_DIGEST_SIZE];
    body_digest(mesh, digest);
    if (memcmp(digest, stored_digest, sizeof digest) != 0)
        return error_set_kind(err, ERROR_INPUT,
                              "%s: the file's arrays do not match the SHA-256 digest of its header (damaged): " REMEDY,
                              path);
    return 0;
}

int mesh_binary_read(const char *path, tet_mesh *mesh, error_text *err)
{
    FILE *stream = fopen(path, "rb");
    if (!stream)
        return error_set_kind(err, ERROR_IO, "%s: cannot read: %s", path, strerror(errno));
    unsigned char header[MESH_BINARY_HEADER_SIZE];
    size_t got = fread(header, 1, sizeof header, stream);
    uint64_t vertices = 0, tetrahedra = 0, expected = 0;
    struct stat info;
    int failed = 0;
    if (got < sizeof header)
        failed = ferror(stream) ? error_set_kind(err, ERROR_IO, "%s: cannot read: %s", path, strerror(errno))
                                : error_set_kind(err, ERROR_INPUT,
                                                 "%s: truncated: %zu bytes, less than the %d-byte header of a binary "
                                                 "mesh: " REMEDY,
                                                 path, got, MESH_BINARY_HEADER_SIZE);
    failed = failed || parse_header(path, header, &vertices, &tetrahedra, err);
    if (!failed) {
        expected = file_size_for(vertices, tetrahedra);
        /* A regular file's size is known before anything is allocated for what it announces. */
        if (fstat(fileno(stream), &info) == 0 && S_ISREG(info.st_mode) && (uint64_t)info.st_size != expected)
            failed = error_set_kind(err, ERROR_INPUT,
                                    "%s: the header announces %llu vertices and %llu tetrahedra, %llu bytes, but the "
                                    "file has %llu bytes (truncated or damaged): " REMEDY,
                                    path, (unsigned long long)vertices, (unsigned long long)tetrahedra,
                                    (unsigned long long)expected, (unsigned long long)info.st_size);
    }
    if (!failed) {
        mesh->vertex_count = (size_t)vertices;
        mesh->tetra_count = (size_t)tetrahedra;
        mesh->first_number = header[12];
        failed = read_body(stream, path, mesh, expected, header + 32, err);
    }
    fclose(stream);
    return failed ? -1 : 0;
}

/* ---------------------------------------------------------------- writing */

/* `count` items of `width` bytes, little-endian. */
static void write_items(FILE *stream, const void *data, size_t width, size_t count)
{
    if (byte_order_little_endian_host()) {
        fwrite(data, width, count, stream);
        return;
    }
    unsigned char buffer[1 << 16];
    const unsigned char *bytes = data;
    size_t per = sizeof buffer / width;
    for (size_t done = 0; done < count; done += per) {
        size_t n = count - done < per ? count - done : per;
        memcpy(buffer, bytes + done * width, n * width);
        byte_order_swap(buffer, width, n);
        fwrite(buffer, width, n, stream);
    }
}

int mesh_binary_write(const char *path, const tet_mesh *mesh, error_text *err)
{
    atomic_file file;
    if (atomic_open(&file, path, err) != 0)
        return -1;
    unsigned char header[MESH_BINARY_HEADER_SIZE] = {0};
    memcpy(header, MESH_BINARY_MAGIC, 8);
    byte_order_put_u64(header + 8, MESH_BINARY_VERSION); /* the version's 4 bytes, then 4 zero ones */
    header[12] = (unsigned char)(mesh->first_number == 1);
    byte_order_put_u64(header + 16, mesh->vertex_count);
    byte_order_put_u64(header + 24, mesh->tetra_count);
    body_digest(mesh, header + 32);
    fwrite(header, 1, sizeof header, file.stream);
    write_items(file.stream, mesh->vertices, sizeof(double), mesh->vertex_count * 3);
    write_items(file.stream, mesh->tetra, sizeof(int), mesh->tetra_count * 4);
    write_items(file.stream, mesh->neighbour, sizeof(int), mesh->tetra_count * 4);
    return atomic_commit(&file, err);
}
