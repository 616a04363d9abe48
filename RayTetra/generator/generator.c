/* generator.c: exact-class random pairs, generated in parallel blocks with per-block seeds. */
#include "generator/generator.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "binary_io.h"
#include "exact.h"
#include "rng.h"

#define LATTICE 1000000000LL /* coordinates are k / LATTICE */
#define BLOCK 4096           /* pairs per independently seeded block */
#define LINE_TRIES 200       /* lines tried per tetrahedron before drawing a new one */

/* One pair as 18 lattice integers, in file order. */
typedef struct lattice_pair {
    int64_t k[18];
} lattice_pair;

static double lattice_value(int64_t k) { return (double)k / (double)LATTICE; }

static void to_pair(const lattice_pair *lp, ray_tetra_pair *p)
{
    double *v = &p->vert[0].x;
    for (int i = 0; i < 18; ++i)
        v[i] = lattice_value(lp->k[i]);
}

static int64_t random_in(rng *r, int64_t lo, int64_t hi) { return lo + (int64_t)rng_below(r, (uint64_t)(hi - lo + 1)); }

/* A positively oriented tetrahedron in [-1, 1]^3 that is not nearly flat. */
static void random_tetra(rng *r, lattice_pair *lp, ray_tetra_pair *p)
{
    for (;;) {
        for (int i = 0; i < 12; ++i)
            lp->k[i] = random_in(r, -LATTICE, LATTICE);
        to_pair(lp, p);
        const vec3 *V = p->vert;
        vec3 e[6] = {
            {V[1].x - V[0].x, V[1].y - V[0].y, V[1].z - V[0].z}, {V[2].x - V[0].x, V[2].y - V[0].y, V[2].z - V[0].z},
            {V[3].x - V[0].x, V[3].y - V[0].y, V[3].z - V[0].z}, {V[2].x - V[1].x, V[2].y - V[1].y, V[2].z - V[1].z},
            {V[3].x - V[1].x, V[3].y - V[1].y, V[3].z - V[1].z}, {V[3].x - V[2].x, V[3].y - V[2].y, V[3].z - V[2].z},
        };
        double longest = 0;
        for (int i = 0; i < 6; ++i)
            longest = fmax(longest, sqrt(e[i].x * e[i].x + e[i].y * e[i].y + e[i].z * e[i].z));
        double det = e[0].x * (e[1].y * e[2].z - e[1].z * e[2].y) - e[0].y * (e[1].x * e[2].z - e[1].z * e[2].x) +
                     e[0].z * (e[1].x * e[2].y - e[1].y * e[2].x);
        if (fabs(det) < 0.01 * longest * longest * longest)
            continue;
        int orientation = exact_tetra_orientation(p->vert);
        if (orientation == 0)
            continue;
        if (orientation > 0) { /* swap V1 and V2 */
            for (int i = 0; i < 3; ++i) {
                int64_t t = lp->k[3 + i];
                lp->k[3 + i] = lp->k[6 + i];
                lp->k[6 + i] = t;
            }
            to_pair(lp, p);
        }
        return;
    }
}

/* One pair of the wanted class. */
static void random_pair(rng *r, int want_hit, lattice_pair *lp, ray_tetra_pair *p)
{
    for (;;) {
        random_tetra(r, lp, p);
        int64_t lo[3], hi[3];
        for (int a = 0; a < 3; ++a) {
            lo[a] = hi[a] = lp->k[a];
            for (int v = 1; v < 4; ++v) {
                int64_t c = lp->k[3 * v + a];
                lo[a] = c < lo[a] ? c : lo[a];
                hi[a] = c > hi[a] ? c : hi[a];
            }
            int64_t margin = (hi[a] - lo[a]) / 4;
            lo[a] -= margin;
            hi[a] += margin;
        }
        for (int attempt = 0; attempt < LINE_TRIES; ++attempt) {
            for (int i = 12; i < 18; ++i)
                lp->k[i] = random_in(r, lo[(i - 12) % 3], hi[(i - 12) % 3]);
            if (lp->k[12] == lp->k[15] && lp->k[13] == lp->k[16] && lp->k[14] == lp->k[17])
                continue;
            to_pair(lp, p);
            int signs[6];
            if (exact_edge_signs(p, signs) != 0)
                continue;
            int enter, leave;
            if (exact_classify(p, &enter, &leave) == want_hit)
                return;
        }
    }
}

