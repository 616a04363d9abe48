/* mesh.c: reading a mesh (the format by the file name), releasing it, and the edge table of the
 * precomputed forms. */
#include "mesh/mesh.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "mesh/mesh_binary.h"
#include "mesh/mesh_bvh.h"
#include "mesh/mesh_source.h"
#include "timer.h"

const char *mesh_format_name(mesh_format format)
{
    static const char *const NAMES[] = {"Medit", "TetGen", "binary"};
    return NAMES[format];
}

int mesh_threads(void)
{
#ifdef _OPENMP
    return omp_get_max_threads();
#else
    return 1;
#endif
}

static int ends_with(const char *text, const char *suffix)
{
    size_t n = strlen(text), m = strlen(suffix);
    return n >= m && strcasecmp(text + n - m, suffix) == 0;
}

void *mesh_tetra_table(const tet_mesh *mesh, size_t row, const char *what, error_text *err)
{
    void *table = malloc((mesh->tetra_count + 1) * row);
    if (!table)
        error_set(err, "%s: out of memory for %s of %zu tetrahedra", mesh->path, what, mesh->tetra_count);
    return table;
}

int mesh_build_cells(tet_mesh *mesh, error_text *err)
{
    if (!(mesh->cells = mesh_tetra_table(mesh, sizeof *mesh->cells, "the walk's records", err)))
        return -1;
    long long count = (long long)mesh->tetra_count;
#pragma omp parallel for schedule(static) if (count >= MESH_PARALLEL_MIN)
    for (long long t = 0; t < count; ++t)
        for (int k = 0; k < 4; ++k) {
            mesh->cells[t][RT_CELL_VERTEX(k)] = mesh->tetra[t][k];
            mesh->cells[t][RT_CELL_LINK(k)] = mesh->neighbour[t][k];
        }
    return 0;
}

static int read_mesh(const char *path, tet_mesh *mesh, int serial, error_text *err)
{
    memset(mesh, 0, sizeof *mesh);
    if (strlen(path) >= sizeof mesh->path)
        return error_set(err, "%.80s...: the path is too long (at most %zu characters)", path, sizeof mesh->path - 1);
    snprintf(mesh->path, sizeof mesh->path, "%s", path);
    mesh_source source;
    memset(&source, 0, sizeof source);
    source.mesh = mesh;
    source.serial = serial;
    int failed;
    double start = timer_now_ms();
    if (mesh_binary_file(path) || ends_with(path, ".rtm")) {
        /* Written from a mesh that passed mesh_check, with its tables: only its soundness is
         * checked again, in the same pass as the reading. */
        mesh->format = MESH_FORMAT_BINARY;
        double start = timer_now_ms();
        failed = mesh_binary_read(path, mesh, err);
        mesh->parse_ms = timer_now_ms() - start;
        mesh->tables_ms = 0;
        if (failed)
            mesh_free(mesh);
        return failed ? -1 : 0;
    }
    if (ends_with(path, ".mesh")) {
        mesh->format = MESH_FORMAT_MEDIT;
        failed = mesh_read_medit(path, &source, err);
    } else if (ends_with(path, ".node") || ends_with(path, ".ele") || ends_with(path, ".neigh")) {
        char base[sizeof mesh->path];
        snprintf(base, sizeof base, "%.*s", (int)(strrchr(path, '.') - path), path);
        mesh->format = MESH_FORMAT_TETGEN;
        failed = mesh_read_tetgen(base, &source, err);
    } else if (ends_with(path, ".meshb")) {
        failed = error_set(err, "%s: binary Medit files (.meshb) are not read: convert it to .mesh", path);
    } else {
        failed = error_set(err, "%s: unknown mesh format: expected a Medit .mesh file or TetGen's .node/.ele files",
                           path);
    }
    mesh->parse_ms = timer_now_ms() - start;
    failed = failed || mesh_check(&source, err) || mesh_build_cells(mesh, err);
    mesh->first_number = (int)source.first_index;
    mesh->tables_ms = timer_now_ms() - start - mesh->parse_ms;
    free(source.tetra_line);
    free(source.neighbour_line);
    if (failed) {
        mesh_free(mesh);
        return -1;
    }
    return 0;
}

