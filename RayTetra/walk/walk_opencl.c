/* walk_opencl.c: TetWalk's OpenCL runs (walk_opencl.h). Timing as everywhere in the suite: the
 * host's monotonic clock around each step, which ends with clFinish. */
#include "walk/walk_opencl.h"

#include <stdlib.h>
#include <string.h>

#include "opencl/device_session.h"
#include "opencl/gpu_bandwidth.h"
#include "opencl/gpu_launch.h"
#include "opencl/gpu_program.h"
#include "timer.h"

_Static_assert(sizeof(rt_walk_result) == 16, "rt_walk_result must be the kernel's 16-byte record");
_Static_assert(sizeof(rt_walk_node) == 64, "rt_walk_node must be the kernel's 64-byte record");

/* The mesh's arrays on the device, in the kernel's argument order (3 to 10; then the step limit
 * and the exact distance of rt_walk_mesh). */
enum { MESH_VERTICES, MESH_CELLS, MESH_EDGE_LINES, MESH_TETRA_EDGES, MESH_NODES, MESH_FACES, MESH_AMAN_CELLS,
       MESH_PLANES, MESH_BUFFERS };

struct walk_opencl {
    device_session *session;
    const gpu_device_info *info;
    cl_mem mesh[MESH_BUFFERS];
    int step_limit;
    double exact_distance;
    const tet_mesh *host_mesh;
    const mesh_bvh *host_bvh;
};

void walk_opencl_set_log(walk_opencl *gpu, FILE *log)
{
    device_session_set_log(gpu->session, log);
    device_session_set_log_warnings(gpu->session, 1);
}

const char *walk_opencl_description(const walk_opencl *gpu) { return device_session_description(gpu->session); }

/* A read-only buffer holding `bytes` from `data` (at least one element: a mesh without an edge
 * table still passes a buffer). */
static int mesh_buffer(walk_opencl *gpu, const void *data, size_t bytes, cl_mem *buffer, error_text *err)
{
    static const double nothing[6] = {0, 0, 0, 0, 0, 0};
    if (!data || bytes == 0) {
        data = nothing;
        bytes = sizeof nothing;
    }
    return device_session_buffer(gpu->session, CL_MEM_READ_ONLY, bytes, data, buffer, err);
}

int walk_opencl_open(walk_opencl **out, int index, const tet_mesh *mesh, const mesh_bvh *bvh, error_text *err)
{
    *out = NULL;
    walk_opencl *gpu = calloc(1, sizeof *gpu);
    if (!gpu)
        return error_set(err, "out of memory");
    if (device_session_open(&gpu->session, index, err) != 0 ||
        device_session_require_fp64(gpu->session, "TetWalk's kernels (the walk in double precision)", err) != 0) {
        walk_opencl_close(gpu);
        return -1;
    }
    gpu->info = device_session_info(gpu->session);
    rt_walk_mesh flat = walk_flat_mesh(mesh, bvh);
    gpu->step_limit = flat.step_limit;
    gpu->exact_distance = flat.exact_distance;
    gpu->host_mesh = mesh;
    gpu->host_bvh = bvh;
    struct {
        const void *data;
        size_t bytes;
    } arrays[MESH_BUFFERS] = {
        {mesh->vertices, mesh->vertex_count * sizeof *mesh->vertices},
        {mesh->cells, mesh->tetra_count * sizeof *mesh->cells},
        {mesh->edge_lines, mesh->edge_lines ? mesh->edge_count * sizeof *mesh->edge_lines : 0},
        {mesh->tetra_edges, mesh->tetra_edges ? mesh->tetra_count * sizeof *mesh->tetra_edges : 0},
        {bvh->nodes, bvh->node_count * sizeof *bvh->nodes},
        {bvh->faces, bvh->face_count * sizeof *bvh->faces},
        {mesh->aman_cells, mesh->aman_cells ? mesh->tetra_count * RT_AMAN_INTS * sizeof *mesh->aman_cells : 0},
        {mesh->planes, mesh->planes ? mesh->tetra_count * sizeof *mesh->planes : 0},
    };
    for (int b = 0; b < MESH_BUFFERS; ++b)
        if (mesh_buffer(gpu, arrays[b].data, arrays[b].bytes, &gpu->mesh[b], err) != 0) {
            gpu_error_context(err, "writing the mesh %s to %s", mesh->path, device_session_description(gpu->session));
            walk_opencl_close(gpu);
            return -1;
        }
    *out = gpu;
    return 0;
}

