/* fuzz_run_json: libFuzzer target for CompareRuns' reader of Bench JSON (run_file_parse), on
 * bytes in memory. Whatever it accepts holds what CompareRuns relies on: names that are
 * non-empty text on one line, each algorithm and phase once, and repetitions that are times
 * from RUN_SAMPLE_MIN_MS to RUN_SAMPLE_MAX_MS; a refusal is one line. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

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

static void check(const run_file *run)
{
    for (int i = 0; i < run->count; ++i) {
        const run_result *r = &run->results[i];
        if (!is_name(r->algorithm) || !is_name(r->kind) || !is_name(r->phase) || r->count < 0)
            __builtin_trap();
        if (run_file_find(run, r->algorithm, r->phase) != r)
            __builtin_trap(); /* a second result of the same algorithm and phase */
        for (int k = 0; k < r->count; ++k)
            if (!(r->samples[k] >= RUN_SAMPLE_MIN_MS && r->samples[k] <= RUN_SAMPLE_MAX_MS))
                __builtin_trap();
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
