/* mesh_binary.c: the binary mesh file (mesh_binary.h): written as it stands in memory; read in
 * blocks on every core (OpenMP), each block read straight into its array, hashed and checked by
 * the thread that read it while it is in that core's cache, so that reading costs about what
 * copying the file does. Byte order is fixed (little-endian); a big-endian host swaps. */
#define _DEFAULT_SOURCE /* madvise */
#include "mesh/mesh_binary.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <xxhash.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "atomic_file.h"
#include "byte_order.h"
#include "pair_check.h"

_Static_assert(sizeof(int) == 4, "the file's indices are int32, read straight into int arrays");
_Static_assert(sizeof(vec3) == 3 * sizeof(double), "vertices are read straight into vec3 arrays");

/* What to do about a damaged file, at the end of every message about one. */
#define REMEDY "write it again with TetWalk --save-mesh"

/* ---------------------------------------------------------------- the body and its digest */

/* The body (everything after the header), the arrays in file order. */
enum { PART_BOX, PART_VERTICES, PART_CELLS, PART_BOUNDS, PART_LINKS, PART_FACES, PART_BOUNDARY, BODY_PARTS };

/* The fewest blocks read and hashed on every core: a body whose arrays fit in a block each is
 * read on one thread, since for a small mesh starting a team of threads costs more than it
 * saves. */
#define PARALLEL_BLOCKS (BODY_PARTS + 1)

/* Threads of a read, at most: each faults in fresh pages of the one process, which the kernel
 * serialises. On a 64-core host armadillo's file (179 MB) was ready in 0.111 s on 64 threads
 * and 0.039 s on 16 (docs/TETWALK.md, "Mesh ready time"). */
#define READ_THREADS_MAX 16

static inline int read_threads(void)
{
#ifdef _OPENMP
    int threads = omp_get_max_threads();
    return threads < READ_THREADS_MAX ? threads : READ_THREADS_MAX;
#else
    return 1;
#endif
}

typedef struct body {
    void *part[BODY_PARTS];
    size_t width[BODY_PARTS], bytes[BODY_PARTS];
} body;

/* A block of the body: bytes [begin, end) of one array, the unit that one thread reads, hashes
 * and checks while it is in that core's cache. */
typedef struct body_block {
    int part;
    size_t begin, end;
} body_block;

_Static_assert(MESH_BINARY_BLOCK % (3 * sizeof(double)) == 0 && MESH_BINARY_BLOCK % (RT_CELL_INTS * sizeof(int)) == 0,
               "a block holds whole vertices and whole walk records, which its thread checks");

static body body_of(const tet_mesh *mesh, const mesh_bvh *bvh, double box[6])
{
    return (body){{box, mesh->vertices, mesh->cells, bvh->bounds, bvh->links, bvh->faces, mesh->boundary},
                  {sizeof(double), sizeof(double), sizeof(int), sizeof(double), sizeof(int), sizeof(int), sizeof(int)},
                  {6 * sizeof(double), mesh->vertex_count * sizeof *mesh->vertices,
                   mesh->tetra_count * sizeof *mesh->cells, bvh->node_count * sizeof *bvh->bounds,
                   bvh->node_count * sizeof *bvh->links, bvh->face_count * sizeof *bvh->faces,
                   mesh->boundary_count * sizeof *mesh->boundary}};
}

/* The body's blocks in file order, each array cut every MESH_BINARY_BLOCK bytes; NULL when out
 * of memory. */
static body_block *body_blocks(const body *b, size_t *count)
{
    size_t n = 0;
    for (int k = 0; k < BODY_PARTS; ++k)
        n += (b->bytes[k] + MESH_BINARY_BLOCK - 1) / MESH_BINARY_BLOCK;
    body_block *blocks = malloc((n + 1) * sizeof *blocks);
    if (!blocks)
        return NULL;
    size_t i = 0;
    for (int k = 0; k < BODY_PARTS; ++k)
        for (size_t at = 0; at < b->bytes[k]; at += MESH_BINARY_BLOCK)
            blocks[i++] = (body_block){k, at, b->bytes[k] - at < MESH_BINARY_BLOCK ? b->bytes[k] : at + MESH_BINARY_BLOCK};
    *count = n;
    return blocks;
}

