/* test_binary_format: the binary format round-trips pairs and results exactly, is recognised by
 * its magic, writes a record's fields at their offsets (a miss's as zeros and -1), and refuses
 * truncated, foreign and invalid files with a clear message. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "registry/registry.h"
#include "binary_io.h"
#include "byte_order.h"
#include "check.h"
#include "fixtures.h"
#include "generator/generator.h"
#include "pairs_io.h"

int main(void)
{
    char dir[FIXTURE_PATH_SIZE], pairs_path[FIXTURE_PATH_SIZE], results_path[FIXTURE_PATH_SIZE],
        text_path[FIXTURE_PATH_SIZE], bad_path[FIXTURE_PATH_SIZE];
    fixture_scratch_files("raytetra-binary-XXXXXX", dir, "p.rtb", pairs_path, "r.rtb", results_path, "p.txt", text_path,
                          "bad.rtb", bad_path, NULL);
    error_text err;
    generator_config config = {.seed = 7, .hits = 300, .misses = 200};
    CHECK(generator_write(pairs_path, &config, &err) == 0, "%s", err.text);
    CHECK(generator_write(text_path, &config, &err) == 0, "%s", err.text);
    pair_set binary, text;
    CHECK(pairs_read(pairs_path, &binary, &err) == 0, "%s", err.text);
    CHECK(pairs_read(text_path, &text, &err) == 0, "%s", err.text);
    CHECK(binary.count == 500 && text.count == 500 &&
              memcmp(binary.pairs, text.pairs, 500 * sizeof(ray_tetra_pair)) == 0,
          "binary and text files of one seed must hold the same doubles");

    ray_tetra_result results[500], back_results[500];
    memset(results, 0, sizeof results);
    cpu_algorithm_run(cpu_algorithm_find("stp1"), &binary, results, 1);
    CHECK(results_write(results_path, results, 500, NULL, &err) == 0, "%s", err.text);
    ray_tetra_result *back;
    size_t count;
    CHECK(results_read(results_path, &back, &count, &err) == 0 && count == 500, "%s", err.text);
    memcpy(back_results, back, sizeof back_results);
    free(back);
    size_t differ = 0;
    for (size_t i = 0; i < 500; ++i) {
        const ray_tetra_result *a = &results[i], *b = &back_results[i];
        differ += a->hit != b->hit ||
                  (a->hit && (a->enter_face != b->enter_face || a->leave_face != b->leave_face ||
                              memcmp(&a->enter_point, &b->enter_point, sizeof(vec3)) ||
                              memcmp(&a->leave_point, &b->leave_point, sizeof(vec3)) || a->u_enter1 != b->u_enter1 ||
                              a->u_enter2 != b->u_enter2 || a->u_leave1 != b->u_leave1 || a->u_leave2 != b->u_leave2 ||
                              a->t_enter != b->t_enter || a->t_leave != b->t_leave));
    }
    CHECK(differ == 0, "%zu results changed through the binary format", differ);

    /* A record's bytes, field by field: a miss writes faces -1 and reals 0 whatever the result
     * held, a hit its fields, and the reserved field is 0 (not the robust kernel's flags). */
    ray_tetra_result junk_miss = results[0], flagged_hit = {.hit = 1, .enter_face = 2, .leave_face = 0,
                                                            .uncertain = 5, .enter_point = {1, 2, 3},
                                                            .leave_point = {4, 5, 6}, .u_enter1 = 0.25,
                                                            .u_enter2 = 0.5, .u_leave1 = 0.125, .u_leave2 = 1,
                                                            .t_enter = -2, .t_leave = 3};
    junk_miss.hit = 0;
    junk_miss.enter_face = 3;
    junk_miss.uncertain = 7;
    junk_miss.t_leave = 9;
    unsigned char record[BINARY_RESULT_RECORD];
    binary_result_encode(&junk_miss, record);
    size_t nonzero = 0;
    for (int b = 16; b < BINARY_RESULT_RECORD; ++b)
        nonzero += record[b] != 0;
    CHECK(byte_order_get_u32(record) == 0 && byte_order_get_u32(record + 4) == 0xffffffffu &&
              byte_order_get_u32(record + 8) == 0xffffffffu && byte_order_get_u32(record + 12) == 0 && nonzero == 0,
          "a miss's record: hit %u, faces %u %u, reserved %u, %zu nonzero bytes of reals", byte_order_get_u32(record),
          byte_order_get_u32(record + 4), byte_order_get_u32(record + 8), byte_order_get_u32(record + 12), nonzero);
    binary_result_encode(&flagged_hit, record);
    double reals[12];
    for (int k = 0; k < 12; ++k) {
        uint64_t bits = byte_order_get_u64(record + 16 + 8 * k);
        memcpy(&reals[k], &bits, sizeof bits);
    }
    CHECK(byte_order_get_u32(record) == 1 && byte_order_get_u32(record + 4) == 2 && byte_order_get_u32(record + 8) == 0 &&
              byte_order_get_u32(record + 12) == 0 && reals[0] == 1 && reals[5] == 6 && reals[6] == 0.25 &&
              reals[9] == 1 && reals[10] == -2 && reals[11] == 3,
          "a hit's record: hit %u, faces %u %u, reserved %u, reals %g %g %g %g %g %g", byte_order_get_u32(record),
          byte_order_get_u32(record + 4), byte_order_get_u32(record + 8), byte_order_get_u32(record + 12), reals[0],
          reals[5], reals[6], reals[9], reals[10], reals[11]);

    /* In place (a little-endian host): every result becomes the bytes binary_result_encode gives
     * it, a miss with -0.0 reals or left-over fields too, and a result already as its record
     * keeps its bytes. */
    ray_tetra_result negative_zero_miss = {.hit = 0, .enter_face = -1, .leave_face = -1, .t_enter = -0.0};
    ray_tetra_result canonical_miss = {.hit = 0, .enter_face = -1, .leave_face = -1};
    ray_tetra_result in_place[] = {junk_miss, flagged_hit, negative_zero_miss, canonical_miss, results[1], results[2]};
    enum { IN_PLACE = sizeof in_place / sizeof in_place[0] };
    unsigned char expected[IN_PLACE][BINARY_RESULT_RECORD];
    for (int k = 0; k < IN_PLACE; ++k)
        binary_result_encode(&in_place[k], expected[k]);
    if (binary_results_encode_in_place(in_place, IN_PLACE)) {
        for (int k = 0; k < IN_PLACE; ++k)
            CHECK(memcmp(&in_place[k], expected[k], BINARY_RESULT_RECORD) == 0,
                  "result %d made its record in place: the bytes of binary_result_encode", k);
    } else
        CHECK(!byte_order_little_endian_host(), "the results made their records in place on a little-endian host");

    /* Truncated: the header promises more than the file holds. */
    FILE *f = fopen(pairs_path, "rb");
    unsigned char buffer[64 + 144 * 2];
    size_t got = fread(buffer, 1, sizeof buffer, f);
    fclose(f);
    f = fopen(bad_path, "wb");
    fwrite(buffer, 1, got, f);
    fclose(f);
    pair_set bad;
    CHECK(pairs_read(bad_path, &bad, &err) != 0 && strstr(err.text, "announces 500 records"), "truncated: %s",
          err.text);
    /* A negatively oriented tetrahedron in record 1 (V1 and V2 swapped). */
    ray_tetra_pair swapped = binary.pairs[1];
    vec3 t = swapped.vert[1];
    swapped.vert[1] = swapped.vert[2];
    swapped.vert[2] = t;
    pair_set two = {2, (ray_tetra_pair[]){binary.pairs[0], swapped}};
    CHECK(pairs_write(bad_path, &two, &err) == 0, "%s", err.text);
    CHECK(pairs_read(bad_path, &bad, &err) != 0 && strstr(err.text, "pair 1: the tetrahedron is negatively oriented"),
          "orientation: %s", err.text);
    /* A newer version is refused by name. */
    f = fopen(bad_path, "r+b");
    fseek(f, 8, SEEK_SET);
    fputc(9, f);
    fclose(f);
    CHECK(pairs_read(bad_path, &bad, &err) != 0 && strstr(err.text, "version 9"), "version: %s", err.text);
    /* Results are not pairs. */
    CHECK(pairs_read(results_path, &bad, &err) != 0 && strstr(err.text, "holds results, expected pairs"), "kind: %s",
          err.text);

    pair_set_free(&binary);
    pair_set_free(&text);
    fixture_remove_dir(dir);
    return check_summary("test_binary_format");
}