/* The class of every pair (1 hit, 0 miss): hits then misses, shuffled (Fisher-Yates). */
static unsigned char *class_order(const generator_config *config, error_text *err)
{
    size_t n = config->hits + config->misses;
    unsigned char *classes = malloc(n ? n : 1);
    if (!classes) {
        error_set(err, "not enough memory for %zu pairs", n);
        return NULL;
    }
    memset(classes, 1, config->hits);
    memset(classes + config->hits, 0, config->misses);
    rng r;
    rng_seed(&r, config->seed);
    for (size_t i = n; i > 1; --i) {
        size_t j = (size_t)rng_below(&r, i);
        unsigned char t = classes[i - 1];
        classes[i - 1] = classes[j];
        classes[j] = t;
    }
    return classes;
}

static void seed_block(rng *r, const generator_config *config, size_t block)
{
    uint64_t mix = config->seed ^ 0x5851f42d4c957f2dULL;
    uint64_t seed = rng_splitmix64(&mix) + block * 0x9e3779b97f4a7c15ULL;
    rng_seed(r, seed);
}

/* "-0.123456789": sign, integer part, nine decimals; returns the length. */
static int format_lattice(char *out, int64_t k)
{
    char *s = out;
    if (k < 0) {
        *s++ = '-';
        k = -k;
    }
    int64_t whole = k / LATTICE, frac = k % LATTICE;
    char digits[24];
    int n = 0;
    do {
        digits[n++] = (char)('0' + whole % 10);
        whole /= 10;
    } while (whole);
    while (n)
        *s++ = digits[--n];
    *s++ = '.';
    for (int i = 8; i >= 0; --i) {
        s[i] = (char)('0' + frac % 10);
        frac /= 10;
    }
    s += 9;
    return (int)(s - out);
}

size_t generator_total(const generator_config *config)
{
    size_t n = config->hits + config->misses;
    for (int c = 0; c < GENERATOR_CLASS_COUNT; ++c)
        n += config->special[c];
    return n;
}

/* The seed of pair `index` of special class c: one stream per pair, so that any number of
 * threads gives the same pairs. */
static uint64_t special_seed(const generator_config *config, int c, size_t index)
{
    uint64_t state = (config->seed * 0x9e3779b97f4a7c15ULL) ^ ((uint64_t)(c + 1) << 56) ^ (uint64_t)index;
    return rng_splitmix64(&state);
}

/* The special pairs, class after class, into pairs[0 ..]. */
static void fill_special(const generator_config *config, ray_tetra_pair *pairs)
{
    size_t start = 0;
    for (int c = 0; c < GENERATOR_CLASS_COUNT; ++c) {
        size_t count = config->special[c];
#pragma omp parallel for schedule(dynamic, 64)
        for (size_t i = 0; i < count; ++i)
            generator_special_pair((generator_class)c, special_seed(config, c, i), &pairs[start + i]);
        start += count;
    }
}

/* Append the special classes in text: "# class NAME" and %.17g reals (exact round trip). */
static int write_special(FILE *stream, const generator_config *config, error_text *err)
{
    size_t n = generator_total(config) - config->hits - config->misses;
    if (n == 0)
        return 0;
    ray_tetra_pair *pairs = malloc(n * sizeof *pairs);
    if (!pairs)
        return error_set(err, "not enough memory for %zu pairs", n);
    fill_special(config, pairs);
    size_t index = 0;
    for (int c = 0; c < GENERATOR_CLASS_COUNT; ++c) {
        if (config->special[c] > 0)
            fprintf(stream, "# class %s\n", generator_class_name((generator_class)c));
        for (size_t i = 0; i < config->special[c]; ++i, ++index) {
            const double *v = &pairs[index].vert[0].x;
            for (int k = 0; k < 18; ++k)
                fprintf(stream, k ? " %.17g" : "%.17g", v[k]);
            fputc('\n', stream);
        }
    }
    free(pairs);
    return 0;
}

