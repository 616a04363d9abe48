/* test_registry: the table of algorithms and its grammar (RayTetra/registry/registry.h). Every variant a
 * row declares exists, with entry points that compute the same results one pair at a time and in
 * a batch, and a kernel file that holds its function; the names are derived by the rules and
 * unique in any case; every name form resolves (canonical, alias, CSV, any case, gN) and unknown
 * names fail; the order is the one every program shows; RayTetra's thesis options find their
 * rows; --list-algorithms has one line per variant; every walk is a row's walk field, in TetWalk's
 * order, and a walk-only row gives no pair variant. Needs no OpenCL device. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "check.h"
#include "cpu/algorithms_robust.h"
#include "fixtures.h"
#include "generator/generator.h"
#include "opencl/gpu_source.h"
#include "registry/registry.h"
#include "registry/registry_print.h"
#include "walk/walk.h"

/* `name` in upper case, and with its case alternating. */
static void recase(const char *name, char *upper, char *mixed, size_t size)
{
    size_t i = 0;
    for (; name[i] && i + 1 < size; ++i) {
        upper[i] = (char)toupper((unsigned char)name[i]);
        mixed[i] = (char)(i % 2 ? toupper((unsigned char)name[i]) : tolower((unsigned char)name[i]));
    }
    upper[i] = mixed[i] = '\0';
}

/* Every spelling of every name of every variant finds that variant. */
static void test_names_resolve(void)
{
    int count;
    const registry_variant *all = registry_variants(&count);
    CHECK(count > 0, "no variant");
    for (int i = 0; i < count; ++i) {
        const registry_variant *v = &all[i];
        const char *names[3] = {v->name, v->csv_name, v->alias};
        for (int n = 0; n < 3; ++n) {
            if (!names[n])
                continue;
            char upper[64], mixed[64];
            recase(names[n], upper, mixed, sizeof upper);
            CHECK(registry_find(names[n]) == v && registry_find(upper) == v && registry_find(mixed) == v,
                  "%s (%s, %s) does not name %s", names[n], upper, mixed, v->name);
        }
        if (v->index >= 0) {
            char word[16];
            snprintf(word, sizeof word, "g%d", v->index);
            CHECK(registry_find(word) == v, "%s does not name %s", word, v->csv_name);
            snprintf(word, sizeof word, "G%d", v->index);
            CHECK(registry_find(word) == v, "%s does not name %s", word, v->csv_name);
            CHECK(gpu_algorithm_get(v->index) == v->gpu, "gpu_algorithm_get(%d)", v->index);
        }
        CHECK(!v->cpu || cpu_algorithm_find(v->name) == v->cpu, "cpu_algorithm_find(%s)", v->name);
        CHECK(v->cpu || cpu_algorithm_find(v->name) == NULL, "cpu_algorithm_find(%s) finds an OpenCL variant",
              v->name);
    }
    CHECK(registry_find("moller") == registry_find("moller1") && registry_find("MollerF") == registry_find("moller1f"),
          "moller is moller1");
    CHECK(registry_find("GPU_STP1") && registry_find("GPU_STP1") == registry_find("g2"), "GPU_STP1 is g2");
}

static void test_unknown_names(void)
{
    static const char *const UNKNOWN[] = {"",      "nope",      "g",    "g-1",     "g01",   "g99",
                                          "g1x",   "gpu:stp0",  "stp",  "stp0 ",   " stp0", "stp0rf",
                                          "STP0RF", "gpu_haines", "GPU_Moller1", "gpu_", "99999999999999999999",
                                          "g99999999999999999999"};
    for (size_t i = 0; i < sizeof UNKNOWN / sizeof UNKNOWN[0]; ++i)
        CHECK(registry_find(UNKNOWN[i]) == NULL, "'%s' names %s", UNKNOWN[i], registry_find(UNKNOWN[i])->name);
}

