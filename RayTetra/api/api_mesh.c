/* api_mesh.c: the mesh calls of include/raytetra.h over TetWalk's own code: the mesh and its
 * checks (mesh/mesh.h, mesh_check.c), the boundary hierarchy (mesh_bvh.h), the start of rays from
 * inside (walk_locate.h), the walk on the CPU (walk_cpu.c) and in OpenCL (walk_opencl.h).
 *
 * A mesh's hierarchy is built when it is made; the tables only some walks need (the precomputed
 * forms' edge table, the grid that locates origins inside the mesh) on the first walk that needs
 * them, under the mesh's lock, and never changed after. A walk takes what it reads (the flat
 * mesh of rt_walk.h, the locator) under the lock, so that walks of several threads never read a
 * table while another thread builds it. */
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api_internal.h"
#include "mesh/mesh_bvh.h"
#include "mesh/mesh_source.h"
#include "walk/walk.h"
#include "multi/chunk_dispenser.h"
#include "walk/walk_locate.h"
#include "walk/walk_opencl.h"
#include "walk/walk_report.h"

struct raytetra_mesh {
    tet_mesh mesh;
    mesh_bvh bvh;
    pthread_mutex_t lock;
    int edges_built, compact_built, planes_built, locator_built;
    walk_locator locator;
    unsigned long long id; /* unique in the process: which mesh a device holds (api_device_walk) */
};

static atomic_ullong next_mesh_id = 1;

static void copy_message(char *message, size_t size, const char *text)
{
    if (message && size > 0)
        snprintf(message, size, "%s", text);
}

/* ---------------------------------------------------------------- making a mesh */

/* The hierarchy and the lock of a checked mesh; frees the mesh on failure. */
static int finish_mesh(raytetra_mesh *m, error_text *err)
{
    if (mesh_bvh_build(&m->mesh, &m->bvh, err) != 0) {
        mesh_free(&m->mesh);
        return RAYTETRA_ERROR_OUT_OF_MEMORY;
    }
    pthread_mutex_init(&m->lock, NULL);
    m->id = atomic_fetch_add(&next_mesh_id, 1);
    return RAYTETRA_OK;
}

/* What the readers check of their input before mesh_check: counts, coordinates, indices. */
static int check_arrays(size_t vertex_count, const double (*vertices)[3], size_t tet_count, const int32_t (*tets)[4],
                        const int32_t (*neighbours)[4], error_text *err)
{
    static const char *const AXES = "xyz";
    if (tet_count == 0)
        return error_set(err, "raytetra_mesh_create: the mesh has no tetrahedra (tet_count 0)");
    if (tet_count > MESH_MAX_TETRAHEDRA || vertex_count > MESH_MAX_VERTICES)
        return error_set(err, "raytetra_mesh_create: %zu tetrahedra and %zu vertices: at most %zu and %zu are walked",
                         tet_count, vertex_count, MESH_MAX_TETRAHEDRA, MESH_MAX_VERTICES);
    for (size_t v = 0; v < vertex_count; ++v)
        for (int a = 0; a < 3; ++a)
            if (!coordinate_in_range(vertices[v][a])) {
                char name[64], why[256];
                snprintf(name, sizeof name, "vertex %zu's %c", v, AXES[a]);
                coordinate_range_why(name, vertices[v][a], why, sizeof why);
                return error_set(err, "raytetra_mesh_create: %s", why);
            }
    for (size_t t = 0; t < tet_count; ++t)
        for (int k = 0; k < 4; ++k) {
            if (tets[t][k] < 0 || (size_t)tets[t][k] >= vertex_count)
                return error_set(err, "raytetra_mesh_create: tetrahedron %zu names vertex %lld, which does not exist: "
                                      "the indices are 0-based, 0 to %lld",
                                 t, (long long)tets[t][k], (long long)vertex_count - 1);
            if (neighbours && (neighbours[t][k] < -1 || neighbours[t][k] >= (int64_t)tet_count))
                return error_set(err, "raytetra_mesh_create: neighbour %d of tetrahedron %zu is %lld, which does not "
                                      "exist: give -1 (boundary) or 0 to %zu",
                                 k, t, (long long)neighbours[t][k], tet_count - 1);
        }
    return 0;
}

