/* rt_walk_node.h: a node of the boundary hierarchy (RayTetra/mesh/mesh_bvh.h) as the walk reads
 * it, shared by the host, which packs them, and the kernels. */
#ifndef RAYTETRA_RT_WALK_NODE_H
#define RAYTETRA_RT_WALK_NODE_H

/* Its box, links and skip in one 64-byte record: a box test reads one cache line where three
 * arrays cost it three, and a warp's rays, each at its own node, ask the memory for half the
 * sectors (docs/TETWALK.md, "The boundary hierarchy"). The same layout in C and OpenCL C: six
 * doubles, then four ints. */
typedef struct rt_walk_node {
    double bounds[6]; /* low x y z, high x y z (padded: mesh_bvh_pad) */
    int first, count; /* a leaf: its faces, bvh_faces[first .. first + count); an inner node: its
                         second child, and 0 */
    int skip;         /* the node after its subtree in depth-first order, -1 after the last */
    int unused;       /* 0 */
} rt_walk_node;

#endif
