/* registry.h: the one table of RayTetra's algorithms (docs/ALGORITHMS.md) and the one grammar of
 * their names, used by every program, script and test.
 *
 * The table has one row per algorithm, both precisions on the row: its names, description, CPU
 * entry points (double and float), OpenCL kernel and properties. Everything else is derived:
 *   variant             canonical name        CSV name
 *   CPU double          NAME (stp0)           CSV (STP0)
 *   CPU float           NAME + "f" (stp0f)    CSV + "F" (STP0F)
 *   OpenCL double       "gpu_" + NAME         "GPU_" + CSV (GPU_STP0)
 *   OpenCL float        "gpu_" + NAME + "f"   "GPU_" + CSV + "F" (GPU_STP0F)
 * A name is any of these in any case, a row's alias (moller = moller1), or gN for the OpenCL
 * build with the thesis' -g index N.
 *
 * The variants come in the order every program shows them (Bench's columns and lines, Accuracy's
 * table): the CPU doubles in row order, the CPU floats in row order, then the OpenCL builds by
 * their -g index (g0..g20: the thesis' 0-7, then later kernels), then those without one (doubles,
 * then floats, in row order).
 * A row may also have a mesh walk (TetWalk's, docs/TETWALK.md): its walk field. A walk-only row
 * (REGISTRY_WALK_ONLY: aman, maria, exact) has a walk and no pair variant, so it is in no list of
 * variants, names none and resolves through walk_algorithm_find (walk/walk.h) alone.
 * The cpu_algorithm, gpu_algorithm and walk_algorithm views the programs run are filled from the
 * rows once (thread-safe); they stay valid for the life of the program. registry_print.h prints
 * the pair variants. */
#ifndef RAYTETRA_REGISTRY_H
#define RAYTETRA_REGISTRY_H

#include <stdbool.h>

#include "cpu/algorithms.h"
#include "opencl/gpu_handler.h"

/* Properties of a row (--list-algorithms prints them as words). */
enum {
    REGISTRY_THESIS = 1 << 0,   /* "thesis": the thesis measured it (its double variants: the CSV's columns) */
    REGISTRY_BASELINE = 1 << 1, /* "baseline": a comparison algorithm (PT03's, the field's), not a Plücker or STP form */
    REGISTRY_EXACT = 1 << 2,    /* "exact": exact on degenerate input (faces as exact_classify) */
    REGISTRY_SIMD = 1 << 3,     /* "simd": vectorised across pairs */
    REGISTRY_PRECOMPUTED = 1 << 4, /* "precomputed": the tetrahedron's part (a table) computed before the timed region */
    REGISTRY_WALK_ONLY = 1 << 5,   /* a mesh walk only: no CPU entry point, no kernel, so no pair variant
                                      (and no line of --list-algorithms to print it on) */
};

/* The exact traversal's walk method (GMP throughout; CPU only, walk_exact.c), beside rt_walk.h's
 * RT_WALK_PLUECKER ... RT_WALK_AMAN, which leave 4 free for it. */
#define WALK_EXACT 4

/* The mesh walk of a row: the row's test with the face a ray enters by known, stepping from a
 * tetrahedron to its neighbour (kernels/shared/rt_walk.h). */
typedef struct registry_walk {
    int order;               /* the place in TetWalk's list of walks, from 1; 0: the row has no walk */
    const char *description; /* one line: what a step does */
    int method;              /* rt_walk.h's RT_WALK_PLUECKER ... RT_WALK_AMAN, or WALK_EXACT */
    int form;                /* 0, 1, 2 (the robust and exact walks: 0) */
    bool has_kernel;         /* an OpenCL build exists */
} registry_walk;

/* The OpenCL kernel of a row. The float build compiles the same file with -DRT_SINGLE added. */
typedef struct registry_kernel {
    const char *file;     /* in kernels/; NULL: no kernel */
    const char *function; /* the __kernel function */
    const char *options;  /* build options of the double build ("" for none; e.g. -DRT_FORM=1) */
    bool float_build;     /* a float build exists */
    int index[2];         /* the thesis' -g index of the double and of the float build; -1: none */
    gpu_finish finish;    /* host-side finishing after the read; NULL: none */
    const char *precompute; /* a precomputed form's table kernel in the same file (gpu_handler.h); NULL: none */
} registry_kernel;

