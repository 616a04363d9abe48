/* TetWalk.cl: rays walked through a tetrahedral mesh (docs/TETWALK.md), one work-item per ray.
 * The walk is rt_walk.h, the very code the CPU runs; the algorithm is chosen when the program is
 * built: -DRT_WALK_METHOD=m (rt_walk.h's RT_WALK_PLUECKER ... RT_WALK_ROBUST) -DRT_WALK_FORM=f.
 * The robust walk decides every sign here, exactly (rt_expansion.h where its filter cannot):
 * no ray goes back to the host. */
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
/* No fused multiply-add: the CPU rounds every product, and both must take the same decisions. */
#pragma OPENCL FP_CONTRACT OFF

#include "rt_walk.h"

#if !defined(RT_WALK_METHOD) || !defined(RT_WALK_FORM)
#error "TetWalk.cl needs -DRT_WALK_METHOD=m -DRT_WALK_FORM=f"
#endif

/* The mesh's arrays as rt_walk.h reads them (both kernels take them in this order). */
RT_INLINE rt_walk_mesh tet_walk_mesh(__global const double *vertices, __global const int *cells,
                                     __global const double *edge_lines, __global const int *tetra_edges,
                                     __global const rt_walk_node *bvh_nodes, __global const int *bvh_faces,
                                     __global const int *aman_cells, __global const double *planes, int step_limit,
                                     double exact_distance)
{
    rt_walk_mesh m = {.vertices = vertices,   .cells = cells,         .edge_lines = edge_lines,
                      .tetra_edges = tetra_edges, .bvh_nodes = bvh_nodes,
                      .bvh_faces = bvh_faces,   .aman_cells = aman_cells, .planes = planes,
                      .step_limit = step_limit,
                      .exact_distance = exact_distance};
    return m;
}

/* Ray i (Px Py Pz Qx Qy Qz) walked with the built algorithm from starts[i] when with_starts, else
 * from outside the mesh; its visits into record unless that is 0 (both kernels walk a ray so). */
RT_INLINE rt_walk_result tet_walk_ray(const rt_walk_mesh *m, __global const double *rays, size_t i,
                                      __global const int *starts, int with_starts, rt_walk_record *record)
{
    __global const double *r = rays + 6 * i;
    rt_vec3 P = rt_v(r[0], r[1], r[2]);
    rt_vec3 L = rt_v(r[3] - r[0], r[4] - r[1], r[5] - r[2]);
    return rt_walk_trace_from(m, RT_WALK_METHOD, RT_WALK_FORM, P, L, with_starts ? starts[i] : -1, record);
}

/* rays: count x (Px Py Pz Qx Qy Qz); results: one record per ray (length in units of t). The
 * mesh's arrays are those of rt_walk_mesh; edge_lines and tetra_edges are read by the
 * precomputed forms only, aman_cells by the aman walk only, planes by the Badouel walk only.
 * starts (read when with_starts): where each ray starts inside the mesh, a face reference, -1 for
 * a ray from outside (rt_walk_trace_from). Grid stride: the global size may be padded past count. */
__kernel void tet_walk(__global const double *rays, __global rt_walk_result *results, const ulong count,
                       __global const double *vertices, __global const int *cells,
                       __global const double *edge_lines, __global const int *tetra_edges,
                       __global const rt_walk_node *bvh_nodes, __global const int *bvh_faces,
                       __global const int *aman_cells,
                       __global const double *planes,
                       const int step_limit, const double exact_distance, __global const int *starts,
                       const int with_starts)
{
    rt_walk_mesh m = tet_walk_mesh(vertices, cells, edge_lines, tetra_edges, bvh_nodes, bvh_faces, aman_cells,
                                   planes, step_limit, exact_distance);
    for (size_t i = get_global_id(0); i < count; i += get_global_size(0))
        results[i] = tet_walk_ray(&m, rays, i, starts, with_starts, 0);
}

#ifdef RT_WALK_RECORDING
/* The library's device walk (raytetra_device_mesh_walk): each ray walked again with a record, its
 * first and last tetrahedra into ends (2 a ray), and with with_visits its visits into visit_tets
 * and visit_t (t_enter, t_leave) from offsets[i] to offsets[i + 1], the counts the plain walk's
 * steps gave. Built only on request (-DRT_WALK_RECORDING), so that TetWalk's kernel is unchanged. */
__kernel void tet_walk_record(__global const double *rays, __global rt_walk_result *results, const ulong count,
                              __global const double *vertices, __global const int *cells,
                              __global const double *edge_lines, __global const int *tetra_edges,
                              __global const rt_walk_node *bvh_nodes, __global const int *bvh_faces,
                              __global const int *aman_cells,
                              __global const double *planes, const int step_limit, const double exact_distance,
                              __global const int *starts, const int with_starts, __global const ulong *offsets,
                              __global int *visit_tets, __global double *visit_t, __global int *ends,
                              const int with_visits)
{
    rt_walk_mesh m = tet_walk_mesh(vertices, cells, edge_lines, tetra_edges, bvh_nodes, bvh_faces, aman_cells,
                                   planes, step_limit, exact_distance);
    for (size_t i = get_global_id(0); i < count; i += get_global_size(0)) {
        ulong first = with_visits ? offsets[i] : 0;
        int capacity = with_visits ? (int)(offsets[i + 1] - first) : 0;
        rt_walk_record record = rt_walk_record_start(with_visits ? visit_tets + first : 0,
                                                     with_visits ? visit_t + 2 * first : 0, capacity);
        results[i] = tet_walk_ray(&m, rays, i, starts, with_starts, &record);
        ends[2 * i] = record.first;
        ends[2 * i + 1] = record.last;
    }
}
#endif
