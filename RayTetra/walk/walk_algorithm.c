/* walk_algorithm.c: the one function that resolves the walk algorithms' names
 * (walk_algorithm_find) and their list for TetWalk's help. The walks are the registry rows' walk
 * fields (registry_walk; walk_algorithms() is their view). A walk is the known-enter-face
 * version of its row's test, so a name the registry knows (any of its forms: canonical, CSV, any
 * case, gN) is resolved through the registry first; the walk-only rows, which name no variant,
 * and OpenCL builds the registry has no kernel for (walk kernels without a pairs' kernel) are
 * matched here, by the same grammar. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "walk/walk.h"

const walk_algorithm *walk_algorithm_find(const char *word, int *opencl)
{
    int gpu = strncasecmp(word, "gpu_", 4) == 0;
    const char *name = gpu ? word + 4 : word;
    const registry_variant *variant = registry_find(word);
    if (variant) {
        if (variant->precision != CPU_PRECISION_DOUBLE)
            return NULL; /* the walk runs in double precision only */
        gpu = variant->kind == REGISTRY_OPENCL;
        name = variant->algorithm->name;
    }
    int count;
    const walk_algorithm *all = walk_algorithms(&count);
    for (int i = 0; i < count; ++i) {
        const walk_algorithm *a = &all[i];
        if (strcasecmp(name, a->name) != 0 && strcasecmp(name, a->csv_name) != 0)
            continue;
        if (gpu && !a->has_kernel)
            return NULL;
        *opencl = gpu;
        return a;
    }
    return NULL;
}

void walk_algorithms_print(FILE *out)
{
    int count;
    const walk_algorithm *all = walk_algorithms(&count);
    for (int i = 0; i < count; ++i) {
        const walk_algorithm *a = &all[i];
        char gpu[32] = "-";
        if (a->has_kernel)
            snprintf(gpu, sizeof gpu, "GPU_%s", a->csv_name);
        fprintf(out, "    %-11s %-9s %-13s %s\n", a->name, a->csv_name, gpu, a->description);
    }
}