/* No two variants share a name in any case: canonical, alias or CSV, across all three. */
static void test_names_unique(void)
{
    int count;
    const registry_variant *all = registry_variants(&count);
    for (int i = 0; i < count; ++i) {
        const char *a[3] = {all[i].name, all[i].csv_name, all[i].alias}, *shared = NULL;
        for (int j = 0; j < count; ++j) {
            const char *b[3] = {all[j].name, all[j].csv_name, all[j].alias};
            for (int x = 0; x < 3 && j != i; ++x)
                for (int y = 0; y < 3; ++y)
                    if (a[x] && b[y] && strcasecmp(a[x], b[y]) == 0)
                        shared = a[x];
        }
        CHECK(shared == NULL, "%s shares the name %s with another variant", all[i].name, shared);
    }
}

/* The derived names of a row's variants (registry.h's table). */
static void test_derived_names(void)
{
    int count;
    const registry_variant *all = registry_variants(&count);
    for (int i = 0; i < count; ++i) {
        const registry_variant *v = &all[i];
        const registry_algorithm *row = v->algorithm;
        int opencl = v->kind == REGISTRY_OPENCL, single = v->precision == CPU_PRECISION_FLOAT;
        char name[64], csv[64];
        snprintf(name, sizeof name, "%s%s%s", opencl ? "gpu_" : "", row->name, single ? "f" : "");
        snprintf(csv, sizeof csv, "%s%s%s", opencl ? "GPU_" : "", row->csv_name, single ? "F" : "");
        CHECK(strcmp(v->name, name) == 0 && strcmp(v->csv_name, csv) == 0, "%s / %s, expected %s / %s", v->name,
              v->csv_name, name, csv);
        const char *view_csv = v->cpu ? v->cpu->csv_name : v->gpu->csv_name;
        CHECK(strcmp(view_csv, csv) == 0, "%s: the view's CSV name is %s", v->name, view_csv);
    }
}

/* The reals of a hit's record, bit for bit. */
static int same_reals(const ray_tetra_result *a, const ray_tetra_result *b)
{
    const double x[10] = {a->enter_point.x, a->enter_point.y, a->enter_point.z, a->leave_point.x, a->leave_point.y,
                          a->leave_point.z, a->u_enter1,      a->u_enter2,      a->u_leave1,      a->u_leave2};
    const double y[10] = {b->enter_point.x, b->enter_point.y, b->enter_point.z, b->leave_point.x, b->leave_point.y,
                          b->leave_point.z, b->u_enter1,      b->u_enter2,      b->u_leave1,      b->u_leave2};
    return memcmp(x, y, sizeof x) == 0 && memcmp(&a->t_enter, &b->t_enter, sizeof a->t_enter) == 0 &&
           memcmp(&a->t_leave, &b->t_leave, sizeof a->t_leave) == 0;
}

/* Whether fl(Q - P) = Q - P in every coordinate (TwoSum's error term is 0). */
static int direction_exact(const ray_tetra_pair *pair)
{
    const double q[3] = {pair->far.x, pair->far.y, pair->far.z}, p[3] = {pair->orig.x, pair->orig.y, pair->orig.z};
    for (int k = 0; k < 3; ++k) {
        double d = q[k] - p[k], back = d - q[k], front = d - back;
        if ((q[k] - front) + (-p[k] - back) != 0)
            return 0;
    }
    return 1;
}

/* One pair at a time and a batch: the same hit and faces, and on a hit the same reals, bit for
 * bit (they are one algorithm). On x86-64 the batch loops are also compiled for x86-64-v4
 * (cpu/algorithms_wrap.h, WRAP_SCALAR_CLONES) and the one-pair functions are not: on a CPU
 * with AVX-512 this compares the two compilations. */
