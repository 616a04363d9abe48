/* mesh_renumber.h: a mesh's tetrahedra numbered again in the Morton order of their centroids
 * (docs/TETWALK.md, "Tetrahedra in Morton order"), so that a walk's neighbouring tetrahedra lie
 * near each other in memory. The vertices keep their numbers, and with them every product the
 * walks compute: a walk visits the same tetrahedra (under their new numbers) and its lengths
 * are the same to the bit. */
#ifndef RAYTETRA_MESH_RENUMBER_H
#define RAYTETRA_MESH_RENUMBER_H

#include "mesh/mesh.h"

/* Numbers the tetrahedra of a mesh just read (mesh_read; no edge, compact or plane table built
 * yet, which it refuses) in the Morton order of their centroids, ties in their old order:
 * tetra, neighbour, the walk's records and the boundary list follow. The boundary hierarchy is
 * the one of the old numbering (a binary file's, or built here) with its faces renamed, left in
 * mesh->stored_hierarchy for mesh_bvh_build to take. Returns 0, or -1 with err set (out of
 * memory, or tables already built). */
int mesh_renumber_tetrahedra(tet_mesh *mesh, error_text *err);

#endif
