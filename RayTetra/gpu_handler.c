/* PLACEHOLDER until the OpenCL module lands */
#include "gpu_handler.h"
static const gpu_algorithm GPU_ALGORITHMS[] = {
    {0, "pluecker0", "GPU_Segura0", "RayTetraSegura0.cl", "ray_tetra_segura0"},
    {1, "stp0", "GPU_STP0", "RayTetraSTP0.cl", "ray_tetra_stp0"},
    {2, "stp1", "GPU_STP1", "RayTetraSTP1.cl", "ray_tetra_stp1"},
    {3, "stp2", "GPU_STP2", "RayTetraSTP2.cl", "ray_tetra_stp2"},
};
const gpu_algorithm *gpu_algorithms(int *count) { *count = 4; return GPU_ALGORITHMS; }
const gpu_algorithm *gpu_algorithm_get(int index) { return index >= 0 && index < 4 ? &GPU_ALGORITHMS[index] : NULL; }
int gpu_list_devices(FILE *out, error_text *err) { (void)out; return error_set(err, "OpenCL not built"); }
int gpu_open(gpu_handler **h, int index, error_text *err) { (void)index; *h = NULL; return error_set(err, "OpenCL not built"); }
const char *gpu_device_description(const gpu_handler *h) { (void)h; return ""; }
int gpu_prepare(gpu_handler *h, const gpu_algorithm *a, size_t l, error_text *err) { (void)h; (void)a; (void)l; return error_set(err, "OpenCL not built"); }
int gpu_run(gpu_handler *h, const pair_set *s, ray_tetra_result *r, int reps, gpu_times *t, error_text *err) { (void)h; (void)s; (void)r; (void)reps; (void)t; return error_set(err, "OpenCL not built"); }
void gpu_close(gpu_handler *h) { (void)h; }
