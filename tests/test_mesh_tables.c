/* test_mesh_tables: the tables built on every core are those of the plain serial builds below,
 * bit for bit, on 1, 2 and 4 threads. The boundary hierarchy (mesh_bvh.c): from the same face
 * boxes and padding (mesh_bvh_face_box, mesh_bvh_pad: one face at a time, nothing for threads to
 * change), a stable sort along the widest axis of the centres split where the surface area
 * heuristic is least (each cut's cost recomputed from scratch here), nodes numbered depth first. The edge table
 * (mesh_build_edges): one sort of every tetrahedron's edges by (lower vertex, higher vertex,
 * tetrahedron and local edge), edges numbered in that order. The plane table
 * (mesh_build_planes): each tetrahedron's rt_badouelb_precompute, in a plain loop. On a slab of 120,000 tetrahedra and
 * 41,600 boundary faces (beyond MESH_PARALLEL_MIN, so that the parallel paths run) with every
 * centre repeated along two axes (the sort's ties decide the order), the same slab jittered, and
 * the repository's box and U. */
#define _POSIX_C_SOURCE 200809L
#include <float.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "mesh/mesh_bvh.h"
#include "rt_badouelb.h"

/* ---------------------------------------------------------------- the reference build */

typedef struct reference_face {
    double key;  /* the centre along the axis being sorted */
    size_t rank; /* place before the sort: equal keys keep their order */
    int reference;
    double low[3], high[3], centre[3];
} reference_face;

static int by_key_then_rank(const void *a, const void *b)
{
    const reference_face *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return x->rank < y->rank ? -1 : x->rank > y->rank;
}

typedef struct reference_tree {
    reference_face *faces;
    mesh_bvh bvh;
    double pad;
} reference_tree;

/* Half the surface area of a box. */
static double reference_area(const double box[6])
{
    double x = box[3] - box[0], y = box[4] - box[1], z = box[5] - box[2];
    return x * y + y * z + z * x;
}

static void reference_grow(double box[6], const reference_face *f)
{
    for (int a = 0; a < 3; ++a) {
        box[a] = fmin(box[a], f->low[a]);
        box[3 + a] = fmax(box[3 + a], f->high[a]);
    }
}

/* The cut of the least area-weighted cost, from a table of both sides' areas for every cut; of
 * equal costs the nearest the middle, the lower of two as near. */
static size_t reference_split(const reference_face *faces, size_t begin, size_t end)
{
    size_t n = end - begin, middle = begin + n / 2, best = 0;
    double *first = malloc(n * sizeof *first), *second = malloc(n * sizeof *second); /* index: cut - begin */
    double box[6] = {DBL_MAX, DBL_MAX, DBL_MAX, -DBL_MAX, -DBL_MAX, -DBL_MAX};
    for (size_t cut = begin + 1; cut < end; ++cut) {
        reference_grow(box, &faces[cut - 1]);
        first[cut - begin] = reference_area(box);
    }
    double back[6] = {DBL_MAX, DBL_MAX, DBL_MAX, -DBL_MAX, -DBL_MAX, -DBL_MAX};
    for (size_t cut = end - 1; cut > begin; --cut) {
        reference_grow(back, &faces[cut]);
        second[cut - begin] = reference_area(back);
    }
    double best_cost = 0;
    for (size_t cut = begin + 1; cut < end; ++cut) {
        double cost = first[cut - begin] * (double)(cut - begin) + second[cut - begin] * (double)(end - cut);
        size_t off = cut > middle ? cut - middle : middle - cut, best_off = best > middle ? best - middle : middle - best;
        if (best == 0 || cost < best_cost || (cost == best_cost && off < best_off)) {
            best = cut;
            best_cost = cost;
        }
    }
    free(first);
    free(second);
    return best;
}