/* A digest's bytes: XXH3's 128-bit hash, in its canonical (big-endian) form. A digest guards
 * against damage, not against a forger, who could recompute any unkeyed hash, SHA-256's too; and
 * XXH3 hashes at the speed of copying (SHA-256 took 0.4 GB/s a core on the dev machine, 17 times
 * cat's time for one thread). */
static void digest_bytes(XXH128_hash_t hash, uint8_t digest[MESH_BINARY_DIGEST_SIZE])
{
    XXH128_canonical_t canonical;
    XXH128_canonicalFromHash(&canonical, hash);
    memcpy(digest, canonical.digest, MESH_BINARY_DIGEST_SIZE);
}

/* The digest of a block as the file holds it, little-endian (a big-endian host swaps a copy). */
static void hash_block(const body *b, body_block block, uint8_t digest[MESH_BINARY_DIGEST_SIZE])
{
    const unsigned char *data = b->part[block.part];
    if (byte_order_little_endian_host()) {
        digest_bytes(XXH3_128bits(data + block.begin, block.end - block.begin), digest);
        return;
    }
    XXH3_state_t *state = XXH3_createState();
    if (!state) { /* an impossible digest: the file is refused as damaged, not read wrongly */
        memset(digest, 0, MESH_BINARY_DIGEST_SIZE);
        return;
    }
    XXH3_128bits_reset(state);
    unsigned char buffer[1 << 16];
    for (size_t at = block.begin; at < block.end; at += sizeof buffer) {
        size_t n = block.end - at < sizeof buffer ? block.end - at : sizeof buffer;
        memcpy(buffer, data + at, n);
        byte_order_swap(buffer, b->width[block.part], n / b->width[block.part]);
        XXH3_128bits_update(state, buffer, n);
    }
    digest_bytes(XXH3_128bits_digest(state), digest);
    XXH3_freeState(state);
}

/* The body's digest (mesh_binary.h) from its blocks' digests. */
static void digest_of_digests(uint8_t (*digests)[MESH_BINARY_DIGEST_SIZE], size_t blocks,
                              uint8_t digest[MESH_BINARY_DIGEST_SIZE])
{
    digest_bytes(XXH3_128bits(digests, blocks * MESH_BINARY_DIGEST_SIZE), digest);
}

/* The digest of a mesh in memory (for writing): its blocks hashed on every core. Returns 0, or -1
 * when out of memory. */
static int body_digest(const body *b, uint8_t digest[MESH_BINARY_DIGEST_SIZE])
{
    size_t count;
    body_block *blocks = body_blocks(b, &count);
    uint8_t(*digests)[MESH_BINARY_DIGEST_SIZE] = malloc((count + 1) * sizeof *digests);
    if (!blocks || !digests) {
        free(blocks);
        free(digests);
        return -1;
    }
#pragma omp parallel for schedule(dynamic, 1) if (count >= PARALLEL_BLOCKS)
    for (size_t i = 0; i < count; ++i)
        hash_block(b, blocks[i], digests[i]);
    digest_of_digests(digests, count, digest);
    free(blocks);
    free(digests);
    return 0;
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
    for (int i = 32 + MESH_BINARY_DIGEST_SIZE; i < 64; ++i)
        if (header[i] != 0)
            return error_set_kind(err, ERROR_INPUT,
                                  "%s: bytes %d to 63 of the header are reserved and must be zero: " REMEDY, path,
                                  32 + MESH_BINARY_DIGEST_SIZE);
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
    return MESH_BINARY_HEADER_SIZE + 6 * sizeof(double) + c->vertices * sizeof(vec3) +
           c->tetrahedra * RT_CELL_INTS * sizeof(int) + (uint64_t)c->nodes * (6 * sizeof(double) + 2 * sizeof(int)) +
           (uint64_t)c->faces * 2 * sizeof(int);
}

/* The whole pages of [data, data + size) faulted in at once, by the thread about to fill them: one
 * call for what would be a fault a page (7 to 9 % of a binary read on one thread, measured).
 * Advice only: a kernel without MADV_POPULATE_WRITE (Linux 5.14) faults them one by one. */
static void populate(unsigned char *data, size_t size)
{
#ifdef MADV_POPULATE_WRITE
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t begin = ((uintptr_t)data + page - 1) & ~(page - 1), end = ((uintptr_t)data + size) & ~(page - 1);
    if (begin < end)
        madvise((void *)begin, end - begin, MADV_POPULATE_WRITE);
#else
    (void)data;
    (void)size;
#endif
}