/* The caller's arrays copied into a tet_mesh (vertices, tetra, neighbour when given). */
static int copy_arrays(tet_mesh *mesh, size_t vertex_count, const double (*vertices)[3], size_t tet_count,
                       const int32_t (*tets)[4], const int32_t (*neighbours)[4])
{
    mesh->vertex_count = vertex_count;
    mesh->tetra_count = tet_count;
    mesh->vertices = malloc((vertex_count + 1) * sizeof *mesh->vertices);
    mesh->tetra = malloc(tet_count * sizeof *mesh->tetra);
    mesh->neighbour = neighbours ? malloc(tet_count * sizeof *mesh->neighbour) : NULL;
    if (!mesh->vertices || !mesh->tetra || (neighbours && !mesh->neighbour))
        return -1;
    for (size_t v = 0; v < vertex_count; ++v)
        mesh->vertices[v] = (vec3){vertices[v][0], vertices[v][1], vertices[v][2]};
    for (size_t t = 0; t < tet_count; ++t)
        for (int k = 0; k < 4; ++k) {
            mesh->tetra[t][k] = tets[t][k];
            if (neighbours)
                mesh->neighbour[t][k] = neighbours[t][k];
        }
    return 0;
}

/* mesh_check and the walk's records, as mesh_read makes a file's mesh. */
static int check_mesh(tet_mesh *mesh, error_text *err)
{
    mesh_source source;
    memset(&source, 0, sizeof source);
    source.mesh = mesh;
    snprintf(source.tetra_path, sizeof source.tetra_path, "raytetra_mesh_create");
    snprintf(source.neighbour_path, sizeof source.neighbour_path, "raytetra_mesh_create: neighbours");
    snprintf(mesh->path, sizeof mesh->path, "raytetra_mesh_create");
    return mesh_check(&source, err) != 0 || mesh_build_cells(mesh, err) != 0 ? -1 : 0;
}

int raytetra_mesh_create(size_t vertex_count, const double (*vertices)[3], size_t tet_count, const int32_t (*tets)[4],
                         const int32_t (*neighbours)[4], raytetra_mesh **mesh, char *message, size_t message_size)
{
    copy_message(message, message_size, "");
    if (mesh)
        *mesh = NULL;
    if (!mesh || (vertex_count > 0 && !vertices) || (tet_count > 0 && !tets)) {
        copy_message(message, message_size, "raytetra_mesh_create: mesh, vertices or tets is NULL");
        return RAYTETRA_ERROR_NULL_ARGUMENT;
    }
    error_text err = {ERROR_FAILED, ""};
    if (check_arrays(vertex_count, vertices, tet_count, tets, neighbours, &err) != 0) {
        copy_message(message, message_size, err.text);
        return RAYTETRA_ERROR_BAD_MESH;
    }
    raytetra_mesh *m = calloc(1, sizeof *m);
    if (!m || copy_arrays(&m->mesh, vertex_count, vertices, tet_count, tets, neighbours) != 0) {
        if (m)
            mesh_free(&m->mesh);
        free(m);
        copy_message(message, message_size, "raytetra_mesh_create: out of memory for the mesh's copy");
        return RAYTETRA_ERROR_OUT_OF_MEMORY;
    }
    if (check_mesh(&m->mesh, &err) != 0) {
        mesh_free(&m->mesh);
        free(m);
        copy_message(message, message_size, err.text);
        return RAYTETRA_ERROR_BAD_MESH;
    }
    int status = finish_mesh(m, &err);
    if (status != RAYTETRA_OK) {
        free(m);
        copy_message(message, message_size, err.text);
        return status;
    }
    *mesh = m;
    return RAYTETRA_OK;
}