double walk_opencl_copy_bandwidth(walk_opencl *gpu, error_text *err)
{
    gpu_bandwidth bandwidth;
    if (gpu_measure_bandwidth(gpu->session, GPU_BANDWIDTH_DEFAULT_BYTES, &bandwidth, err) != 0)
        return 0;
    return bandwidth.copy_median_gbs;
}

/* The algorithm's kernel, built (or loaded from the cache) with its method and form: tet_walk, or
 * with `recording` tet_walk_record (walk_opencl_record). */
static int build_kernel(walk_opencl *gpu, const walk_algorithm *algorithm, int recording, gpu_program *program,
                        cl_kernel *kernel, size_t *max_group, error_text *err)
{
    /* NVIDIA's compiler gives the walks 160-200 registers a work-item; at 128, more work-items
     * stay resident to hide the walk's dependent loads (GPU_STP0, camera rays through
     * cube_big_tetra on an H100: 4,363 -> 5,626 Msteps/s; GPU_STP0R with its adaptive stages,
     * armadillo on an H200: camera rays 920 -> 1,109, rays aimed at vertices 453 -> 512). */
    const char *registers = gpu_device_is_nvidia_gpu(gpu->info) ? " -cl-nv-maxrregcount=128" : "";
    char options[224];
    snprintf(options, sizeof options, "%s -DRT_WALK_METHOD=%d -DRT_WALK_FORM=%d%s%s", GPU_PROGRAM_LANGUAGE,
             algorithm->method, algorithm->form, registers, recording ? " -DRT_WALK_RECORDING" : "");
    const char *name = recording ? "tet_walk_record" : "tet_walk";
    if (device_session_program(gpu->session, "TetWalk.cl", name, options, program, err) != 0 ||
        device_session_kernel(gpu->session, program, name, kernel, max_group, err) != 0)
        return -1;
    return 0;
}

static int build(walk_opencl *gpu, const walk_algorithm *algorithm, gpu_program *program, cl_kernel *kernel,
                 size_t *max_group, error_text *err)
{
    return build_kernel(gpu, algorithm, 0, program, kernel, max_group, err);
}

/* Can the algorithm run on this device's mesh? Returns 0, or -1 with err set. */
static int check_algorithm(const walk_opencl *gpu, const walk_algorithm *algorithm, error_text *err)
{
    if (!algorithm->has_kernel)
        return error_set(err, "%s has no OpenCL build (CPU only)", algorithm->csv_name);
    if (algorithm->method == RT_WALK_PRECOMPUTED && !gpu->host_mesh->edge_lines)
        return error_set(err, "GPU_%s: the mesh's edge table was not built before the device was opened",
                         algorithm->csv_name);
    if (algorithm->method == RT_WALK_AMAN && !gpu->host_mesh->aman_cells)
        return error_set(err, "GPU_%s: the mesh's compact records were not built before the device was opened",
                         algorithm->csv_name);
    if (algorithm->method == RT_WALK_BADOUELB && !gpu->host_mesh->planes)
        return error_set(err, "GPU_%s: the mesh's plane table was not built before the device was opened",
                         algorithm->csv_name);
    return 0;
}

/* The work-group size of a launch: local_size, or 0 for 64 (or what the kernel allows). */
static int choose_local_size(const walk_opencl *gpu, size_t allowed, size_t local_size, size_t *chosen,
                             error_text *err)
{
    *chosen = local_size ? local_size : (allowed < 64 ? allowed : 64);
    if (*chosen > allowed)
        return error_set(err, "local size %zu is too large: tet_walk allows at most %zu on %s", *chosen, allowed,
                         gpu->info->name);
    return 0;
}

/* Where the rays start inside the mesh (walk_locate.h): a buffer of one face reference per ray
 * and whether to read it, the kernel's last two arguments. */
#define START_ARGUMENT (5 + MESH_BUFFERS)

