/* fuzz_results: libFuzzer target for the result reader, text and binary (told apart by the
 * magic, as for files), on bytes in memory. Whatever it accepts holds what the text format can
 * say: hit 0 or 1, faces 0..3 (or -1, a side clipped by a ray or a segment) and finite reals on a
 * hit, faces -1 on a miss. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pairs_io.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(const ray_tetra_result *r)
{
    if (r->hit != 0 && r->hit != 1)
        __builtin_trap();
    if (!r->hit) {
        if (r->enter_face != -1 || r->leave_face != -1)
            __builtin_trap();
        return;
    }
    if (r->enter_face < -1 || r->enter_face > 3 || r->leave_face < -1 || r->leave_face > 3)
        __builtin_trap();
    const double reals[] = {r->enter_point.x, r->enter_point.y, r->enter_point.z, r->leave_point.x,
                            r->leave_point.y, r->leave_point.z, r->u_enter1,      r->u_enter2,
                            r->u_leave1,      r->u_leave2,      r->t_enter,       r->t_leave};
    for (size_t i = 0; i < sizeof reals / sizeof reals[0]; ++i)
        if (!isfinite(reals[i]))
            __builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    input_stream in;
    error_text err;
    ray_tetra_result *results;
    size_t count, *lines;
    input_open_memory(&in, "fuzz", data, size);
    if (results_read_input(&in, &results, &count, &lines, &err) == 0) {
        for (size_t i = 0; i < count; ++i) {
            check(&results[i]);
            if (lines && (lines[i] == 0 || (i > 0 && lines[i] <= lines[i - 1])))
                __builtin_trap(); /* text results are located by increasing line numbers */
        }
        free(results);
        free(lines);
    } else if (strlen(err.text) == 0) {
        __builtin_trap();
    }
    input_close(&in);
    return 0;
}
