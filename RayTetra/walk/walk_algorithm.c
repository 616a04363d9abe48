/* walk_algorithm.c: the walk algorithms and the one function that resolves their names
 * (walk_algorithm_find). A walk form is the known-enter-face version of a registry row of the
 * same name, so a name the registry knows (any of its forms: canonical, CSV, any case, gN) is
 * resolved through the registry first; the walk's own forms (the precomputed ones, the exact
 * traversal) and OpenCL builds the registry has no kernel for are matched here, by the same
 * grammar. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "walk/walk.h"
#include "registry/registry.h"

static const walk_algorithm WALK_ALGORITHMS[] = {
    {"pluecker0", "Segura0", "Plücker form 0: every other face tested, fresh products", RT_WALK_PLUECKER, 0, 1},
    {"pluecker1", "Segura1", "Plücker form 1: cached products, one face tested, then a shared edge", RT_WALK_PLUECKER,
     1, 1},
    {"pluecker2", "Segura2", "Plücker form 2: two edges at the far vertex decide", RT_WALK_PLUECKER, 2, 1},
    {"stp0", "STP0", "STP form 0 (pluecker0 with scalar triple products)", RT_WALK_STP, 0, 1},
    {"stp1", "STP1", "STP form 1 (pluecker1 with scalar triple products)", RT_WALK_STP, 1, 1},
    {"stp2", "STP2", "STP form 2 (pluecker2 with scalar triple products)", RT_WALK_STP, 2, 1},
    {"pluecker0p", "Segura0P", "form 0 on the mesh's precomputed edge Plücker coordinates", RT_WALK_PRECOMPUTED, 0, 1},
    {"pluecker1p", "Segura1P", "form 1 on the mesh's precomputed edge Plücker coordinates", RT_WALK_PRECOMPUTED, 1, 1},
    {"pluecker2p", "Segura2P", "form 2 on the mesh's precomputed edge Plücker coordinates", RT_WALK_PRECOMPUTED, 2, 1},
    {"aman", "Aman", "Aman et al.: vertices projected along the ray, 2D orientations; compact records", RT_WALK_AMAN,
     0, 1},
    {"badouelb", "BadouelB", "branch-free Badouel (Fang & Kaeli) on the mesh's plane table: the smallest leaving t",
     RT_WALK_BADOUELB, 0, 1},
    {"maria", "Maria", "Maria, Horna & Aveneau: the moment about the far vertex, two products a step", RT_WALK_MARIA,
     0, 1},
    {"stp0r", "STP0R", "robust: exact signs (a filter, then expansions) and the tie rule; never lost", RT_WALK_ROBUST, 0, 1},
    {"exact", "Exact", "exact traversal: GMP signs, the tie rule, exact t; the reference", WALK_EXACT, 0, 0},
};
#define WALK_ALGORITHM_COUNT ((int)(sizeof WALK_ALGORITHMS / sizeof WALK_ALGORITHMS[0]))

const walk_algorithm *walk_algorithms(int *count)
{
    *count = WALK_ALGORITHM_COUNT;
    return WALK_ALGORITHMS;
}

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
    for (int i = 0; i < WALK_ALGORITHM_COUNT; ++i) {
        const walk_algorithm *a = &WALK_ALGORITHMS[i];
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
    for (int i = 0; i < WALK_ALGORITHM_COUNT; ++i) {
        const walk_algorithm *a = &WALK_ALGORITHMS[i];
        char gpu[32] = "-";
        if (a->has_kernel)
            snprintf(gpu, sizeof gpu, "GPU_%s", a->csv_name);
        fprintf(out, "    %-11s %-9s %-13s %s\n", a->name, a->csv_name, gpu, a->description);
    }
}
