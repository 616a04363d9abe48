/* mesh_renumber.c: the tetrahedra in Morton order (mesh_renumber.h). */
#include "mesh/mesh_renumber.h"

#include <stdint.h>
#include <stdlib.h>

#include "mesh/mesh_bvh.h"
#include "mesh/mesh_source.h"

/* The 21 low bits of x spread to every third bit. */
static uint64_t spread_bits(uint64_t x)
{
    x &= 0x1fffff;
    x = (x | x << 32) & 0x1f00000000ffffULL;
    x = (x | x << 16) & 0x1f0000ff0000ffULL;
    x = (x | x << 8) & 0x100f00f00f00f00fULL;
    x = (x | x << 4) & 0x10c30c30c30c30c3ULL;
    x = (x | x << 2) & 0x1249249249249249ULL;
    return x;
}

/* A coordinate's 21-bit cell along one axis of [low, high]; a flat axis is cell 0. */
static uint64_t axis_cell(double value, double low, double high)
{
    double u = high > low ? (value - low) / (high - low) : 0;
    u = u < 0 ? 0 : (u > 1 ? 1 : u);
    return (uint64_t)(u * 2097151.0);
}

/* The Morton code of a point in the box [low, high]: 21 bits an axis, x in the lowest bit. */
static uint64_t morton_code(vec3 point, vec3 low, vec3 high)
{
    return spread_bits(axis_cell(point.x, low.x, high.x)) | spread_bits(axis_cell(point.y, low.y, high.y)) << 1 |
           spread_bits(axis_cell(point.z, low.z, high.z)) << 2;
}

typedef struct keyed {
    uint64_t key;
    uint32_t index;
} keyed;

/* Sorts by key, equal keys in their order (a stable radix sort, a byte a pass, the passes whose
 * byte is the same for every item skipped); returns the one of the two buffers that holds them. */
static keyed *sort_keyed(keyed *items, keyed *spare, size_t count)
{
    for (int shift = 0; shift < 64 && count > 0; shift += 8) {
        size_t start[257] = {0};
        for (size_t i = 0; i < count; ++i)
            start[((items[i].key >> shift) & 0xff) + 1] += 1;
        if (start[((items[0].key >> shift) & 0xff) + 1] == count)
            continue;
        for (int b = 0; b < 256; ++b)
            start[b + 1] += start[b];
        for (size_t i = 0; i < count; ++i)
            spare[start[(items[i].key >> shift) & 0xff]++] = items[i];
        keyed *sorted = spare;
        spare = items;
        items = sorted;
    }
    return items;
}

int mesh_renumber_tetrahedra(tet_mesh *mesh, error_text *err)
{
    if (mesh->edge_lines || mesh->tetra_edges || mesh->aman_cells || mesh->planes)
        return error_set(err, "%s: the tetrahedra are numbered again before any walk table is built", mesh->path);
    /* The boundary hierarchy in the file's numbering (built here for a text mesh, a binary one's
     * as stored), its faces renamed below: its leaves then hand a ray its boundary faces in the
     * same order, and the walk adds its segments' lengths in the same order. A hierarchy built
     * from the renumbered boundary list could order faces with coincident centres otherwise. */
    if (!mesh->stored_hierarchy) {
        mesh_bvh *hierarchy = malloc(sizeof *hierarchy);
        if (!hierarchy)
            return error_set(err, "%s: out of memory for the boundary hierarchy", mesh->path);
        if (mesh_bvh_build(mesh, hierarchy, err) != 0) {
            free(hierarchy);
            return -1;
        }
        mesh->stored_hierarchy = hierarchy;
    }
    size_t count = mesh->tetra_count;
    keyed *items = malloc((count + 1) * sizeof *items), *spare = malloc((count + 1) * sizeof *spare);
    uint32_t *rank = malloc((count + 1) * sizeof *rank);
    int(*tetra)[4] = malloc((count + 1) * sizeof *tetra), (*neighbour)[4] = malloc((count + 1) * sizeof *neighbour);
    if (!items || !spare || !rank || !tetra || !neighbour) {
        free(items);
        free(spare);
        free(rank);
        free(tetra);
        free(neighbour);
        return error_set(err, "%s: out of memory for numbering %zu tetrahedra again", mesh->path, count);
    }
    long long n = (long long)count;
#pragma omp parallel for schedule(static) if (n >= MESH_PARALLEL_MIN)
    for (long long t = 0; t < n; ++t) {
        vec3 c = {0, 0, 0};
        for (int k = 0; k < 4; ++k) {
            vec3 v = mesh->vertices[mesh->tetra[t][k]];
            c.x += v.x / 4;
            c.y += v.y / 4;
            c.z += v.z / 4;
        }
        items[t] = (keyed){morton_code(c, mesh->low, mesh->high), (uint32_t)t};
    }
    const keyed *sorted = sort_keyed(items, spare, count);
#pragma omp parallel for schedule(static) if (n >= MESH_PARALLEL_MIN)
    for (long long i = 0; i < n; ++i)
        rank[sorted[i].index] = (uint32_t)i;
#pragma omp parallel for schedule(static) if (n >= MESH_PARALLEL_MIN)
    for (long long i = 0; i < n; ++i) {
        uint32_t old = sorted[i].index;
        for (int f = 0; f < 4; ++f) {
            int link = mesh->neighbour[old][f];
            tetra[i][f] = mesh->tetra[old][f];
            neighbour[i][f] = link < 0 ? link : (int)rank[link >> 2] * 4 + (link & 3);
        }
    }
    mesh_bvh *hierarchy = mesh->stored_hierarchy;
    for (size_t i = 0; i < hierarchy->face_count; ++i)
        hierarchy->faces[i] = (int)rank[hierarchy->faces[i] >> 2] * 4 + (hierarchy->faces[i] & 3);
    free(items);
    free(spare);
    free(rank);
    free(mesh->tetra);
    free(mesh->neighbour);
    mesh->tetra = tetra;
    mesh->neighbour = neighbour;
    /* The walk's records and the boundary list of the new order, as the reader makes them. */
    free(mesh->cells);
    free(mesh->boundary);
    mesh->cells = NULL;
    mesh->boundary = NULL;
    return mesh_build_cells(mesh, err) || mesh_collect_boundary(mesh, err) ? -1 : 0;
}

