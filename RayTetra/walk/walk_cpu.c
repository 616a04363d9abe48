/* walk_cpu.c: the walk on the CPU: rt_walk.h specialised for each algorithm (the method and the
 * form are constants in each call, so that everything folds), the rays handed out to OpenMP
 * threads in small chunks by chunk_dispenser.h as each thread finishes its last (rays differ in cost
 * by orders of magnitude). The robust variant's exact arithmetic is rt_walk.h's own
 * (rt_expansion.h), as in the kernel; GMP is only the exact traversal's (walk_exact.c). */
#include "walk/walk.h"
#include "multi/chunk_dispenser.h"

#include <limits.h>
#include <math.h>
#include <omp.h>

#include "timer.h"

rt_walk_mesh walk_flat_mesh(const tet_mesh *mesh, const mesh_bvh *bvh)
{
    rt_walk_mesh m;
    m.vertices = &mesh->vertices[0].x;
    m.cells = &mesh->cells[0][0];
    m.edge_lines = mesh->edge_lines ? &mesh->edge_lines[0][0] : NULL;
    m.tetra_edges = mesh->tetra_edges ? &mesh->tetra_edges[0][0] : NULL;
    m.planes = mesh->planes ? &mesh->planes[0][0] : NULL;
    m.bvh_nodes = bvh->nodes;
    m.bvh_faces = bvh->faces;
    m.aman_cells = mesh->aman_cells;
    /* A segment of a line crosses each tetrahedron at most once. */
    m.step_limit = mesh->tetra_count < (size_t)INT_MAX ? (int)mesh->tetra_count + 1 : INT_MAX;
    /* 2^-32 of the diagonal: with the error of t along L (up to sqrt(3) times the point's) and
     * the summation, a robust length stays within 1e-9 of the diagonal of the exact one. */
    vec3 d = {mesh->high.x - mesh->low.x, mesh->high.y - mesh->low.y, mesh->high.z - mesh->low.z};
    m.exact_distance = ldexp(sqrt(d.x * d.x + d.y * d.y + d.z * d.z), -32);
    return m;
}

/* The switch case of one method and form: the call with both as constants. */
#define TRACE_CASE(method, form)                                                                                       \
    case (method) * 3 + (form): return rt_walk_trace_from(m, (method), (form), P, L, start, record)

/* The cases of a method with forms 0, 1 and 2 (rt_walk.h). */
#define TRACE_FORMS(method)                                                                                            \
    TRACE_CASE(method, 0);                                                                                             \
    TRACE_CASE(method, 1);                                                                                             \
    TRACE_CASE(method, 2)

/* One ray with the algorithm's method and form as constants, so that each case's walk is
 * compiled for them. */
static rt_walk_result trace(const walk_algorithm *a, const rt_walk_mesh *m, const double ray[6], int start,
                            rt_walk_record *record)
{
    rt_vec3 P = rt_v(ray[0], ray[1], ray[2]);
    rt_vec3 L = rt_v(ray[3] - ray[0], ray[4] - ray[1], ray[5] - ray[2]);
    switch (a->method * 3 + a->form) {
        TRACE_FORMS(RT_WALK_PLUECKER);
        TRACE_FORMS(RT_WALK_STP);
        TRACE_FORMS(RT_WALK_PRECOMPUTED);
        TRACE_CASE(RT_WALK_AMAN, 0);
        TRACE_CASE(RT_WALK_BADOUELB, 0);
        TRACE_CASE(RT_WALK_MARIA, 0);
    default: return rt_walk_trace_from(m, RT_WALK_ROBUST, 0, P, L, start, record);
    }
}

/* Ray i on the CPU, length in mesh units. */
static walk_result walk_one(const walk_algorithm *a, const tet_mesh *mesh, const mesh_bvh *bvh, const rt_walk_mesh *m,
                            const double ray[6], int start)
{
    if (a->method == WALK_EXACT) {
        int visited;
        return walk_exact_trace_from(mesh, bvh, ray, start, NULL, 0, &visited);
    }
    walk_result r = trace(a, m, ray, start, NULL);
    r.length *= walk_ray_scale(ray);
    return r;
}

walk_result walk_cpu_one(const walk_algorithm *algorithm, const tet_mesh *mesh, const mesh_bvh *bvh,
                         const double ray[6], int start)
{
    rt_walk_mesh m = walk_flat_mesh(mesh, bvh);
    return walk_one(algorithm, mesh, bvh, &m, ray, start);
}

/* Rays a thread takes at a time: small, since one ray may cost a thousand times another. */
#define WALK_CPU_CHUNK 64

/* Walk the rays of the dispenser's chunks until none is left. */
static void walk_chunks_on_cpu(const walk_algorithm *algorithm, const tet_mesh *mesh, const mesh_bvh *bvh,
                               const rt_walk_mesh *m, const walk_rays *rays, walk_result *results, chunk_dispenser *chunks)
{
    size_t first, count;
    while (chunk_dispenser_take(chunks, &first, &count))
        for (size_t i = first; i < first + count; ++i)
            results[i] = walk_one(algorithm, mesh, bvh, m, rays->rays[i], walk_ray_start(rays, i));
}

double walk_cpu_run(const walk_algorithm *algorithm, const tet_mesh *mesh, const mesh_bvh *bvh, const walk_rays *rays,
                    walk_result *results, int threads)
{
    rt_walk_mesh m = walk_flat_mesh(mesh, bvh);
    chunk_dispenser chunks;
    chunk_dispenser_init(&chunks, rays->count, WALK_CPU_CHUNK);
    double start = timer_now_ms();
    if (threads <= 1) {
        walk_chunks_on_cpu(algorithm, mesh, bvh, &m, rays, results, &chunks);
    } else {
#pragma omp parallel num_threads(threads)
        walk_chunks_on_cpu(algorithm, mesh, bvh, &m, rays, results, &chunks);
    }
    return timer_now_ms() - start;
}

walk_result walk_cpu_trace_recorded(const walk_algorithm *algorithm, const tet_mesh *mesh, const mesh_bvh *bvh,
                                    const rt_walk_mesh *flat, const double ray[6], int start, rt_walk_record *record)
{
    if (algorithm->method == WALK_EXACT)
        return walk_exact_trace_recorded(mesh, bvh, ray, start, record);
    walk_result r = trace(algorithm, flat, ray, start, record);
    r.length *= walk_ray_scale(ray);
    return r;
}

int walk_cpu_record(const walk_algorithm *algorithm, const tet_mesh *mesh, const mesh_bvh *bvh, const double ray[6],
                    int start, int *tetra, int capacity)
{
    rt_walk_mesh m = walk_flat_mesh(mesh, bvh);
    rt_walk_record record = rt_walk_record_start(tetra, NULL, capacity);
    walk_cpu_trace_recorded(algorithm, mesh, bvh, &m, ray, start, &record);
    return record.count;
}
