/* mesh_bvh.c: the boundary faces' hierarchy (mesh_bvh.h): median splits along the longest axis of
 * the faces' centres, at most MESH_BVH_LEAF_FACES faces a leaf, nodes in depth-first order. */
#include "mesh/mesh_bvh.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct build_face {
    int reference;
    double centre[3];
    double low[3], high[3];
} build_face;

typedef struct builder {
    build_face *faces;
    mesh_bvh *bvh;
    double pad;
    int axis; /* for the comparison */
} builder;

static builder *sorting; /* qsort has no context argument: the build runs on one thread at a time */

static int compare_centres(const void *a, const void *b)
{
    double x = ((const build_face *)a)->centre[sorting->axis], y = ((const build_face *)b)->centre[sorting->axis];
    return (x > y) - (x < y);
}

/* Build the subtree of faces [begin, end) at node `node`; returns the next free node. */
static size_t build(builder *b, size_t begin, size_t end, size_t node, int depth)
{
    mesh_bvh *bvh = b->bvh;
    double low[3] = {DBL_MAX, DBL_MAX, DBL_MAX}, high[3] = {-DBL_MAX, -DBL_MAX, -DBL_MAX};
    double centre_low[3] = {DBL_MAX, DBL_MAX, DBL_MAX}, centre_high[3] = {-DBL_MAX, -DBL_MAX, -DBL_MAX};
    for (size_t i = begin; i < end; ++i)
        for (int a = 0; a < 3; ++a) {
            low[a] = fmin(low[a], b->faces[i].low[a]);
            high[a] = fmax(high[a], b->faces[i].high[a]);
            centre_low[a] = fmin(centre_low[a], b->faces[i].centre[a]);
            centre_high[a] = fmax(centre_high[a], b->faces[i].centre[a]);
        }
    for (int a = 0; a < 3; ++a) {
        bvh->bounds[node][a] = low[a] - b->pad;
        bvh->bounds[node][3 + a] = high[a] + b->pad;
    }
    if (depth > bvh->depth)
        bvh->depth = depth;
    int axis = 0;
    for (int a = 1; a < 3; ++a)
        if (centre_high[a] - centre_low[a] > centre_high[axis] - centre_low[axis])
            axis = a;
    if (end - begin <= MESH_BVH_LEAF_FACES || depth >= MESH_BVH_MAX_DEPTH || centre_high[axis] <= centre_low[axis]) {
        bvh->links[node][0] = (int)begin;
        bvh->links[node][1] = (int)(end - begin);
        return node + 1;
    }
    b->axis = axis;
    sorting = b;
    qsort(b->faces + begin, end - begin, sizeof *b->faces, compare_centres);
    size_t middle = begin + (end - begin) / 2;
    size_t next = build(b, begin, middle, node + 1, depth + 1);
    bvh->links[node][0] = (int)next;
    bvh->links[node][1] = 0;
    return build(b, middle, end, next, depth + 1);
}

int mesh_bvh_build(const tet_mesh *mesh, mesh_bvh *bvh, error_text *err)
{
    memset(bvh, 0, sizeof *bvh);
    size_t count = mesh->boundary_count;
    size_t nodes = 2 * count + 1;
    builder b = {malloc((count + 1) * sizeof *b.faces), bvh, 0, 0};
    bvh->bounds = malloc(nodes * sizeof *bvh->bounds);
    bvh->links = malloc(nodes * sizeof *bvh->links);
    bvh->faces = malloc((count + 1) * sizeof *bvh->faces);
    if (count == 0) {
        free(b.faces);
        mesh_bvh_free(bvh);
        return error_set(err, "%s: the mesh has no boundary faces", mesh->path);
    }
    if (!b.faces || !bvh->bounds || !bvh->links || !bvh->faces) {
        free(b.faces);
        mesh_bvh_free(bvh);
        return error_set(err, "%s: out of memory for the boundary hierarchy", mesh->path);
    }
    /* Padding: 2^-20 of the mesh's size and position, far above the rounding of any coordinate or
     * of the box test for rays starting within a million mesh sizes (docs/TETWALK.md). */
    double size = fmax(fmax(mesh->high.x - mesh->low.x, mesh->high.y - mesh->low.y), mesh->high.z - mesh->low.z);
    double reach = fmax(fmax(fmax(fabs(mesh->low.x), fabs(mesh->high.x)), fmax(fabs(mesh->low.y), fabs(mesh->high.y))),
                        fmax(fabs(mesh->low.z), fabs(mesh->high.z)));
    b.pad = ldexp(size + reach, -20);
    for (size_t i = 0; i < count; ++i) {
        int reference = mesh->boundary[i];
        build_face *f = &b.faces[i];
        f->reference = reference;
        for (int a = 0; a < 3; ++a) {
            f->low[a] = DBL_MAX;
            f->high[a] = -DBL_MAX;
        }
        for (int k = 0; k < 3; ++k) {
            vec3 v = mesh->vertices[mesh->tetra[reference >> 2][mesh_face_vertex(reference & 3, k)]];
            double c[3] = {v.x, v.y, v.z};
            for (int a = 0; a < 3; ++a) {
                f->low[a] = fmin(f->low[a], c[a]);
                f->high[a] = fmax(f->high[a], c[a]);
            }
        }
        for (int a = 0; a < 3; ++a)
            f->centre[a] = 0.5 * (f->low[a] + f->high[a]);
    }
    /* A finite mesh has at least four boundary faces, so the root is never an empty leaf. */
    bvh->node_count = build(&b, 0, count, 0, 1);
    for (size_t i = 0; i < count; ++i)
        bvh->faces[i] = b.faces[i].reference;
    bvh->face_count = count;
    free(b.faces);
    return 0;
}

void mesh_bvh_free(mesh_bvh *bvh)
{
    free(bvh->bounds);
    free(bvh->links);
    free(bvh->faces);
    memset(bvh, 0, sizeof *bvh);
}
