/* mesh_bvh.c: the boundary faces' hierarchy (mesh_bvh.h): each node's faces sorted along the
 * longest axis of their centres and split where the surface area heuristic is least (mesh_bvh.h),
 * at most MESH_BVH_LEAF_FACES faces a leaf, nodes in depth-first order.
 *
 * Built on every core in two passes. The first sorts and splits the faces, subtrees in parallel
 * tasks, each node written to a slot fixed by its faces alone: a node over c faces owns the 2c - 1
 * slots from its own (a subtree over c faces has at most that many nodes), its first child the
 * next slot, its second child the slot after the first child's 2c' - 1. No task waits on another's
 * node count, and every sort sees the same faces in the same order whatever the threads, so the
 * hierarchy is the one a single thread builds, bit for bit. The second pass, serial and linear in
 * the nodes, closes the gaps in depth-first order, in place. */
#include "mesh/mesh_bvh.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct build_face {
    int reference;
    double centre[3];
    double low[3], high[3];
} build_face;

/* A face's centre along the axis being sorted, with its place in the range. */
typedef struct keyed_face {
    double key;
    int face;
} keyed_face;

typedef struct builder {
    build_face *faces;    /* sorted range by range as the tree splits them */
    build_face *moved;    /* room to move a range's faces into their sorted order */
    keyed_face *keyed;    /* the keys of the range being sorted */
    keyed_face *scratch;  /* room for their merges */
    double *areas;        /* the split sweep's areas of the first faces of a range, face by face */
    mesh_bvh *bvh;        /* bounds and links hold the first pass's slots until compact_slots */
    double pad;
} builder;

/* Ranges of fewer faces are built, and halves sorted, by the task that reached them: a task costs
 * more than that. */
#define BVH_TASK_MIN_FACES 4096
#define BVH_INSERTION_SORT_MAX 16

/* Sort items[0, n) by key, equal keys in their order: a stable sort, as glibc 2.36's qsort is,
 * written out so that the tree does not depend on the C library's sort; halves in parallel
 * tasks. */
static void stable_sort(keyed_face *items, keyed_face *scratch, size_t n)
{
    if (n <= BVH_INSERTION_SORT_MAX) {
        for (size_t i = 1; i < n; ++i) {
            keyed_face item = items[i];
            size_t j = i;
            for (; j > 0 && items[j - 1].key > item.key; --j)
                items[j] = items[j - 1];
            items[j] = item;
        }
        return;
    }
    size_t half = n / 2;
#pragma omp task default(none) firstprivate(items, scratch, half) if (half >= BVH_TASK_MIN_FACES)
    stable_sort(items, scratch, half);
    stable_sort(items + half, scratch + half, n - half);
#pragma omp taskwait
    size_t a = 0, b = half, out = 0;
    while (a < half && b < n)
        scratch[out++] = items[b].key < items[a].key ? items[b++] : items[a++];
    while (a < half)
        scratch[out++] = items[a++];
    while (b < n)
        scratch[out++] = items[b++];
    memcpy(items, scratch, n * sizeof *items);
}

/* Faces [begin, end) sorted by their centres along `axis`: the keys sorted, then the faces moved
 * (each range's faces stay together in memory, so the deeper levels run in the caches). */
static void sort_range(const builder *b, size_t begin, size_t end, int axis)
{
    for (size_t i = begin; i < end; ++i)
        b->keyed[i] = (keyed_face){b->faces[i].centre[axis], (int)i};
    stable_sort(b->keyed + begin, b->scratch + begin, end - begin);
    for (size_t i = begin; i < end; ++i)
        b->moved[i] = b->faces[b->keyed[i].face];
    memcpy(b->faces + begin, b->moved + begin, (end - begin) * sizeof *b->faces);
}

/* fmin and fmax as x86-64's libm computes them for numbers (minsd, maxsd: the first unless the
 * second is below, or above), inlined: the build's innermost loop called them. */
static inline double lower(double x, double y) { return x < y ? x : y; }
static inline double higher(double x, double y) { return x > y ? x : y; }

