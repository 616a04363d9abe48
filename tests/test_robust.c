/* test_robust: stp0r against the exact classifier on every class of RandomRayTetra (hit/miss and
 * both faces, identical, ties included), also with the whole pair scaled by 2^-520 and 2^+330
 * (where the filter refuses to decide and GMP must); its reals against exact_reference on
 * random pairs; and exact_stp_sign consistent with exact_edge_signs. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "registry.h"
#include "check.h"
#include "exact.h"
#include "generator/generator.h"
#include "compare/result_compare.h"

#define PER_CLASS 1500

static const int EDGES[6][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};

static ray_tetra_pair scaled(const ray_tetra_pair *p, int exponent)
{
    ray_tetra_pair s = *p;
    double *v = &s.vert[0].x;
    for (int i = 0; i < 18; ++i)
        v[i] = ldexp(v[i], exponent); /* exact: a power of two, no overflow or underflow here */
    return s;
}

/* Pairs of `set` (labelled by `classes`) where stp0r's hit or faces differ from exact_classify;
 * the first one's index in *first. */
static size_t differences(const ray_tetra_pair *pairs, size_t n, size_t *first)
{
    const cpu_algorithm *robust = cpu_algorithm_find("stp0r");
    size_t count = 0;
    for (size_t i = 0; i < n; ++i) {
        pair_set one = {1, (ray_tetra_pair *)&pairs[i]};
        ray_tetra_result r;
        memset(&r, 0, sizeof r);
        cpu_algorithm_run(robust, &one, &r, 1);
        int enter, leave;
        int hit = exact_classify(&pairs[i], &enter, &leave);
        if (r.hit != hit || r.enter_face != enter || r.leave_face != leave) {
            if (count++ == 0)
                *first = i;
        }
    }
    return count;
}

int main(void)
{
    CHECK(cpu_algorithm_find("stp0r") != NULL, "stp0r is not registered");
    generator_config config = {.seed = 11, .hits = 10000, .misses = 10000};
    for (int c = 0; c < GENERATOR_CLASS_COUNT; ++c)
        config.special[c] = PER_CLASS;
    pair_set set;
    pair_classes classes;
    error_text err;
    if (generator_fill_classes(&config, &set, &classes, &err) != 0) {
        fprintf(stderr, "%s\n", err.text);
        return 1;
    }
    size_t start = 0;
    for (int label = 0; label < classes.name_count; ++label) {
        size_t n = 0;
        while (start + n < set.count && classes.of_pair[start + n] == label)
            ++n;
        size_t first = 0;
        size_t wrong = differences(set.pairs + start, n, &first);
        CHECK(wrong == 0, "%s: %zu of %zu pairs differ from exact_classify (first: pair %zu)", classes.names[label],
              wrong, n, start + first);
        /* Far outside the filter's range: every sign from GMP. */
        size_t wrong_scaled = 0;
        for (int exponent = -520; exponent <= 330; exponent += 850) {
            ray_tetra_pair *copy = malloc(n * sizeof *copy);
            for (size_t i = 0; i < n; ++i)
                copy[i] = scaled(&set.pairs[start + i], exponent);
            wrong_scaled += differences(copy, n < 200 ? n : 200, &first);
            free(copy);
        }
        CHECK(wrong_scaled == 0, "%s, scaled by 2^-520 / 2^330: %zu pairs differ", classes.names[label], wrong_scaled);
        start += n;
    }

    /* The reals of stp0r on random pairs: as close to the exact ones as any double algorithm. */
    pair_set random = {config.hits + config.misses, set.pairs};
    ray_tetra_result *results = malloc(random.count * sizeof *results);
    cpu_algorithm_run(cpu_algorithm_find("stp0r"), &random, results, 1);
    size_t far_off = 0;
    for (size_t i = 0; i < random.count; ++i) {
        ray_tetra_result exact;
        exact_reference(&random.pairs[i], &exact);
        far_off += result_compare(&random.pairs[i], &exact, &results[i], 1e-9, NULL) != RESULT_AGREE;
    }
    CHECK(far_off == 0, "stp0r: %zu random pairs beyond 1e-9 of the exact results", far_off);
    free(results);

    /* exact_stp_sign(P, L, Vj, Vi) is the Plücker-convention sign p_ij of exact_edge_signs. */
    size_t inconsistent = 0;
    for (size_t i = 0; i < set.count; i += 7) {
        const ray_tetra_pair *p = &set.pairs[i];
        int signs[6];
        exact_edge_signs(p, signs);
        vec3 L = pair_direction(p);
        for (int e = 0; e < 6; ++e)
            inconsistent += exact_stp_sign(p->orig, L, p->vert[EDGES[e][1]], p->vert[EDGES[e][0]]) != signs[e];
    }
    CHECK(inconsistent == 0, "%zu edge signs of exact_stp_sign differ from exact_edge_signs", inconsistent);

    pair_classes_free(&classes);
    pair_set_free(&set);
    return check_summary("test_robust");
}
