/* mesh_bvh.h: where a ray enters the mesh: a bounding volume hierarchy over the boundary faces,
 * which the walk (rt_walk.h) traverses to find every boundary face a ray crosses, on the CPU
 * and in the OpenCL kernel alike. Boxes are padded, so that rounding in the box test never
 * drops a face the ray meets (docs/TETWALK.md). */
#ifndef RAYTETRA_MESH_BVH_H
#define RAYTETRA_MESH_BVH_H

#include <stddef.h>

#include "error.h"
#include "mesh/mesh.h"
#include "rt_walk_node.h"

/* Deepest tree built (the binary mesh file's readers check it). */
#define MESH_BVH_MAX_DEPTH 60

/* Faces a leaf holds at most (more only at MESH_BVH_MAX_DEPTH or where the faces' centres
 * coincide). One: a face test reads a tetrahedron, a box test one node, and the rays' chains of
 * dependent reads are what a walk on a GPU waits on. Splits go where the surface area heuristic
 * (a cut's cost: each side's box area times its faces) is least along the widest axis of the
 * centres. docs/TETWALK.md, "The boundary hierarchy", has what each choice measured. */
#define MESH_BVH_LEAF_FACES 1

typedef struct mesh_bvh {
    size_t node_count, face_count;
    double (*bounds)[6]; /* low x y z, high x y z; node 0 is the root, a node's first child follows it */
    int (*links)[2];     /* leaf: {first face in `faces`, count > 0}; inner node: {second child, 0} */
    int *faces;          /* the boundary faces' references, in leaf order */
    rt_walk_node *nodes; /* each node's bounds and links again, with its skip (the node after its
                            subtree in depth-first order, -1 after the last: where the traversal,
                            rt_walk_faces_next, goes past a missed box or a leaf, with no stack),
                            in one record: what the walk reads (rt_walk_node.h). Made by
                            mesh_bvh_build from the bounds and links. */
    int depth;
} mesh_bvh;

/* Build over mesh->boundary, or take the hierarchy a binary mesh file stored (mesh->stored_hierarchy,
 * checked when it was read; NULL afterwards); either way with its nodes. Returns 0, or -1 with err
 * set (out of memory). */
int mesh_bvh_build(tet_mesh *mesh, mesh_bvh *bvh, error_text *err);

void mesh_bvh_free(mesh_bvh *bvh);

/* What the build starts from, for a serial reference build to start from the same: boundary
 * face `reference`'s box and the centre of that box (the key its splits sort by). */
void mesh_bvh_face_box(const tet_mesh *mesh, int reference, double low[3], double high[3], double centre[3]);

/* The padding of every box: 2^-20 of the mesh's size and position, far above the rounding of any
 * coordinate or of the box test for rays starting within a million mesh sizes (docs/TETWALK.md). */
double mesh_bvh_pad(const tet_mesh *mesh);

#endif
