/* tetwalk_session.h: TetWalk's options, state and steps, shared by TetWalk and TetWalkMPI (for
 * main()s only: the parser prints and exits on a usage error). */
#ifndef RAYTETRA_TETWALK_SESSION_H
#define RAYTETRA_TETWALK_SESSION_H

#include <stdio.h>

#include "error.h"
#include "mesh/mesh.h"
#include "mesh/mesh_bvh.h"
#include "walk/walk.h"
#include "walk/walk_image.h"
#include "walk/walk_locate.h"
#include "walk/walk_multi.h"
#include "walk/walk_opencl.h"
#include "walk/walk_report.h"

/* Exit status when a watertight variant (stp0r, exact) lost a ray or differs from the exact traversal. */
enum { TETWALK_EXIT_NOT_WATERTIGHT = 3 };

#define MAX_RUNS 64
#define MAX_THREAD_COUNTS 8

typedef struct tetwalk_selection {
    const walk_algorithm *algorithm;
    int opencl;
} tetwalk_selection;

typedef struct tetwalk_options {
    const char *mesh, *rays, *image, *per_ray, *export_pairs, *json, *save_mesh;
    int width, height;
    double azimuth, elevation;
    char up;
    int aimed;
    walk_aim aim;
    const char *from;          /* --from X,Y,Z as given */
    double from_point[3];
    long long from_vertex;     /* --from-vertex N, as the mesh file numbers vertices (-1: none) */
    long long aim_rays, seed;
    walk_show show;
    tetwalk_selection chosen[MAX_RUNS];
    int chosen_count;
    int threads[MAX_THREAD_COUNTS];
    int thread_count;
    long long device, reps, verify, local_size, chunk_rays;
    int device_given;
    const char *devices; /* --devices LIST|all */
    int bandwidth;
    int renumber; /* --renumber-tetrahedra */
} tetwalk_options;

typedef struct tetwalk_state {
    tetwalk_options *o;
    tet_mesh mesh;
    mesh_bvh bvh;
    walk_rays rays;
    walk_opencl *gpu;    /* the device, or with --devices the first one's (owned by multi) */
    walk_multi *multi;   /* --devices */
    walk_result *results, *first_results, *reference;
    size_t *verified_rays; /* indices of the rays compared with the exact traversal */
    size_t verified_count;
    walk_run runs[MAX_RUNS * MAX_THREAD_COUNTS];
    /* the mesh's stages after mesh_read's (JSON) */
    double edge_table_ms, compact_table_ms, plane_table_ms, hierarchy_ms, mesh_ready_ms;
    double renumber_ms; /* -1: the file's order kept */
    int run_count;
    double cpu_copy_gbs[MAX_THREAD_COUNTS], gpu_copy_gbs;
    int not_watertight;
    /* NULL: each run walked here; else by the walker (TetWalkMPI's ranks). */
    const struct tetwalk_walker *walker;
    /* TetWalkMPI's ranks for the JSON (walk_context's fields of the same names; 0: none). */
    int ranks;
    const char *hosts;
    const unsigned long long *rank_rays;
    const double *rank_busy_ms;
} tetwalk_state;

/* A run's repetitions walked elsewhere than in this process alone: fills *run as the
 * one-process run does (algorithm, threads, reps, rays, samples, warm-up) and leaves every ray's
 * result in s->results. 0, or -1 with err set. */
typedef struct tetwalk_walker {
    int (*run)(void *context, tetwalk_state *s, tetwalk_selection chosen, int threads, walk_run *run, error_text *err);
    void *context;
} tetwalk_walker;

/* Where a TetWalk process's wall time went, ms from its start (timer_now_ms): the marks after
 * loading the mesh and its rays, opening the devices, the walks (with --verify's reference and
 * --bandwidth), the outputs, and releasing it all. */
typedef struct tetwalk_job {
    double start, loaded, opened, walked, written, released;
} tetwalk_job;

/* "whole job: ..." on stdout: the job's stages beside the timed repetitions they hold, so that
 * the walks' times can be read against all a run costs (docs/TETWALK.md, "The whole job"). */
void tetwalk_print_job(const tetwalk_state *s, const tetwalk_job *job);

void tetwalk_usage(FILE *out);
/* The command line into *o (exits with a usage error). device_elsewhere: the option of the
 * caller's own that runs the walk on a device (TetWalkMPI's "--device-per-rank"), or NULL; as
 * with -n and --devices, the default algorithm is then GPU_STP0R, and CPU algorithms alone are
 * refused as with --devices. */
void tetwalk_parse(const char *program, int argc, char **argv, tetwalk_options *o, void (*usage)(FILE *out),
                   const char *device_elsewhere);
/* The steps of a run, in order; each 0, or -1 with err set. */
int tetwalk_load(tetwalk_state *s, error_text *err);
int tetwalk_open_device(tetwalk_state *s, error_text *err);
/* --bandwidth: the CPU's copy bandwidth on each --threads count, printed. */
void tetwalk_cpu_bandwidth(tetwalk_state *s);
int tetwalk_prepare_reference(tetwalk_state *s, error_text *err);
int tetwalk_run_one(tetwalk_state *s, tetwalk_selection chosen, int threads, error_text *err);
int tetwalk_write_outputs(tetwalk_state *s, int argc, char **argv, error_text *err);
void tetwalk_release(tetwalk_state *s);

#endif