int generator_write(const char *path, const generator_config *config, error_text *err)
{
    const uint16_t one = 1;
    if (binary_path(path) && *(const unsigned char *)&one != 1)
        return error_set(err, "%s: the binary format is little-endian; write text on this big-endian host", path);
    size_t total = generator_total(config);
    if (binary_path(path) && total != config->hits + config->misses)
        return error_set(err, "%s: the binary format cannot hold class labels; write the special classes as text",
                         path);
    unsigned char *classes = class_order(config, err);
    if (!classes)
        return -1;
    atomic_file file;
    if (atomic_open(&file, path, err) != 0) {
        free(classes);
        return -1;
    }
    size_t n = config->hits + config->misses;
    int binary = binary_path(path);
    if (binary)
        binary_write_header(file.stream, BINARY_KIND_PAIRS, n, sizeof(ray_tetra_pair));
    else
        fprintf(file.stream, "%zu\n", total);
    size_t blocks = (n + BLOCK - 1) / BLOCK;
    int failed = 0;
#pragma omp parallel
    {
        /* 18 numbers of at most 14 characters, separators and newline per pair */
        char *text = malloc((size_t)BLOCK * 18 * 16);
        int ok = text != NULL;
#pragma omp for ordered schedule(dynamic, 1)
        for (size_t b = 0; b < blocks; ++b) {
            size_t len = 0;
            if (ok) {
                rng r;
                seed_block(&r, config, b);
                size_t end = (b + 1) * BLOCK < n ? (b + 1) * BLOCK : n;
                for (size_t i = b * BLOCK; i < end; ++i) {
                    lattice_pair lp;
                    ray_tetra_pair p;
                    random_pair(&r, classes[i], &lp, &p);
                    if (binary) {
                        memcpy(text + len, &p, sizeof p); /* little-endian hosts only: see below */
                        len += sizeof p;
                        continue;
                    }
                    for (int c = 0; c < 18; ++c) {
                        len += (size_t)format_lattice(text + len, lp.k[c]);
                        text[len++] = c == 17 ? '\n' : ' ';
                    }
                }
            }
#pragma omp ordered
            {
                if (!ok)
                    failed = 1;
                else if (!failed && fwrite(text, 1, len, file.stream) != len)
                    failed = 1;
            }
        }
        free(text);
    }
    free(classes);
    if (failed) {
        atomic_abort(&file);
        return error_set(err, "%s: writing failed (out of memory or disk full)", path);
    }
    if (write_special(file.stream, config, err) != 0) {
        atomic_abort(&file);
        return -1;
    }
    return atomic_commit(&file, err);
}

int generator_fill(const generator_config *config, pair_set *set, error_text *err)
{
    set->count = 0;
    set->pairs = NULL;
    unsigned char *classes = class_order(config, err);
    if (!classes)
        return -1;
    size_t n = config->hits + config->misses, total = generator_total(config);
    ray_tetra_pair *pairs = malloc((total ? total : 1) * sizeof *pairs);
    if (!pairs) {
        free(classes);
        return error_set(err, "not enough memory for %zu pairs", total);
    }
    size_t blocks = (n + BLOCK - 1) / BLOCK;
#pragma omp parallel for schedule(dynamic, 1)
    for (size_t b = 0; b < blocks; ++b) {
        rng r;
        seed_block(&r, config, b);
        size_t end = (b + 1) * BLOCK < n ? (b + 1) * BLOCK : n;
        for (size_t i = b * BLOCK; i < end; ++i) {
            lattice_pair lp;
            random_pair(&r, classes[i], &lp, &pairs[i]);
        }
    }
    free(classes);
    fill_special(config, pairs + n);
    set->count = total;
    set->pairs = pairs;
    return 0;
}

int generator_fill_classes(const generator_config *config, pair_set *set, pair_classes *classes, error_text *err)
{
    memset(classes, 0, sizeof *classes);
    if (generator_fill(config, set, err) != 0)
        return -1;
    classes->of_pair = malloc(set->count ? set->count : 1);
    if (!classes->of_pair) {
        pair_set_free(set);
        return error_set(err, "not enough memory for %zu pairs", set->count);
    }
    classes->count = set->count;
    size_t index = 0;
    if (config->hits + config->misses > 0) {
        int random = pair_classes_index(classes, PAIRS_DEFAULT_CLASS);
        for (; index < config->hits + config->misses; ++index)
            classes->of_pair[index] = (unsigned char)random;
    }
    for (int c = 0; c < GENERATOR_CLASS_COUNT; ++c) {
        if (config->special[c] == 0)
            continue;
        int label = pair_classes_index(classes, generator_class_name((generator_class)c));
        for (size_t i = 0; i < config->special[c]; ++i)
            classes->of_pair[index++] = (unsigned char)label;
    }
    return 0;
}