static size_t reference_build(reference_tree *r, size_t begin, size_t end, size_t node, int depth)
{
    double box[6] = {DBL_MAX, DBL_MAX, DBL_MAX, -DBL_MAX, -DBL_MAX, -DBL_MAX};
    double centre_low[3] = {DBL_MAX, DBL_MAX, DBL_MAX}, centre_high[3] = {-DBL_MAX, -DBL_MAX, -DBL_MAX};
    for (size_t i = begin; i < end; ++i)
        for (int a = 0; a < 3; ++a) {
            box[a] = fmin(box[a], r->faces[i].low[a]);
            box[3 + a] = fmax(box[3 + a], r->faces[i].high[a]);
            centre_low[a] = fmin(centre_low[a], r->faces[i].centre[a]);
            centre_high[a] = fmax(centre_high[a], r->faces[i].centre[a]);
        }
    for (int a = 0; a < 3; ++a) {
        r->bvh.bounds[node][a] = box[a] - r->pad;
        r->bvh.bounds[node][3 + a] = box[3 + a] + r->pad;
    }
    r->bvh.depth = depth > r->bvh.depth ? depth : r->bvh.depth;
    int axis = 0;
    for (int a = 1; a < 3; ++a)
        if (centre_high[a] - centre_low[a] > centre_high[axis] - centre_low[axis])
            axis = a;
    if (end - begin <= MESH_BVH_LEAF_FACES || depth >= MESH_BVH_MAX_DEPTH || centre_high[axis] <= centre_low[axis]) {
        r->bvh.links[node][0] = (int)begin;
        r->bvh.links[node][1] = (int)(end - begin);
        return node + 1;
    }
    for (size_t i = begin; i < end; ++i) {
        r->faces[i].key = r->faces[i].centre[axis];
        r->faces[i].rank = i;
    }
    qsort(r->faces + begin, end - begin, sizeof *r->faces, by_key_then_rank);
    size_t middle = reference_split(r->faces, begin, end);
    size_t next = reference_build(r, begin, middle, node + 1, depth + 1);
    r->bvh.links[node][0] = (int)next;
    r->bvh.links[node][1] = 0;
    return reference_build(r, middle, end, next, depth + 1);
}

static void reference_hierarchy(const tet_mesh *mesh, mesh_bvh *bvh)
{
    size_t count = mesh->boundary_count;
    reference_tree r = {calloc(count, sizeof *r.faces), {0}, 0};
    r.bvh.bounds = calloc(2 * count, sizeof *r.bvh.bounds);
    r.bvh.links = calloc(2 * count, sizeof *r.bvh.links);
    r.bvh.faces = calloc(count, sizeof *r.bvh.faces);
    r.pad = mesh_bvh_pad(mesh);
    for (size_t i = 0; i < count; ++i) {
        reference_face *f = &r.faces[i];
        f->reference = mesh->boundary[i];
        mesh_bvh_face_box(mesh, f->reference, f->low, f->high, f->centre);
    }
    r.bvh.node_count = reference_build(&r, 0, count, 0, 1);
    r.bvh.face_count = count;
    for (size_t i = 0; i < count; ++i)
        r.bvh.faces[i] = r.faces[i].reference;
    free(r.faces);
    *bvh = r.bvh;
}

/* ---------------------------------------------------------------- the reference edge table */

typedef struct reference_edge {
    int low, high, reference; /* reference: tetrahedron * 6 + local edge */
} reference_edge;

static int by_vertices_then_reference(const void *a, const void *b)
{
    const reference_edge *x = a, *y = b;
    if (x->low != y->low)
        return x->low < y->low ? -1 : 1;
    if (x->high != y->high)
        return x->high < y->high ? -1 : 1;
    return (x->reference > y->reference) - (x->reference < y->reference);
}

static const int EDGE_ENDS[6][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};