static int set_start_arguments(cl_kernel kernel, cl_mem starts, int with_starts, error_text *err)
{
    return GPU_CHECK(err, "clSetKernelArg", clSetKernelArg(kernel, START_ARGUMENT, sizeof(cl_mem), &starts)) ||
           GPU_CHECK(err, "clSetKernelArg", clSetKernelArg(kernel, START_ARGUMENT + 1, sizeof(int), &with_starts));
}

static int create_starts(walk_opencl *gpu, size_t count, cl_mem *starts, error_text *err)
{
    return device_session_buffer(gpu->session, CL_MEM_READ_ONLY, (count ? count : 1) * sizeof(int), NULL, starts, err);
}

static int write_starts(walk_opencl *gpu, cl_mem starts, const int *start, size_t count, error_text *err)
{
    if (!start)
        return 0;
    return device_session_write(gpu->session, starts, 0, count * sizeof(int), start, err);
}

static int set_mesh_arguments(walk_opencl *gpu, cl_kernel kernel, error_text *err)
{
    for (int b = 0; b < MESH_BUFFERS; ++b)
        if (GPU_CHECK(err, "clSetKernelArg", clSetKernelArg(kernel, 3 + (cl_uint)b, sizeof(cl_mem), &gpu->mesh[b])))
            return -1;
    return GPU_CHECK(err, "clSetKernelArg", clSetKernelArg(kernel, 3 + MESH_BUFFERS, sizeof(int), &gpu->step_limit)) ||
           GPU_CHECK(err, "clSetKernelArg",
                     clSetKernelArg(kernel, 4 + MESH_BUFFERS, sizeof(double), &gpu->exact_distance));
}

static int launch(walk_opencl *gpu, cl_kernel kernel, size_t global, size_t local, error_text *err)
{
    return device_session_run(gpu->session, kernel, global, local, err);
}

int walk_opencl_run(walk_opencl *gpu, const walk_algorithm *algorithm, const walk_rays *rays, walk_result *results,
                    int reps, size_t local_size, walk_run *run, error_text *err)
{
    if (check_algorithm(gpu, algorithm, err) != 0)
        return -1;
    size_t count = rays->count;
    if (gpu_items_that_fit(gpu->info, 6 * sizeof(double), sizeof(rt_walk_result), 1) < count)
        return error_set(err, "%zu rays do not fit on %s at once: use fewer rays (a smaller --size)", count,
                         gpu->info->name);
    gpu_program program = {0};
    cl_kernel kernel = NULL;
    cl_mem input = NULL, output = NULL, starts = NULL;
    size_t max_group = 0;
    double start = timer_now_ms();
    int failed = build(gpu, algorithm, &program, &kernel, &max_group, err);
    run->build_ms = timer_now_ms() - start;
    failed = failed || choose_local_size(gpu, max_group, local_size, &local_size, err);
    size_t global = gpu_global_size(count ? count : 1, 1, local_size ? local_size : 1);
    failed = failed || gpu_create_buffers(device_session_context(gpu->session), (count ? count : 1) * 6 * sizeof(double),
                                          (count ? count : 1) * sizeof(rt_walk_result), &input, &output, err) ||
             gpu_set_arguments(kernel, input, output, count, err) || set_mesh_arguments(gpu, kernel, err) ||
             create_starts(gpu, count, &starts, err) || set_start_arguments(kernel, starts, rays->start != NULL, err);
    start = timer_now_ms();
    failed = failed || write_starts(gpu, starts, rays->start, count, err);
    failed = failed || device_session_write(gpu->session, input, 0, count * 6 * sizeof(double), rays->rays, err);
    run->write_ms = timer_now_ms() - start;
    /* One untimed launch: drivers finish compiling at the first one. */
    start = timer_now_ms();
    failed = failed || launch(gpu, kernel, global, local_size, err);
    run->warm_up_ms = timer_now_ms() - start;
    for (int r = 0; r < reps && !failed; ++r) {
        start = timer_now_ms();
        failed = launch(gpu, kernel, global, local_size, err);
        run->samples_ms[r] = timer_now_ms() - start;
    }
    start = timer_now_ms();
    failed = failed || device_session_read(gpu->session, output, 0, count * sizeof(rt_walk_result), results, err);
    run->read_ms = timer_now_ms() - start;
    if (!failed) {
        for (size_t i = 0; i < count; ++i)
            results[i].length *= walk_ray_scale(rays->rays[i]);
        /* Every ray is decided on the device, the robust walk's exact signs included. */
        run->host_rays = 0;
        run->local_size = local_size;
        run->reps = reps;
        run->opencl = 1;
        run->algorithm = algorithm;
        run->rays = count;
    } else {
        gpu_error_context(err, "walking %zu rays with GPU_%s on %s", count, algorithm->csv_name, gpu->info->name);
    }
    gpu_release_buffers(&input, &output);
    if (starts)
        clReleaseMemObject(starts);
    if (kernel)
        clReleaseKernel(kernel);
    gpu_program_release(&program);
    return failed ? -1 : 0;
}

