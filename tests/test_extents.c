/* test_extents: the ray and the segment (docs/SPECIFICATION.md section 9). Every double CPU
 * algorithm, clipped as the programs clip it, against the exact classifier with the same
 * extent on random pairs whose t-intervals straddle 0 and 1 (P before, inside and beyond the
 * tetrahedron; segments ending inside): hit/miss and faces exactly, reals to a tight tolerance.
 * The exact algorithms (stp0r) against it on every class of the generator and on pairs with P or
 * Q exactly a vertex (t exactly 0 or 1): faces identical. The line: the algorithm's own results,
 * untouched. No NaN or Inf in any record; the clipped sides exactly P, Q, t 0, 1, u 0 0. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cpu/extent_run.h"
#include "exact.h"
#include "extent.h"
#include "extent_fixtures.h"
#include "fixtures.h"
#include "generator/generator.h"
#include "pairs_io.h"
#include "compare/result_compare.h"
#include "registry/registry.h"

#define PAIRS 40000
#define TOLERANCE 1e-9

static int finite_record(const ray_tetra_result *r)
{
    if (!r->hit)
        return 1;
    double v[] = {r->enter_point.x, r->enter_point.y, r->enter_point.z, r->leave_point.x, r->leave_point.y,
                  r->leave_point.z, r->u_enter1, r->u_enter2, r->u_leave1, r->u_leave2, r->t_enter, r->t_leave};
    for (size_t k = 0; k < sizeof v / sizeof v[0]; ++k)
        if (!isfinite(v[k]))
            return 0;
    return 1;
}

static int same_point(vec3 a, vec3 b) { return a.x == b.x && a.y == b.y && a.z == b.z; }

/* A clipped side is exactly P (or Q), t 0 (or 1), u 0 0. */
static int clipped_sides_exact(const ray_tetra_pair *p, const ray_tetra_result *r)
{
    if (!r->hit)
        return 1;
    if (r->enter_face == -1 &&
        !(same_point(r->enter_point, p->orig) && r->t_enter == 0 && r->u_enter1 == 0 && r->u_enter2 == 0))
        return 0;
    if (r->leave_face == -1 &&
        !(same_point(r->leave_point, p->far) && r->t_leave == 1 && r->u_leave1 == 0 && r->u_leave2 == 0))
        return 0;
    return 1;
}

/* Records with clipped sides (faces -1 on hits) written as text and as binary and read back:
 * hit, faces and reals identical (text writes 17 digits). */
static void round_trip(const ray_tetra_result *records, size_t count)
{
    char dir[256];
    fixture_scratch_dir("test_extents_XXXXXX", dir, sizeof dir);
    const char *names[2] = {"clipped.txt", "clipped.rtb"};
    for (int k = 0; k < 2; ++k) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, names[k]);
        error_text err;
        ray_tetra_result *back = NULL;
        size_t back_count = 0;
        int written = results_write(path, records, count, NULL, &err) == 0;
        CHECK(written, "writing %s: %s", names[k], err.text);
        int read = written && results_read(path, &back, &back_count, &err) == 0;
        CHECK(read, "reading %s back: %s", names[k], written ? err.text : "not written");
        if (!read)
            continue;
        size_t different = 0, clipped = 0;
        for (size_t i = 0; i < count && back_count == count; ++i) {
            const ray_tetra_result *a = &records[i], *b = &back[i];
            clipped += a->hit && (a->enter_face < 0 || a->leave_face < 0);
            int same = a->hit == b->hit && a->enter_face == b->enter_face && a->leave_face == b->leave_face;
            if (same && a->hit)
                same = same_point(a->enter_point, b->enter_point) && same_point(a->leave_point, b->leave_point) &&
                       a->u_enter1 == b->u_enter1 && a->u_enter2 == b->u_enter2 && a->u_leave1 == b->u_leave1 &&
                       a->u_leave2 == b->u_leave2 && a->t_enter == b->t_enter && a->t_leave == b->t_leave;
            different += !same;
        }
        CHECK(back_count == count, "%s: %zu records back, %zu written", names[k], back_count, count);
        CHECK(clipped > 0, "%s: no clipped side to carry", names[k]);
        CHECK(different == 0, "%s: %zu records changed on the way", names[k], different);
        free(back);
    }
    fixture_remove_dir(dir);
}

