/* mesh.h: a tetrahedral mesh as TetWalk walks it (docs/TETWALK.md): vertices, tetrahedra in the
 * orientation of docs/SPECIFICATION.md section 1, the neighbour across each face, the boundary
 * faces, and (on request) the mesh's edges with their Plücker coordinates for the precomputed
 * forms. Read from Medit .mesh or TetGen .node/.ele(/.neigh) files (mesh_read.c), checked with
 * the file and line of every problem (mesh_check.c).
 *
 * Faces are numbered as in docs/SPECIFICATION.md: face f is opposite vertex f, with the vertex
 * order F3 = (V0, V1, V2), F2 = (V1, V0, V3), F1 = (V2, V3, V0), F0 = (V3, V2, V1). A face
 * reference is tetrahedron * 4 + face, which is what the walk carries from step to step. */
#ifndef RAYTETRA_MESH_H
#define RAYTETRA_MESH_H

#include <stddef.h>

#include "error.h"
#include "rt_topology.h"
#include "vec3.h"

/* Indices are ints, as the OpenCL kernel reads them: at most MESH_MAX_TETRAHEDRA tetrahedra, so
 * that every face reference (tetrahedron * 4 + face) and edge reference (edge * 2 + 1) fits. */
#define MESH_MAX_TETRAHEDRA ((size_t)1 << 28)
#define MESH_MAX_VERTICES ((size_t)1 << 30)

/* The readers' and checks' loops over fewer items than this run on one thread: for a small mesh
 * starting a team of threads costs more than it saves. */
#define MESH_PARALLEL_MIN 20000

struct mesh_bvh; /* mesh_bvh.h */

typedef enum mesh_format { MESH_FORMAT_MEDIT, MESH_FORMAT_TETGEN, MESH_FORMAT_BINARY } mesh_format;

typedef struct tet_mesh {
    size_t vertex_count, tetra_count, boundary_count, edge_count;
    vec3 *vertices;
    int (*tetra)[4];     /* vertex indices, positively oriented (docs/SPECIFICATION.md section 1) */
    int (*neighbour)[4]; /* across face f: the neighbour's face reference, -1 on the boundary */
    int *boundary;       /* the boundary faces' references, in tetrahedron order */
    /* The walk's records (rt_walk.h, RT_CELL_INTS of rt_topology.h): tetra and neighbour
     * interleaved, the 4 vertex indices then the 4 links of each tetrahedron, so that a step
     * reads one 32-byte record; built by mesh_read. */
    int (*cells)[RT_CELL_INTS];
    /* The precomputed forms (mesh_build_edges; NULL until then): edge k runs from its lower
     * vertex index to its higher one; lines[k] is its Plücker coordinates {U : U x A} (direction,
     * then moment; docs/SPECIFICATION.md section 2). tetra_edges[t][e] is tetrahedron t's edge e
     * (RT_E01 ... RT_E23 of rt_algorithms.h: Vi -> Vj, i < j) as k * 2, plus 1 when Vi -> Vj
     * runs against edge k. */
    int (*edge_vertices)[2];
    double (*edge_lines)[6];
    int (*tetra_edges)[6];
    /* The aman walk's compact records (mesh_build_compact; NULL until then): RT_AMAN_INTS ints a
     * tetrahedron (rt_walk_aman.h): the XOR of its vertex numbers, then the tetrahedron across
     * the face opposite each vertex, the vertices ranked by number, -1 on the boundary. */
    int *aman_cells;
    /* The branch-free Badouel walk (mesh_build_planes; NULL until then): per tetrahedron its four
     * face planes as rt_badouelb.h's table (RT_TABLE_BADOUELB doubles: x[4], y[4], z[4], d[4],
     * face f at index f), 128 bytes. */
    double (*planes)[16];
    /* A binary file's boundary hierarchy (mesh_binary.h), checked, which mesh_bvh_build takes
     * instead of building one; NULL for a text mesh. */
    struct mesh_bvh *stored_hierarchy;
    vec3 low, high;      /* bounding box of the vertices */
    mesh_format format;
    int first_number;    /* the file's number of its first vertex: 1 in Medit, 0 or 1 in TetGen */
    size_t reordered;    /* tetrahedra whose file order was mirrored into the positive orientation */
    double parse_ms;     /* mesh_read's time reading and parsing the files */
    double tables_ms;    /* and checking the mesh and building its neighbours, boundary and box */
    char path[512];      /* the file named on the command line, for messages */
} tet_mesh;

/* Read a mesh: a file that starts with the binary mesh's magic is one (mesh_binary.h), whatever
 * its name; else PATH ending in .mesh is Medit, .node or .ele is TetGen, with BASE.neigh used
 * when present. Text is parsed on every core (mesh_text.h). Every problem of the file or of the
 * mesh (bad numbers, indices out of range, inverted or flat tetrahedra, a face shared by more
 * than two tetrahedra or by two on the same side, a .neigh that disagrees) gives -1 and
 * "FILE:LINE: what is wrong" in err; nothing stays allocated then. */
int mesh_read(const char *path, tet_mesh *mesh, error_text *err);

/* mesh_read with every text section read word by word on one thread: the reader that the
 * parallel one must agree with, bit for bit and message for message (the tests compare them). */
int mesh_read_serial(const char *path, tet_mesh *mesh, error_text *err);

/* Frees the mesh's tables and leaves it empty, every field zero as before mesh_read: freeing it
 * again does nothing. */
void mesh_free(tet_mesh *mesh);

/* The mesh's edges and their Plücker coordinates (the precomputed forms' table). Returns 0, or -1
 * with err set (out of memory). Calling it again does nothing. */
int mesh_build_edges(tet_mesh *mesh, error_text *err);

/* Threads the mesh's parallel loops may use: OpenMP's, or 1 where it is built without the OpenMP
 * runtime (libraytetra, whose users need not link it). */
int mesh_threads(void);

/* The aman walk's compact records, built on every core. Returns 0, or -1 with err set (out of
 * memory). Calling it again does nothing. */
int mesh_build_compact(tet_mesh *mesh, error_text *err);
/* The face planes of every tetrahedron (the Badouel walk's table), on every core. Returns 0, or -1
 * with err set (out of memory). Calling it again does nothing. */
int mesh_build_planes(tet_mesh *mesh, error_text *err);

/* A table of `row` bytes for each tetrahedron (and a spare row, so that no size is 0): the walk's
 * records and tables. NULL with "PATH: out of memory for WHAT of N tetrahedra" in err. */
void *mesh_tetra_table(const tet_mesh *mesh, size_t row, const char *what, error_text *err);

/* Vertex k of face f of a tetrahedron in docs/SPECIFICATION.md's order (k = 0, 1, 2). */
int mesh_face_vertex(int face, int k);

/* "Medit", "TetGen" or "binary". */
const char *mesh_format_name(mesh_format format);

#endif
