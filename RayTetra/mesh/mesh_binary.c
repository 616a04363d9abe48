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

/* The body (everything after the header) as the file holds it: six arrays, one after the other. */
enum { BODY_PARTS = 6 };

typedef struct body {
    const void *part[BODY_PARTS];
    size_t width[BODY_PARTS], bytes[BODY_PARTS];
} body;

static body body_of(const tet_mesh *mesh, const mesh_bvh *bvh)
{
    return (body){{mesh->vertices, mesh->tetra, mesh->neighbour, bvh->bounds, bvh->links, bvh->faces},
                  {sizeof(double), sizeof(int), sizeof(int), sizeof(double), sizeof(int), sizeof(int)},
                  {mesh->vertex_count * sizeof *mesh->vertices, mesh->tetra_count * sizeof *mesh->tetra,
                   mesh->tetra_count * sizeof *mesh->neighbour, bvh->node_count * sizeof *bvh->bounds,
                   bvh->node_count * sizeof *bvh->links, bvh->face_count * sizeof *bvh->faces}};
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
    for (int k = 0; k < BODY_PARTS; offset += b->bytes[k], ++k) {
        size_t low = begin > offset ? begin - offset : 0, high = end - offset < b->bytes[k] ? end - offset : b->bytes[k];
        if (end > offset && low < high)
            hash_bytes(&hash, b->part[k], b->width[k], low, high);
    }
    sha256_digest(&hash, SHA256_DIGEST_SIZE, digest);
}

/* The body's digest (mesh_binary.h): its blocks hashed on every core, then their digests. */
static void body_digest(const tet_mesh *mesh, const mesh_bvh *bvh, uint8_t digest[SHA256_DIGEST_SIZE])
{
    body b = body_of(mesh, bvh);
    size_t size = 0;
    for (int k = 0; k < BODY_PARTS; ++k)
        size += b.bytes[k];
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

/* What a header announces. */
typedef struct file_counts {
    uint64_t vertices, tetrahedra;
    uint32_t nodes, faces, depth; /* the hierarchy's */
} file_counts;

/* The hierarchy's counts from a header, checked; returns 0, or -1 with err set. */
static int parse_hierarchy_counts(const char *path, const unsigned char *header, file_counts *counts, error_text *err)
{
    counts->nodes = byte_order_get_u32(header + 64);
    counts->faces = byte_order_get_u32(header + 68);
    counts->depth = byte_order_get_u32(header + 72);
    if (byte_order_get_u32(header + 76) != 0)
        return error_set_kind(err, ERROR_INPUT, "%s: bytes 76 to 79 of the header are reserved and must be zero: " REMEDY,
                              path);
    if (counts->faces < 1 || counts->faces > 4 * counts->tetrahedra)
        return error_set_kind(err, ERROR_INPUT, "%s: the header announces %u boundary faces (1 to 4 per tetrahedron): " REMEDY,
                              path, counts->faces);
    if (counts->nodes < 1 || counts->nodes > 2 * (uint64_t)counts->faces - 1)
        return error_set_kind(err, ERROR_INPUT,
                              "%s: the header announces %u hierarchy nodes for %u boundary faces (1 to %llu): " REMEDY,
                              path, counts->nodes, counts->faces, 2 * (unsigned long long)counts->faces - 1);
    if (counts->depth < 1 || counts->depth > MESH_BVH_MAX_DEPTH)
        return error_set_kind(err, ERROR_INPUT, "%s: the header announces a hierarchy %u deep (1 to %d): " REMEDY, path,
                              counts->depth, MESH_BVH_MAX_DEPTH);
    return 0;
}

/* The counts from a header, checked; returns 0, or -1 with err set. */
static int parse_header(const char *path, const unsigned char *header, file_counts *counts, error_text *err)
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
    counts->vertices = byte_order_get_u64(header + 16);
    counts->tetrahedra = byte_order_get_u64(header + 24);
    if (counts->vertices < 1 || counts->vertices > MESH_MAX_VERTICES)
        return error_set_kind(err, ERROR_INPUT, "%s: the header announces %llu vertices (1 to %zu): " REMEDY, path,
                              (unsigned long long)counts->vertices, MESH_MAX_VERTICES);
    if (counts->tetrahedra < 1 || counts->tetrahedra > MESH_MAX_TETRAHEDRA)
        return error_set_kind(err, ERROR_INPUT, "%s: the header announces %llu tetrahedra (1 to %zu): " REMEDY, path,
                              (unsigned long long)counts->tetrahedra, MESH_MAX_TETRAHEDRA);
    return parse_hierarchy_counts(path, header, counts, err);
}