/* ---------------------------------------------------------------- recording */

static cl_mem record_buffer(walk_opencl *gpu, cl_mem_flags flags, size_t bytes, const void *data, error_text *err)
{
    cl_mem buffer;
    /* An empty array still gets a buffer (8 bytes), with no data to copy. */
    if (device_session_buffer(gpu->session, flags | (data ? CL_MEM_COPY_HOST_PTR : 0), bytes ? bytes : 8,
                              data && bytes ? data : NULL, &buffer, err) != 0)
        return NULL;
    return buffer;
}

static int set_record_arguments(cl_kernel kernel, cl_mem *buffers, int with_visits, error_text *err)
{
    for (cl_uint b = 0; b < 4; ++b)
        if (GPU_CHECK(err, "clSetKernelArg", clSetKernelArg(kernel, START_ARGUMENT + 2 + b, sizeof(cl_mem), &buffers[b])))
            return -1;
    return GPU_CHECK(err, "clSetKernelArg", clSetKernelArg(kernel, START_ARGUMENT + 6, sizeof(int), &with_visits));
}

static int read_buffer(walk_opencl *gpu, cl_mem buffer, size_t bytes, void *out, error_text *err)
{
    return device_session_read(gpu->session, buffer, 0, bytes, out, err) != 0;
}

int walk_opencl_record(walk_opencl *gpu, const walk_algorithm *algorithm, const walk_rays *rays, walk_result *results,
                       const uint64_t *offsets, int *visit_tets, double *visit_t, int *ends, error_text *err)
{
    if (check_algorithm(gpu, algorithm, err) != 0)
        return -1;
    size_t count = rays->count, total = offsets ? (size_t)offsets[count] : 0;
    gpu_program program = {0};
    cl_kernel kernel = NULL;
    size_t max_group = 0, local_size = 0;
    /* rays, results, starts, then the kernel's offsets, visit_tets, visit_t, ends */
    cl_mem buffers[7] = {0};
    int failed = build_kernel(gpu, algorithm, 1, &program, &kernel, &max_group, err) ||
                 choose_local_size(gpu, max_group, 0, &local_size, err);
    const void *data[7] = {rays->rays, NULL, rays->start, offsets, NULL, NULL, NULL};
    size_t bytes[7] = {count * 6 * sizeof(double), count * sizeof(rt_walk_result),
                       rays->start ? count * sizeof(int) : 0, offsets ? (count + 1) * sizeof *offsets : 0,
                       total * sizeof(int), total * 2 * sizeof(double), count * 2 * sizeof(int)};
    for (int b = 0; b < 7 && !failed; ++b)
        failed = !(buffers[b] = record_buffer(gpu, b == 0 || b == 2 || b == 3 ? CL_MEM_READ_ONLY : CL_MEM_READ_WRITE,
                                              bytes[b], data[b], err));
    cl_ulong bound = count;
    failed = failed ||
             GPU_CHECK(err, "clSetKernelArg", clSetKernelArg(kernel, 0, sizeof(cl_mem), &buffers[0])) ||
             GPU_CHECK(err, "clSetKernelArg", clSetKernelArg(kernel, 1, sizeof(cl_mem), &buffers[1])) ||
             GPU_CHECK(err, "clSetKernelArg", clSetKernelArg(kernel, 2, sizeof bound, &bound)) ||
             set_mesh_arguments(gpu, kernel, err) || set_start_arguments(kernel, buffers[2], rays->start != NULL, err) ||
             set_record_arguments(kernel, buffers + 3, offsets != NULL, err);
    if (!failed && count > 0)
        failed = launch(gpu, kernel, gpu_global_size(count, 1, local_size), local_size, err) ||
                 read_buffer(gpu, buffers[1], bytes[1], results, err) ||
                 read_buffer(gpu, buffers[6], bytes[6], ends, err) ||
                 (offsets && (read_buffer(gpu, buffers[4], bytes[4], visit_tets, err) ||
                              read_buffer(gpu, buffers[5], bytes[5], visit_t, err)));
    if (failed)
        gpu_error_context(err, "recording %zu rays' tetrahedra with GPU_%s on %s", count, algorithm->csv_name,
                          gpu->info->name);
    else
        for (size_t i = 0; i < count; ++i)
            results[i].length *= walk_ray_scale(rays->rays[i]);
    for (int b = 0; b < 7; ++b)
        if (buffers[b])
            clReleaseMemObject(buffers[b]);
    if (kernel)
        clReleaseKernel(kernel);
    gpu_program_release(&program);
    return failed ? -1 : 0;
}

