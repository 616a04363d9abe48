/* bench_stages.c: Bench's stage times (see bench_stages.h). */
#include "bench/bench_stages.h"

#include <math.h>

#include "bench/bench.h"
#include "bench/results_json.h"
#include "timer.h"

static const char *const JSON_NAMES[BENCH_STAGE_COUNT] = {"read",   "check",        "transfer_in",
                                                          "kernel", "transfer_out", "write"};
static const char *const PRINTED_NAMES[BENCH_STAGE_COUNT] = {"read",   "check",        "transfer in",
                                                             "kernel", "transfer out", "write"};

/* A time that was measured, else 0 (a run that failed before it). */
static double measured(double ms) { return isfinite(ms) && ms > 0 ? ms : 0; }

void bench_stages_add_opencl(bench_stages *stages, const bench_table *table)
{
    for (int i = 0; i < table->count; ++i) {
        const bench_entry *e = &table->entries[i];
        if (!e->gpu || !e->selected)
            continue;
        stages->ms[BENCH_STAGE_TRANSFER_IN] += measured(e->write_ms);
        stages->ms[BENCH_STAGE_KERNEL] += measured(e->ms);
        stages->ms[BENCH_STAGE_TRANSFER_OUT] += measured(e->read_ms);
    }
}

void bench_stages_stop(bench_stages *stages) { stages->wall_ms = timer_now_ms() - stages->start_ms; }

static double share(const bench_stages *stages, bench_stage stage)
{
    return stages->wall_ms > 0 ? stages->ms[stage] / stages->wall_ms : 0;
}

json_object *bench_stages_json(const bench_stages *stages)
{
    json_object *object = json_object_new_object();
    for (int k = 0; k < BENCH_STAGE_COUNT; ++k) {
        json_object *stage = json_object_new_object();
        json_object_object_add(stage, "ms", results_json_ms(stages->ms[k]));
        json_object_object_add(stage, "share", results_json_number(share(stages, (bench_stage)k)));
        json_object_object_add(object, JSON_NAMES[k], stage);
    }
    return object;
}

void bench_stages_print(FILE *out, const bench_stages *stages)
{
    fprintf(out, "stages (busy ms, share of the wall time %.3f ms):", stages->wall_ms);
    for (int k = 0; k < BENCH_STAGE_COUNT; ++k)
        fprintf(out, "%s %s %.3f (%.0f%%)", k ? "," : "", PRINTED_NAMES[k], stages->ms[k],
                100.0 * share(stages, (bench_stage)k));
    fputc('\n', out);
}
