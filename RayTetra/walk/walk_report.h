/* walk_report.h: what TetWalk writes: the runs' summary lines (in Bench's style), the JSON of
 * the runs with their context ({"schema": "raytetra-tetwalk/1", "context": {...}, "results":
 * [...]}), the per-ray CSV (ray,steps,length,status) and the visited pairs as a RayTetra input
 * file. Every file is written atomically. */
#ifndef RAYTETRA_WALK_REPORT_H
#define RAYTETRA_WALK_REPORT_H

#include <stdio.h>

#include "error.h"
#include "walk/walk.h"

#define WALK_MAX_REPS 100

/* One timed run of one algorithm (CPU with a thread count, or OpenCL on a device). */
typedef struct walk_run {
    const walk_algorithm *algorithm;
    int opencl;
    int threads;             /* CPU threads (OpenCL: 0) */
    int multi_devices;       /* OpenCL with --devices: the devices walking at once; 0 otherwise */
    int reps;
    double samples_ms[WALK_MAX_REPS]; /* CPU: the whole run; OpenCL: the kernel */
    double median_ms, min_ms, max_ms;
    double write_ms, read_ms; /* OpenCL: the rays in, the results out */
    double build_ms;          /* OpenCL on one device: building (or loading) the kernel */
    double warm_up_ms;        /* the untimed repetition before the timed ones (not with --devices) */
    double wall_ms;           /* the whole run, from its start to its last result */
    size_t local_size;
    size_t rays, steps, lost;
    size_t host_rays;        /* OpenCL: rays the device did not finish, walked again on the host */
    size_t verified, wrong;  /* rays compared with the exact traversal, and those that differ */
    double bytes_per_step;   /* nominal bytes of mesh data a step reads (docs/TETWALK.md) */
    double copy_gbs;         /* the copy bandwidth compared with (0: not measured) */
} walk_run;

typedef struct walk_context {
    char command[2048];
    char mesh[1024];
    const char *format;
    size_t vertices, tetrahedra, boundary_faces, edges;
    char rays_source[1100];  /* "camera 640x480 azimuth 30 elevation 20" or the rays file */
    size_t rays;
    char cpu[256];
    int cores;
    char device[512];        /* OpenCL device description ("" when none) */
    /* The mesh made ready: the files read, the checks and tables, the edge table, the aman walk's
     * compact records and the Badouel walk's plane table (< 0: not built), the boundary
     * hierarchy, and the wall time of all of them. */
    double mesh_files_ms, mesh_tables_ms, edge_table_ms, compact_table_ms, plane_table_ms, hierarchy_ms, mesh_ready_ms;
    double renumber_ms; /* --renumber-tetrahedra's time, -1 without it */
    char date[64];
    /* TetWalkMPI: its ranks (0: one process), their hosts (each once, comma-separated), and the
     * rays each rank walked and the ms it spent walking them in the last repetition of the last
     * run (ranks of each). */
    int ranks;
    const char *hosts;
    const unsigned long long *rank_rays;
    const double *rank_busy_ms;
} walk_context;

/* The median, min and max of run->samples_ms. */
void walk_run_statistics(walk_run *run);

/* "CSV_NAME" or "GPU_CSV_NAME". */
void walk_run_name(const walk_run *run, char *name, size_t size);

/* One summary line (two for OpenCL and for the bandwidth), indented, as Bench prints them. */
void walk_run_print(FILE *out, const walk_run *run);

int walk_json_write(const char *path, const walk_context *context, const walk_run *runs, int count, error_text *err);

/* ray,steps,length,status; ray counts from 1 (the line of the ray in a rays file). */
int walk_per_ray_write(const char *path, const walk_result *results, size_t count, error_text *err);

/* Every (ray, tetrahedron) pair the algorithm's walk visits (walk_cpu_record), as a RayTetra
 * input file (docs/SPECIFICATION.md section 4): the tetrahedron's vertices in the mesh's
 * positive orientation, then the ray's P and Q. Returns the number of pairs, or -1 with err. */
long long walk_pairs_export(const char *path, const walk_algorithm *algorithm, const tet_mesh *mesh,
                            const mesh_bvh *bvh, const walk_rays *rays, error_text *err);

#endif
