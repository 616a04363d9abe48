/* test_simd: the vectorised form 0 (pluecker0v, stp0v and their float variants) gives the same
 * hit, faces and reals as the scalar form 0 it restates, bit for bit, on random pairs and on
 * every degenerate class, through the batch loop (block edges, unaligned starts), its
 * one-pair contract function and the threaded path; a miss has 0 in every real. And the batch
 * loop of every algorithm gives what its contract function gives pair by pair (stp0r's: what
 * stp0r_pair gives, since its batch decides the line through P and Q and its contract function
 * the line P + t dir; on pairs whose Q - P is exact they agree too). */
#include <stdlib.h>
#include <string.h>

#include "registry/registry.h"
#include "cpu/algorithms.h"
#include "cpu/algorithms_robust.h"
#include "check.h"
#include "cpu/cpu_parallel.h"
#include "fixtures.h"
#include "generator/generator.h"

#define RANDOM_PAIRS 20000
#define PER_CLASS 400

static const char *const TWINS[][2] = {
    {"pluecker0v", "pluecker0"}, {"stp0v", "stp0"}, {"pluecker0vf", "pluecker0f"}, {"stp0vf", "stp0f"}};

/* Hits compare every field bit for bit (memcmp of the doubles: -0.0 and NaN would show);
 * misses compare hit and faces, and the SIMD result must have zeros in its reals. */
static int same_result(const ray_tetra_result *simd, const ray_tetra_result *scalar)
{
    if (simd->hit != scalar->hit || simd->enter_face != scalar->enter_face || simd->leave_face != scalar->leave_face)
        return 0;
    if (!simd->hit) {
        static const ray_tetra_result ZERO;
        return memcmp(&simd->enter_point, &ZERO.enter_point, sizeof ZERO - offsetof(ray_tetra_result, enter_point)) == 0;
    }
    return memcmp(&simd->enter_point, &scalar->enter_point,
                  sizeof *simd - offsetof(ray_tetra_result, enter_point)) == 0;
}

/* Q - P is exact in double (long double holds the difference of two doubles of nearby
 * exponents exactly). */
static int exact_direction(const ray_tetra_pair *p)
{
    vec3 L = pair_direction(p);
    return (long double)L.x == (long double)p->far.x - p->orig.x &&
           (long double)L.y == (long double)p->far.y - p->orig.y &&
           (long double)L.z == (long double)p->far.z - p->orig.z;
}

/* Results of `a` pair by pair through its contract function (stp0r: through stp0r_pair). */
static void run_one_by_one(const cpu_algorithm *a, const ray_tetra_pair *pairs, size_t n, ray_tetra_result *out)
{
    memset(out, 0, n * sizeof *out);
    for (size_t i = 0; i < n; ++i) {
        if (a->run == stp0r) {
            stp0r_pair(&pairs[i], &out[i]);
            continue;
        }
        vec3 dir = pair_direction(&pairs[i]);
        ray_tetra_result *r = &out[i];
        r->hit = a->run(&pairs[i].orig, &dir, pairs[i].vert, &r->enter_face, &r->leave_face, &r->enter_point,
                        &r->leave_point, &r->u_enter1, &r->u_enter2, &r->u_leave1, &r->u_leave2, &r->t_enter,
                        &r->t_leave);
    }
}

static size_t count_different(const ray_tetra_result *simd, const ray_tetra_result *scalar, size_t n, size_t *first)
{
    size_t wrong = 0;
    *first = n;
    for (size_t i = 0; i < n; ++i)
        if (!same_result(&simd[i], &scalar[i])) {
            if (wrong++ == 0)
                *first = i;
        }
    return wrong;
}