/* The table in `expected`'s edge fields (its other fields copied from mesh). */
static void reference_edges(const tet_mesh *mesh, tet_mesh *expected)
{
    *expected = *mesh;
    size_t count = mesh->tetra_count * 6;
    reference_edge *keys = malloc(count * sizeof *keys);
    for (size_t i = 0; i < count; ++i) {
        int a = mesh->tetra[i / 6][EDGE_ENDS[i % 6][0]], b = mesh->tetra[i / 6][EDGE_ENDS[i % 6][1]];
        keys[i] = (reference_edge){a < b ? a : b, a < b ? b : a, (int)i};
    }
    qsort(keys, count, sizeof *keys, by_vertices_then_reference);
    expected->edge_vertices = malloc(count * sizeof *expected->edge_vertices);
    expected->edge_lines = malloc(count * sizeof *expected->edge_lines);
    expected->tetra_edges = malloc(mesh->tetra_count * sizeof *expected->tetra_edges);
    size_t k = 0;
    for (size_t i = 0; i < count; ++i) {
        k += i > 0 && (keys[i].low != keys[i - 1].low || keys[i].high != keys[i - 1].high);
        expected->edge_vertices[k][0] = keys[i].low;
        expected->edge_vertices[k][1] = keys[i].high;
        size_t t = (size_t)keys[i].reference / 6;
        int e = keys[i].reference % 6;
        expected->tetra_edges[t][e] = (int)k * 2 + (mesh->tetra[t][EDGE_ENDS[e][0]] != keys[i].low);
    }
    expected->edge_count = count ? k + 1 : 0;
    for (size_t i = 0; i < expected->edge_count; ++i) {
        vec3 a = mesh->vertices[expected->edge_vertices[i][0]], b = mesh->vertices[expected->edge_vertices[i][1]];
        vec3 u = {b.x - a.x, b.y - a.y, b.z - a.z};
        double line[6] = {u.x, u.y, u.z, u.y * a.z - u.z * a.y, u.z * a.x - u.x * a.z, u.x * a.y - u.y * a.x};
        memcpy(expected->edge_lines[i], line, sizeof line);
    }
    free(keys);
}

static int same_edges(const tet_mesh *a, const tet_mesh *b)
{
    return a->edge_count == b->edge_count &&
           memcmp(a->edge_vertices, b->edge_vertices, a->edge_count * sizeof *a->edge_vertices) == 0 &&
           memcmp(a->edge_lines, b->edge_lines, a->edge_count * sizeof *a->edge_lines) == 0 &&
           memcmp(a->tetra_edges, b->tetra_edges, a->tetra_count * sizeof *a->tetra_edges) == 0;
}

static void free_edges(tet_mesh *mesh)
{
    free(mesh->edge_vertices);
    free(mesh->edge_lines);
    free(mesh->tetra_edges);
    mesh->edge_vertices = NULL;
    mesh->edge_lines = NULL;
    mesh->tetra_edges = NULL;
    mesh->edge_count = 0;
}

/* ---------------------------------------------------------------- the plane table */

/* The plane table on 1, 2 and 4 threads against a serial loop over the tetrahedra. */
static void same_planes_on_threads(tet_mesh *mesh, const char *path)
{
    double (*expected)[RT_TABLE_BADOUELB] = malloc(mesh->tetra_count * sizeof *expected);
    for (size_t t = 0; t < mesh->tetra_count; ++t) {
        rt_vec3 V[4];
        for (int k = 0; k < 4; ++k) {
            vec3 v = mesh->vertices[mesh->tetra[t][k]];
            V[k] = rt_v(v.x, v.y, v.z);
        }
        rt_badouelb_precompute(V[0], V[1], V[2], V[3], expected[t]);
    }
    static const int THREADS[] = {1, 2, 4};
    for (int t = 0; t < 3; ++t) {
        omp_set_num_threads(THREADS[t]);
        error_text err;
        CHECK(mesh_build_planes(mesh, &err) == 0, "%s: %s", path, err.text);
        CHECK(memcmp(mesh->planes, expected, mesh->tetra_count * sizeof *expected) == 0,
              "%s, %d threads: the plane table differs from the serial one", path, THREADS[t]);
        free(mesh->planes);
        mesh->planes = NULL;
    }
    free(expected);
}

/* ---------------------------------------------------------------- meshes */