/* ---------------------------------------------------------------- chunks */

struct walk_opencl_chunks {
    walk_opencl *gpu;
    const walk_algorithm *algorithm;
    gpu_program program;
    cl_kernel kernel;
    cl_command_queue queues[WALK_OPENCL_LANES];
    cl_event pending[WALK_OPENCL_LANES]; /* each lane's chunk in flight, or NULL */
    cl_mem input, output, starts;
    size_t count, local_size;
    size_t chunk_size; /* the largest chunk: every launch's width on a CPU device (gpu_launch_width) */
    const double (*rays)[6];
};

/* The kernel with every ray's data on the device; `count` is the kernel's bound, rays past it in
 * a launch are skipped. */
static int chunk_buffers(walk_opencl_chunks *c, const walk_rays *rays, error_text *err)
{
    walk_opencl *gpu = c->gpu;
    size_t items = rays->count ? rays->count : 1;
    if (gpu_items_that_fit(gpu->info, 6 * sizeof(double), sizeof(rt_walk_result), 1) < rays->count)
        return error_set(err, "%zu rays do not fit on %s at once: use fewer rays (a smaller --size)", rays->count,
                         gpu->info->name);
    if (gpu_create_buffers(device_session_context(gpu->session), items * 6 * sizeof(double), items * sizeof(rt_walk_result), &c->input,
                           &c->output, err) != 0 ||
        gpu_set_arguments(c->kernel, c->input, c->output, rays->count, err) != 0 ||
        set_mesh_arguments(gpu, c->kernel, err) != 0 || create_starts(gpu, items, &c->starts, err) != 0 ||
        set_start_arguments(c->kernel, c->starts, rays->start != NULL, err) != 0 ||
        write_starts(gpu, c->starts, rays->start, rays->count, err) != 0)
        return -1;
    return device_session_write(gpu->session, c->input, 0, rays->count * 6 * sizeof(double), rays->rays, err);
}

static int chunk_queues(walk_opencl_chunks *c, error_text *err)
{
    for (int q = 0; q < WALK_OPENCL_LANES; ++q)
        if (device_session_new_queue(c->gpu->session, 0, &c->queues[q], err) != 0)
            return -1;
    return 0;
}

int walk_opencl_chunks_open(walk_opencl *gpu, const walk_algorithm *algorithm, const walk_rays *rays,
                            size_t chunk_size, size_t local_size, walk_opencl_chunks **out, double *write_ms,
                            error_text *err)
{
    *out = NULL;
    *write_ms = 0;
    if (check_algorithm(gpu, algorithm, err) != 0)
        return -1;
    walk_opencl_chunks *c = calloc(1, sizeof *c);
    if (!c)
        return error_set_kind(err, ERROR_MEMORY, "out of memory");
    c->gpu = gpu;
    c->algorithm = algorithm;
    c->count = rays->count;
    c->chunk_size = chunk_size;
    c->rays = rays->rays;
    size_t max_group = 0;
    int failed = build(gpu, algorithm, &c->program, &c->kernel, &max_group, err) ||
                 choose_local_size(gpu, max_group, local_size, &c->local_size, err);
    double start = timer_now_ms();
    failed = failed || chunk_queues(c, err) || chunk_buffers(c, rays, err);
    *write_ms = timer_now_ms() - start;
    if (failed) {
        gpu_error_context(err, "preparing GPU_%s on %s", algorithm->csv_name, gpu->info->name);
        walk_opencl_chunks_close(c);
        return -1;
    }
    *out = c;
    return 0;
}