static int run_and_batch_agree(const registry_algorithm *row, cpu_precision p, const pair_set *set)
{
    ray_tetra_result *batch = calloc(set->count, sizeof *batch);
    if (!batch)
        return 0;
    row->batch[p](set->pairs, batch, set->count);
    int same = 1;
    for (size_t i = 0; i < set->count; ++i) {
        const ray_tetra_pair *pair = &set->pairs[i];
        ray_tetra_result one;
        vec3 dir = pair_direction(pair);
        /* stp0r's one-pair function decides its signs exactly for the line through P with
         * direction L, its batch for the line through P and Q: the same line only where L
         * = Q - P is exact. */
        if (row->run[p] == stp0r && !direction_exact(pair))
            continue;
        one.hit = row->run[p](&pair->orig, &dir, pair->vert, &one.enter_face, &one.leave_face, &one.enter_point,
                              &one.leave_point, &one.u_enter1, &one.u_enter2, &one.u_leave1, &one.u_leave2,
                              &one.t_enter, &one.t_leave);
        same &= (one.hit != 0) == (batch[i].hit != 0) &&
                (!one.hit || (one.enter_face == batch[i].enter_face && one.leave_face == batch[i].leave_face &&
                              same_reals(&one, &batch[i])));
    }
    free(batch);
    return same;
}

/* The streamed batch writes the cached batch's records (all but `uncertain`, which it writes as
 * 0): into 16-byte aligned records, with non-temporal stores where the target has them, and into
 * records 8 bytes off, where it runs the cached batch; over a count that ends in a partial block,
 * and not past it. */
static int streamed_batch_agrees(const registry_algorithm *row, cpu_precision p, const pair_set *set)
{
    size_t n = set->count, bytes = (n + 1) * sizeof(ray_tetra_result);
    ray_tetra_result *cached = malloc(bytes);
    char *aligned = aligned_alloc(64, (bytes + 64 + 63) / 64 * 64); /* C11: a multiple of the alignment */
    int same = cached && aligned && n % 16 != 0;
    for (size_t offset = 0; same && offset <= 8; offset += 8) {
        ray_tetra_result *streamed = (ray_tetra_result *)(void *)(aligned + offset);
        memset(cached, 0x5a, bytes);
        memset(streamed, 0x5a, bytes);
        row->batch[p](set->pairs, cached, n);
        row->batch_streamed[p](set->pairs, streamed, n);
        for (size_t i = 0; i < n; ++i) {
            ray_tetra_result a = cached[i], b = streamed[i];
            a.uncertain = b.uncertain = 0;
            same &= memcmp(&a, &b, sizeof a) == 0;
        }
        same &= streamed[n].hit == 0x5a5a5a5a && streamed[n].t_leave == cached[n].t_leave;
    }
    free(cached);
    free(aligned);
    return same;
}

/* The kernel file is found and declares the row's __kernel function: by its name, or (a file
 * that builds several, RayTetraForm.cl) as RT_KERNEL_NAME with the row's options naming it. */
static int kernel_declared(const registry_kernel *kernel)
{
    char *path = NULL, *text = NULL, pattern[128], option[128];
    size_t size;
    error_text err;
    int found = 0;
    if (gpu_source_find(kernel->file, &path, &err) == 0 && gpu_read_file(path, &text, &size) == 0) {
        snprintf(pattern, sizeof pattern, "__kernel void %s(", kernel->function);
        snprintf(option, sizeof option, "-DRT_KERNEL_NAME=%s", kernel->function);
        found = strstr(text, pattern) != NULL ||
                (strstr(text, "__kernel void RT_KERNEL_NAME(") != NULL && kernel->options &&
                 strstr(kernel->options, option) != NULL);
    }
    free(text);
    free(path);
    return found;
}

