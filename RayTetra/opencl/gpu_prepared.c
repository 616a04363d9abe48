/* gpu_prepared.c: a prepared kernel's records converted to results, and the host's finishing
 * (gpu_prepared.h). */
#include "opencl/gpu_prepared.h"

#include <stddef.h>

#include "extent.h"
#include "gpu_kernel.h"
#include "opencl/gpu_launch.h"
#include "opencl/gpu_layout.h"
#include "opencl/gpu_single.h"
#include "timer.h"

/* The kernels write records of a fixed layout. */
_Static_assert(sizeof(ray_tetra_result) == RT_RESULT_BYTES, "ray_tetra_result layout differs from rt_result.h");

void gpu_prepared_results(const gpu_prepared *p, const void *records, void *scratch, const ray_tetra_pair *pairs,
                          ray_tetra_result *results, size_t count, gpu_times *times)
{
    /* Host work, outside the read time: single-precision records widened, or the soa result
     * layout rearranged, into the double records of the level, then those converted. */
    int single = gpu_single_data(p->algorithm, &p->config);
    if (single) {
        gpu_single_records_widen(p->config.output, gpu_result_layout(&p->config), records, scratch, count);
        records = scratch;
    } else if (gpu_result_layout(&p->config) == GPU_LAYOUT_SOA) {
        gpu_layout_records_aos(p->config.output, records, scratch, count);
        records = scratch;
    }
    gpu_layout_results(p->config.output, records, results, count);
    if (single && p->config.extent != RT_EXTENT_LINE && p->config.output == GPU_OUTPUT_ALL)
        gpu_single_clipped_points(pairs, results, count);
    if (p->algorithm->finish) {
        /* Part of the read step: a flagged pair is not finished until the host has decided it. */
        double start = timer_now_ms();
        times->uncertain += p->algorithm->finish(p->config.output, records, pairs, results, count);
        double finish = timer_now_ms() - start;
        times->finish_ms += finish;
        times->read_ms += finish;
    }
    if (p->config.extent != RT_EXTENT_LINE && p->algorithm->robust) {
        /* The robust kernel's lines clipped exactly on the host (the double build; a float build
         * by its t, as its CPU twin): part of the finishing, so of the read step. */
        double start = timer_now_ms();
        int exact = p->algorithm->precision == CPU_PRECISION_DOUBLE;
        for (size_t i = 0; i < count; ++i) {
            extent_apply(&pairs[i], &results[i], p->config.extent, exact);
            /* A compact level keeps its own fields only, as a CPU run clipped and then packed. */
            if (p->config.output != GPU_OUTPUT_ALL)
                gpu_layout_level(p->config.output, &results[i], &results[i]);
        }
        double finish = timer_now_ms() - start;
        times->finish_ms += finish;
        times->read_ms += finish;
    }
}

int gpu_prepared_enqueue_tables(const gpu_prepared *prepared, cl_command_queue queue, cl_mem input, cl_mem tables,
                                size_t n, size_t global, cl_event *event, error_text *err)
{
    if (!prepared->algorithm->table_bytes)
        return 0;
    if (gpu_set_arguments(prepared->precompute, input, tables, n, err) ||
        GPU_CHECK(err, "clEnqueueNDRangeKernel",
                  clEnqueueNDRangeKernel(queue, prepared->precompute, 1, NULL, &global, &prepared->local_size, 0,
                                         NULL, event)))
        return -1;
    return gpu_set_tables_argument(prepared->kernel, tables, err);
}

int gpu_prepared_warm_up(const gpu_prepared *prepared, cl_command_queue queue, cl_mem input, cl_mem output,
                         cl_mem tables, size_t global, error_text *err)
{
    if (gpu_prepared_enqueue_tables(prepared, queue, input, tables, 0, global, NULL, err) ||
        gpu_set_arguments(prepared->kernel, input, output, 0, err) ||
        GPU_CHECK(err, "clEnqueueNDRangeKernel",
                  clEnqueueNDRangeKernel(queue, prepared->kernel, 1, NULL, &global, &prepared->local_size, 0, NULL,
                                         NULL)))
        return -1;
    return GPU_CHECK(err, "clFinish", clFinish(queue));
}