int raytetra_mesh_read(const char *path, raytetra_mesh **mesh, char *message, size_t message_size)
{
    copy_message(message, message_size, "");
    if (mesh)
        *mesh = NULL;
    if (!path || !mesh) {
        copy_message(message, message_size, "raytetra_mesh_read: path or mesh is NULL");
        return RAYTETRA_ERROR_NULL_ARGUMENT;
    }
    raytetra_mesh *m = calloc(1, sizeof *m);
    if (!m) {
        copy_message(message, message_size, "raytetra_mesh_read: out of memory");
        return RAYTETRA_ERROR_OUT_OF_MEMORY;
    }
    error_text err = {ERROR_FAILED, ""};
    int status = mesh_read(path, &m->mesh, &err) != 0 ? RAYTETRA_ERROR_BAD_MESH : finish_mesh(m, &err);
    if (status != RAYTETRA_OK) {
        free(m);
        copy_message(message, message_size, err.text);
        return status;
    }
    *mesh = m;
    return RAYTETRA_OK;
}

size_t raytetra_mesh_tetrahedron_count(const raytetra_mesh *mesh) { return mesh ? mesh->mesh.tetra_count : 0; }

size_t raytetra_mesh_vertex_count(const raytetra_mesh *mesh) { return mesh ? mesh->mesh.vertex_count : 0; }

void raytetra_mesh_free(raytetra_mesh *mesh)
{
    if (!mesh)
        return;
    if (mesh->locator_built)
        walk_locator_free(&mesh->locator);
    mesh_bvh_free(&mesh->bvh);
    mesh_free(&mesh->mesh);
    pthread_mutex_destroy(&mesh->lock);
    free(mesh);
}

/* ---------------------------------------------------------------- the rays */

/* The rays that can be walked, as TetWalk's rays (P, Q = P + direction), with where each starts
 * and which of the caller's rays it is. */
typedef struct ray_batch {
    size_t count;
    walk_rays rays;  /* rays.start: NULL when no origin lies in the mesh's box */
    size_t *index;   /* the caller's ray of each */
} ray_batch;

/* RAYTETRA_OK, or the code of what is wrong with ray (origin, direction); ray[6] set. */
static int make_ray(const double origin[3], const double direction[3], double ray[6])
{
    int moved = 0;
    for (int a = 0; a < 3; ++a) {
        if (!isfinite(origin[a]) || !isfinite(direction[a]))
            return RAYTETRA_ERROR_NOT_FINITE;
        ray[a] = origin[a];
        ray[3 + a] = origin[a] + direction[a];
        if (!coordinate_in_range(ray[a]) || !coordinate_in_range(ray[3 + a]))
            return RAYTETRA_ERROR_OUT_OF_RANGE;
        moved |= ray[3 + a] != ray[a];
    }
    return moved ? RAYTETRA_OK : RAYTETRA_ERROR_NO_DIRECTION;
}

static int in_box(const tet_mesh *mesh, const double p[3])
{
    return p[0] >= mesh->low.x && p[1] >= mesh->low.y && p[2] >= mesh->low.z && p[0] <= mesh->high.x &&
           p[1] <= mesh->high.y && p[2] <= mesh->high.z;
}

/* An empty result: status, nothing visited. */
static void set_result(raytetra_walk_result *r, int status)
{
    *r = (raytetra_walk_result){status, 0, 0, -1, -1, 0, 0};
}

/* The walkable rays of the caller's (results[i] of the others get their code); *some_inside:
 * whether an origin lies in the mesh's box (then the starts must be located). */
static int batch_make(const tet_mesh *mesh, size_t n, const double (*origins)[3], const double (*directions)[3],
                      raytetra_walk_result *results, ray_batch *batch, int *some_inside)
{
    memset(batch, 0, sizeof *batch);
    batch->rays.rays = malloc((n + 1) * sizeof *batch->rays.rays);
    batch->index = malloc((n + 1) * sizeof *batch->index);
    if (!batch->rays.rays || !batch->index)
        return RAYTETRA_ERROR_OUT_OF_MEMORY;
    *some_inside = 0;
    for (size_t i = 0; i < n; ++i) {
        double *ray = batch->rays.rays[batch->count];
        int status = make_ray(origins[i], directions[i], ray);
        set_result(&results[i], status);
        if (status != RAYTETRA_OK)
            continue;
        *some_inside |= in_box(mesh, ray);
        batch->index[batch->count++] = i;
    }
    batch->rays.count = batch->count;
    return RAYTETRA_OK;
}