/* Every variant a row declares exists, and no other. */
static void test_rows(const pair_set *set)
{
    int rows, variants, cpu_count, gpu_count;
    const registry_algorithm *row = registry_algorithms(&rows);
    registry_variants(&variants);
    cpu_algorithms(&cpu_count);
    gpu_algorithms(&gpu_count);
    int declared = 0;
    for (int r = 0; r < rows; ++r) {
        CHECK(row[r].name && row[r].csv_name && row[r].description && row[r].description[0], "row %d: names", r);
        CHECK(row[r].run[CPU_PRECISION_DOUBLE] || row[r].kernel.file || (row[r].properties & REGISTRY_WALK_ONLY),
              "%s: neither CPU nor OpenCL nor a walk-only row", row[r].name);
        for (int p = CPU_PRECISION_DOUBLE; p <= CPU_PRECISION_FLOAT; ++p) {
            const registry_variant *cpu = registry_variant_of(&row[r], REGISTRY_CPU, (cpu_precision)p);
            CHECK(!row[r].run[p] == !row[r].batch[p], "%s: one entry point of two", row[r].name);
            CHECK(!row[r].batch_streamed[p] || (row[r].batch[p] && (row[r].properties & REGISTRY_SIMD)),
                  "%s: a streamed batch only beside a SIMD form's batch", row[r].name);
            CHECK(!row[r].run[p] == !cpu, "%s %s: CPU variant %s", row[r].name, cpu_precision_name((cpu_precision)p),
                  cpu ? "not declared" : "missing");
            if (cpu) {
                ++declared;
                CHECK(cpu->cpu->run == row[r].run[p] && cpu->cpu->batch == row[r].batch[p], "%s: entry points",
                      cpu->name);
                CHECK(run_and_batch_agree(&row[r], (cpu_precision)p, set), "%s: one pair and batch differ", cpu->name);
                CHECK(cpu->cpu->batch_streamed == row[r].batch_streamed[p], "%s: streamed batch", cpu->name);
                if (row[r].batch_streamed[p])
                    CHECK(streamed_batch_agrees(&row[r], (cpu_precision)p, set), "%s: streamed and cached batch differ",
                          cpu->name);
                CHECK(cpu_algorithm_in_precision(cpu->cpu, (cpu_precision)p) == cpu->cpu, "%s in its own precision",
                      cpu->name);
            }
            int build = row[r].kernel.file && (p == CPU_PRECISION_DOUBLE || row[r].kernel.float_build);
            const registry_variant *gpu = registry_variant_of(&row[r], REGISTRY_OPENCL, (cpu_precision)p);
            CHECK(!build == !gpu, "%s %s: OpenCL variant", row[r].name, cpu_precision_name((cpu_precision)p));
            if (gpu) {
                ++declared;
                CHECK(gpu->index == row[r].kernel.index[p] && gpu->gpu->index == gpu->index, "%s: index %d",
                      gpu->name, gpu->index);
                CHECK(gpu->gpu->finish == row[r].kernel.finish && gpu->gpu->robust == (row[r].kernel.finish != NULL),
                      "%s: finishing hook", gpu->name);
            }
        }
        if (row[r].kernel.file)
            CHECK(kernel_declared(&row[r].kernel), "%s: %s does not declare __kernel %s", row[r].name,
                  row[r].kernel.file, row[r].kernel.function);
    }
    CHECK(declared == variants && cpu_count + gpu_count == variants, "%d variants declared, %d listed (%d + %d views)",
          declared, variants, cpu_count, gpu_count);
}

/* CPU doubles, CPU floats (each in row order), then OpenCL by thesis index, 0..max without a
 * gap, then the builds without an index. */
static void test_order(void)
{
    int count, row_count;
    const registry_variant *all = registry_variants(&count);
    const registry_algorithm *rows = registry_algorithms(&row_count);
    int stage = 0, last_row = -1, next_index = 0, unindexed = 0;
    for (int i = 0; i < count; ++i) {
        const registry_variant *v = &all[i];
        int this_stage = v->kind == REGISTRY_OPENCL ? 2 : (int)v->precision, ordered = 1;
        if (this_stage != stage) {
            ordered = this_stage > stage;
            stage = this_stage;
            last_row = -1;
        }
        if (stage < 2) {
            ordered = ordered && (int)(v->algorithm - rows) > last_row;
            last_row = (int)(v->algorithm - rows);
        } else if (v->index >= 0) {
            ordered = ordered && !unindexed && v->index == next_index;
            next_index = v->index + 1;
        } else {
            unindexed = 1;
        }
        CHECK(ordered, "%s is out of order", v->name);
        CHECK(v->cpu ? registry_of_cpu(v->cpu) == v : registry_of_gpu(v->gpu) == v, "%s: view round trip", v->name);
    }
    CHECK(registry_gpu_index_max() == next_index - 1, "largest -g index %d, expected %d", registry_gpu_index_max(),
          next_index - 1);
}

