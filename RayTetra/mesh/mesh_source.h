/* mesh_source.h: between the file readers (mesh_medit.c, mesh_tetgen.c) and the checks that
 * make their output a mesh (mesh_check.c): the tetrahedra as the file gives them, with the file
 * and line of each, so that every later complaint can name them. */
#ifndef RAYTETRA_MESH_SOURCE_H
#define RAYTETRA_MESH_SOURCE_H

#include "error.h"
#include "mesh/mesh.h"

typedef struct mesh_source {
    tet_mesh *mesh;         /* vertices and tetra filled (file order); neighbour filled when the file has it */
    size_t *tetra_line;     /* line of each tetrahedron in tetra_path */
    char tetra_path[1024];
    size_t *neighbour_line; /* with neighbours from a file: the line of each tetrahedron's in neighbour_path */
    char neighbour_path[1024];
    long long first_index;  /* the file's number of its first vertex and tetrahedron (Medit 1, TetGen 0 or 1) */
    int serial;             /* every section read word by word on one thread (mesh_read_serial) */
} mesh_source;

/* The readers: fill source->mesh's vertices and tetra (and neighbour for TetGen with .neigh)
 * with 0-based indices checked against the vertex count. Return 0, or -1 with err set (the
 * caller frees what was allocated). */
int mesh_read_medit(const char *path, mesh_source *source, error_text *err);
int mesh_read_tetgen(const char *base, mesh_source *source, error_text *err);

/* The mesh from what a reader filled: every tetrahedron checked (distinct vertices, not flat,
 * all of one orientation, mirrored into the positive one if the file's is the other), the face
 * adjacency built (or the file's checked), the boundary faces and the bounding box. Returns 0,
 * or -1 with "FILE:LINE: ..." in err. */
int mesh_check(mesh_source *source, error_text *err);

/* What mesh_check ends with, for a mesh whose tetrahedra and neighbours are already checked (a
 * binary file's): the boundary faces and the bounding box. Returns 0, or -1 with err set. */
int mesh_finish(tet_mesh *mesh, error_text *err);

/* The walk's records (tet_mesh's cells): each tetrahedron's vertex indices and neighbour links
 * side by side, once the neighbours are checked. Returns 0, or -1 with err set. */
int mesh_build_cells(tet_mesh *mesh, error_text *err);

/* The boundary faces (tet_mesh's boundary, allocated here) in tetrahedron order, from the
 * neighbour table, on every core. Returns 0, or -1 with err set. */
int mesh_collect_boundary(tet_mesh *mesh, error_text *err);

#endif
