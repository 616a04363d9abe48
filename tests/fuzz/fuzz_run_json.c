/* fuzz_run_json: libFuzzer target for CompareRuns' reader of Bench JSON (run_file_parse), on
 * bytes in memory. Whatever it accepts holds what CompareRuns relies on: names that are
 * non-empty text on one line, each algorithm and phase once, and repetitions that are times
 * from RUN_SAMPLE_MIN_MS to RUN_SAMPLE_MAX_MS, so that comparing any two results gives a
 * finite, positive ratio and interval and a p-value in [0, 1]; a refusal is one line. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "compare/run_compare.h"
#include "compare/run_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int is_name(const char *name)
{
    if (!name || !*name)
        return 0;
    for (const char *c = name; *c; ++c)
        if ((unsigned char)*c < 0x20 || *c == 0x7f)
            return 0;
    return 1;
}

static int finite_positive(double x) { return isfinite(x) && x > 0; }

/* What CompareRuns prints for `r` against `first`: nothing NaN, infinite or zero. */
static void check_comparison(const run_result *first, const run_result *r)
{
    run_comparison c;
    if (run_compare(first->samples, first->count, r->samples, r->count, &c) != 0)
        return; /* out of memory */
    if (!finite_positive(c.ratio) || !finite_positive(c.median_a) || !finite_positive(c.median_b))
        __builtin_trap();
    if (first->count > 1 && r->count > 1 &&
        (!finite_positive(c.ratio_low) || !finite_positive(c.ratio_high) || 1 / c.ratio_high <= 0 ||
         !isfinite(1 / c.ratio_low) || !(c.p_value >= 0 && c.p_value <= 1)))
        __builtin_trap();
}

static void check(const run_file *run)
{
    const run_result *first = NULL;
    for (int i = 0; i < run->count; ++i) {
        const run_result *r = &run->results[i];
        if (!is_name(r->algorithm) || !is_name(r->kind) || !is_name(r->phase) || r->count < 0)
            __builtin_trap();
        if (run_file_find(run, r->algorithm, r->phase) != r)
            __builtin_trap(); /* a second result of the same algorithm and phase */
        for (int k = 0; k < r->count; ++k)
            if (!(r->samples[k] >= RUN_SAMPLE_MIN_MS && r->samples[k] <= RUN_SAMPLE_MAX_MS))
                __builtin_trap();
        if (r->count > 0) {
            if (!first)
                first = r;
            check_comparison(first, r);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    run_file run;
    error_text err;
    err.text[0] = '\0';
    if (run_file_parse("fuzz", (const char *)data, size, &run, &err) == 0) {
        check(&run);
        run_file_free(&run);
    } else if (strlen(err.text) == 0 || strchr(err.text, '\n')) {
        __builtin_trap();
    }
    return 0;
}