static void batch_free(ray_batch *batch)
{
    free(batch->rays.rays);
    free(batch->rays.start);
    free(batch->index);
}

/* ---------------------------------------------------------------- the tables a walk reads */

/* What one walk reads, taken under the mesh's lock. */
typedef struct walk_view {
    const raytetra_mesh *m;
    const walk_algorithm *algorithm;
    rt_walk_mesh flat;
    const walk_locator *locator; /* NULL: no origin in the box */
} walk_view;

/* The per-mesh tables a walk reads besides the mesh (walk.h): the precomputed forms' edge table,
 * the aman walk's compact records, the Badouel walk's plane table. */
enum { TABLE_EDGES = 1, TABLE_COMPACT = 2, TABLE_PLANES = 4, TABLE_ALL = 7 };

static unsigned tables_of(const walk_algorithm *algorithm)
{
    switch (algorithm->method) {
    case RT_WALK_PRECOMPUTED: return TABLE_EDGES;
    case RT_WALK_AMAN: return TABLE_COMPACT;
    case RT_WALK_BADOUELB: return TABLE_PLANES;
    default: return 0;
    }
}

/* Build table `which` unless *built says it is there (mesh lock held). */
static int build_table(raytetra_mesh *m, unsigned tables, unsigned which, int *built,
                       int (*build)(tet_mesh *, error_text *))
{
    error_text err = {ERROR_FAILED, ""};
    if (!(tables & which) || *built)
        return RAYTETRA_OK;
    if (build(&m->mesh, &err) != 0)
        return RAYTETRA_ERROR_OUT_OF_MEMORY;
    *built = 1;
    return RAYTETRA_OK;
}

/* Build what the walk needs that is not built yet, and take the view. */
static int prepare_view(const raytetra_mesh *mesh, const walk_algorithm *algorithm, int locate, unsigned tables,
                        walk_view *view)
{
    raytetra_mesh *m = (raytetra_mesh *)mesh; /* its lazily built tables change, not the mesh */
    error_text err = {ERROR_FAILED, ""};
    pthread_mutex_lock(&m->lock);
    int status = build_table(m, tables, TABLE_EDGES, &m->edges_built, mesh_build_edges);
    if (status == RAYTETRA_OK)
        status = build_table(m, tables, TABLE_COMPACT, &m->compact_built, mesh_build_compact);
    if (status == RAYTETRA_OK)
        status = build_table(m, tables, TABLE_PLANES, &m->planes_built, mesh_build_planes);
    if (status == RAYTETRA_OK && locate && !m->locator_built) {
        if (walk_locator_build(&m->locator, &m->mesh, &err) == 0)
            m->locator_built = 1;
        else
            status = RAYTETRA_ERROR_OUT_OF_MEMORY;
    }
    view->m = m;
    view->algorithm = algorithm;
    view->flat = walk_flat_mesh(&m->mesh, &m->bvh);
    view->locator = locate ? &m->locator : NULL;
    pthread_mutex_unlock(&m->lock);
    return status;
}

/* The rays' starts (walk_locate.h), when an origin lies in the box. */
static int locate_starts(const walk_view *view, ray_batch *batch)
{
    if (!view->locator)
        return RAYTETRA_OK;
    error_text err = {ERROR_FAILED, ""};
    batch->rays.start = walk_locate_starts(view->locator, (const double (*)[6])batch->rays.rays, batch->count, &err);
    return batch->rays.start ? RAYTETRA_OK : RAYTETRA_ERROR_OUT_OF_MEMORY;
}

/* ---------------------------------------------------------------- the walk on CPU threads */