static uint64_t file_size_for(const file_counts *c)
{
    return MESH_BINARY_HEADER_SIZE + c->vertices * sizeof(vec3) + c->tetrahedra * 2 * 4 * sizeof(int) +
           (uint64_t)c->nodes * (6 * sizeof(double) + 2 * sizeof(int)) + (uint64_t)c->faces * sizeof(int);
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

/* ---------------------------------------------------------------- the hierarchy's checks */

/* What is wrong with the hierarchy's tree, or NULL: it must be one tree in depth-first order (each
 * inner node's first child the next node, its second child further on, every node reached once,
 * in order), its leaves' faces the list's consecutive runs from its start to its end, no path
 * deeper than the header says and that depth reached: then the walk's traversal (rt_walk.h)
 * stays within its stack and its arrays. *node names the node found wrong. */
static const char *tree_problem(const mesh_bvh *bvh, size_t *node)
{
    struct pending { size_t node; int depth; } stack[MESH_BVH_MAX_DEPTH + 1];
    int top = 0, deepest = 0;
    size_t next = 0, faces = 0;
    stack[top++] = (struct pending){0, 1};
    while (top > 0) {
        struct pending p = stack[--top];
        *node = p.node;
        if (p.node != next)
            return "is not where a depth-first order puts it";
        ++next;
        if (p.depth > bvh->depth)
            return "lies deeper than the header's depth";
        deepest = p.depth > deepest ? p.depth : deepest;
        const int *links = bvh->links[p.node];
        if (links[1] > 0) {
            if (links[0] < 0 || (size_t)links[0] != faces || (size_t)links[1] > bvh->face_count - faces)
                return "is a leaf whose faces do not follow the previous leaf's in the list";
            faces += (size_t)links[1];
            continue;
        }
        if (links[1] < 0 || links[0] <= (int)p.node + 1 || (size_t)links[0] >= bvh->node_count ||
            p.node + 1 >= bvh->node_count)
            return "is an inner node whose children are not later nodes";
        stack[top++] = (struct pending){(size_t)links[0], p.depth + 1};
        stack[top++] = (struct pending){p.node + 1, p.depth + 1};
    }
    *node = next;
    if (next != bvh->node_count)
        return "is never reached from the root";
    if (faces != bvh->face_count)
        return "ends the tree before the face list does";
    if (deepest != bvh->depth)
        return "ends a tree shallower than the header's depth";
    return NULL;
}

/* The first node whose box is not finite with low <= high, or node_count. */
static size_t first_unsound_box(const mesh_bvh *bvh)
{
    size_t first = bvh->node_count;
#pragma omp parallel for schedule(static) reduction(min : first) if (bvh->node_count >= MESH_PARALLEL_MIN)
    for (size_t i = 0; i < bvh->node_count; ++i)
        for (int a = 0; a < 3; ++a)
            if (i < first && !(isfinite(bvh->bounds[i][a]) && isfinite(bvh->bounds[i][3 + a]) &&
                               bvh->bounds[i][a] <= bvh->bounds[i][3 + a]))
                first = i;
    return first;
}

/* The first entry of the face list that is not a boundary face (a -1 link), or face_count. */
static size_t first_not_boundary(const tet_mesh *mesh, const mesh_bvh *bvh)
{
    size_t first = bvh->face_count;
#pragma omp parallel for schedule(static) reduction(min : first) if (bvh->face_count >= MESH_PARALLEL_MIN)
    for (size_t i = 0; i < bvh->face_count; ++i) {
        int face = bvh->faces[i];
        if (i < first && (face < 0 || (size_t)face / 4 >= mesh->tetra_count || mesh->neighbour[face / 4][face % 4] != -1))
            first = i;
    }
    return first;
}

static size_t boundary_links(const tet_mesh *mesh)
{
    size_t count = 0;
#pragma omp parallel for schedule(static) reduction(+ : count) if (mesh->tetra_count >= MESH_PARALLEL_MIN)
    for (size_t t = 0; t < mesh->tetra_count; ++t)
        for (int f = 0; f < 4; ++f)
            count += mesh->neighbour[t][f] == -1;
    return count;
}

static int hierarchy_check(const char *path, const tet_mesh *mesh, const mesh_bvh *bvh, error_text *err)
{
    size_t links = boundary_links(mesh);
    if (links != bvh->face_count)
        return error_set_kind(err, ERROR_INPUT,
                              "%s: the header announces %zu boundary faces, the neighbour links have %zu: " REMEDY, path,
                              bvh->face_count, links);
    size_t node;
    const char *problem = tree_problem(bvh, &node);
    if (problem)
        return error_set_kind(err, ERROR_INPUT, "%s: hierarchy node %zu %s (nodes count from 0): " REMEDY, path, node,
                              problem);
    node = first_unsound_box(bvh);
    if (node < bvh->node_count)
        return error_set_kind(err, ERROR_INPUT,
                              "%s: hierarchy node %zu's box is not finite numbers with low <= high (nodes count from "
                              "0): " REMEDY,
                              path, node);
    size_t face = first_not_boundary(mesh, bvh);
    if (face < bvh->face_count)
        return error_set_kind(err, ERROR_INPUT,
                              "%s: entry %zu of the hierarchy's face list, %d, is not a boundary face (entries count "
                              "from 0): " REMEDY,
                              path, face, bvh->faces[face]);
    return 0;
}

static int read_body(FILE *stream, const char *path, tet_mesh *mesh, const file_counts *counts, uint64_t expected,
                     const uint8_t *stored_digest, error_text *err)
{
    size_t v = mesh->vertex_count, t = mesh->tetra_count;
    mesh->vertices = malloc(v * sizeof *mesh->vertices);
    mesh->tetra = malloc(t * sizeof *mesh->tetra);
    mesh->neighbour = malloc(t * sizeof *mesh->neighbour);
    mesh_bvh *bvh = mesh->stored_hierarchy = calloc(1, sizeof *bvh);
    if (bvh) {
        bvh->node_count = counts->nodes;
        bvh->face_count = counts->faces;
        bvh->depth = (int)counts->depth;
        bvh->bounds = malloc(bvh->node_count * sizeof *bvh->bounds);
        bvh->links = malloc(bvh->node_count * sizeof *bvh->links);
        bvh->faces = malloc(bvh->face_count * sizeof *bvh->faces);
    }
    if (!mesh->vertices || !mesh->tetra || !mesh->neighbour || !bvh || !bvh->bounds || !bvh->links || !bvh->faces)
        return error_set_kind(err, ERROR_MEMORY, "%s: out of memory for %zu vertices and %zu tetrahedra", path, v, t);
    if (read_items(stream, path, mesh->vertices, sizeof(double), v * 3, expected, err) != 0 ||
        read_items(stream, path, mesh->tetra, sizeof(int), t * 4, expected, err) != 0 ||
        read_items(stream, path, mesh->neighbour, sizeof(int), t * 4, expected, err) != 0 ||
        read_items(stream, path, bvh->bounds, sizeof(double), bvh->node_count * 6, expected, err) != 0 ||
        read_items(stream, path, bvh->links, sizeof(int), bvh->node_count * 2, expected, err) != 0 ||
        read_items(stream, path, bvh->faces, sizeof(int), bvh->face_count, expected, err) != 0)
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
    if (hierarchy_check(path, mesh, bvh, err) != 0)
        return -1;
    uint8_t digest[SHA256_DIGEST_SIZE];
    body_digest(mesh, bvh, digest);
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
    file_counts counts = {0, 0, 0, 0, 0};
    uint64_t expected = 0;
    struct stat info;
    int failed = 0;
    if (got < sizeof header)
        failed = ferror(stream) ? error_set_kind(err, ERROR_IO, "%s: cannot read: %s", path, strerror(errno))
                                : error_set_kind(err, ERROR_INPUT,
                                                 "%s: truncated: %zu bytes, less than the %d-byte header of a binary "
                                                 "mesh: " REMEDY,
                                                 path, got, MESH_BINARY_HEADER_SIZE);
    failed = failed || parse_header(path, header, &counts, err);
    if (!failed) {
        expected = file_size_for(&counts);
        /* A regular file's size is known before anything is allocated for what it announces. */
        if (fstat(fileno(stream), &info) == 0 && S_ISREG(info.st_mode) && (uint64_t)info.st_size != expected)
            failed = error_set_kind(err, ERROR_INPUT,
                                    "%s: the header announces %llu vertices, %llu tetrahedra, %u hierarchy nodes and "
                                    "%u boundary faces, %llu bytes, but the file has %llu bytes (truncated or "
                                    "damaged): " REMEDY,
                                    path, (unsigned long long)counts.vertices, (unsigned long long)counts.tetrahedra,
                                    counts.nodes, counts.faces,
                                    (unsigned long long)expected, (unsigned long long)info.st_size);
    }
    if (!failed) {
        mesh->vertex_count = (size_t)counts.vertices;
        mesh->tetra_count = (size_t)counts.tetrahedra;
        mesh->first_number = header[12];
        failed = read_body(stream, path, mesh, &counts, expected, header + 32, err);
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

int mesh_binary_write(const char *path, const tet_mesh *mesh, const mesh_bvh *bvh, error_text *err)
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
    body_digest(mesh, bvh, header + 32);
    byte_order_put_u32(header + 64, (uint32_t)bvh->node_count);
    byte_order_put_u32(header + 68, (uint32_t)bvh->face_count);
    byte_order_put_u32(header + 72, (uint32_t)bvh->depth);
    fwrite(header, 1, sizeof header, file.stream);
    write_items(file.stream, mesh->vertices, sizeof(double), mesh->vertex_count * 3);
    write_items(file.stream, mesh->tetra, sizeof(int), mesh->tetra_count * 4);
    write_items(file.stream, mesh->neighbour, sizeof(int), mesh->tetra_count * 4);
    write_items(file.stream, bvh->bounds, sizeof(double), bvh->node_count * 6);
    write_items(file.stream, bvh->links, sizeof(int), bvh->node_count * 2);
    write_items(file.stream, bvh->faces, sizeof(int), bvh->face_count);
    return atomic_commit(&file, err);
}
