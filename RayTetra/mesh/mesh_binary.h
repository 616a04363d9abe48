/* mesh_binary.h: TetWalk's binary mesh file (.rtm), a checked mesh as it stands in memory, so
 * that a second run is ready in the time of reading it: no text to parse, no orientation to
 * test and no adjacency to build. TetWalk writes it with --save-mesh; mesh_read recognises it
 * by its magic, whatever the file's name (docs/FILES.md). A digest of the arrays in the header
 * (XXH3, 128 bits) stands for the checks the mesh passed before it was written: a file whose
 * arrays match it is that mesh, and one damaged since is refused, however it was changed.
 *
 * The file also holds the boundary faces' hierarchy (mesh_bvh.h), which a run then takes instead
 * of building it: checked that every walk through it stays within it (the digest stands for it
 * being the one built from the mesh).
 *
 * The file also stores what a run would otherwise derive from the arrays: the walk's records
 * (tet_mesh's cells, from which tetra and neighbour are copied), the bounding box and the
 * boundary list, each checked as far as the walk's memory depends on it.
 *
 * Format, version 4, every field little-endian:
 *   offset  size  field
 *        0     8  magic "RAYTMESH"
 *        8     4  uint32 version (4)
 *       12     1  the number the mesh's text file gave its first vertex (0 or 1: TetGen's
 *                 .node may count from either, Medit from 1), for --from-vertex
 *       13     3  zero (reserved)
 *       16     8  uint64 vertex count V (1 to MESH_MAX_VERTICES)
 *       24     8  uint64 tetrahedron count T (1 to MESH_MAX_TETRAHEDRA)
 *       32    16  digest of the arrays below: the XXH3 128-bit hash (canonical, big-endian) of
 *                 the concatenated digests of their blocks, each array cut every
 *                 MESH_BINARY_BLOCK bytes (its last block shorter), in file order; many cores
 *                 read and hash the blocks at once
 *       48    16  zero (reserved)
 *       64     4  uint32 hierarchy node count N (1 to 2 B - 1)
 *       68     4  uint32 boundary face count B (the -1 links below, 1 to 4 T)
 *       72     4  uint32 the hierarchy's depth (1 to MESH_BVH_MAX_DEPTH)
 *       76     4  zero (reserved)
 *       80    48  the bounding box of the vertices the tetrahedra use: 6 binary64 (low x y z,
 *                 high x y z)
 *      128        V vertices: 3 IEEE-754 binary64 (x y z)
 *                 T walk records: 4 int32 vertex indices (from 0, positively oriented), then 4
 *                 int32 face references (neighbour * 4 + its face, or -1), across the face
 *                 opposite each vertex
 *                 N node boxes: 6 binary64 (low x y z, high x y z), depth first
 *                 N node links: 2 int32 (a leaf: its first face and face count; an inner node:
 *                 its second child's index, 0; its first child is the next node)
 *                 B boundary face references (tetrahedron * 4 + face), in leaf order
 *                 B boundary face references, in increasing order (tet_mesh's boundary)
 * The file's size is exactly 128 + 24 V + 32 T + 56 N + 8 B bytes. */
#ifndef RAYTETRA_MESH_BINARY_H
#define RAYTETRA_MESH_BINARY_H

#include "error.h"
#include "mesh/mesh.h"
#include "mesh/mesh_bvh.h"

#define MESH_BINARY_MAGIC "RAYTMESH"
#define MESH_BINARY_VERSION 4
#define MESH_BINARY_DIGEST_SIZE 16
#define MESH_BINARY_HEADER_SIZE 80
/* 768 KiB: whole vertices (24 bytes) and walk records (32), small enough to stay in a core's
 * cache between its read and its digest, and enough blocks for every core of a big host. */
#define MESH_BINARY_BLOCK ((size_t)3 << 18)

/* 1 when the file `path` starts with the magic, 0 when it does not or cannot be read (the
 * reader that follows then says why). */
int mesh_binary_file(const char *path);

/* Fill mesh's vertices, tetra, neighbour, cells, boundary, box (and their counts) and
 * stored_hierarchy from a binary mesh file, a regular file. The file is checked: its header
 * (magic, version, reserved bytes, counts) and its size against the counts, every coordinate
 * within the suite's range (Common/pair_check.h), every vertex index in range and distinct within
 * its tetrahedron, every neighbour link in range, the box finite and in range, the boundary list
 * increasing boundary faces as many as the -1 links, the hierarchy (one tree in depth-first
 * order no deeper than the walk's stack, finite boxes, each leaf's faces within the list and the
 * list's faces boundary faces), then the digest. Returns 0, or -1 with "PATH: what is wrong;
 * what to do" in err (the caller frees what was allocated). */
int mesh_binary_read(const char *path, tet_mesh *mesh, error_text *err);

/* Write a mesh that mesh_read returned, with its hierarchy, atomically (Common/atomic_file.h; inside an output set
 * the file appears with the set). Returns 0, or -1 with err set. */
int mesh_binary_write(const char *path, const tet_mesh *mesh, const mesh_bvh *bvh, error_text *err);

#endif
