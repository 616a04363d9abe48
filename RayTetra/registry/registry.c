/* registry.c: the table of algorithms (one row each; registry.h says what is derived from a
 * row), the views the programs run and the name grammar (registry_print.c prints them). Adding
 * an algorithm: docs/ARCHITECTURE.md, "Adding an algorithm". */
#include "registry/registry.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "rt_walk.h"

/* The entry points the rows name: both precisions from one source (algorithms_pt.c and
 * algorithms_baseline.c, compiled twice; algorithms_simd.c and algorithms_simd_float.c), or
 * double only (algorithms_robust.c, which also holds the robust kernel's finishing). */
#define DECLARE_BOTH(name)                                                                                            \
    RAY_TETRA_DECLARE(name);                                                                                          \
    RAY_TETRA_DECLARE(name##f)
DECLARE_BOTH(haines);
DECLARE_BOTH(moller1);
DECLARE_BOTH(moller2);
DECLARE_BOTH(moller3);
DECLARE_BOTH(pluecker0);
DECLARE_BOTH(pluecker1);
DECLARE_BOTH(pluecker2);
DECLARE_BOTH(stp0);
DECLARE_BOTH(stp1);
DECLARE_BOTH(stp2);
#define DECLARE_SIMD(name)                                                                                            \
    DECLARE_BOTH(name);                                                                                               \
    RAY_TETRA_BATCH(name##_streamed);                                                                                 \
    RAY_TETRA_BATCH(name##f_streamed)
DECLARE_SIMD(pluecker0v);
DECLARE_SIMD(stp0v);
RAY_TETRA_DECLARE(stp0r);
#define DECLARE_PRECOMPUTED(name)                                                                                     \
    DECLARE_BOTH(name);                                                                                               \
    extern const cpu_precomputed name##_precomputed, name##f_precomputed
DECLARE_PRECOMPUTED(pluecker0p);
DECLARE_PRECOMPUTED(pluecker1p);
DECLARE_PRECOMPUTED(pluecker2p);
DECLARE_PRECOMPUTED(stp0p);
DECLARE_PRECOMPUTED(stp1p);
DECLARE_PRECOMPUTED(stp2p);
DECLARE_BOTH(badouel);
DECLARE_BOTH(havel);
DECLARE_PRECOMPUTED(badouelb);
DECLARE_PRECOMPUTED(badouelbv);
size_t stp0r_finish(gpu_output output, const void *records, const ray_tetra_pair *pairs, ray_tetra_result *results,
                    size_t count);

/* A row's CPU entry points: double and float, or double only. */
#define CPU_BOTH(name) .run = {name, name##f}, .batch = {name##_batch, name##f_batch}
#define CPU_SIMD(name) CPU_BOTH(name), .batch_streamed = {name##_streamed_batch, name##f_streamed_batch}
#define CPU_DOUBLE(name) .run = {name, NULL}, .batch = {name##_batch, NULL}
#define CPU_PRECOMPUTED(name) CPU_BOTH(name), .precomputed = {&name##_precomputed, &name##f_precomputed}
/* A row's mesh walk (registry_walk): its place in TetWalk's list, its line, rt_walk.h's method
 * and form, with an OpenCL build (the exact walk, CPU only, is a walk-only row). */
#define WALK(order, line, method, form) {order, line, method, form, true}
#define NO_WALK {0, NULL, 0, 0, false}

/* The row of form `base`'s precomputed variant (name and CSV name + "p"/"P"); TABLE says what is
 * computed before the timed region. Its kernels are RayTetraPrecomputed.cl's, built with OPTIONS
 * (-DRT_STP, -DRT_FORM), the tables filled on the device (docs/ALGORITHMS.md says why there);
 * -g INDEX for the double build, INDEX + 6 for the float one (after the robust kernel's 8).
 * WALK_OF: its mesh walk (WALK(...)) or NO_WALK. */
#define PRECOMPUTED_ROW(base, csv, form, table, options, index, walk_of)                                          \
    {.name = #base "p", .csv_name = csv "P", .description = form " precomputed: " table,                          \
     CPU_PRECOMPUTED(base##p), .properties = REGISTRY_PRECOMPUTED,                                                \
     .kernel = {"RayTetraPrecomputed.cl", "ray_tetra_precomputed", options, true, {index, (index) + 6}, NULL,     \
                "ray_tetra_precompute"},                                                                          \
     .walk = walk_of}
#define PRECOMPUTED_WALK(order, form)                                                                             \
    WALK(order, "form " #form " on the mesh's precomputed edge Plücker coordinates", RT_WALK_PRECOMPUTED, form)

/* A row that is a mesh walk only (REGISTRY_WALK_ONLY): no pair variant; its description is the
 * walk's. */
#define WALK_ONLY_ROW(row_name, csv, order, line, method, has_kernel)                                             \
    {.name = row_name, .csv_name = csv, .description = line, .properties = REGISTRY_WALK_ONLY,                    \
     .walk = {order, line, method, 0, has_kernel}}
#define PLUECKER_TABLE "the edges' Pluecker coordinates before the timed region"
#define STP_TABLE "(Vj - P) x (Vi - P) before the timed region, L . c per edge"

/* A field test's kernel: RayTetraField.cl built for test `field` (1 Badouel, 2 Havel-Herout),
 * its function named `function`. */
#define FIELD_KERNEL(function, field)                                                                     \
    "RayTetraField.cl", #function, "-DRT_FIELD=" #field " -DRT_KERNEL_NAME=" #function

/* A form's kernel: RayTetraForm.cl built for Plücker (stp 0) or STP (stp 1) form `form`, its
 * function named `function` (the file, the function and the build options of a row). */
#define FORM_KERNEL(function, stp, form)                                                                  \
    "RayTetraForm.cl", #function, "-DRT_STP=" #stp " -DRT_FORM=" #form " -DRT_KERNEL_NAME=" #function

/* The rows. Their order is the order of the variants (registry.h): the thesis' ten first, as in
 * its CSV header (docs/SPECIFICATION.md section 5), then the later ones. A new row goes last.
 * A walk's place in TetWalk's list is its own number (walk.order), not the row's place: TetWalk
 * lists, runs (`--algorithm all`) and reports its walks in that order, which its summaries and
 * JSON keep, and it differs from the rows' (stp0r after the field's walks, the walk-only rows
 * among the others). A number on the row keeps everything about a walk on its row; a list of
 * names would be a second table. A new walk takes the next number. */
static const registry_algorithm ROWS[] = {
    {.name = "haines", .csv_name = "Haines", .description = "Haines: the line against the four face planes",
     .flag = 'a', .flag_value = -1, CPU_BOTH(haines), .properties = REGISTRY_THESIS | REGISTRY_BASELINE},
    {.name = "moller1", .alias = "moller", .csv_name = "Moller1",
     .description = "Moller-Trumbore on each face, 1/det first", .flag = 'm', .flag_value = 1, CPU_BOTH(moller1),
     .properties = REGISTRY_THESIS | REGISTRY_BASELINE},
    {.name = "moller2", .csv_name = "Moller2", .description = "Moller-Trumbore on each face, division only on a hit",
     .flag = 'm', .flag_value = 2, CPU_BOTH(moller2), .properties = REGISTRY_THESIS | REGISTRY_BASELINE},
    {.name = "moller3", .csv_name = "Moller3", .description = "Moller2, stopping once both faces are found",
     .flag = 'm', .flag_value = 3, CPU_BOTH(moller3), .properties = REGISTRY_THESIS | REGISTRY_BASELINE},
    {.name = "pluecker0", .csv_name = "Segura0", .description = "Pluecker form 0: thesis Algorithm 1", .flag = 's',
     .flag_value = 0, CPU_BOTH(pluecker0),
     .kernel = {FORM_KERNEL(ray_tetra_segura0, 0, 0), true, {0, 4}, NULL, NULL},
     .properties = REGISTRY_THESIS,
     .walk = WALK(1, "Plücker form 0: every other face tested, fresh products", RT_WALK_PLUECKER, 0)},
    {.name = "pluecker1", .csv_name = "Segura1", .description = "Pluecker form 1: PT03 sections 3.1-3.2 optimisations",
     .flag = 's', .flag_value = 1, CPU_BOTH(pluecker1), .properties = REGISTRY_THESIS,
     .walk = WALK(2, "Plücker form 1: cached products, one face tested, then a shared edge", RT_WALK_PLUECKER, 1)},
    {.name = "pluecker2", .csv_name = "Segura2",
     .description = "Pluecker form 2: form 1 plus the geometric optimisation", .flag = 's', .flag_value = 2,
     CPU_BOTH(pluecker2), .properties = REGISTRY_THESIS,
     .walk = WALK(3, "Plücker form 2: two edges at the far vertex decide", RT_WALK_PLUECKER, 2)},
    {.name = "stp0", .csv_name = "STP0", .description = "scalar triple product form 0", .flag = 't', .flag_value = 0,
     CPU_BOTH(stp0), .kernel = {FORM_KERNEL(ray_tetra_stp0, 1, 0), true, {1, 5}, NULL, NULL},
     .properties = REGISTRY_THESIS, .walk = WALK(4, "STP form 0 (pluecker0 with scalar triple products)", RT_WALK_STP, 0)},
    {.name = "stp1", .csv_name = "STP1", .description = "scalar triple product form 1", .flag = 't', .flag_value = 1,
     CPU_BOTH(stp1), .kernel = {FORM_KERNEL(ray_tetra_stp1, 1, 1), true, {2, 6}, NULL, NULL},
     .properties = REGISTRY_THESIS, .walk = WALK(5, "STP form 1 (pluecker1 with scalar triple products)", RT_WALK_STP, 1)},
    {.name = "stp2", .csv_name = "STP2", .description = "scalar triple product form 2", .flag = 't', .flag_value = 2,
     CPU_BOTH(stp2), .kernel = {FORM_KERNEL(ray_tetra_stp2, 1, 2), true, {3, 7}, NULL, NULL},
     .properties = REGISTRY_THESIS, .walk = WALK(6, "STP form 2 (pluecker2 with scalar triple products)", RT_WALK_STP, 2)},
    {.name = "stp0r", .csv_name = "STP0R", .description = "STP form 0 with exact signs (error filter, GMP fallback)",
     CPU_DOUBLE(stp0r), .kernel = {"RayTetraSTP0R.cl", "ray_tetra_stp0r", "", false, {8, -1}, stp0r_finish, NULL},
     .properties = REGISTRY_EXACT,
     .walk = WALK(13, "robust: exact signs (a filter, then expansions) and the tie rule; never lost", RT_WALK_ROBUST, 0)},
    {.name = "pluecker0v", .csv_name = "Segura0V",
     .description = "Pluecker form 0, branch-free, vectorised across pairs (SIMD)", CPU_SIMD(pluecker0v),
     .properties = REGISTRY_SIMD},
    {.name = "stp0v", .csv_name = "STP0V", .description = "STP form 0, branch-free, vectorised across pairs (SIMD)",
     CPU_SIMD(stp0v), .properties = REGISTRY_SIMD},
    PRECOMPUTED_ROW(pluecker0, "Segura0", "Pluecker form 0", PLUECKER_TABLE, "-DRT_STP=0 -DRT_FORM=0", 9,
                    PRECOMPUTED_WALK(7, 0)),
    PRECOMPUTED_ROW(pluecker1, "Segura1", "Pluecker form 1", PLUECKER_TABLE, "-DRT_STP=0 -DRT_FORM=1", 10,
                    PRECOMPUTED_WALK(8, 1)),
    PRECOMPUTED_ROW(pluecker2, "Segura2", "Pluecker form 2", PLUECKER_TABLE, "-DRT_STP=0 -DRT_FORM=2", 11,
                    PRECOMPUTED_WALK(9, 2)),
    PRECOMPUTED_ROW(stp0, "STP0", "STP form 0", STP_TABLE, "-DRT_STP=1 -DRT_FORM=0", 12, NO_WALK),
    PRECOMPUTED_ROW(stp1, "STP1", "STP form 1", STP_TABLE, "-DRT_STP=1 -DRT_FORM=1", 13, NO_WALK),
    PRECOMPUTED_ROW(stp2, "STP2", "STP form 2", STP_TABLE, "-DRT_STP=1 -DRT_FORM=2", 14, NO_WALK),
    {.name = "badouel", .csv_name = "Badouel",
     .description = "Badouel (Graphics Gems 1990) on each face: the plane's t, barycentrics in the dominant projection",
     CPU_BOTH(badouel), .kernel = {FIELD_KERNEL(ray_tetra_badouel, 1), true, {-1, -1}, NULL, NULL},
     .properties = REGISTRY_BASELINE},
    {.name = "havel", .csv_name = "Havel",
     .description = "Havel-Herout (TVCG 2010) on each face: plane and two edge planes, made per test",
     CPU_BOTH(havel), .kernel = {FIELD_KERNEL(ray_tetra_havel, 2), true, {-1, -1}, NULL, NULL},
     .properties = REGISTRY_BASELINE},
    {.name = "badouelb", .csv_name = "BadouelB",
     .description = "branch-free Badouel (Fang-Kaeli 2012): the four face planes before the timed region",
     CPU_PRECOMPUTED(badouelb),
     .kernel = {"RayTetraBadouelB.cl", "ray_tetra_badouelb", "", true, {-1, -1}, NULL, "ray_tetra_badouelb_tables"},
     .properties = REGISTRY_BASELINE | REGISTRY_PRECOMPUTED,
     .walk = WALK(11, "branch-free Badouel (Fang & Kaeli) on the mesh's plane table: the smallest leaving t",
                  RT_WALK_BADOUELB, 0)},
    {.name = "badouelbv", .csv_name = "BadouelBV",
     .description = "branch-free Badouel on its plane table, vectorised across pairs (SIMD)", CPU_PRECOMPUTED(badouelbv),
     .properties = REGISTRY_BASELINE | REGISTRY_SIMD | REGISTRY_PRECOMPUTED},
    WALK_ONLY_ROW("aman", "Aman", 10,
                  "Aman et al.: vertices projected along the ray, 2D orientations; compact records", RT_WALK_AMAN, true),
    WALK_ONLY_ROW("maria", "Maria", 12,
                  "Maria, Horna & Aveneau: the moment about the far vertex, two products a step", RT_WALK_MARIA, true),
    WALK_ONLY_ROW("exact", "Exact", 14, "exact traversal: GMP signs, the tie rule, exact t; the reference", WALK_EXACT,
                  false),
};
#define ROW_COUNT ((int)(sizeof ROWS / sizeof ROWS[0]))

/* ---------------------------------------------------------------- views, filled once */

enum { NAME_SIZE = 48, OPTIONS_SIZE = 160 };

/* The derived text of one variant. */
typedef struct variant_text {
    char name[NAME_SIZE], alias[NAME_SIZE], csv_name[NAME_SIZE];
    char twin[NAME_SIZE];         /* gpu_algorithm.name: the CPU variant a kernel matches */
    char options[OPTIONS_SIZE];   /* gpu_algorithm.build_options */
} variant_text;

static struct {
    cpu_algorithm cpu[2 * ROW_COUNT];
    gpu_algorithm gpu[2 * ROW_COUNT];
    registry_variant variants[4 * ROW_COUNT]; /* the CPU views' variants, then the OpenCL views' */
    variant_text text[4 * ROW_COUNT];
    walk_algorithm walks[ROW_COUNT];
    int cpu_count, gpu_count, variant_count, walk_count;
} views;

static pthread_once_t views_once = PTHREAD_ONCE_INIT;

static const char *PRECISION_SUFFIX[2] = {"", "f"};
static const char *CSV_PRECISION_SUFFIX[2] = {"", "F"};

/* The next variant of `row`, with its names (registry.h's derivation rules). */
static registry_variant *add_variant(const registry_algorithm *row, registry_kind kind, cpu_precision precision)
{
    int i = views.variant_count++;
    registry_variant *v = &views.variants[i];
    variant_text *t = &views.text[i];
    const char *prefix = kind == REGISTRY_OPENCL ? "gpu_" : "", *csv_prefix = kind == REGISTRY_OPENCL ? "GPU_" : "";
    snprintf(t->name, sizeof t->name, "%s%s%s", prefix, row->name, PRECISION_SUFFIX[precision]);
    if (row->alias)
        snprintf(t->alias, sizeof t->alias, "%s%s%s", prefix, row->alias, PRECISION_SUFFIX[precision]);
    snprintf(t->csv_name, sizeof t->csv_name, "%s%s%s", csv_prefix, row->csv_name, CSV_PRECISION_SUFFIX[precision]);
    snprintf(t->twin, sizeof t->twin, "%s%s", row->name, PRECISION_SUFFIX[precision]);
    *v = (registry_variant){row, kind, precision, t->name, row->alias ? t->alias : NULL, t->csv_name, -1, NULL, NULL};
    return v;
}

static void add_cpu(const registry_algorithm *row, cpu_precision precision)
{
    registry_variant *v = add_variant(row, REGISTRY_CPU, precision);
    cpu_algorithm *c = &views.cpu[views.cpu_count++];
    *c = (cpu_algorithm){.name = v->name,
                         .csv_name = v->csv_name,
                         .description = row->description,
                         .run = row->run[precision],
                         .batch = row->batch[precision],
                         .batch_streamed = row->batch_streamed[precision],
                         .precision = precision,
                         .double_name = row->name,
                         .precomputed = row->precomputed[precision]};
    v->cpu = c;
}

static void add_gpu(const registry_algorithm *row, cpu_precision precision)
{
    registry_variant *v = add_variant(row, REGISTRY_OPENCL, precision);
    variant_text *t = &views.text[v - views.variants];
    const char *own = row->kernel.options ? row->kernel.options : "";
    if (precision == CPU_PRECISION_FLOAT)
        snprintf(t->options, sizeof t->options, "%s%s-DRT_SINGLE", own, own[0] ? " " : "");
    else
        snprintf(t->options, sizeof t->options, "%s", own);
    v->index = row->kernel.index[precision];
    gpu_algorithm *g = &views.gpu[views.gpu_count++];
    *g = (gpu_algorithm){v->index,
                         t->twin,
                         v->csv_name,
                         row->kernel.file,
                         row->kernel.function,
                         precision,
                         t->options,
                         row->name,
                         row->kernel.finish != NULL,
                         row->kernel.finish,
                         row->kernel.precompute,
                         /* the device's tables are the CPU's, of the build's precision */
                         row->kernel.precompute ? row->precomputed[precision]->table_bytes : 0};
    v->gpu = g;
}

static int has_build(const registry_algorithm *row, cpu_precision precision)
{
    return row->kernel.file && (precision == CPU_PRECISION_DOUBLE || row->kernel.float_build);
}

/* Where an OpenCL build goes: by thesis index, those without one after them. */
static int gpu_order(const registry_algorithm *row, cpu_precision precision)
{
    return row->kernel.index[precision] >= 0 ? row->kernel.index[precision] : INT_MAX;
}

static void add_walk(const registry_algorithm *row)
{
    const registry_walk *w = &row->walk;
    views.walks[views.walk_count++] =
        (walk_algorithm){row->name, row->csv_name, w->description, w->method, w->form, w->has_kernel, row};
}

/* TetWalk's view: the rows with a walk, by walk.order (a row per number; test_registry checks
 * that the numbers run 1, 2, ... without a gap or a repeat). */
static void fill_walks(void)
{
    for (int order = 1; order <= ROW_COUNT; ++order)
        for (int r = 0; r < ROW_COUNT; ++r)
            if (ROWS[r].walk.order == order)
                add_walk(&ROWS[r]);
}

static void fill_views(void)
{
    fill_walks();
    for (int p = CPU_PRECISION_DOUBLE; p <= CPU_PRECISION_FLOAT; ++p)
        for (int r = 0; r < ROW_COUNT; ++r)
            if (ROWS[r].run[p])
                add_cpu(&ROWS[r], (cpu_precision)p);
    /* The OpenCL builds, doubles then floats in row order, stably sorted by gpu_order. */
    struct build {
        const registry_algorithm *row;
        cpu_precision precision;
    } builds[2 * ROW_COUNT];
    int count = 0;
    for (int p = CPU_PRECISION_DOUBLE; p <= CPU_PRECISION_FLOAT; ++p)
        for (int r = 0; r < ROW_COUNT; ++r)
            if (has_build(&ROWS[r], (cpu_precision)p)) {
                struct build b = {&ROWS[r], (cpu_precision)p};
                int at = count++;
                while (at > 0 && gpu_order(builds[at - 1].row, builds[at - 1].precision) > gpu_order(b.row, b.precision)) {
                    builds[at] = builds[at - 1];
                    --at;
                }
                builds[at] = b;
            }
    for (int i = 0; i < count; ++i)
        add_gpu(builds[i].row, builds[i].precision);
}

static void ensure_views(void) { pthread_once(&views_once, fill_views); }

const registry_algorithm *registry_algorithms(int *count)
{
    *count = ROW_COUNT;
    return ROWS;
}

/* The views, filled on first use by any thread. */
#define VIEW_ACCESSOR(TYPE, NAME, LIST, COUNT)                                                                   \
    const TYPE *NAME(int *count)                                                                                  \
    {                                                                                                             \
        ensure_views();                                                                                           \
        *count = views.COUNT;                                                                                     \
        return views.LIST;                                                                                        \
    }

VIEW_ACCESSOR(registry_variant, registry_variants, variants, variant_count)
VIEW_ACCESSOR(cpu_algorithm, cpu_algorithms, cpu, cpu_count)
VIEW_ACCESSOR(gpu_algorithm, gpu_algorithms, gpu, gpu_count)
VIEW_ACCESSOR(walk_algorithm, walk_algorithms, walks, walk_count)

const registry_variant *registry_of_cpu(const cpu_algorithm *algorithm)
{
    ensure_views();
    return &views.variants[algorithm - views.cpu];
}

const registry_variant *registry_of_gpu(const gpu_algorithm *algorithm)
{
    ensure_views();
    return &views.variants[views.cpu_count + (algorithm - views.gpu)];
}

int registry_clips_exactly(const registry_variant *variant)
{
    return variant->precision == CPU_PRECISION_DOUBLE && (variant->algorithm->properties & REGISTRY_EXACT) != 0;
}

/* ---------------------------------------------------------------- names */

const gpu_algorithm *gpu_algorithm_get(int index)
{
    ensure_views();
    for (int i = 0; i < views.gpu_count && index >= 0; ++i)
        if (views.gpu[i].index == index)
            return &views.gpu[i];
    return NULL;
}

/* gN: the build with thesis index N (decimal digits, no sign, no leading zero). */
static const registry_variant *find_index(const char *word)
{
    if ((word[0] != 'g' && word[0] != 'G') || word[1] < '0' || word[1] > '9' || (word[1] == '0' && word[2]))
        return NULL;
    long index = 0;
    for (const char *c = word + 1; *c; ++c) {
        if (*c < '0' || *c > '9' || index > INT_MAX / 10)
            return NULL;
        index = index * 10 + (*c - '0');
    }
    const gpu_algorithm *g = index <= INT_MAX ? gpu_algorithm_get((int)index) : NULL;
    return g ? registry_of_gpu(g) : NULL;
}

const registry_variant *registry_find(const char *word)
{
    ensure_views();
    const registry_variant *by_index = find_index(word);
    if (by_index)
        return by_index;
    for (int i = 0; i < views.variant_count; ++i) {
        const registry_variant *v = &views.variants[i];
        if (strcasecmp(word, v->name) == 0 || strcasecmp(word, v->csv_name) == 0 ||
            (v->alias && strcasecmp(word, v->alias) == 0))
            return v;
    }
    return NULL;
}

const registry_variant *registry_variant_of(const registry_algorithm *algorithm, registry_kind kind,
                                            cpu_precision precision)
{
    ensure_views();
    for (int i = 0; i < views.variant_count; ++i) {
        const registry_variant *v = &views.variants[i];
        if (v->algorithm == algorithm && v->kind == kind && v->precision == precision)
            return v;
    }
    return NULL;
}

const registry_variant *registry_in_precision(const registry_variant *variant, cpu_precision precision)
{
    return registry_variant_of(variant->algorithm, variant->kind, precision);
}

const cpu_algorithm *cpu_algorithm_find(const char *name)
{
    const registry_variant *v = registry_find(name);
    return v ? v->cpu : NULL;
}

const cpu_algorithm *cpu_algorithm_in_precision(const cpu_algorithm *algorithm, cpu_precision precision)
{
    const registry_variant *v = registry_in_precision(registry_of_cpu(algorithm), precision);
    return v ? v->cpu : NULL;
}

const gpu_algorithm *gpu_algorithm_in_precision(const gpu_algorithm *algorithm, cpu_precision precision)
{
    const registry_variant *v = registry_in_precision(registry_of_gpu(algorithm), precision);
    return v ? v->gpu : NULL;
}

/* ---------------------------------------------------------------- RayTetra's thesis options */

const cpu_algorithm *registry_flag_algorithm(char flag, int value)
{
    ensure_views();
    for (int i = 0; i < views.cpu_count; ++i) {
        const registry_variant *v = &views.variants[i];
        if (v->precision == CPU_PRECISION_DOUBLE && v->algorithm->flag == flag && v->algorithm->flag_value == value)
            return v->cpu;
    }
    return NULL;
}

int registry_flag_range(char flag, int *low, int *high)
{
    int count = 0;
    for (int r = 0; r < ROW_COUNT; ++r) {
        if (ROWS[r].flag != flag)
            continue;
        if (count == 0 || ROWS[r].flag_value < *low)
            *low = ROWS[r].flag_value;
        if (count == 0 || ROWS[r].flag_value > *high)
            *high = ROWS[r].flag_value;
        ++count;
    }
    return count;
}

int registry_gpu_index_max(void)
{
    ensure_views();
    int max = -1;
    for (int i = 0; i < views.gpu_count; ++i)
        if (views.gpu[i].index > max)
            max = views.gpu[i].index;
    return max;
}