/* Every double algorithm, every extent, on the straddling pairs. */
static void random_pairs(void)
{
    pair_set set;
    fixture_pairs(20131, PAIRS / 2, PAIRS - PAIRS / 2, &set);
    ray_tetra_result *line = fixture_exact_results(&set);
    extent_straddle(&set, line, 77);
    free(line);
    ray_tetra_result *reference = malloc(set.count * sizeof *reference);
    ray_tetra_result *results = malloc(set.count * sizeof *results);
    ray_tetra_result *plain = malloc(set.count * sizeof *plain);
    int count;
    const cpu_algorithm *all = cpu_algorithms(&count);
    for (int extent = RT_EXTENT_LINE; extent <= RT_EXTENT_SEGMENT; ++extent) {
        size_t hits = 0, clipped_enter = 0, clipped_leave = 0;
        for (size_t i = 0; i < set.count; ++i) {
            extent_exact_reference(&set.pairs[i], extent, &reference[i]);
            hits += (size_t)reference[i].hit;
            clipped_enter += reference[i].hit && reference[i].enter_face == -1;
            clipped_leave += reference[i].hit && reference[i].leave_face == -1;
        }
        /* the data exercise what they are meant to: clipped sides where the extent clips */
        CHECK(hits > PAIRS / 8, "%s: only %zu hits", extent_name(extent), hits);
        CHECK((extent == RT_EXTENT_LINE) == (clipped_enter == 0), "%s: %zu enter sides clipped",
              extent_name(extent), clipped_enter);
        CHECK((extent == RT_EXTENT_SEGMENT) == (clipped_leave > 0), "%s: %zu leave sides clipped",
              extent_name(extent), clipped_leave);
        for (int a = 0; a < count; ++a) {
            if (all[a].precision != CPU_PRECISION_DOUBLE)
                continue; /* float: the clipping by t is the same code; tolerance as tests/test_float.c */
            cpu_algorithm_run_extent(&all[a], &set, results, 1, extent);
            size_t wrong = 0, nonfinite = 0, inexact_clips = 0, first = (size_t)-1;
            char reason[512] = "";
            for (size_t i = 0; i < set.count; ++i) {
                result_mismatch why;
                if (result_compare(&set.pairs[i], &reference[i], &results[i], TOLERANCE, &why) != RESULT_AGREE) {
                    if (wrong++ == 0) {
                        first = i;
                        result_mismatch_describe(&why, reason, sizeof reason);
                    }
                }
                nonfinite += !finite_record(&results[i]);
                inexact_clips += !clipped_sides_exact(&set.pairs[i], &results[i]);
            }
            CHECK(wrong == 0, "%s, %s: %zu pairs differ from the exact classifier (first %zu: %s)", all[a].name,
                  extent_name(extent), wrong, first, reason);
            CHECK(nonfinite == 0, "%s, %s: %zu records with NaN or Inf", all[a].name, extent_name(extent), nonfinite);
            CHECK(inexact_clips == 0, "%s, %s: %zu clipped sides not exactly P/Q, 0/1, 0 0", all[a].name,
                  extent_name(extent), inexact_clips);
            if (extent == RT_EXTENT_LINE) {
                /* the line is the algorithm alone: byte for byte what cpu_algorithm_run writes */
                memset(plain, 0, set.count * sizeof *plain);
                memset(results, 0, set.count * sizeof *results);
                cpu_algorithm_run(&all[a], &set, plain, 1);
                cpu_algorithm_run_extent(&all[a], &set, results, 1, RT_EXTENT_LINE);
                CHECK(memcmp(plain, results, set.count * sizeof *plain) == 0, "%s: the line changed",
                      all[a].name);
            }
        }
        if (extent == RT_EXTENT_SEGMENT)
            round_trip(reference, set.count);
    }
    free(reference);
    free(results);
    free(plain);
    pair_set_free(&set);
}