int main(void)
{
    pair_set set;
    fixture_class_pairs(4242, RANDOM_PAIRS / 2, RANDOM_PAIRS / 2, PER_CLASS, &set, NULL);
    size_t n = set.count;
    ray_tetra_result *simd = calloc(n, sizeof *simd), *scalar = calloc(n, sizeof *scalar);
    ray_tetra_result *other = calloc(n, sizeof *other);

    for (size_t t = 0; t < sizeof TWINS / sizeof TWINS[0]; ++t) {
        const cpu_algorithm *v = cpu_algorithm_find(TWINS[t][0]), *s = cpu_algorithm_find(TWINS[t][1]);
        CHECK(v && s, "%s or %s missing", TWINS[t][0], TWINS[t][1]);
        if (!v || !s)
            continue;
        run_one_by_one(s, set.pairs, n, scalar);
        size_t first, hits = 0;

        cpu_algorithm_run(v, &set, simd, 1);
        size_t wrong = count_different(simd, scalar, n, &first);
        CHECK(wrong == 0, "%s batch: %zu of %zu pairs differ from %s, first %zu", v->name, wrong, n, s->name, first);
        for (size_t i = 0; i < n; ++i)
            hits += (size_t)simd[i].hit;
        CHECK(hits > n / 3 && hits < n - n / 3, "%s: %zu hits of %zu: both kinds must be tested", v->name, hits, n);

        run_one_by_one(v, set.pairs, n, other);
        wrong = count_different(other, scalar, n, &first);
        CHECK(wrong == 0, "%s one by one: %zu pairs differ from %s, first %zu", v->name, wrong, s->name, first);

        /* Block edges and unaligned starts: runs of 1, 63, 64, 65 and 130 pairs from pair 1. */
        static const size_t RUNS[] = {1, 63, 64, 65, 130};
        for (size_t k = 0; k < sizeof RUNS / sizeof RUNS[0]; ++k) {
            memset(other, 0x5a, (RUNS[k] + 1) * sizeof *other);
            v->batch(set.pairs + 1, other, RUNS[k]);
            wrong = count_different(other, scalar + 1, RUNS[k], &first);
            CHECK(wrong == 0, "%s on a run of %zu pairs: %zu differ", v->name, RUNS[k], wrong);
            CHECK(other[RUNS[k]].enter_face == 0x5a5a5a5a, "%s wrote past a run of %zu pairs", v->name, RUNS[k]);
        }

        /* Runs of misses: after a block with no hit the next is decided first, and computed
         * whole only where a lane hits. Pairs reordered into runs of misses and hits of many
         * lengths, a hit at every lane of a block among them. */
        static const size_t RUN_LENGTHS[] = {37, 1, 50, 17, 31, 2, 64, 5, 16, 16, 47, 3, 15, 1, 80, 9};
        ray_tetra_pair *runs = malloc(n * sizeof *runs);
        ray_tetra_result *expected = malloc(n * sizeof *expected);
        size_t placed = 0, next_hit = 0, next_miss = 0;
        for (size_t r = 0; runs && expected; ++r) {
            int want = (int)(r % 2); /* misses first */
            size_t *from = want ? &next_hit : &next_miss, length = RUN_LENGTHS[r % 16] + r / 16;
            for (size_t k = 0; k < length; ++k) {
                while (*from < n && scalar[*from].hit != want)
                    ++*from;
                if (*from == n)
                    break;
                runs[placed] = set.pairs[*from];
                expected[placed++] = scalar[(*from)++];
            }
            if (next_hit == n || next_miss == n)
                break;
        }
        CHECK(runs && expected && placed > 1000, "%s: %zu pairs in runs", v->name, placed);
        if (runs && expected) {
            v->batch(runs, other, placed);
            wrong = count_different(other, expected, placed, &first);
            CHECK(wrong == 0, "%s on runs of misses and hits: %zu of %zu pairs differ, first %zu", v->name, wrong,
                  placed, first);
        }
        free(runs);
        free(expected);

        cpu_algorithm_run_threads(v, &set, other, 2, 3);
        wrong = count_different(other, scalar, n, &first);
        CHECK(wrong == 0, "%s on 3 threads: %zu pairs differ, first %zu", v->name, wrong, first);
    }

    /* Every algorithm: its batch loop (what the timed runs use) against its contract function. */
    int count;
    const cpu_algorithm *all = cpu_algorithms(&count);
    for (int a = 0; a < count; ++a) {
        run_one_by_one(&all[a], set.pairs, n, scalar);
        memcpy(simd, scalar, n * sizeof *simd); /* a miss leaves the scalar loops' reals as they were */
        for (size_t i = 0; i < n; ++i)
            simd[i].hit = simd[i].enter_face = simd[i].leave_face = 7;
        cpu_algorithm_run(&all[a], &set, simd, 1);
        size_t first = 0, wrong = 0;
        for (size_t i = 0; i < n; ++i)
            if (simd[i].hit != scalar[i].hit || simd[i].enter_face != scalar[i].enter_face ||
                simd[i].leave_face != scalar[i].leave_face ||
                (scalar[i].hit && memcmp(&simd[i], &scalar[i], sizeof simd[i]) != 0)) {
                if (wrong++ == 0)
                    first = i;
            }
        if (all[a].run == stp0r) {
            /* The contract function on the pairs whose line P + t fl(Q - P) is the line P Q. */
            size_t exact = 0, differ = 0;
            for (size_t i = 0; i < n; ++i) {
                if (!exact_direction(&set.pairs[i]))
                    continue;
                ++exact;
                ray_tetra_result r;
                memset(&r, 0, sizeof r);
                vec3 dir = pair_direction(&set.pairs[i]);
                r.hit = stp0r(&set.pairs[i].orig, &dir, set.pairs[i].vert, &r.enter_face, &r.leave_face,
                              &r.enter_point, &r.leave_point, &r.u_enter1, &r.u_enter2, &r.u_leave1, &r.u_leave2,
                              &r.t_enter, &r.t_leave);
                differ += r.hit != scalar[i].hit || (r.hit && memcmp(&r, &scalar[i], sizeof r) != 0);
            }
            /* The eight lattice classes at least have an exact Q - P. */
            CHECK(differ == 0 && exact >= 8 * PER_CLASS,
                  "stp0r: the contract function differs from stp0r_pair on %zu of %zu pairs with an exact Q - P",
                  differ, exact);
        }
        CHECK(wrong == 0, "%s: batch loop differs from the contract function on %zu pairs (first %zu)", all[a].name,
              wrong, first);
    }

    free(simd);
    free(scalar);
    free(other);
    pair_set_free(&set);
    return check_summary("test_simd");
}
