/* walk_opencl.c: TetWalk's OpenCL runs (walk_opencl.h). Timing as everywhere in the suite: the
 * host's monotonic clock around each step, which ends with clFinish. */
#include "mesh/walk_opencl.h"

#include <stdlib.h>
#include <string.h>

#include "opencl/gpu_bandwidth.h"
#include "opencl/gpu_handler.h"
#include "opencl/gpu_launch.h"
#include "opencl/gpu_program.h"
#include "timer.h"

_Static_assert(sizeof(rt_walk_result) == 16, "rt_walk_result must be the kernel's 16-byte record");

/* The mesh's arrays on the device, in the kernel's argument order (3 to 9; then the step limit
 * and the exact distance of rt_walk_mesh). */
enum { MESH_VERTICES, MESH_CELLS, MESH_EDGE_LINES, MESH_TETRA_EDGES, MESH_BOUNDS, MESH_LINKS,
       MESH_FACES, MESH_BUFFERS };

struct walk_opencl {
    gpu_handler *handler;
    gpu_cl_objects cl;
    cl_mem mesh[MESH_BUFFERS];
    int step_limit;
    double exact_distance;
    const tet_mesh *host_mesh;
    const mesh_bvh *host_bvh;
};

const char *walk_opencl_description(const walk_opencl *gpu) { return gpu_device_description(gpu->handler); }

/* A read-only buffer holding `bytes` from `data` (at least one element: a mesh without an edge
 * table still passes a buffer). */
static int mesh_buffer(walk_opencl *gpu, const void *data, size_t bytes, cl_mem *buffer, error_text *err)
{
    static const double nothing[6] = {0, 0, 0, 0, 0, 0};
    cl_int status;
    if (!data || bytes == 0) {
        data = nothing;
        bytes = sizeof nothing;
    }
    *buffer = clCreateBuffer(gpu->cl.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, (void *)data, &status);
    return GPU_CHECK(err, "clCreateBuffer", status);
}

int walk_opencl_open(walk_opencl **out, int index, const tet_mesh *mesh, const mesh_bvh *bvh, error_text *err)
{
    *out = NULL;
    walk_opencl *gpu = calloc(1, sizeof *gpu);
    if (!gpu)
        return error_set(err, "out of memory");
    if (gpu_open(&gpu->handler, index, err) != 0) {
        free(gpu);
        return -1;
    }
    if (gpu_require_fp64(gpu->handler, "TetWalk's kernels (the walk in double precision)", err) != 0) {
        walk_opencl_close(gpu);
        return -1;
    }
    gpu_handler_objects(gpu->handler, &gpu->cl);
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
        {bvh->bounds, bvh->node_count * sizeof *bvh->bounds},
        {bvh->links, bvh->node_count * sizeof *bvh->links},
        {bvh->faces, bvh->face_count * sizeof *bvh->faces},
    };
    for (int b = 0; b < MESH_BUFFERS; ++b)
        if (mesh_buffer(gpu, arrays[b].data, arrays[b].bytes, &gpu->mesh[b], err) != 0) {
            gpu_error_context(err, "writing the mesh %s to %s", mesh->path, gpu_device_description(gpu->handler));
            walk_opencl_close(gpu);
            return -1;
        }
    *out = gpu;
    return 0;
}

double walk_opencl_copy_bandwidth(walk_opencl *gpu, error_text *err)
{
    gpu_bandwidth bandwidth;
    if (gpu_measure_bandwidth(gpu->handler, GPU_BANDWIDTH_DEFAULT_BYTES, &bandwidth, err) != 0)
        return 0;
    return bandwidth.copy_median_gbs;
}

/* The algorithm's kernel, built (or loaded from the cache) with its method and form. */
static int build(walk_opencl *gpu, const walk_algorithm *algorithm, gpu_program *program, cl_kernel *kernel,
                 size_t *kernel_max, error_text *err)
{
    char options[160];
    snprintf(options, sizeof options, "%s -DRT_WALK_METHOD=%d -DRT_WALK_FORM=%d", GPU_PROGRAM_LANGUAGE,
             algorithm->method, algorithm->form);
    gpu_program_request request = {gpu->cl.context, gpu->cl.info, "TetWalk.cl", "tet_walk", options, gpu->cl.log, 0};
    if (gpu_program_obtain(&request, program, err) != 0 ||
        gpu_program_kernel(program, gpu->cl.info->device, "tet_walk", kernel, kernel_max, err) != 0)
        return -1;
    return 0;
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
    return GPU_CHECK(err, "clEnqueueNDRangeKernel",
                     clEnqueueNDRangeKernel(gpu->cl.queue, kernel, 1, NULL, &global, &local, 0, NULL, NULL)) ||
           GPU_CHECK(err, "clFinish", clFinish(gpu->cl.queue));
}

