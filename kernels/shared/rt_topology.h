/* rt_topology.h: the tetrahedron's topology as every algorithm, the generator, the viewer and the
 * mesh code use it (docs/SPECIFICATION.md section 1): face i is opposite vertex Vi, with its
 * vertices in the order whose normal (V^i_1 - V^i_0) x (V^i_2 - V^i_0) points out of a
 * positively oriented tetrahedron; the six edges are numbered RT_E01 .. RT_E23 (used as bits of
 * edge sets). Each edge belongs to two faces, traversed in opposite directions. Valid C11 and
 * OpenCL C 1.2. The exact classifier (Common/exact.c) keeps its own copy of these tables on
 * purpose: it is the independent reference the algorithms are checked against. */
#ifndef RAYTETRA_RT_TOPOLOGY_H
#define RAYTETRA_RT_TOPOLOGY_H

/* Indices of the six edges V0V1, V0V2, V0V3, V1V2, V1V3, V2V3. */
#define RT_E01 0
#define RT_E02 1
#define RT_E03 2
#define RT_E12 3
#define RT_E13 4
#define RT_E23 5

#ifdef __OPENCL_C_VERSION__
#define RT_TABLE __constant
#else
#define RT_TABLE static const
#endif

/* The vertices of face i, in order: F0 = (V3, V2, V1), F1 = (V2, V3, V0), F2 = (V1, V0, V3),
 * F3 = (V0, V1, V2). */
RT_TABLE int rt_face_vertices[4][3] = {{3, 2, 1}, {2, 3, 0}, {1, 0, 3}, {0, 1, 2}};

/* The two vertices of edge e (RT_E01 .. RT_E23), lower index first. */
RT_TABLE int rt_edge_vertices[6][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};

/* The mesh walk's tetrahedron record (rt_walk.h; built by mesh_read, RayTetra/mesh/mesh.c): its
 * four vertex numbers, then the neighbour across each face as a face reference (tetrahedron * 4
 * + the neighbour's face, -1 on the boundary), 8 ints in 32 bytes, so that a step reads one
 * record and, reusing the three vertices of the face it entered through, one new vertex. */
#define RT_CELL_INTS 8
#define RT_CELL_VERTEX(k) (k)
#define RT_CELL_LINK(f) (4 + (f))

#endif
