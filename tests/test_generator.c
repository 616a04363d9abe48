/* test_generator: RandomRayTetra's data: exact class counts, interleaving, positively oriented
 * tetrahedra, no exactly-degenerate pairs, exact text round trip (the file holds exactly the
 * doubles that were classified), and the same file for the same seed. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "fixtures.h"
#include "exact.h"
#include "generator/generator.h"
#include "pairs_io.h"

int main(void)
{
    char dir[FIXTURE_PATH_SIZE], a[FIXTURE_PATH_SIZE], b[FIXTURE_PATH_SIZE], c[FIXTURE_PATH_SIZE];
    fixture_scratch_files("raytetra-generator-XXXXXX", dir, "a.txt", a, "b.txt", b, "c.txt", c, NULL);
    error_text err;
    generator_config config = {.seed = 42, .hits = 7000, .misses = 13000};
    CHECK(generator_write(a, &config, &err) == 0, "write: %s", err.text);
    CHECK(generator_write(b, &config, &err) == 0, "write: %s", err.text);
    generator_config other = config;
    other.seed = 43;
    CHECK(generator_write(c, &other, &err) == 0, "write: %s", err.text);

    size_t size_a = 0, size_b = 0, size_c = 0;
    char *text_a = fixture_read_file(a, &size_a), *text_b = fixture_read_file(b, &size_b), *text_c = fixture_read_file(c, &size_c);
    CHECK(text_a && text_b && size_a == size_b && memcmp(text_a, text_b, size_a) == 0, "same seed, different file");
    CHECK(text_c && (size_a != size_c || memcmp(text_a, text_c, size_a) != 0), "another seed gave the same file");

    pair_set from_file, in_memory;
    CHECK(pairs_read(a, &from_file, &err) == 0, "read back: %s", err.text);
    CHECK(generator_fill(&config, &in_memory, &err) == 0, "fill: %s", err.text);
    CHECK(from_file.count == 20000 && in_memory.count == 20000, "counts %zu %zu", from_file.count, in_memory.count);
    CHECK(memcmp(from_file.pairs, in_memory.pairs, 20000 * sizeof(ray_tetra_pair)) == 0,
          "the file does not hold exactly the generated doubles");

    size_t hits = 0, zero_signs = 0, bad_orientation = 0, hits_first_half = 0, runs = 0;
    int previous = -1;
    for (size_t i = 0; i < from_file.count; ++i) {
        int enter, leave, signs[6];
        int hit = exact_classify(&from_file.pairs[i], &enter, &leave);
        hits += (size_t)hit;
        hits_first_half += (size_t)(hit && i < from_file.count / 2);
        runs += hit != previous;
        previous = hit;
        zero_signs += exact_edge_signs(&from_file.pairs[i], signs) != 0;
        bad_orientation += exact_tetra_orientation(from_file.pairs[i].vert) >= 0;
    }
    CHECK(hits == 7000, "%zu hits by the exact classifier, wanted 7000", hits);
    CHECK(zero_signs == 0, "%zu pairs with an exactly zero edge sign", zero_signs);
    CHECK(bad_orientation == 0, "%zu tetrahedra not positively oriented", bad_orientation);
    /* Interleaved: about half the hits in each half, and many class changes (not two blocks). */
    CHECK(hits_first_half > 3000 && hits_first_half < 4000, "%zu of 7000 hits in the first half", hits_first_half);
    CHECK(runs > 5000, "only %zu runs of equal classes: not interleaved", runs);

    generator_config empty = {.seed = 1, .hits = 0, .misses = 0};
    CHECK(generator_write(c, &empty, &err) == 0, "empty: %s", err.text);
    pair_set none;
    CHECK(pairs_read(c, &none, &err) == 0 && none.count == 0, "an empty file must read back");

    pair_set_free(&from_file);
    pair_set_free(&in_memory);
    free(text_a);
    free(text_b);
    free(text_c);
    fixture_remove_dir(dir);
    return check_summary("test_generator");
}