/* The first vertex with a coordinate outside the supported range, or `count`. */
static size_t first_vertex_out_of_range(const vec3 *vertices, size_t count)
{
    for (size_t i = 0; i < count; ++i)
        if (!(coordinate_in_range(vertices[i].x) && coordinate_in_range(vertices[i].y) &&
              coordinate_in_range(vertices[i].z)))
            return i;
    return count;
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

/* Walk records [first, first + count) as read: each one's vertex indices and links copied into
 * tetra and neighbour, checked, and its boundary links counted, while the block is in cache.
 * Returns the first unsound record, or first + count. */
static size_t take_cells(tet_mesh *mesh, size_t first, size_t count, size_t *boundary)
{
    size_t bad = first + count, links = 0;
    for (size_t t = first; t < first + count; ++t) {
        const int *cell = mesh->cells[t];
        for (int k = 0; k < 4; ++k) {
            mesh->tetra[t][k] = cell[RT_CELL_VERTEX(k)];
            mesh->neighbour[t][k] = cell[RT_CELL_LINK(k)];
            links += cell[RT_CELL_LINK(k)] == -1;
        }
        if (bad == first + count &&
            !(tetra_is_sound(mesh->tetra[t], mesh->vertex_count) && links_are_sound(mesh->neighbour[t], t, mesh->tetra_count)))
            bad = t;
    }
    *boundary += links;
    return bad;
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
 * deeper than the header says and that depth reached: then the skips mesh_bvh_build derives all
 * lead forward, and the walk's traversal (rt_walk.h) stays within its arrays and ends. *node names
 * the node found wrong. */
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
#pragma omp parallel for schedule(static) reduction(min : first) if (bvh->node_count >= MESH_PARALLEL_MIN) \
    num_threads(read_threads())
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
#pragma omp parallel for schedule(static) reduction(min : first) if (bvh->face_count >= MESH_PARALLEL_MIN) \
    num_threads(read_threads())
    for (size_t i = 0; i < bvh->face_count; ++i) {
        int face = bvh->faces[i];
        if (i < first && (face < 0 || (size_t)face / 4 >= mesh->tetra_count || mesh->neighbour[face / 4][face % 4] != -1))
            first = i;
    }
    return first;
}

/* The error of a stored list's first bad entry: which list, where in it, what it holds and why
 * that is wrong, counted as the file stores it. */
static int list_entry_error(const char *path, const char *list, size_t entry, int value, const char *problem,
                            error_text *err)
{
    return error_set_kind(err, ERROR_INPUT, "%s: entry %zu of %s, %d, %s (entries count from 0): " REMEDY, path, entry,
                          list, value, problem);
}

static int hierarchy_check(const char *path, const tet_mesh *mesh, const mesh_bvh *bvh, error_text *err)
{
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
        return list_entry_error(path, "the hierarchy's face list", face, bvh->faces[face], "is not a boundary face", err);
    return 0;
}

/* ---------------------------------------------------------------- the stored derived tables */

/* The first entry of the boundary list that is not a boundary face or not after the one before
 * it, or boundary_count: a list of boundary_count increasing boundary faces, with as many -1
 * links in the mesh, is the mesh's boundary in tetrahedron order. */
static size_t first_unsound_boundary(const tet_mesh *mesh)
{
    size_t first = mesh->boundary_count;
#pragma omp parallel for schedule(static) reduction(min : first) if (mesh->boundary_count >= MESH_PARALLEL_MIN) \
    num_threads(read_threads())
    for (size_t i = 0; i < mesh->boundary_count; ++i) {
        int face = mesh->boundary[i];
        if (i < first && (face < 0 || (size_t)face / 4 >= mesh->tetra_count ||
                          mesh->neighbour[face / 4][face % 4] != -1 || (i > 0 && face <= mesh->boundary[i - 1])))
            first = i;
    }
    return first;
}

/* The stored box (low x y z, high x y z): finite coordinates in the supported range, low <= high. */
static int box_is_sound(const double box[6])
{
    for (int a = 0; a < 3; ++a)
        if (!(coordinate_in_range(box[a]) && coordinate_in_range(box[3 + a]) && box[a] <= box[3 + a]))
            return 0;
    return 1;
}

/* ---------------------------------------------------------------- reading the body */

/* What the reading pass found: why the first block that could not be read failed (an errno, or
 * -1 for an end of file; 0 when all were read), the first unsound vertex and walk record, the
 * boundary links. */
typedef struct body_tally {
    int failed_errno;
    size_t bad_vertex, bad_cell, boundary_links;
} body_tally;

/* `size` bytes at `offset` of the file into data: 0, an errno, or -1 when the file ends first. */
static int read_at(int fd, uint64_t offset, unsigned char *data, size_t size)
{
    size_t done = 0;
    while (done < size) {
        ssize_t got = pread(fd, data + done, size - done, (off_t)(offset + done));
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return got < 0 ? errno : -1;
        done += (size_t)got;
    }
    return 0;
}

/* Where each array starts in the file. */
static void part_offsets(const body *b, uint64_t offset[BODY_PARTS])
{
    offset[0] = MESH_BINARY_HEADER_SIZE;
    for (int k = 1; k < BODY_PARTS; ++k)
        offset[k] = offset[k - 1] + b->bytes[k - 1];
}

/* The checks of a block just read, while it is in cache: its vertices' coordinates, or its walk
 * records (split into tetra and neighbour, their boundary links counted); the first unsound
 * vertex or record lowers *bad_vertex or *bad_cell. */
static void check_block(tet_mesh *mesh, body_block block, size_t *bad_vertex, size_t *bad_cell, size_t *links)
{
    if (block.part == PART_VERTICES) {
        size_t first = block.begin / sizeof(vec3), n = (block.end - block.begin) / sizeof(vec3);
        size_t bad = first + first_vertex_out_of_range(mesh->vertices + first, n);
        *bad_vertex = bad < first + n && bad < *bad_vertex ? bad : *bad_vertex;
    } else if (block.part == PART_CELLS) {
        size_t first = block.begin / sizeof *mesh->cells, n = (block.end - block.begin) / sizeof *mesh->cells;
        populate((unsigned char *)(mesh->tetra + first), n * sizeof *mesh->tetra);
        populate((unsigned char *)(mesh->neighbour + first), n * sizeof *mesh->neighbour);
        size_t bad = take_cells(mesh, first, n, links);
        *bad_cell = bad < first + n && bad < *bad_cell ? bad : *bad_cell;
    }
}

/* The body's blocks on every core, each one by one thread: read straight into its array (the
 * page faults and copies spread over the cores), then hashed and checked while it is in that
 * core's cache. status[i] is block i's read_at. */
static body_tally read_blocks(int fd, tet_mesh *mesh, const body *b, const body_block *blocks, size_t count,
                              uint8_t (*digests)[MESH_BINARY_DIGEST_SIZE], int *status)
{
    uint64_t offset[BODY_PARTS];
    part_offsets(b, offset);
    size_t bad_vertex = mesh->vertex_count, bad_cell = mesh->tetra_count, links = 0;
#pragma omp parallel for schedule(dynamic, 1) reduction(min : bad_vertex, bad_cell) reduction(+ : links) \
    if (count >= PARALLEL_BLOCKS) num_threads(read_threads())
    for (size_t i = 0; i < count; ++i) {
        body_block block = blocks[i];
        unsigned char *data = (unsigned char *)b->part[block.part] + block.begin;
        size_t width = b->width[block.part], size = block.end - block.begin;
        populate(data, size);
        if ((status[i] = read_at(fd, offset[block.part] + block.begin, data, size)) != 0)
            continue;
        if (!byte_order_little_endian_host())
            byte_order_swap(data, width, size / width);
        hash_block(b, block, digests[i]);
        check_block(mesh, block, &bad_vertex, &bad_cell, &links);
    }
    int failed_errno = 0;
    for (size_t i = 0; i < count && failed_errno == 0; ++i)
        failed_errno = status[i];
    return (body_tally){failed_errno, bad_vertex, bad_cell, links};
}

/* The arrays the file fills, allocated; 0, or -1 with err set. */
static int allocate_body(const char *path, tet_mesh *mesh, const file_counts *counts, error_text *err)
{
    size_t v = mesh->vertex_count, t = mesh->tetra_count;
    mesh->boundary_count = counts->faces;
    mesh->vertices = malloc(v * sizeof *mesh->vertices);
    mesh->tetra = malloc(t * sizeof *mesh->tetra);
    mesh->neighbour = malloc(t * sizeof *mesh->neighbour);
    mesh->cells = malloc((t + 1) * sizeof *mesh->cells); /* a spare row, as mesh_tetra_table gives */
    mesh->boundary = malloc((mesh->boundary_count + 1) * sizeof *mesh->boundary);
    mesh_bvh *bvh = mesh->stored_hierarchy = calloc(1, sizeof *bvh);
    if (bvh) {
        bvh->node_count = counts->nodes;
        bvh->face_count = counts->faces;
        bvh->depth = (int)counts->depth;
        bvh->bounds = malloc(bvh->node_count * sizeof *bvh->bounds);
        bvh->links = malloc(bvh->node_count * sizeof *bvh->links);
        bvh->faces = malloc(bvh->face_count * sizeof *bvh->faces);
    }
    if (!mesh->vertices || !mesh->tetra || !mesh->neighbour || !mesh->cells || !mesh->boundary || !bvh ||
        !bvh->bounds || !bvh->links || !bvh->faces)
        return error_set_kind(err, ERROR_MEMORY, "%s: out of memory for %zu vertices and %zu tetrahedra", path, v, t);
    return 0;
}

/* What the reading pass found wrong, first the file's reading, then its arrays in file order,
 * then the boundary links against the header's count; 0 when nothing. */
static int tally_error(const char *path, const tet_mesh *mesh, const body_tally *tally, uint64_t expected, error_text *err)
{
    if (tally->failed_errno > 0)
        return error_set_kind(err, ERROR_IO, "%s: cannot read: %s", path, strerror(tally->failed_errno));
    if (tally->failed_errno < 0)
        return error_set_kind(err, ERROR_INPUT,
                              "%s: truncated: the header announces %llu bytes, the file ends before: " REMEDY, path,
                              (unsigned long long)expected);
    if (tally->bad_vertex < mesh->vertex_count)
        return vertex_error(path, &mesh->vertices[tally->bad_vertex], tally->bad_vertex, err);
    if (tally->bad_cell < mesh->tetra_count)
        return tetrahedron_error(path, mesh, tally->bad_cell, err);
    if (tally->boundary_links != mesh->boundary_count)
        return error_set_kind(err, ERROR_INPUT,
                              "%s: the header announces %zu boundary faces, the neighbour links have %zu: " REMEDY, path,
                              mesh->boundary_count, tally->boundary_links);
    return 0;
}

/* The derived tables the file stores: the box and the boundary list, checked. */
static int stored_tables_check(const char *path, tet_mesh *mesh, const double box[6], error_text *err)
{
    if (!box_is_sound(box))
        return error_set_kind(err, ERROR_INPUT,
                              "%s: the stored bounding box is not finite numbers in the supported range with low <= "
                              "high: " REMEDY,
                              path);
    mesh->low = (vec3){box[0], box[1], box[2]};
    mesh->high = (vec3){box[3], box[4], box[5]};
    size_t entry = first_unsound_boundary(mesh);
    if (entry < mesh->boundary_count)
        return list_entry_error(path, "the boundary list", entry, mesh->boundary[entry],
                                "is not a boundary face after the entry before it", err);
    return 0;
}

static int read_body(int fd, const char *path, tet_mesh *mesh, const file_counts *counts, uint64_t expected,
                     const uint8_t *stored_digest, error_text *err)
{
    if (allocate_body(path, mesh, counts, err) != 0)
        return -1;
    double box[6];
    body b = body_of(mesh, mesh->stored_hierarchy, box);
    size_t count = 0;
    body_block *blocks = body_blocks(&b, &count);
    uint8_t(*digests)[MESH_BINARY_DIGEST_SIZE] = calloc(count + 1, sizeof *digests);
    int *status = calloc(count + 1, sizeof *status);
    body_tally tally = {0, 0, 0, 0};
    uint8_t digest[MESH_BINARY_DIGEST_SIZE];
    int allocated = blocks && digests && status;
    if (allocated) {
        tally = read_blocks(fd, mesh, &b, blocks, count, digests, status);
        digest_of_digests(digests, count, digest);
    }
    free(blocks);
    free(digests);
    free(status);
    if (!allocated)
        return error_set_kind(err, ERROR_MEMORY, "%s: out of memory for the digest", path);
    if (tally_error(path, mesh, &tally, expected, err) != 0 || stored_tables_check(path, mesh, box, err) != 0 ||
        hierarchy_check(path, mesh, mesh->stored_hierarchy, err) != 0)
        return -1;
    if (memcmp(digest, stored_digest, sizeof digest) != 0)
        return error_set_kind(err, ERROR_INPUT,
                              "%s: the file's arrays do not match the digest of its header (damaged): " REMEDY,
                              path);
    return 0;
}

/* The header read and checked, and the file's size against it; 0, or -1 with err set. */
static int read_header(int fd, const char *path, unsigned char header[MESH_BINARY_HEADER_SIZE], file_counts *counts,
                       uint64_t *expected, error_text *err)
{
    struct stat info;
    if (fstat(fd, &info) != 0)
        return error_set_kind(err, ERROR_IO, "%s: cannot read: %s", path, strerror(errno));
    if (!S_ISREG(info.st_mode))
        return error_set_kind(err, ERROR_INPUT,
                              "%s: not a regular file: a binary mesh is read in parallel from a file, not a pipe or "
                              "device; copy it to a file first",
                              path);
    int status = read_at(fd, 0, header, info.st_size < MESH_BINARY_HEADER_SIZE ? (size_t)info.st_size
                                                                                 : MESH_BINARY_HEADER_SIZE);
    if (status > 0)
        return error_set_kind(err, ERROR_IO, "%s: cannot read: %s", path, strerror(status));
    if (status < 0 || info.st_size < MESH_BINARY_HEADER_SIZE)
        return error_set_kind(err, ERROR_INPUT,
                              "%s: truncated: %lld bytes, less than the %d-byte header of a binary mesh: " REMEDY, path,
                              status < 0 ? 0LL : (long long)info.st_size, MESH_BINARY_HEADER_SIZE);
    if (parse_header(path, header, counts, err) != 0)
        return -1;
    /* The file's size is known before anything is allocated for what it announces. */
    *expected = file_size_for(counts);
    if ((uint64_t)info.st_size != *expected)
        return error_set_kind(err, ERROR_INPUT,
                              "%s: the header announces %llu vertices, %llu tetrahedra, %u hierarchy nodes and %u "
                              "boundary faces, %llu bytes, but the file has %llu bytes (truncated or damaged): " REMEDY,
                              path, (unsigned long long)counts->vertices, (unsigned long long)counts->tetrahedra,
                              counts->nodes, counts->faces, (unsigned long long)*expected,
                              (unsigned long long)info.st_size);
    return 0;
}

int mesh_binary_read(const char *path, tet_mesh *mesh, error_text *err)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return error_set_kind(err, ERROR_IO, "%s: cannot read: %s", path, strerror(errno));
    unsigned char header[MESH_BINARY_HEADER_SIZE];
    file_counts counts = {0, 0, 0, 0, 0};
    uint64_t expected = 0;
    int failed = read_header(fd, path, header, &counts, &expected, err) != 0;
    if (!failed) {
        mesh->vertex_count = (size_t)counts.vertices;
        mesh->tetra_count = (size_t)counts.tetrahedra;
        mesh->first_number = header[12];
        failed = read_body(fd, path, mesh, &counts, expected, header + 32, err) != 0;
    }
    close(fd);
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
    double box[6] = {mesh->low.x, mesh->low.y, mesh->low.z, mesh->high.x, mesh->high.y, mesh->high.z};
    body b = body_of(mesh, bvh, box);
    unsigned char header[MESH_BINARY_HEADER_SIZE] = {0};
    if (body_digest(&b, header + 32) != 0)
        return error_set_kind(err, ERROR_MEMORY, "%s: out of memory for the digest", path);
    atomic_file file;
    if (atomic_open(&file, path, err) != 0)
        return -1;
    memcpy(header, MESH_BINARY_MAGIC, 8);
    byte_order_put_u64(header + 8, MESH_BINARY_VERSION); /* the version's 4 bytes, then 4 zero ones */
    header[12] = (unsigned char)(mesh->first_number == 1);
    byte_order_put_u64(header + 16, mesh->vertex_count);
    byte_order_put_u64(header + 24, mesh->tetra_count);
    byte_order_put_u32(header + 64, (uint32_t)bvh->node_count);
    byte_order_put_u32(header + 68, (uint32_t)bvh->face_count);
    byte_order_put_u32(header + 72, (uint32_t)bvh->depth);
    fwrite(header, 1, sizeof header, file.stream);
    for (int k = 0; k < BODY_PARTS; ++k)
        write_items(file.stream, b.part[k], b.width[k], b.bytes[k] / b.width[k]);
    return atomic_commit(&file, err);
}