/* The padded box of faces [begin, end) into `bounds`; the axis along which their centres spread
 * most, and whether they spread along it at all. */
static int range_box(const builder *b, size_t begin, size_t end, double bounds[6], int *spread)
{
    double low[3] = {DBL_MAX, DBL_MAX, DBL_MAX}, high[3] = {-DBL_MAX, -DBL_MAX, -DBL_MAX};
    double centre_low[3] = {DBL_MAX, DBL_MAX, DBL_MAX}, centre_high[3] = {-DBL_MAX, -DBL_MAX, -DBL_MAX};
    for (size_t i = begin; i < end; ++i) {
        const build_face *f = &b->faces[i];
        for (int a = 0; a < 3; ++a) {
            low[a] = lower(low[a], f->low[a]);
            high[a] = higher(high[a], f->high[a]);
            centre_low[a] = lower(centre_low[a], f->centre[a]);
            centre_high[a] = higher(centre_high[a], f->centre[a]);
        }
    }
    for (int a = 0; a < 3; ++a) {
        bounds[a] = low[a] - b->pad;
        bounds[3 + a] = high[a] + b->pad;
    }
    int axis = 0;
    for (int a = 1; a < 3; ++a)
        if (centre_high[a] - centre_low[a] > centre_high[axis] - centre_low[axis])
            axis = a;
    *spread = centre_high[axis] > centre_low[axis];
    return axis;
}

/* Half the surface area of the box of low, high (a box's chance of being met by a random line). */
static double half_area(const double low[3], const double high[3])
{
    double x = high[0] - low[0], y = high[1] - low[1], z = high[2] - low[2];
    return x * y + y * z + z * x;
}

static void grow(double low[3], double high[3], const build_face *f)
{
    for (int a = 0; a < 3; ++a) {
        low[a] = lower(low[a], f->low[a]);
        high[a] = higher(high[a], f->high[a]);
    }
}

/* Where faces [begin, end), sorted, split (mesh_bvh.h): the first faces' areas from the left, then
 * a sweep from the right with each cut's cost; the least cost, of equal costs the cut nearest the
 * middle (faces of one box all alike keep a balanced tree), the lower of two as near. */
static size_t cheapest_split(const builder *b, size_t begin, size_t end)
{
    double low[3] = {DBL_MAX, DBL_MAX, DBL_MAX}, high[3] = {-DBL_MAX, -DBL_MAX, -DBL_MAX};
    for (size_t i = begin; i + 1 < end; ++i) {
        grow(low, high, &b->faces[i]);
        b->areas[i] = half_area(low, high); /* faces begin .. i */
    }
    for (int a = 0; a < 3; ++a) {
        low[a] = DBL_MAX;
        high[a] = -DBL_MAX;
    }
    size_t best = end - 1, middle = begin + (end - begin) / 2;
    double best_cost = DBL_MAX;
    for (size_t cut = end - 1; cut > begin; --cut) { /* faces cut .. end - 1 to the second child */
        grow(low, high, &b->faces[cut]);
        double cost = b->areas[cut - 1] * (double)(cut - begin) + half_area(low, high) * (double)(end - cut);
        size_t off = cut > middle ? cut - middle : middle - cut, best_off = best > middle ? best - middle : middle - best;
        if (cost < best_cost || (cost == best_cost && off <= best_off)) {
            best_cost = cost;
            best = cut;
        }
    }
    return best;
}

/* The first pass: the subtree of faces [begin, end) at slot `slot` (an inner node's links hold
 * its second child's slot). Large second halves go to a task; the caller's region waits. */