size_t walk_opencl_chunks_local_size(const walk_opencl_chunks *chunks) { return chunks->local_size; }

/* Wait for the lane's chunk in flight, if any. */
static int finish_lane(walk_opencl_chunks *c, int lane, error_text *err)
{
    if (!c->pending[lane])
        return 0;
    cl_int status = clWaitForEvents(1, &c->pending[lane]);
    clReleaseEvent(c->pending[lane]);
    c->pending[lane] = NULL;
    return GPU_CHECK(err, "clWaitForEvents", status);
}

int walk_opencl_chunks_launch(walk_opencl_chunks *c, int lane, size_t first, size_t count, error_text *err)
{
    if (finish_lane(c, lane, err) != 0)
        return -1;
    if (count == 0)
        return 0;
    if (first + count > c->count || count > c->chunk_size)
        return error_set(err, "rays %zu .. %zu: past the %zu the device holds, or more than a chunk of %zu", first,
                         first + count - 1, c->count, c->chunk_size);
    /* Work-item i walks ray first + i (the global offset) up to the bound first + count. */
    cl_ulong bound = first + count;
    size_t offset = first,
           global = gpu_launch_width(c->gpu->info->type, c->chunk_size, count, 1, c->local_size);
    cl_command_queue queue = c->queues[lane];
    if (GPU_CHECK(err, "clSetKernelArg", clSetKernelArg(c->kernel, 2, sizeof bound, &bound)) ||
        GPU_CHECK(err, "clEnqueueNDRangeKernel",
                  clEnqueueNDRangeKernel(queue, c->kernel, 1, &offset, &global, &c->local_size, 0, NULL,
                                         &c->pending[lane])) ||
        GPU_CHECK(err, "clFlush", clFlush(queue)))
        return gpu_error_context(err, "walking rays %zu .. %zu with GPU_%s on %s", first, first + count - 1,
                                 c->algorithm->csv_name, c->gpu->info->name);
    return 0;
}

int walk_opencl_chunks_finish(walk_opencl_chunks *c, error_text *err)
{
    int failed = 0;
    for (int lane = 0; lane < WALK_OPENCL_LANES; ++lane)
        failed = finish_lane(c, lane, err) != 0 || failed;
    return failed ? -1 : 0;
}

int walk_opencl_chunks_read(walk_opencl_chunks *c, size_t first, size_t count, walk_result *results, error_text *err)
{
    if (count == 0)
        return 0;
    if (device_session_read(c->gpu->session, c->output, first * sizeof(rt_walk_result), count * sizeof(rt_walk_result),
                            results + first, err) != 0)
        return gpu_error_context(err, "reading the results of GPU_%s from %s", c->algorithm->csv_name,
                                 c->gpu->info->name);
    for (size_t i = first; i < first + count; ++i)
        results[i].length *= walk_ray_scale(c->rays[i]);
    return 0;
}

void walk_opencl_chunks_close(walk_opencl_chunks *c)
{
    if (!c)
        return;
    error_text ignored;
    walk_opencl_chunks_finish(c, &ignored);
    for (int q = 0; q < WALK_OPENCL_LANES; ++q)
        if (c->queues[q])
            clReleaseCommandQueue(c->queues[q]);
    gpu_release_buffers(&c->input, &c->output);
    if (c->starts)
        clReleaseMemObject(c->starts);
    if (c->kernel)
        clReleaseKernel(c->kernel);
    gpu_program_release(&c->program);
    free(c);
}

void walk_opencl_close(walk_opencl *gpu)
{
    if (!gpu)
        return;
    for (int b = 0; b < MESH_BUFFERS; ++b)
        if (gpu->mesh[b])
            clReleaseMemObject(gpu->mesh[b]);
    device_session_close(gpu->session);
    free(gpu);
}