/* The exact algorithms on degenerate input: every class of the generator, and pairs whose P or
 * Q is exactly a vertex of the tetrahedron (an end exactly on the boundary: t exactly 0 or 1). */
static void degenerate_pairs(void)
{
    pair_set set;
    pair_classes classes;
    extent_degenerate_pairs(20132, &set, &classes);
    ray_tetra_result *reference = malloc(set.count * sizeof *reference);
    ray_tetra_result *results = malloc(set.count * sizeof *results);
    int count;
    const cpu_algorithm *all = cpu_algorithms(&count);
    for (int extent = RT_EXTENT_LINE; extent <= RT_EXTENT_SEGMENT; ++extent) {
        for (size_t i = 0; i < set.count; ++i)
            extent_exact_reference(&set.pairs[i], extent, &reference[i]);
        for (int a = 0; a < count; ++a) {
            if (!cpu_algorithm_clips_exactly(&all[a]))
                continue;
            cpu_algorithm_run_extent(&all[a], &set, results, 1, extent);
            size_t wrong = 0, nonfinite = 0, first = (size_t)-1;
            for (size_t i = 0; i < set.count; ++i) {
                int same = reference[i].hit == results[i].hit && reference[i].enter_face == results[i].enter_face &&
                           reference[i].leave_face == results[i].leave_face;
                if (!same && wrong++ == 0)
                    first = i;
                nonfinite += !finite_record(&results[i]);
            }
            CHECK(wrong == 0, "%s, %s: %zu degenerate pairs classified unlike the exact classifier (first %zu)",
                  all[a].name, extent_name(extent), wrong, first);
            CHECK(nonfinite == 0, "%s, %s: %zu records with NaN or Inf", all[a].name, extent_name(extent), nonfinite);
        }
    }
    free(reference);
    free(results);
    pair_classes_free(&classes);
    pair_set_free(&set);
}

/* The decision itself on hand-made intervals, and the names. */
static void decision(void)
{
    CHECK(RT_EXTENT_OF_T(RT_EXTENT_LINE, -5.0, -4.0) == 0, "the line clips nothing");
    CHECK(RT_EXTENT_OF_T(RT_EXTENT_RAY, -5.0, -4.0) == RT_CLIP_MISS, "a ray misses behind P");
    CHECK(RT_EXTENT_OF_T(RT_EXTENT_RAY, -1.0, 0.0) == RT_CLIP_ENTER, "a ray touching at P is a hit, clipped");
    CHECK(RT_EXTENT_OF_T(RT_EXTENT_RAY, 0.0, 3.0) == 0, "a ray entering at P is not clipped");
    CHECK(RT_EXTENT_OF_T(RT_EXTENT_SEGMENT, 0.5, 3.0) == RT_CLIP_LEAVE, "a segment ending inside");
    CHECK(RT_EXTENT_OF_T(RT_EXTENT_SEGMENT, -1.0, 3.0) == (RT_CLIP_ENTER | RT_CLIP_LEAVE), "a segment inside");
    CHECK(RT_EXTENT_OF_T(RT_EXTENT_SEGMENT, 1.0, 3.0) == RT_CLIP_LEAVE, "a segment entering at Q is a hit, clipped at Q");
    CHECK(RT_EXTENT_OF_T(RT_EXTENT_SEGMENT, 1.5, 3.0) == RT_CLIP_MISS, "a segment ending before the tetrahedron");
    CHECK(extent_parse("ray") == RT_EXTENT_RAY && extent_parse("segment") == RT_EXTENT_SEGMENT &&
              extent_parse("line") == RT_EXTENT_LINE && extent_parse("Ray") == -1 && extent_parse("") == -1,
          "extent names");
}

int main(void)
{
    decision();
    random_pairs();
    degenerate_pairs();
    return check_summary("test_extents");
}