/* Rays a thread takes at a time, as walk_cpu_run hands them out. */
#define API_WALK_CHUNK 64

/* One walk over a batch: the first pass fills results; the second (visits) writes each ray's
 * visits at its offset, in order along the ray. */
typedef struct walk_job {
    const walk_view *view;
    const ray_batch *batch;
    raytetra_walk_result *results;
    raytetra_visit *visits; /* NULL: the first pass */
    int max_steps;          /* the second pass: the most a ray visits (each thread's scratch) */
    chunk_dispenser chunks;
    atomic_int failed;      /* a thread ran out of memory */
} walk_job;

/* Sort a ray's visits along the ray: segments come in the hierarchy's order (rt_walk.h), each in
 * order already, so an insertion sort of runs; stable, so that of equal t_enter the one walked
 * first stays first. */
static void sort_visits(raytetra_visit *v, size_t count)
{
    for (size_t i = 1; i < count; ++i) {
        raytetra_visit x = v[i];
        size_t j = i;
        while (j > 0 && v[j - 1].t_enter > x.t_enter) {
            v[j] = v[j - 1];
            --j;
        }
        v[j] = x;
    }
}

static void walk_ray(walk_job *job, size_t k, int *tetra, double *t)
{
    const walk_view *view = job->view;
    const tet_mesh *mesh = &view->m->mesh;
    int capacity = job->visits ? job->max_steps : 0;
    rt_walk_record record = rt_walk_record_start(tetra, t, capacity);
    walk_result r = walk_cpu_trace_recorded(view->algorithm, mesh, &view->m->bvh, &view->flat,
                                            job->batch->rays.rays[k], walk_ray_start(&job->batch->rays, k), &record);
    raytetra_walk_result *out = &job->results[job->batch->index[k]];
    if (!job->visits) {
        out->status = r.status;
        out->steps = r.steps;
        out->length = r.length;
        out->first_tet = record.first;
        out->last_tet = record.last;
        return;
    }
    raytetra_visit *v = job->visits + out->first_visit;
    for (int j = 0; j < record.count && j < capacity; ++j)
        v[j] = (raytetra_visit){tetra[j], 0, t[2 * j], t[2 * j + 1]};
    sort_visits(v, (size_t)record.count);
}

static void *walk_thread(void *context)
{
    walk_job *job = context;
    int *tetra = NULL;
    double *t = NULL;
    if (job->visits) {
        tetra = malloc(((size_t)job->max_steps + 1) * sizeof *tetra);
        t = malloc(((size_t)job->max_steps + 1) * 2 * sizeof *t);
        if (!tetra || !t) {
            free(tetra);
            free(t);
            atomic_store(&job->failed, 1);
            return NULL;
        }
    }
    size_t first, count;
    while (chunk_dispenser_take(&job->chunks, &first, &count))
        for (size_t k = first; k < first + count; ++k)
            walk_ray(job, k, tetra, t);
    free(tetra);
    free(t);
    return NULL;
}

/* The threads a walk of `rays` rays uses: as many as asked (0: every core), no more than chunks. */
static size_t thread_count(unsigned asked, size_t rays)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    size_t threads = asked ? asked : (size_t)(cores > 0 ? cores : 1);
    size_t chunks = (rays + API_WALK_CHUNK - 1) / API_WALK_CHUNK;
    return threads < chunks ? threads : (chunks ? chunks : 1);
}

/* One pass over the batch on `threads` threads (the caller's thread among them). */
static int run_pass(walk_job *job, size_t threads)
{
    chunk_dispenser_init(&job->chunks, job->batch->count, API_WALK_CHUNK);
    atomic_init(&job->failed, 0);
    pthread_t *ids = threads > 1 ? malloc((threads - 1) * sizeof *ids) : NULL;
    size_t started = 0;
    while (ids && started < threads - 1 && pthread_create(&ids[started], NULL, walk_thread, job) == 0)
        ++started;
    walk_thread(job); /* a thread that could not start leaves its chunks to the others */
    for (size_t i = 0; i < started; ++i)
        pthread_join(ids[i], NULL);
    free(ids);
    return atomic_load(&job->failed) ? RAYTETRA_ERROR_OUT_OF_MEMORY : RAYTETRA_OK;
}