/* A Medit slab of NX x NY x NZ cubes, six tetrahedra each, vertices jittered or on the grid. */
static void write_slab(const char *path, int nx, int ny, int nz, int jitter)
{
    FILE *out = fopen(path, "w");
    if (!out)
        return;
    int sx = nx + 1, sy = ny + 1, sz = nz + 1;
    fprintf(out, "MeshVersionFormatted 2\nDimension 3\nVertices\n%d\n", sx * sy * sz);
    unsigned state = 12345;
    for (int k = 0; k < sz; ++k)
        for (int j = 0; j < sy; ++j)
            for (int i = 0; i < sx; ++i) {
                double d[3] = {i, j, k};
                int inner = i > 0 && i < nx && j > 0 && j < ny && k > 0 && k < nz;
                for (int a = 0; a < 3 && jitter && inner; ++a) {
                    state = state * 1103515245u + 12345u;
                    d[a] += ((double)(state >> 8) / 16777216.0 - 0.5) * 0.1;
                }
                fprintf(out, "%.17g %.17g %.17g 0\n", d[0], d[1], d[2]);
            }
    static const int PERMUTATIONS[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    static const int ODD[6] = {0, 1, 1, 0, 0, 1};
    fprintf(out, "Tetrahedra\n%d\n", 6 * nx * ny * nz);
    for (int k = 0; k < nz; ++k)
        for (int j = 0; j < ny; ++j)
            for (int i = 0; i < nx; ++i)
                for (int p = 0; p < 6; ++p) {
                    int v[4], corner[3] = {0, 0, 0};
                    v[0] = 1 + i + sx * (j + sy * k);
                    for (int s = 0; s < 3; ++s) {
                        corner[PERMUTATIONS[p][s]] = 1;
                        v[s + 1] = 1 + (i + corner[0]) + sx * ((j + corner[1]) + sy * (k + corner[2]));
                    }
                    if (ODD[p])
                        fprintf(out, "%d %d %d %d 0\n", v[0], v[1], v[2], v[3]);
                    else
                        fprintf(out, "%d %d %d %d 0\n", v[1], v[0], v[2], v[3]);
                }
    fputs("End\n", out);
    fclose(out);
}

static int same_hierarchy(const mesh_bvh *a, const mesh_bvh *b)
{
    return a->node_count == b->node_count && a->face_count == b->face_count && a->depth == b->depth &&
           memcmp(a->bounds, b->bounds, a->node_count * sizeof *a->bounds) == 0 &&
           memcmp(a->links, b->links, a->node_count * sizeof *a->links) == 0 &&
           memcmp(a->faces, b->faces, a->face_count * sizeof *a->faces) == 0;
}

/* The walk's nodes (mesh_bvh.h): each one's bounds and links as the hierarchy's, and its skip
 * against the subtrees' sizes, counted apart from how mesh_bvh_build makes them: in depth-first
 * order a node's subtree is itself and its children's, and the node after it is the node plus
 * that size (-1 past the last node). */
static int nodes_follow_subtrees(const mesh_bvh *bvh)
{
    size_t *size = malloc(bvh->node_count * sizeof *size);
    int right = size != NULL && bvh->nodes != NULL;
    for (size_t node = bvh->node_count; right && node-- > 0;) {
        const rt_walk_node *n = &bvh->nodes[node];
        int first = bvh->links[node][0];
        size[node] = bvh->links[node][1] > 0 ? 1 : 1 + size[node + 1] + size[first];
        size_t after = node + size[node];
        right = n->skip == (after < bvh->node_count ? (int)after : -1) && n->first == first &&
                n->count == bvh->links[node][1] && memcmp(n->bounds, bvh->bounds[node], sizeof n->bounds) == 0;
    }
    free(size);
    return right;
}

/* mesh_free leaves nothing of the mesh behind, tables or facts about its file, so that a freed
 * mesh is freed again safely and cannot pass for the mesh it was. */
static void freed_mesh_is_empty(tet_mesh *mesh, const char *path)
{
    CHECK(!mesh->vertices && !mesh->tetra && !mesh->neighbour && !mesh->boundary && !mesh->cells &&
              !mesh->edge_vertices && !mesh->edge_lines && !mesh->tetra_edges && !mesh->aman_cells && !mesh->planes &&
              !mesh->stored_hierarchy,
          "%s: a table is left after mesh_free", path);
    CHECK(mesh->vertex_count == 0 && mesh->tetra_count == 0 && mesh->boundary_count == 0 && mesh->edge_count == 0,
          "%s: a count is left after mesh_free", path);
    CHECK(mesh->path[0] == '\0' && mesh->first_number == 0 && mesh->parse_ms == 0 && mesh->tables_ms == 0 &&
              mesh->high.x == 0,
          "%s: the file's facts are left after mesh_free: path '%s', first number %d, parse %g ms", path, mesh->path,
          mesh->first_number, mesh->parse_ms);
    mesh_free(mesh);
}

static void compare_tables(const char *path, size_t least_faces)
{
    tet_mesh mesh;
    error_text err = {0};
    if (mesh_read(path, &mesh, &err) != 0) {
        CHECK(0, "%s: %s", path, err.text);
        return;
    }
    CHECK(mesh.boundary_count >= least_faces, "%s: %zu boundary faces, expected at least %zu", path,
          mesh.boundary_count, least_faces);
    mesh_bvh expected;
    reference_hierarchy(&mesh, &expected);
    CHECK(expected.depth > 2, "%s: the reference tree has depth %d", path, expected.depth);
    static const int THREADS[] = {1, 2, 4};
    for (int t = 0; t < 3; ++t) {
        omp_set_num_threads(THREADS[t]);
        mesh_bvh built;
        CHECK(mesh_bvh_build(&mesh, &built, &err) == 0, "%s: %s", path, err.text);
        CHECK(same_hierarchy(&built, &expected), "%s, %d threads: %zu nodes, depth %d; the reference %zu, depth %d",
              path, THREADS[t], built.node_count, built.depth, expected.node_count, expected.depth);
        CHECK(nodes_follow_subtrees(&built),
              "%s, %d threads: a node's record is not its bounds and links, or its skip not the node after its subtree",
              path, THREADS[t]);
        mesh_bvh_free(&built);
    }
    mesh_bvh_free(&expected);
    tet_mesh expected_edges;
    reference_edges(&mesh, &expected_edges);
    CHECK(expected_edges.edge_count > mesh.vertex_count, "%s: %zu edges for %zu vertices", path,
          expected_edges.edge_count, mesh.vertex_count);
    for (int t = 0; t < 3; ++t) {
        omp_set_num_threads(THREADS[t]);
        CHECK(mesh_build_edges(&mesh, &err) == 0, "%s: %s", path, err.text);
        CHECK(same_edges(&mesh, &expected_edges), "%s, %d threads: %zu edges; the reference %zu", path, THREADS[t],
              mesh.edge_count, expected_edges.edge_count);
        free_edges(&mesh);
    }
    free_edges(&expected_edges);
    same_planes_on_threads(&mesh, path);
    mesh_free(&mesh);
    freed_mesh_is_empty(&mesh, path);
}

int main(void)
{
    const char *tmp = getenv("TMPDIR");
    char folder[256], grid[300], jittered[300];
    snprintf(folder, sizeof folder, "%s/test_mesh_tables.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(folder))
        return 1;
    snprintf(grid, sizeof grid, "%s/slab.mesh", folder);
    snprintf(jittered, sizeof jittered, "%s/slab_jittered.mesh", folder);
    write_slab(grid, 100, 100, 2, 0);
    write_slab(jittered, 100, 100, 2, 1);
    compare_tables(grid, 40000);
    compare_tables(jittered, 40000);
    compare_tables("data/box.mesh", 4);
    compare_tables("data/u_shape.mesh", 4);
    unlink(grid);
    unlink(jittered);
    rmdir(folder);
    return check_summary("test_mesh_tables");
}
