/* mesh_inputs.h: what the mesh and ray targets (fuzz_mesh_*.c, fuzz_rays.c) share: their inputs
 * as files (the readers take paths, as TetWalk's command line gives them), and the promises
 * every reader must keep, checked with a trap. Each file's bytes live in an anonymous in-memory
 * file (memfd); its name, which the readers look at (.mesh, .node, ...), is a link to it in a
 * scratch folder made once per process and removed at exit: a disk's file system would make
 * every run write a file, at a few hundred runs a second. Include it after defining
 * _GNU_SOURCE (memfd_create). */
#ifndef RAYTETRA_FUZZ_MESH_INPUTS_H
#define RAYTETRA_FUZZ_MESH_INPUTS_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "mesh/mesh.h"
#include "walk/walk.h"
#include "pair_check.h"

#define FUZZ_PATH_SIZE 512
#define FUZZ_MAX_FILES 4

typedef struct fuzz_file {
    char name[32];
    char path[FUZZ_PATH_SIZE]; /* the link in the scratch folder */
    int fd;                    /* the memfd it points to */
    int linked;                /* the link exists (a removed file is a missing link) */
} fuzz_file;

static char fuzz_folder[FUZZ_PATH_SIZE];
static fuzz_file fuzz_files[FUZZ_MAX_FILES];
static int fuzz_file_count;

static inline void fuzz_remove_folder(void)
{
    for (int i = 0; i < fuzz_file_count; ++i)
        if (fuzz_files[i].linked)
            unlink(fuzz_files[i].path);
    rmdir(fuzz_folder);
}

/* The file called `name`, made on first use. */
static inline fuzz_file *fuzz_find_file(const char *name)
{
    for (int i = 0; i < fuzz_file_count; ++i)
        if (strcmp(fuzz_files[i].name, name) == 0)
            return &fuzz_files[i];
    if (!fuzz_folder[0]) {
        const char *tmp = getenv("TMPDIR");
        snprintf(fuzz_folder, sizeof fuzz_folder, "%s/raytetra-fuzz-mesh.XXXXXX", tmp && *tmp ? tmp : "/tmp");
        if (!mkdtemp(fuzz_folder))
            abort();
        atexit(fuzz_remove_folder);
    }
    if (fuzz_file_count == FUZZ_MAX_FILES)
        abort();
    fuzz_file *file = &fuzz_files[fuzz_file_count++];
    snprintf(file->name, sizeof file->name, "%s", name);
    snprintf(file->path, sizeof file->path, "%s/%s", fuzz_folder, name);
    file->fd = memfd_create(name, 0);
    if (file->fd < 0)
        abort();
    return file;
}

static inline void fuzz_remove_file(const char *name)
{
    fuzz_file *file = fuzz_find_file(name);
    if (file->linked && unlink(file->path) != 0)
        abort();
    file->linked = 0;
}

/* The scratch folder's file `name` now holds the bytes; its path into path. */
static inline void fuzz_write_file(const char *name, const void *data, size_t size, char path[FUZZ_PATH_SIZE])
{
    fuzz_file *file = fuzz_find_file(name);
    if (!file->linked) {
        char target[64];
        snprintf(target, sizeof target, "/proc/self/fd/%d", file->fd);
        if (symlink(target, file->path) != 0)
            abort();
        file->linked = 1;
    }
    if (ftruncate(file->fd, 0) != 0 || (size > 0 && pwrite(file->fd, data, size, 0) != (ssize_t)size))
        abort();
    snprintf(path, FUZZ_PATH_SIZE, "%s", file->path);
}

/* A refusal says what is wrong and names the file (every message starts with its path). */
static inline void fuzz_check_refusal(const error_text *err, const char *path)
{
    if (strlen(err->text) == 0 || strncmp(err->text, path, strlen(path)) != 0)
        __builtin_trap();
}

/* The mesh in the file PATH (mesh_read), or a refusal, which must name NAMED (PATH, or the
 * file set's base): 1 and *mesh when it was read, 0 when refused. */
static inline int fuzz_read_mesh(const char *path, const char *named, tet_mesh *mesh)
{
    error_text err;
    if (mesh_read(path, mesh, &err) == 0)
        return 1;
    fuzz_check_refusal(&err, named);
    return 0;
}

/* Rays: finite coordinates (inside the supported range for those read from a file) and a
 * finite, non-zero |Q - P|. */
static inline void fuzz_check_rays(const walk_rays *rays, int from_file)
{
    for (size_t i = 0; i < rays->count; ++i) {
        for (int k = 0; k < 6; ++k)
            if (!isfinite(rays->rays[i][k]) || (from_file && !coordinate_in_range(rays->rays[i][k])))
                __builtin_trap();
        double scale = walk_ray_scale(rays->rays[i]);
        if (!isfinite(scale) || !(scale > 0))
            __builtin_trap();
    }
}

/* Any accepted mesh: not empty, every coordinate in the supported range. */
static inline void fuzz_check_vertices(const tet_mesh *mesh)
{
    if (mesh->tetra_count == 0 || mesh->vertex_count == 0)
        __builtin_trap();
    for (size_t v = 0; v < mesh->vertex_count; ++v)
        if (!coordinate_in_range(mesh->vertices[v].x) || !coordinate_in_range(mesh->vertices[v].y) ||
            !coordinate_in_range(mesh->vertices[v].z))
            __builtin_trap();
}

/* An accepted mesh: coordinates in range, indices in range, neighbours that point back, and the
 * rays TetWalk makes from it (camera and aimed) sound. */
static inline void fuzz_check_mesh(const tet_mesh *mesh)
{
    fuzz_check_vertices(mesh);
    for (size_t t = 0; t < mesh->tetra_count; ++t)
        for (int f = 0; f < 4; ++f) {
            int vertex = mesh->tetra[t][f], across = mesh->neighbour[t][f];
            if (vertex < 0 || (size_t)vertex >= mesh->vertex_count)
                __builtin_trap();
            if (across != -1 && (across < 0 || (size_t)across / 4 >= mesh->tetra_count ||
                                 mesh->neighbour[across / 4][across % 4] != (int)(t * 4) + f))
                __builtin_trap();
        }
    walk_rays rays;
    error_text err;
    if (walk_rays_camera(mesh, 4, 3, 37, 23, 'z', &rays, &err) != 0)
        abort();
    fuzz_check_rays(&rays, 0);
    walk_rays_free(&rays);
    for (int aim = WALK_AIM_VERTICES; aim <= WALK_AIM_FACES; ++aim) {
        if (walk_rays_aimed(mesh, (walk_aim)aim, 4, 7, &rays, &err) != 0)
            abort();
        fuzz_check_rays(&rays, 0);
        walk_rays_free(&rays);
    }
}

/* The mesh in the file PATH read (fuzz_read_mesh) and, when accepted, checked (fuzz_check_mesh):
 * the whole target of a text mesh format. */
static inline void fuzz_read_and_check_mesh(const char *path, const char *named)
{
    tet_mesh mesh;
    if (!fuzz_read_mesh(path, named, &mesh))
        return;
    fuzz_check_mesh(&mesh);
    mesh_free(&mesh);
}

#endif