/* Each walked ray's visit range; the total, and the most of one ray. */
static size_t visit_offsets(const ray_batch *batch, raytetra_walk_result *results, int *max_steps)
{
    size_t total = 0;
    *max_steps = 0;
    for (size_t k = 0; k < batch->count; ++k) {
        raytetra_walk_result *r = &results[batch->index[k]];
        r->first_visit = total;
        r->visit_count = (uint64_t)r->steps;
        total += (size_t)r->steps;
        *max_steps = r->steps > *max_steps ? r->steps : *max_steps;
    }
    return total;
}

static void clear_visit_ranges(size_t n, raytetra_walk_result *results)
{
    for (size_t i = 0; i < n; ++i)
        results[i].first_visit = results[i].visit_count = 0;
}

/* ---------------------------------------------------------------- the calls */

/* The threads of the options (NULL: 1): RAYTETRA_OK or RAYTETRA_ERROR_BAD_OPTIONS. */
static int walk_threads(const raytetra_walk_options *options, unsigned *threads)
{
    *threads = 1;
    if (!options)
        return RAYTETRA_OK;
    if (options->size != sizeof(raytetra_walk_options))
        return RAYTETRA_ERROR_BAD_OPTIONS; /* nothing beyond size read */
    if (options->reserved != 0)
        return RAYTETRA_ERROR_BAD_OPTIONS;
    *threads = options->threads;
    return RAYTETRA_OK;
}

const char *raytetra_walk_algorithm_name(size_t index)
{
    int count;
    const walk_algorithm *all = walk_algorithms(&count);
    return index < (size_t)count ? all[index].name : NULL;
}

/* What both calls check first: arguments, options, the algorithm. */
static int check_call(const raytetra_mesh *mesh, const char *name, size_t n, const double (*origins)[3],
                      const double (*directions)[3], const raytetra_walk_result *results,
                      const raytetra_walk_options *options, unsigned *threads, const walk_algorithm **algorithm,
                      int *opencl)
{
    if (!mesh || !name || (n > 0 && (!origins || !directions || !results)))
        return RAYTETRA_ERROR_NULL_ARGUMENT;
    int status = walk_threads(options, threads);
    if (status != RAYTETRA_OK)
        return status;
    *algorithm = walk_algorithm_find(name, opencl);
    return *algorithm ? RAYTETRA_OK : RAYTETRA_ERROR_UNKNOWN_ALGORITHM;
}

/* The rays of a call checked into a batch, the tables the walk reads, and the starts of rays from
 * inside: what a walk needs before it runs, on the CPU or a device. The batch is freed by the
 * caller (batch_free) whatever this returns. */
static int prepare_walk(const raytetra_mesh *mesh, const walk_algorithm *chosen, size_t n, const double (*origins)[3],
                        const double (*directions)[3], raytetra_walk_result *results, unsigned tables,
                        ray_batch *batch, walk_view *view)
{
    int inside = 0;
    int status = batch_make(&mesh->mesh, n, origins, directions, results, batch, &inside);
    if (status == RAYTETRA_OK)
        status = prepare_view(mesh, chosen, inside, tables, view);
    if (status == RAYTETRA_OK)
        status = locate_starts(view, batch);
    return status;
}

