/* bench_stages.h: where Bench's wall time goes, as busy times of the stages RayTetra's report
 * and TetWalk's JSON name (docs/JSON.md): the input read, its checks (the pairs' and the exact
 * classifier's pass), the OpenCL algorithms' transfers in, kernels and transfers out, and the
 * CSV and JSON writes. */
#ifndef RAYTETRA_BENCH_STAGES_H
#define RAYTETRA_BENCH_STAGES_H

#include <json-c/json.h>
#include <stdio.h>

typedef enum bench_stage {
    BENCH_STAGE_READ,
    BENCH_STAGE_CHECK,
    BENCH_STAGE_TRANSFER_IN,
    BENCH_STAGE_KERNEL,
    BENCH_STAGE_TRANSFER_OUT,
    BENCH_STAGE_WRITE,
    BENCH_STAGE_COUNT
} bench_stage;

typedef struct bench_stages {
    double start_ms; /* timer_now_ms() when Bench started */
    double wall_ms;  /* from then to the last measurement (bench_stages_stop) */
    double ms[BENCH_STAGE_COUNT];
} bench_stages;

struct bench_table;

/* The OpenCL algorithms' write, kernel (all repetitions) and read times, summed. */
void bench_stages_add_opencl(bench_stages *stages, const struct bench_table *table);

/* The wall time up to now. */
void bench_stages_stop(bench_stages *stages);

/* {"read": {"ms": MS, "share": MS / wall_ms}, "check": ...}, in the order above. */
json_object *bench_stages_json(const bench_stages *stages);

/* One line: each stage's busy time and its share of the wall time. */
void bench_stages_print(FILE *out, const bench_stages *stages);

#endif