static void build_slots(const builder *b, size_t begin, size_t end, size_t slot, int depth)
{
    mesh_bvh *bvh = b->bvh;
    int spread;
    int axis = range_box(b, begin, end, bvh->bounds[slot], &spread);
    if (end - begin <= MESH_BVH_LEAF_FACES || depth >= MESH_BVH_MAX_DEPTH || !spread) {
        bvh->links[slot][0] = (int)begin;
        bvh->links[slot][1] = (int)(end - begin);
        return;
    }
    sort_range(b, begin, end, axis);
    size_t middle = cheapest_split(b, begin, end);
    size_t second = slot + 2 * (middle - begin);
    bvh->links[slot][0] = (int)second;
    bvh->links[slot][1] = 0;
#pragma omp task default(none) firstprivate(b, middle, end, second, depth) if (end - middle >= BVH_TASK_MIN_FACES)
    build_slots(b, middle, end, second, depth + 1);
    build_slots(b, begin, middle, slot + 1, depth + 1);
}

/* The second pass: the slots' nodes moved down to consecutive indices in depth-first order, first
 * child first. A node's index never exceeds its slot and every node still to come has a higher
 * slot, so the moves overwrite only nodes already moved or gaps. Returns the node count. */
static size_t compact_slots(mesh_bvh *bvh)
{
    /* What is still to move: a second child's slot, its depth, and its parent's index to link. */
    struct pending { size_t slot; int depth; size_t parent; } stack[MESH_BVH_MAX_DEPTH + 1];
    int top = 0;
    stack[top++] = (struct pending){0, 1, SIZE_MAX};
    size_t next = 0;
    while (top > 0) {
        struct pending p = stack[--top];
        if (p.parent != SIZE_MAX)
            bvh->links[p.parent][0] = (int)next;
        for (;;) { /* down the first children, each node moved, each second child kept for later */
            size_t node = next++;
            if (p.depth > bvh->depth)
                bvh->depth = p.depth;
            int links[2] = {bvh->links[p.slot][0], bvh->links[p.slot][1]};
            memmove(bvh->bounds[node], bvh->bounds[p.slot], sizeof bvh->bounds[node]);
            bvh->links[node][0] = links[0];
            bvh->links[node][1] = links[1];
            if (links[1] > 0)
                break;
            stack[top++] = (struct pending){(size_t)links[0], p.depth + 1, node};
            p = (struct pending){p.slot + 1, p.depth + 1, SIZE_MAX};
        }
    }
    return next;
}

static void release_builder(builder *b)
{
    free(b->faces);
    free(b->moved);
    free(b->keyed);
    free(b->scratch);
    free(b->areas);
}

void mesh_bvh_face_box(const tet_mesh *mesh, int reference, double low[3], double high[3], double centre[3])
{
    for (int a = 0; a < 3; ++a) {
        low[a] = DBL_MAX;
        high[a] = -DBL_MAX;
    }
    for (int k = 0; k < 3; ++k) {
        vec3 v = mesh->vertices[mesh->tetra[reference >> 2][mesh_face_vertex(reference & 3, k)]];
        double c[3] = {v.x, v.y, v.z};
        for (int a = 0; a < 3; ++a) {
            low[a] = fmin(low[a], c[a]);
            high[a] = fmax(high[a], c[a]);
        }
    }
    for (int a = 0; a < 3; ++a)
        centre[a] = 0.5 * (low[a] + high[a]);
}

/* Each boundary face's box and centre, in the boundary list's order. */
static void prepare_faces(const tet_mesh *mesh, build_face *faces, size_t count)
{
#pragma omp parallel for schedule(static) if (count >= MESH_PARALLEL_MIN)
    for (size_t i = 0; i < count; ++i) {
        build_face *f = &faces[i];
        f->reference = mesh->boundary[i];
        mesh_bvh_face_box(mesh, f->reference, f->low, f->high, f->centre);
    }
}

double mesh_bvh_pad(const tet_mesh *mesh)
{
    double size = fmax(fmax(mesh->high.x - mesh->low.x, mesh->high.y - mesh->low.y), mesh->high.z - mesh->low.z);
    double reach = fmax(fmax(fmax(fabs(mesh->low.x), fabs(mesh->high.x)), fmax(fabs(mesh->low.y), fabs(mesh->high.y))),
                        fmax(fabs(mesh->low.z), fabs(mesh->high.z)));
    return ldexp(size + reach, -20);
}