/* RayTetra's -s, -t, -a, -m find their rows; values are unique per option. */
static void test_flags(void)
{
    int count;
    const registry_algorithm *rows = registry_algorithms(&count);
    for (int r = 0; r < count; ++r) {
        if (!rows[r].flag)
            continue;
        const registry_variant *v = registry_variant_of(&rows[r], REGISTRY_CPU, CPU_PRECISION_DOUBLE);
        CHECK(v && registry_flag_algorithm(rows[r].flag, rows[r].flag_value) == v->cpu, "-%c %d is not %s",
              rows[r].flag, rows[r].flag_value, rows[r].name);
        int low = 0, high = 0;
        CHECK(registry_flag_range(rows[r].flag, &low, &high) > 0 && low <= rows[r].flag_value &&
                  rows[r].flag_value <= high,
              "-%c range %d..%d", rows[r].flag, low, high);
    }
    CHECK(registry_flag_algorithm('t', 1) == cpu_algorithm_find("stp1") &&
              registry_flag_algorithm('s', 0) == cpu_algorithm_find("pluecker0") &&
              registry_flag_algorithm('a', -1) == cpu_algorithm_find("haines") &&
              registry_flag_algorithm('m', 3) == cpu_algorithm_find("moller3"),
          "the thesis options");
    CHECK(registry_flag_algorithm('s', 99) == NULL && registry_flag_algorithm('x', 0) == NULL, "no such option");
}

static void test_list(void)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    if (!out) {
        CHECK(0, "open_memstream");
        return;
    }
    registry_print_list(out);
    fclose(out);
    int count, lines = 0;
    const registry_variant *all = registry_variants(&count);
    for (char *save = NULL, *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save), ++lines) {
        char name[64], csv[64], kind[16], precision[16];
        int fields = sscanf(line, "%63s %63s %15s %15s", name, csv, kind, precision);
        CHECK(lines < count && fields == 4 && strcmp(name, all[lines].name) == 0 &&
                  strcmp(csv, all[lines].csv_name) == 0 &&
                  strcmp(kind, all[lines].kind == REGISTRY_CPU ? "cpu" : "opencl") == 0 &&
                  strcmp(precision, cpu_precision_name(all[lines].precision)) == 0 &&
                  strstr(line, all[lines].algorithm->description),
              "line %d: %s", lines + 1, line);
    }
    CHECK(lines == count, "%d lines for %d variants", lines, count);
    free(text);
}

/* A walk-only row has a walk and nothing a pair variant is made of: no entry point, no kernel,
 * no RayTetra option, no variant, no name the pairs' grammar resolves, no line of
 * --list-algorithms. */
static void test_walk_only_row(const registry_algorithm *row, const char *list)
{
    CHECK(row->walk.order > 0, "%s: a walk-only row without a walk", row->name);
    for (int p = CPU_PRECISION_DOUBLE; p <= CPU_PRECISION_FLOAT; ++p) {
        CHECK(!row->run[p] && !row->batch[p] && !row->batch_streamed[p] && !row->precomputed[p],
              "%s: a walk-only row with a CPU entry point", row->name);
        CHECK(!registry_variant_of(row, REGISTRY_CPU, (cpu_precision)p) &&
                  !registry_variant_of(row, REGISTRY_OPENCL, (cpu_precision)p),
              "%s: a walk-only row with a %s variant", row->name, cpu_precision_name((cpu_precision)p));
    }
    CHECK(!row->kernel.file && !row->flag, "%s: a walk-only row with a kernel or a RayTetra option", row->name);
    CHECK(!registry_find(row->name) && !registry_find(row->csv_name), "%s: a walk-only row names a pair variant",
          row->name);
    char line_start[64];
    snprintf(line_start, sizeof line_start, "\n%s ", row->name);
    CHECK(list && strstr(list, line_start) == NULL && strncmp(list, line_start + 1, strlen(line_start + 1)) != 0,
          "%s: a walk-only row in --list-algorithms", row->name);
}