/* One algorithm. */
typedef struct registry_algorithm {
    const char *name;        /* canonical, lower case, e.g. "stp0" */
    const char *alias;       /* another name, e.g. "moller" for moller1; NULL: none */
    const char *csv_name;    /* e.g. "STP0" */
    const char *description; /* one line */
    char flag;               /* RayTetra's thesis option choosing it ('s', 't', 'a', 'm'); 0: none */
    int flag_value;          /* the option's number (form or variant); -1 for an option without one */
    ray_tetra_algorithm run[2]; /* CPU, one pair, by cpu_precision; NULL: no such variant */
    ray_tetra_batch batch[2];   /* CPU, many pairs, by cpu_precision */
    ray_tetra_batch batch_streamed[2]; /* the same past the caches (the SIMD rows); NULL: none */
    registry_kernel kernel;
    unsigned properties;     /* REGISTRY_THESIS | ... */
    const cpu_precomputed *precomputed[2]; /* a precomputed form's parts, by cpu_precision; NULL: none */
    registry_walk walk;      /* its mesh walk; walk.order 0: none */
} registry_algorithm;

/* A walk algorithm as TetWalk runs it (walk/walk.h): the view of a row with a walk. */
typedef struct walk_algorithm {
    const char *name;        /* the row's: canonical, lower case: "stp1" */
    const char *csv_name;    /* the row's: "STP1"; the OpenCL build is "GPU_" + this */
    const char *description; /* the walk's one line */
    int method;              /* RT_WALK_PLUECKER ... RT_WALK_AMAN, or WALK_EXACT */
    int form;                /* 0, 1, 2 (the robust and exact walks: 0) */
    int has_kernel;          /* an OpenCL build exists */
    const registry_algorithm *row; /* its row */
} walk_algorithm;

typedef enum registry_kind { REGISTRY_CPU, REGISTRY_OPENCL } registry_kind;

/* One variant of a row: a kind and a precision. */
typedef struct registry_variant {
    const registry_algorithm *algorithm; /* its row */
    registry_kind kind;
    cpu_precision precision;
    const char *name;     /* canonical: "stp0f", "gpu_stp0" */
    const char *alias;    /* NULL: none */
    const char *csv_name; /* "STP0F", "GPU_STP0" */
    int index;            /* OpenCL: the thesis' -g index, -1 if none; CPU: -1 */
    const cpu_algorithm *cpu; /* the view of a CPU variant, else NULL */
    const gpu_algorithm *gpu; /* the view of an OpenCL variant, else NULL */
} registry_variant;

/* The rows, in the table's order. */
const registry_algorithm *registry_algorithms(int *count);

/* Every variant, in the order above. */
const registry_variant *registry_variants(int *count);

/* The variant `word` names (the grammar above); NULL if none. */
const registry_variant *registry_find(const char *word);

/* The variant of `algorithm` (a row) of that kind and precision; NULL if none. */
const registry_variant *registry_variant_of(const registry_algorithm *algorithm, registry_kind kind,
                                            cpu_precision precision);

/* The variant of the same row and kind in `precision` (itself if it is in it); NULL if none. */
const registry_variant *registry_in_precision(const registry_variant *variant, cpu_precision precision);

/* The variant a view (of cpu_algorithms() or gpu_algorithms()) belongs to. */
const registry_variant *registry_of_cpu(const cpu_algorithm *algorithm);
const registry_variant *registry_of_gpu(const gpu_algorithm *algorithm);

/* Whether a ray's or a segment's results of this variant are clipped exactly (a double variant
 * with exact signs: Common/extent.h's exact clip), not by the variant's own computed t. */
int registry_clips_exactly(const registry_variant *variant);

/* RayTetra's thesis options: the CPU double algorithm -FLAG VALUE chooses (-s 1: pluecker1), NULL
 * if none; the range of VALUE (returns how many rows have the option). */
const cpu_algorithm *registry_flag_algorithm(char flag, int value);
int registry_flag_range(char flag, int *low, int *high);

/* The largest thesis -g index; -1 if none. */
int registry_gpu_index_max(void);

/* The views: every CPU variant and every OpenCL variant, each in the order above. */
const cpu_algorithm *cpu_algorithms(int *count);
const gpu_algorithm *gpu_algorithms(int *count);

/* Every walk, in TetWalk's order (the rows' walk.order), the one list TetWalk takes its
 * algorithms from (walk_algorithm_find resolves their names, walk/walk.h). */
const walk_algorithm *walk_algorithms(int *count);

/* By name (registry_find); NULL if unknown or not of that kind. */
const cpu_algorithm *cpu_algorithm_find(const char *name);

/* The OpenCL build with the thesis' -g index `index`; NULL if none. */
const gpu_algorithm *gpu_algorithm_get(int index);

/* The variant of `algorithm` in `precision` (the algorithm itself if it is in it already); NULL
 * if it has none (stp0r and GPU_STP0R have no float variant). */
const cpu_algorithm *cpu_algorithm_in_precision(const cpu_algorithm *algorithm, cpu_precision precision);
const gpu_algorithm *gpu_algorithm_in_precision(const gpu_algorithm *algorithm, cpu_precision precision);

#endif
