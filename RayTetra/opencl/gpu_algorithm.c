/* gpu_algorithm.c: the bytes an algorithm's OpenCL variant moves per pair (gpu_algorithm.h). */
#include "opencl/gpu_algorithm.h"

int gpu_single_data(const gpu_algorithm *algorithm, const gpu_config *config)
{
    return algorithm->precision == CPU_PRECISION_FLOAT && config->float_data == GPU_FLOAT_DATA_SINGLE;
}

void gpu_algorithm_pair_bytes(const gpu_algorithm *algorithm, const gpu_config *config, size_t *read,
                              size_t *written)
{
    gpu_pair_bytes(config, gpu_single_data(algorithm, config), read, written);
}

void gpu_kernel_pair_bytes(const gpu_algorithm *algorithm, const gpu_config *config, size_t *read, size_t *written)
{
    gpu_algorithm_pair_bytes(algorithm, config, read, written);
    *read += algorithm->table_bytes;
}

int gpu_records_need_scratch(const gpu_algorithm *algorithm, const gpu_config *config)
{
    return gpu_result_layout(config) == GPU_LAYOUT_SOA || gpu_single_data(algorithm, config);
}
