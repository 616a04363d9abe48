/* walk_fixtures.h: what the walk tests set up the same way: a mesh read with every table the
 * walks use (edges, compact records, planes), its boundary hierarchy and its start locator, and
 * the walk algorithms by name. */
#ifndef RAYTETRA_TESTS_WALK_FIXTURES_H
#define RAYTETRA_TESTS_WALK_FIXTURES_H

#include <stdio.h>

#include "walk/walk.h"
#include "walk/walk_locate.h"

typedef struct loaded_mesh {
    tet_mesh mesh;
    mesh_bvh bvh;
    walk_locator locator;
} loaded_mesh;

/* The mesh at `path`, ready for every walk and for rays that start inside it; 0, or -1 with the
 * reason printed. */
static inline int load_mesh(const char *path, loaded_mesh *l)
{
    error_text err;
    if (mesh_read(path, &l->mesh, &err) != 0 || mesh_build_edges(&l->mesh, &err) != 0 ||
        mesh_build_compact(&l->mesh, &err) != 0 || mesh_build_planes(&l->mesh, &err) != 0 ||
        mesh_bvh_build(&l->mesh, &l->bvh, &err) != 0 || walk_locator_build(&l->locator, &l->mesh, &err) != 0) {
        fprintf(stderr, "%s\n", err.text);
        return -1;
    }
    return 0;
}

static inline void release_mesh(loaded_mesh *l)
{
    walk_locator_free(&l->locator);
    mesh_bvh_free(&l->bvh);
    mesh_free(&l->mesh);
}

/* A walk algorithm by any of its names (NULL for none). */
static inline const walk_algorithm *find_walk(const char *name)
{
    int opencl;
    return walk_algorithm_find(name, &opencl);
}

#endif
