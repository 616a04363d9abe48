/* fixtures.h: what many C tests set up the same way: generated pairs (random, or followed by
 * every special class), the exact classifier's results for them, a scratch folder and a whole
 * file in memory. A fixture that cannot be set up ends the test at once with a message (exit
 * status 1): there is nothing to check without it. */
#ifndef RAYTETRA_TESTS_FIXTURES_H
#define RAYTETRA_TESTS_FIXTURES_H

#include <dirent.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "exact.h"
#include "generator/generator.h"
#include "pairs_io.h"

static inline void fixture_fail(const char *what, const char *why)
{
    fprintf(stderr, "test fixture: %s: %s\n", what, why);
    exit(1);
}

/* hits + misses random pairs, interleaved, then `per_class` pairs of every special class (as
 * RandomRayTetra writes them; per_class 0: none). */
static inline generator_config fixture_class_config(uint64_t seed, size_t hits, size_t misses, size_t per_class)
{
    generator_config config = {.seed = seed, .hits = hits, .misses = misses};
    for (int c = 0; c < GENERATOR_CLASS_COUNT; ++c)
        config.special[c] = per_class;
    return config;
}

/* The generator's pairs of `config`, and the class of every pair unless `classes` is NULL. */
static inline void fixture_fill(const generator_config *config, pair_set *set, pair_classes *classes)
{
    error_text err;
    if ((classes ? generator_fill_classes(config, set, classes, &err) : generator_fill(config, set, &err)) != 0)
        fixture_fail("generating pairs", err.text);
}

/* hits + misses random pairs from the generator, interleaved. */
static inline void fixture_pairs(uint64_t seed, size_t hits, size_t misses, pair_set *set)
{
    generator_config config = fixture_class_config(seed, hits, misses, 0);
    fixture_fill(&config, set, NULL);
}

/* hits + misses random pairs, then `per_class` pairs of every special class, with the class of
 * every pair unless `classes` is NULL. */
static inline void fixture_class_pairs(uint64_t seed, size_t hits, size_t misses, size_t per_class, pair_set *set,
                                       pair_classes *classes)
{
    generator_config config = fixture_class_config(seed, hits, misses, per_class);
    fixture_fill(&config, set, classes);
}

/* The exact classifier's result for every pair (malloc'ed). */
static inline ray_tetra_result *fixture_exact_results(const pair_set *set)
{
    ray_tetra_result *reference = malloc((set->count ? set->count : 1) * sizeof *reference);
    if (!reference)
        fixture_fail("the exact results", "out of memory");
    for (size_t i = 0; i < set->count; ++i)
        exact_reference(&set->pairs[i], &reference[i]);
    return reference;
}

/* A new scratch folder from `template` (ending in XXXXXX), under $TMPDIR or /tmp; `path`
 * receives its name. */
static inline void fixture_scratch_dir(const char *template, char *path, size_t size)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(path, size, "%s/%s", tmp && *tmp ? tmp : "/tmp", template);
    if (!mkdtemp(path))
        fixture_fail(path, "cannot create the scratch folder");
}

/* The size of the path buffers of fixture_scratch_files. */
#define FIXTURE_PATH_SIZE 4200

/* A new scratch folder as fixture_scratch_dir makes it (into dir, FIXTURE_PATH_SIZE bytes), then
 * the paths of files in it: the arguments after dir are pairs NAME, BUFFER (FIXTURE_PATH_SIZE
 * bytes, receiving dir/NAME), ended by NULL. */
static inline void fixture_scratch_files(const char *template, char *dir, ...)
{
    fixture_scratch_dir(template, dir, FIXTURE_PATH_SIZE);
    va_list files;
    va_start(files, dir);
    for (const char *name; (name = va_arg(files, const char *)) != NULL;)
        snprintf(va_arg(files, char *), FIXTURE_PATH_SIZE, "%s/%s", dir, name);
    va_end(files);
}

/* Remove a scratch folder and the files in it (no subfolders). */
static inline void fixture_remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        char path[4096];
        if (snprintf(path, sizeof path, "%s/%s", dir, e->d_name) < (int)sizeof path)
            unlink(path);
    }
    closedir(d);
    rmdir(dir);
}

/* The whole file (malloc'ed, NUL-terminated), its size in *size; NULL if it cannot be read. */
static inline char *fixture_read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t capacity = 1 << 16, length = 0;
    char *data = malloc(capacity);
    while (data) {
        length += fread(data + length, 1, capacity - length - 1, f);
        if (length + 1 < capacity)
            break;
        char *bigger = realloc(data, capacity *= 2);
        if (!bigger)
            free(data);
        data = bigger;
    }
    int failed = ferror(f);
    fclose(f);
    if (!data || failed) {
        free(data);
        return NULL;
    }
    data[length] = '\0';
    *size = length;
    return data;
}

#endif