int walk_opencl_run(walk_opencl *gpu, const walk_algorithm *algorithm, const walk_rays *rays, walk_result *results,
                    int reps, size_t local_size, walk_run *run, error_text *err)
{
    if (!algorithm->has_kernel)
        return error_set(err, "%s has no OpenCL build (CPU only)", algorithm->csv_name);
    if (algorithm->method == RT_WALK_PRECOMPUTED && !gpu->host_mesh->edge_lines)
        return error_set(err, "GPU_%s: the mesh's edge table was not built before the device was opened",
                         algorithm->csv_name);
    size_t count = rays->count;
    if (gpu_items_that_fit(gpu->cl.info, 6 * sizeof(double), sizeof(rt_walk_result), 1) < count)
        return error_set(err, "%zu rays do not fit on %s at once: use fewer rays (a smaller --size)", count,
                         gpu->cl.info->name);
    gpu_program program = {0};
    cl_kernel kernel = NULL;
    cl_mem input = NULL, output = NULL;
    size_t kernel_max = 0;
    int failed = build(gpu, algorithm, &program, &kernel, &kernel_max, err);
    if (!failed) {
        size_t allowed = kernel_max < gpu->cl.info->max_work_items ? kernel_max : gpu->cl.info->max_work_items;
        if (local_size == 0)
            local_size = allowed < 64 ? allowed : 64;
        if (local_size > allowed)
            failed = error_set(err, "local size %zu is too large: tet_walk allows at most %zu on %s", local_size, allowed,
                               gpu->cl.info->name);
    }
    size_t global = gpu_global_size(count ? count : 1, 1, local_size ? local_size : 1);
    failed = failed || gpu_create_buffers(gpu->cl.context, (count ? count : 1) * 6 * sizeof(double),
                                          (count ? count : 1) * sizeof(rt_walk_result), &input, &output, err) ||
             gpu_set_arguments(kernel, input, output, count, err) || set_mesh_arguments(gpu, kernel, err);
    double start = timer_now_ms();
    failed = failed || (count > 0 && GPU_CHECK(err, "clEnqueueWriteBuffer",
                                               clEnqueueWriteBuffer(gpu->cl.queue, input, CL_TRUE, 0,
                                                                    count * 6 * sizeof(double), rays->rays, 0, NULL,
                                                                    NULL)));
    run->write_ms = timer_now_ms() - start;
    /* One untimed launch: drivers finish compiling at the first one. */
    failed = failed || launch(gpu, kernel, global, local_size, err);
    for (int r = 0; r < reps && !failed; ++r) {
        start = timer_now_ms();
        failed = launch(gpu, kernel, global, local_size, err);
        run->samples_ms[r] = timer_now_ms() - start;
    }
    start = timer_now_ms();
    failed = failed || (count > 0 && GPU_CHECK(err, "clEnqueueReadBuffer",
                                               clEnqueueReadBuffer(gpu->cl.queue, output, CL_TRUE, 0,
                                                                   count * sizeof(rt_walk_result), results, 0, NULL,
                                                                   NULL)));
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
        gpu_error_context(err, "walking %zu rays with GPU_%s on %s", count, algorithm->csv_name, gpu->cl.info->name);
    }
    gpu_release_buffers(&input, &output);
    if (kernel)
        clReleaseKernel(kernel);
    gpu_program_release(&program);
    return failed ? -1 : 0;
}

void walk_opencl_close(walk_opencl *gpu)
{
    if (!gpu)
        return;
    for (int b = 0; b < MESH_BUFFERS; ++b)
        if (gpu->mesh[b])
            clReleaseMemObject(gpu->mesh[b]);
    gpu_close(gpu->handler);
    free(gpu);
}
