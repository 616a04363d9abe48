/* mesh_binary.h: TetWalk's binary mesh file (.rtm), a checked mesh as it stands in memory, so
 * that a second run is ready in the time of reading it: no text to parse, no orientation to
 * test and no adjacency to build. TetWalk writes it with --save-mesh; mesh_read recognises it
 * by its magic, whatever the file's name (docs/FILES.md). A SHA-256 digest of the arrays in the
 * header stands for the checks the mesh passed before it was written: a file whose arrays match
 * it is that mesh, and one that does not is refused, however it was changed.
 *
 * Format, version 1, every field little-endian:
 *   offset  size  field
 *        0     8  magic "RAYTMESH"
 *        8     4  uint32 version (1)
 *       12     1  the number the mesh's text file gave its first vertex (0 or 1: TetGen's
 *                 .node may count from either, Medit from 1), for --from-vertex
 *       13     3  zero (reserved)
 *       16     8  uint64 vertex count V (1 to MESH_MAX_VERTICES)
 *       24     8  uint64 tetrahedron count T (1 to MESH_MAX_TETRAHEDRA)
 *       32    32  SHA-256 digest of the arrays below: of the concatenated SHA-256 digests of
 *                 their bytes in blocks of MESH_BINARY_BLOCK (the last one shorter), which
 *                 many cores compute at once
 *       64        V vertices: 3 IEEE-754 binary64 (x y z)
 *                 T tetrahedra: 4 int32 vertex indices (from 0), positively oriented
 *                 T neighbour records: 4 int32 face references (neighbour * 4 + its face, or -1)
 * The file's size is exactly 64 + 24 V + 32 T bytes. */
#ifndef RAYTETRA_MESH_BINARY_H
#define RAYTETRA_MESH_BINARY_H

#include "error.h"
#include "mesh/mesh.h"

#define MESH_BINARY_MAGIC "RAYTMESH"
#define MESH_BINARY_VERSION 1
#define MESH_BINARY_HEADER_SIZE 64
#define MESH_BINARY_BLOCK ((size_t)16 << 20)

/* 1 when the file `path` starts with the magic, 0 when it does not or cannot be read (the
 * reader that follows then says why). */
int mesh_binary_file(const char *path);

/* Fill mesh's vertices, tetra and neighbour (and their counts) from a binary mesh file. The
 * file is checked: its header (magic, version, reserved bytes, counts) and its size against the
 * counts, every coordinate within the suite's range (Common/pair_check.h), every vertex index
 * in range and distinct within its tetrahedron, every neighbour link in range, then the
 * digest. Returns 0, or -1 with "PATH: what is wrong; what to do" in err (the caller
 * frees what was allocated). */
int mesh_binary_read(const char *path, tet_mesh *mesh, error_text *err);

/* Write a mesh that mesh_read returned, atomically (Common/atomic_file.h; inside an output set
 * the file appears with the set). Returns 0, or -1 with err set. */
int mesh_binary_write(const char *path, const tet_mesh *mesh, error_text *err);

#endif