int raytetra_mesh_walk(const raytetra_mesh *mesh, const char *algorithm, size_t n, const double (*origins)[3],
                       const double (*directions)[3], raytetra_walk_result *results, raytetra_visit *visits,
                       size_t visit_capacity, size_t *visit_total, const raytetra_walk_options *options)
{
    if (visit_total)
        *visit_total = 0;
    unsigned threads;
    const walk_algorithm *chosen = NULL;
    int opencl = 0;
    int status = check_call(mesh, algorithm, n, origins, directions, results, options, &threads, &chosen, &opencl);
    if (status != RAYTETRA_OK)
        return status;
    if (opencl)
        return RAYTETRA_ERROR_NOT_CPU;
    ray_batch batch;
    walk_view view;
    status = prepare_walk(mesh, chosen, n, origins, directions, results, tables_of(chosen), &batch, &view);
    walk_job job = {.view = &view, .batch = &batch, .results = results};
    size_t threads_used = thread_count(threads, batch.count);
    if (status == RAYTETRA_OK)
        status = run_pass(&job, threads_used);
    if (status == RAYTETRA_OK && (visits || visit_total)) {
        size_t total = visit_offsets(&batch, results, &job.max_steps);
        if (visit_total)
            *visit_total = total;
        if (visits && total > visit_capacity) {
            status = RAYTETRA_ERROR_BUFFER_TOO_SMALL;
        } else if (visits) {
            job.visits = visits;
            status = run_pass(&job, threads_used);
        }
    }
    if (!visits || status != RAYTETRA_OK)
        clear_visit_ranges(n, results);
    batch_free(&batch);
    return status;
}

/* ---------------------------------------------------------------- on a device */

typedef struct device_call {
    const raytetra_mesh *mesh;
    const walk_view *view;
    const ray_batch *batch;
    raytetra_walk_result *results;
    raytetra_visit *visits; /* NULL: none asked for */
    size_t capacity;        /* of visits */
    size_t *visit_total;    /* NULL: not asked for */
} device_call;

/* Put the mesh on the device unless it holds it already (device lock held). */
static int hold_mesh(api_device_walk *w, const raytetra_mesh *mesh)
{
    if (w->gpu && w->mesh_id == mesh->id)
        return RAYTETRA_OK;
    if (w->gpu)
        walk_opencl_close(w->gpu);
    w->gpu = NULL;
    w->mesh_id = 0;
    if (walk_opencl_open(&w->gpu, w->index, &mesh->mesh, &mesh->bvh, w->message) != 0)
        return RAYTETRA_ERROR_OPENCL;
    walk_opencl_set_log(w->gpu, w->log);
    w->mesh_id = mesh->id;
    return RAYTETRA_OK;
}

/* The device's visits into the caller's buffer, each ray's sorted along the ray as on the CPU. */
static void copy_device_visits(const device_call *call, const int *tets, const double *t)
{
    for (size_t k = 0; k < call->batch->count; ++k) {
        const raytetra_walk_result *r = &call->results[call->batch->index[k]];
        raytetra_visit *v = call->visits + r->first_visit;
        for (uint64_t j = 0; j < r->visit_count; ++j) {
            uint64_t at = r->first_visit + j;
            v[j] = (raytetra_visit){tets[at], 0, t[2 * at], t[2 * at + 1]};
        }
        sort_visits(v, (size_t)r->visit_count);
    }
}

/* One recording walk on the device: results and ends, and with offsets the visits. */
static int record_pass(api_device_walk *w, const device_call *call, walk_result *walked, int *ends,
                       const uint64_t *offsets, int *tets, double *t)
{
    if (walk_opencl_record(w->gpu, call->view->algorithm, &call->batch->rays, walked, offsets, tets, t, ends,
                           w->message) != 0)
        return RAYTETRA_ERROR_OPENCL;
    for (size_t k = 0; k < call->batch->count; ++k) {
        raytetra_walk_result *r = &call->results[call->batch->index[k]];
        r->status = walked[k].status;
        r->steps = walked[k].steps;
        r->length = walked[k].length;
        r->first_tet = ends[2 * k];
        r->last_tet = ends[2 * k + 1];
    }
    return RAYTETRA_OK;
}

/* The walk, then with visits asked for their count, and (when they fit) a second walk recording
 * them: as the CPU call does, on the device. */