/* registry_print_list's text (the caller frees it); NULL if it could not be made. */
static char *list_text(void)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    if (!out)
        return NULL;
    registry_print_list(out);
    fclose(out);
    return text;
}

/* The row whose walk `walk` is; its name resolves to it (walk_algorithm_find) in every spelling. */
static void test_walk_view(const walk_algorithm *walk, int place, const registry_algorithm *rows, int row_count)
{
    const registry_algorithm *named = NULL;
    int same_name = 0;
    for (int r = 0; r < row_count; ++r)
        if (strcasecmp(rows[r].name, walk->name) == 0) {
            named = &rows[r];
            ++same_name;
        }
    CHECK(same_name == 1 && named == walk->row, "walk %s: not the walk of the one row of its name", walk->name);
    if (!named)
        return;
    const registry_walk *field = &named->walk;
    CHECK(field->order == place + 1, "walk %s: walk.order %d at place %d of the list", walk->name, field->order,
          place + 1);
    CHECK(walk->name == named->name && walk->csv_name == named->csv_name && walk->description == field->description &&
              walk->method == field->method && walk->form == field->form && walk->has_kernel == field->has_kernel,
          "walk %s: not its row's walk field", walk->name);
    CHECK(field->description && field->description[0], "walk %s: no description", walk->name);
    int opencl = -1;
    CHECK(walk_algorithm_find(walk->name, &opencl) == walk && opencl == 0, "walk %s: its name", walk->name);
    CHECK(walk_algorithm_find(walk->csv_name, &opencl) == walk && opencl == 0, "walk %s: its CSV name", walk->name);
    char gpu_name[64];
    snprintf(gpu_name, sizeof gpu_name, "GPU_%s", walk->csv_name);
    const walk_algorithm *gpu = walk_algorithm_find(gpu_name, &opencl);
    CHECK(walk->has_kernel ? gpu == walk && opencl == 1 : gpu == NULL, "walk %s: %s", walk->name, gpu_name);
}

/* TetWalk's walks are the rows' walk fields: one per row with a walk, ordered by walk.order
 * (1, 2, ... without a gap), each resolving to its row; the walk-only rows give no pair variant. */
static void test_walks(void)
{
    int row_count, walk_count, with_walk = 0, walk_only = 0;
    const registry_algorithm *rows = registry_algorithms(&row_count);
    const walk_algorithm *walks = walk_algorithms(&walk_count);
    char *list = list_text();
    CHECK(list != NULL, "registry_print_list into memory");
    for (int r = 0; r < row_count; ++r) {
        with_walk += rows[r].walk.order > 0;
        if (rows[r].properties & REGISTRY_WALK_ONLY) {
            ++walk_only;
            test_walk_only_row(&rows[r], list);
        }
    }
    free(list);
    CHECK(walk_count == with_walk && walk_count > 0, "%d walks listed, %d rows have one", walk_count, with_walk);
    CHECK(walk_only > 0, "no walk-only row");
    for (int w = 0; w < walk_count; ++w)
        test_walk_view(&walks[w], w, rows, row_count);
}

int main(void)
{
    /* Random hits and misses, and every special class (lines through edges and vertices, in
     * face planes, near-flat tetrahedra...), where rounding decides most. */
    pair_set set;
    fixture_class_pairs(11, 400, 400, 100, &set, NULL);
    test_names_resolve();
    test_unknown_names();
    test_names_unique();
    test_derived_names();
    test_rows(&set);
    test_order();
    test_flags();
    test_list();
    test_walks();
    pair_set_free(&set);
    return check_summary("test_registry");
}
