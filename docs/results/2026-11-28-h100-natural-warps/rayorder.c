/* rayorder: TetWalk's aimed rays (--aim vertices) or rays from a vertex (--from-vertex) of a
 * mesh as two rays files, the rays in TetWalk's order and sorted along a Morton curve of the
 * ray (origin and direction for aimed rays, direction alone for rays from one point), so that a
 * warp's rays start near each other and head the same way.
 *   rayorder MESH.rtm aim COUNT SEED OUT        -> OUT.given.txt OUT.sorted.txt
 *   rayorder MESH.rtm vertex N COUNT SEED OUT   (N as the mesh file numbers its vertices) */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mesh/mesh_binary.h"
#include "walk/walk.h"

typedef struct { uint64_t key; size_t index; } keyed;

static int by_key(const void *a, const void *b)
{
    const keyed *x = a, *y = b;
    return x->key < y->key ? -1 : x->key > y->key ? 1 : (x->index < y->index ? -1 : x->index > y->index);
}

/* Interleave the top `bits` bits of each of `dims` coordinates in [0, 1]. */
static uint64_t morton(const double *u, int dims, int bits)
{
    uint64_t q[6], key = 0;
    for (int d = 0; d < dims; ++d) {
        double v = u[d] < 0 ? 0 : u[d] > 1 ? 1 : u[d];
        q[d] = (uint64_t)(v * (double)((1ull << bits) - 1));
    }
    for (int b = bits - 1; b >= 0; --b)
        for (int d = 0; d < dims; ++d)
            key = key << 1 | ((q[d] >> b) & 1);
    return key;
}

static void write_rays(const char *path, const walk_rays *rays, const keyed *order)
{
    FILE *f = fopen(path, "w");
    if (!f) { perror(path); exit(1); }
    fprintf(f, "%zu\n", rays->count);
    for (size_t k = 0; k < rays->count; ++k) {
        const double *r = rays->rays[order ? order[k].index : k];
        fprintf(f, "%.17g %.17g %.17g %.17g %.17g %.17g\n", r[0], r[1], r[2], r[3], r[4], r[5]);
    }
    fclose(f);
}

int main(int argc, char **argv)
{
    int vertex = argc == 7 && strcmp(argv[2], "vertex") == 0;
    if (!(argc == 6 && strcmp(argv[2], "aim") == 0) && !vertex)
        return fprintf(stderr, "usage: rayorder MESH.rtm aim COUNT SEED OUT | MESH.rtm vertex N COUNT SEED OUT\n"), 2;
    tet_mesh mesh;
    walk_rays rays;
    error_text err;
    if (mesh_binary_read(argv[1], &mesh, &err) != 0)
        return fprintf(stderr, "rayorder: %s\n", err.text), 1;
    size_t count = strtoull(argv[vertex ? 4 : 3], 0, 10);
    uint64_t seed = strtoull(argv[vertex ? 5 : 4], 0, 10);
    const char *out = argv[vertex ? 6 : 5];
    int failed;
    if (vertex) {
        vec3 v = mesh.vertices[atoll(argv[3]) - mesh.first_number];
        double point[3] = {v.x, v.y, v.z};
        failed = walk_rays_from_point(&mesh, point, count, seed, &rays, &err);
    } else {
        failed = walk_rays_aimed(&mesh, WALK_AIM_VERTICES, count, seed, &rays, &err);
    }
    if (failed)
        return fprintf(stderr, "rayorder: %s\n", err.text), 1;
    double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
    for (size_t i = 0; i < rays.count; ++i)
        for (int a = 0; a < 3; ++a) {
            lo[a] = fmin(lo[a], rays.rays[i][a]);
            hi[a] = fmax(hi[a], rays.rays[i][a]);
        }
    keyed *order = malloc(rays.count * sizeof *order);
    for (size_t i = 0; i < rays.count; ++i) {
        const double *r = rays.rays[i];
        double l[3] = {r[3] - r[0], r[4] - r[1], r[5] - r[2]}, n = sqrt(l[0] * l[0] + l[1] * l[1] + l[2] * l[2]);
        double u[6];
        int dims = 0;
        if (!vertex)
            for (int a = 0; a < 3; ++a)
                u[dims++] = hi[a] > lo[a] ? (r[a] - lo[a]) / (hi[a] - lo[a]) : 0;
        for (int a = 0; a < 3; ++a)
            u[dims++] = 0.5 + 0.5 * l[a] / n;
        order[i] = (keyed){morton(u, dims, 64 / dims), i};
    }
    qsort(order, rays.count, sizeof *order, by_key);
    char path[4096];
    snprintf(path, sizeof path, "%s.given.txt", out);
    write_rays(path, &rays, NULL);
    snprintf(path, sizeof path, "%s.sorted.txt", out);
    write_rays(path, &rays, order);
    return 0;
}
