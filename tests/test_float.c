/* test_float: the single-precision variants. Each is registered after every double algorithm,
 * named NAME + "f", and runs on every class without crashing; on random pairs it agrees with its
 * double original on hit/miss for all but a small rate of pairs (measured: see docs/ACCURACY.md;
 * allowed here: 0.5%), on the faces of pairs both call a hit (allowed: 0.5%), and its points are
 * within 1e-4 of the size of the tetrahedron (median 1e-6). Prints the rates it sees. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "registry/registry.h"
#include "check.h"
#include "fixtures.h"
#include "generator/generator.h"
#include "compare/result_compare.h"
#include "sort_doubles.h"

#define RANDOM_PAIRS 40000
#define MAX_CLASS_RATE 0.005
#define MAX_FACE_RATE 0.005

static double distance(vec3 a, vec3 b)
{
    return sqrt((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y) + (a.z - b.z) * (a.z - b.z));
}

int main(void)
{
    int count;
    const cpu_algorithm *all = cpu_algorithms(&count);
    int seen_float = 0, order_ok = 1, floats = 0;
    for (int a = 0; a < count; ++a) {
        if (all[a].precision == CPU_PRECISION_FLOAT) {
            seen_float = 1;
            ++floats;
            char expected[64];
            snprintf(expected, sizeof expected, "%sf", all[a].double_name);
            CHECK(strcmp(all[a].name, expected) == 0, "float variant named %s, expected %s", all[a].name, expected);
            const cpu_algorithm *original = cpu_algorithm_find(all[a].double_name);
            CHECK(original && original->precision == CPU_PRECISION_DOUBLE &&
                      cpu_algorithm_in_precision(original, CPU_PRECISION_FLOAT) == &all[a],
                  "%s: no double original", all[a].name);
        } else if (seen_float) {
            order_ok = 0;
        }
    }
    CHECK(order_ok, "a double algorithm follows a float one in the table");
    int rows, declared = 0;
    const registry_algorithm *row = registry_algorithms(&rows);
    for (int r = 0; r < rows; ++r)
        declared += row[r].run[CPU_PRECISION_FLOAT] != NULL;
    CHECK(floats == declared && floats > 0, "%d float variants, but %d rows declare a float entry point", floats,
          declared);

    pair_set set;
    fixture_class_pairs(99, RANDOM_PAIRS / 2, RANDOM_PAIRS / 2, 300, &set, NULL);
    ray_tetra_result *single = calloc(set.count, sizeof *single), *twice = calloc(set.count, sizeof *twice);
    double *errors = malloc(RANDOM_PAIRS * sizeof *errors);
    for (int a = 0; a < count; ++a) {
        if (all[a].precision != CPU_PRECISION_FLOAT)
            continue;
        cpu_algorithm_run(&all[a], &set, single, 1); /* every class: must not crash */
        cpu_algorithm_run(cpu_algorithm_find(all[a].double_name), &set, twice, 1);
        size_t class_differences = 0, face_differences = 0, both = 0, compared = 0;
        for (size_t i = 0; i < RANDOM_PAIRS; ++i) {
            if (single[i].hit != twice[i].hit) {
                ++class_differences;
                continue;
            }
            if (!single[i].hit)
                continue;
            ++both;
            face_differences +=
                single[i].enter_face != twice[i].enter_face || single[i].leave_face != twice[i].leave_face;
            double size = pair_longest_edge(&set.pairs[i]);
            double e = fmax(distance(single[i].enter_point, twice[i].enter_point),
                            distance(single[i].leave_point, twice[i].leave_point)) /
                       size;
            errors[compared++] = isnan(e) ? INFINITY : e;
        }
        sort_doubles(errors, compared);
        double class_rate = (double)class_differences / RANDOM_PAIRS,
               face_rate = both ? (double)face_differences / (double)both : 0;
        double max = compared ? errors[compared - 1] : 0, median = compared ? errors[compared / 2] : 0;
        printf("%-11s hit/miss differs %.4f%%, faces differ %.4f%%, point error max %.2e median %.2e\n", all[a].name,
               100 * class_rate, 100 * face_rate, max, median);
        CHECK(class_rate <= MAX_CLASS_RATE, "%s: hit/miss differs from %s on %.3f%% of random pairs", all[a].name,
              all[a].double_name, 100 * class_rate);
        CHECK(face_rate <= MAX_FACE_RATE, "%s: faces differ on %.3f%% of common hits", all[a].name, 100 * face_rate);
        CHECK(max <= 1e-4 && median <= 1e-6, "%s: point error max %.2e median %.2e", all[a].name, max, median);
    }
    free(errors);
    free(single);
    free(twice);
    pair_set_free(&set);
    return check_summary("test_float");
}