static int device_work(api_device_walk *w, void *context)
{
    device_call *call = context;
    int status = hold_mesh(w, call->mesh);
    size_t count = call->batch->count;
    if (status != RAYTETRA_OK || count == 0)
        return status;
    walk_result *walked = malloc(count * sizeof *walked);
    int *ends = malloc(2 * count * sizeof *ends);
    uint64_t *offsets = call->visit_total ? malloc((count + 1) * sizeof *offsets) : NULL;
    int *tets = NULL;
    double *t = NULL;
    if (!walked || !ends || (call->visit_total && !offsets))
        status = RAYTETRA_ERROR_OUT_OF_MEMORY;
    if (status == RAYTETRA_OK)
        status = record_pass(w, call, walked, ends, NULL, NULL, NULL);
    if (status == RAYTETRA_OK && call->visit_total) {
        int max_steps;
        size_t total = visit_offsets(call->batch, call->results, &max_steps);
        *call->visit_total = total;
        for (size_t k = 0; k <= count; ++k)
            offsets[k] = k < count ? call->results[call->batch->index[k]].first_visit : total;
        if (call->visits && total > call->capacity)
            status = RAYTETRA_ERROR_BUFFER_TOO_SMALL;
        else if (call->visits && !((tets = malloc((total + 1) * sizeof *tets)) && (t = malloc((total + 1) * 2 * sizeof *t))))
            status = RAYTETRA_ERROR_OUT_OF_MEMORY;
        else if (call->visits && (status = record_pass(w, call, walked, ends, offsets, tets, t)) == RAYTETRA_OK)
            copy_device_visits(call, tets, t);
    }
    if (status == RAYTETRA_OK)
        snprintf(w->message->text, sizeof w->message->text, "walked %zu rays with GPU_%s on %s", count,
                 call->view->algorithm->csv_name, walk_opencl_description(w->gpu));
    free(walked);
    free(ends);
    free(offsets);
    free(tets);
    free(t);
    return status;
}

/* Why a device walk was refused before it reached the device, for raytetra_device_message. */
typedef struct refusal {
    const char *algorithm;
    int status;
} refusal;

static int say_refusal(api_device_walk *w, void *context)
{
    const refusal *r = context;
    snprintf(w->message->text, sizeof w->message->text, "the mesh walk%s%s was refused: %s",
             r->algorithm ? " with " : "", r->algorithm ? r->algorithm : "", raytetra_error_string(r->status));
    return 0;
}

int raytetra_device_mesh_walk(raytetra_device *device, const raytetra_mesh *mesh, const char *algorithm, size_t n,
                              const double (*origins)[3], const double (*directions)[3],
                              raytetra_walk_result *results, raytetra_visit *visits, size_t visit_capacity,
                              size_t *visit_total, const raytetra_walk_options *options)
{
    if (visit_total)
        *visit_total = 0;
    unsigned threads;
    const walk_algorithm *chosen = NULL;
    int opencl = 0;
    int status = check_call(mesh, algorithm, n, origins, directions, results, options, &threads, &chosen, &opencl);
    if (status == RAYTETRA_OK && !device)
        status = RAYTETRA_ERROR_NULL_ARGUMENT;
    if (status == RAYTETRA_OK && !chosen->has_kernel)
        status = RAYTETRA_ERROR_NO_KERNEL;
    if (status != RAYTETRA_OK) {
        if (device) /* raytetra_device_message explains a failed call, as the header promises */
            api_device_walk_locked(device, say_refusal, &(refusal){algorithm, status});
        return status;
    }
    ray_batch batch;
    walk_view view;
    /* Every table: the device keeps the mesh, with all of them, for every algorithm. */
    status = prepare_walk(mesh, chosen, n, origins, directions, results, TABLE_ALL, &batch, &view);
    if (status == RAYTETRA_OK) {
        size_t total = 0; /* visits need their count even when the caller does not ask for it */
        device_call call = {mesh, &view, &batch, results, visits, visit_capacity,
                            visit_total ? visit_total : visits ? &total : NULL};
        status = api_device_walk_locked(device, device_work, &call);
    }
    if (!visits || status != RAYTETRA_OK)
        clear_visit_ranges(n, results);
    batch_free(&batch);
    return status;
}