int mesh_read(const char *path, tet_mesh *mesh, error_text *err) { return read_mesh(path, mesh, 0, err); }

int mesh_read_serial(const char *path, tet_mesh *mesh, error_text *err) { return read_mesh(path, mesh, 1, err); }

void mesh_free(tet_mesh *mesh)
{
    free(mesh->vertices);
    free(mesh->tetra);
    free(mesh->neighbour);
    free(mesh->boundary);
    free(mesh->cells);
    free(mesh->edge_vertices);
    free(mesh->edge_lines);
    free(mesh->tetra_edges);
    free(mesh->aman_cells);
    free(mesh->planes);
    if (mesh->stored_hierarchy)
        mesh_bvh_free(mesh->stored_hierarchy);
    free(mesh->stored_hierarchy);
    *mesh = (tet_mesh){0};
}

/* ---------------------------------------------------------------- edges */

/* A tetrahedron's edge: its higher vertex with where it came from (its lower vertex is its
 * bucket's, below). */
typedef struct edge_key {
    int high;
    int reference; /* tetrahedron * 6 + local edge */
} edge_key;

static int compare_edges(const void *a, const void *b)
{
    const edge_key *x = a, *y = b;
    if (x->high != y->high)
        return x->high < y->high ? -1 : 1;
    return (x->reference > y->reference) - (x->reference < y->reference);
}

/* Local edges in the order RT_E01 ... RT_E23 of rt_algorithms.h. */
static const int EDGE_ENDS[6][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};

static void edge_ends(const tet_mesh *mesh, size_t reference, int *low, int *high)
{
    int a = mesh->tetra[reference / 6][EDGE_ENDS[reference % 6][0]];
    int b = mesh->tetra[reference / 6][EDGE_ENDS[reference % 6][1]];
    *low = a < b ? a : b;
    *high = a < b ? b : a;
}

/* Every tetrahedron's edges sorted by (lower vertex, higher vertex, reference), on every core:
 * put into one bucket per lower vertex (a counting sort), each bucket then sorted alone; the
 * keys are distinct, so this is the one sorted order whatever the threads. begin[v] is where
 * vertex v's bucket starts (begin[vertex_count] the end). Returns 0, or -1 when out of memory. */
static int sort_edges(const tet_mesh *mesh, edge_key *keys, size_t *begin)
{
    size_t count = mesh->tetra_count * 6, vertices = mesh->vertex_count;
    size_t *fill = calloc(vertices + 1, sizeof *fill); /* counts, then where bucket v's next edge goes */
    if (!fill)
        return -1;
#pragma omp parallel for schedule(static) if (count >= MESH_PARALLEL_MIN)
    for (size_t i = 0; i < count; ++i) {
        int low, high;
        edge_ends(mesh, i, &low, &high);
#pragma omp atomic update
        fill[low]++;
    }
    begin[0] = 0;
    for (size_t v = 0; v < vertices; ++v) {
        begin[v + 1] = begin[v] + fill[v];
        fill[v] = begin[v];
    }
#pragma omp parallel for schedule(static) if (count >= MESH_PARALLEL_MIN)
    for (size_t i = 0; i < count; ++i) {
        int low, high;
        edge_ends(mesh, i, &low, &high);
        size_t at;
#pragma omp atomic capture
        at = fill[low]++;
        keys[at] = (edge_key){high, (int)i};
    }
    free(fill);
#pragma omp parallel for schedule(dynamic, 256) if (vertices >= MESH_PARALLEL_MIN)
    for (size_t v = 0; v < vertices; ++v)
        qsort(keys + begin[v], begin[v + 1] - begin[v], sizeof *keys, compare_edges);
    return 0;
}

/* The edges are numbered in sorted order: first_edge[v], the number of bucket v's first edge,
 * counts the distinct edges of the buckets before it. Returns the number of edges. */