/* bvh->nodes from the bounds and links, with each node's skip: in depth-first order, first child
 * first, a leaf's subtree ends at the next node, an inner node's where its second child's does (a
 * later node, so already known going backwards). Made again for a stored hierarchy that has them
 * (one built before the tetrahedra were numbered again, mesh_renumber.c). */
static int make_nodes(const tet_mesh *mesh, mesh_bvh *bvh, error_text *err)
{
    free(bvh->nodes);
    bvh->nodes = calloc(bvh->node_count ? bvh->node_count : 1, sizeof *bvh->nodes);
    if (!bvh->nodes) {
        mesh_bvh_free(bvh);
        return error_set(err, "%s: out of memory for the boundary hierarchy", mesh->path);
    }
#pragma omp parallel for schedule(static) if (bvh->node_count >= MESH_PARALLEL_MIN)
    for (size_t node = 0; node < bvh->node_count; ++node) {
        memcpy(bvh->nodes[node].bounds, bvh->bounds[node], sizeof bvh->nodes[node].bounds);
        bvh->nodes[node].first = bvh->links[node][0];
        bvh->nodes[node].count = bvh->links[node][1];
    }
    for (size_t node = bvh->node_count; node-- > 0;)
        bvh->nodes[node].skip = bvh->links[node][1] > 0 ? (node + 1 < bvh->node_count ? (int)node + 1 : -1)
                                                        : bvh->nodes[bvh->links[node][0]].skip;
    return 0;
}

int mesh_bvh_build(tet_mesh *mesh, mesh_bvh *bvh, error_text *err)
{
    if (mesh->stored_hierarchy) {
        *bvh = *mesh->stored_hierarchy;
        free(mesh->stored_hierarchy);
        mesh->stored_hierarchy = NULL;
        return make_nodes(mesh, bvh, err);
    }
    memset(bvh, 0, sizeof *bvh);
    size_t count = mesh->boundary_count;
    size_t nodes = 2 * count + 1;
    builder b = {malloc((count + 1) * sizeof *b.faces), malloc((count + 1) * sizeof *b.moved),
                 malloc((count + 1) * sizeof *b.keyed), malloc((count + 1) * sizeof *b.scratch),
                 malloc((count + 1) * sizeof *b.areas), bvh, 0};
    bvh->bounds = malloc(nodes * sizeof *bvh->bounds);
    bvh->links = malloc(nodes * sizeof *bvh->links);
    bvh->faces = malloc((count + 1) * sizeof *bvh->faces);
    int failed = count == 0 ? error_set(err, "%s: the mesh has no boundary faces", mesh->path)
                 : !b.faces || !b.moved || !b.keyed || !b.scratch || !b.areas || !bvh->bounds || !bvh->links || !bvh->faces
                     ? error_set(err, "%s: out of memory for the boundary hierarchy", mesh->path)
                     : 0;
    if (failed) {
        release_builder(&b);
        mesh_bvh_free(bvh);
        return -1;
    }
    b.pad = mesh_bvh_pad(mesh);
    prepare_faces(mesh, b.faces, count);
    /* A finite mesh has at least four boundary faces, so the root is never an empty leaf. */
    const builder *shared = &b;
#pragma omp parallel default(none) shared(shared, count) if (count >= MESH_PARALLEL_MIN)
#pragma omp single
    build_slots(shared, 0, count, 0, 1);
    bvh->node_count = compact_slots(bvh);
#pragma omp parallel for schedule(static) if (count >= MESH_PARALLEL_MIN)
    for (size_t i = 0; i < count; ++i)
        bvh->faces[i] = b.faces[i].reference;
    bvh->face_count = count;
    release_builder(&b);
    return make_nodes(mesh, bvh, err);
}

void mesh_bvh_free(mesh_bvh *bvh)
{
    free(bvh->bounds);
    free(bvh->links);
    free(bvh->faces);
    free(bvh->nodes);
    memset(bvh, 0, sizeof *bvh);
}
