/* bench_json.h: Bench's JSON document (--json FILE; docs/JSON.md, schema raytetra-bench/1). */
#ifndef RAYTETRA_BENCH_JSON_H
#define RAYTETRA_BENCH_JSON_H

#include "bench/bench.h"

/* Write the run's context and one result per algorithm and phase (the time rows, with their
 * repetitions) to `path`, atomically. Returns 0, or -1 with err set. */
int bench_write_json(const char *path, const bench_context *context, const bench_results *results, error_text *err);

#endif