static size_t count_edges(const tet_mesh *mesh, const edge_key *keys, const size_t *begin, size_t *first_edge)
{
    long long vertices = (long long)mesh->vertex_count;
#pragma omp parallel for schedule(dynamic, 256) if (vertices >= MESH_PARALLEL_MIN)
    for (long long v = 0; v < vertices; ++v) {
        size_t distinct = 0;
        for (size_t i = begin[v]; i < begin[v + 1]; ++i)
            distinct += i == begin[v] || keys[i].high != keys[i - 1].high;
        first_edge[v + 1] = distinct;
    }
    first_edge[0] = 0;
    for (long long v = 0; v < vertices; ++v)
        first_edge[v + 1] += first_edge[v];
    return first_edge[vertices];
}

/* Each edge's vertices, and each tetrahedron's edges (number * 2, + 1 when reversed). */
static void fill_edges(tet_mesh *mesh, const edge_key *keys, const size_t *begin, const size_t *first_edge)
{
    long long vertices = (long long)mesh->vertex_count;
#pragma omp parallel for schedule(dynamic, 256) if (vertices >= MESH_PARALLEL_MIN)
    for (long long v = 0; v < vertices; ++v) {
        size_t k = first_edge[v];
        for (size_t i = begin[v]; i < begin[v + 1]; ++i) {
            if (i > begin[v] && keys[i].high != keys[i - 1].high)
                ++k;
            mesh->edge_vertices[k][0] = (int)v;
            mesh->edge_vertices[k][1] = keys[i].high;
            size_t t = (size_t)keys[i].reference / 6;
            int e = keys[i].reference % 6;
            int reversed = mesh->tetra[t][EDGE_ENDS[e][0]] != (int)v;
            mesh->tetra_edges[t][e] = (int)k * 2 + reversed;
        }
    }
}

/* Plücker coordinates of the directed line low -> high through A = low: {U : U x A}, the
 * convention of rt_pluecker_edge (rt_math.h), computed once here. */
static void edge_lines(tet_mesh *mesh)
{
    long long edges = (long long)mesh->edge_count;
#pragma omp parallel for schedule(static) if (edges >= MESH_PARALLEL_MIN)
    for (long long i = 0; i < edges; ++i) {
        vec3 a = mesh->vertices[mesh->edge_vertices[i][0]], b = mesh->vertices[mesh->edge_vertices[i][1]];
        vec3 u = {b.x - a.x, b.y - a.y, b.z - a.z};
        double *line = mesh->edge_lines[i];
        line[0] = u.x;
        line[1] = u.y;
        line[2] = u.z;
        line[3] = u.y * a.z - u.z * a.y;
        line[4] = u.z * a.x - u.x * a.z;
        line[5] = u.x * a.y - u.y * a.x;
    }
}

int mesh_build_edges(tet_mesh *mesh, error_text *err)
{
    if (mesh->edge_lines)
        return 0;
    size_t count = mesh->tetra_count * 6, vertices = mesh->vertex_count;
    edge_key *keys = malloc((count + 1) * sizeof *keys);
    size_t *begin = malloc((vertices + 1) * sizeof *begin), *first_edge = malloc((vertices + 1) * sizeof *first_edge);
    mesh->tetra_edges = malloc((mesh->tetra_count + 1) * sizeof *mesh->tetra_edges);
    int failed = !keys || !begin || !first_edge || !mesh->tetra_edges || sort_edges(mesh, keys, begin) != 0;
    if (!failed) {
        mesh->edge_count = count_edges(mesh, keys, begin, first_edge);
        mesh->edge_vertices = malloc((mesh->edge_count + 1) * sizeof *mesh->edge_vertices);
        mesh->edge_lines = malloc((mesh->edge_count + 1) * sizeof *mesh->edge_lines);
        failed = !mesh->edge_vertices || !mesh->edge_lines;
    }
    if (!failed)
        fill_edges(mesh, keys, begin, first_edge);
    free(keys);
    free(begin);
    free(first_edge);
    if (failed) {
        free(mesh->edge_lines); /* so that a later call tries again */
        mesh->edge_lines = NULL;
        mesh->edge_count = 0;
        return error_set(err, "%s: out of memory for the edge table", mesh->path);
    }
    edge_lines(mesh);
    return 0;
}
