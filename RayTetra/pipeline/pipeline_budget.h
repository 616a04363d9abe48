/* pipeline_budget.h: how much memory a streaming run may hold (--max-memory), and the chunk
 * size that follows from it: the run's chunks (pipeline_chunk.h), each with its pairs, results, text lines
 * and output bytes, plus the copies an OpenCL device's run makes of a chunk, all within the
 * budget whatever the number of pairs. */
#ifndef RAYTETRA_PIPELINE_BUDGET_H
#define RAYTETRA_PIPELINE_BUDGET_H

#include <stddef.h>

#include "error.h"
#include "pipeline/pipeline_chunk.h"

#define PIPELINE_MEMORY_MIN ((size_t)16 << 20)
/* Held back from the budget for what is not a chunk: stdio buffers, the input's buffer, stacks. */
#define PIPELINE_MEMORY_RESERVE ((size_t)4 << 20)
/* The default budget: this fraction of the machine's physical memory. */
#define PIPELINE_MEMORY_DEFAULT_DIVISOR 4
/* Bytes of text kept per pair line on average; a chunk of text ends early when its lines run longer. */
#define PIPELINE_TEXT_BYTES_PER_PAIR 512
/* The largest chunk for a device: big enough that per-chunk costs (buffers, launches) vanish,
 * small enough that the first chunk's read, before anything overlaps, is a small part of a long
 * run, and that the chunks' pinned memory is quick to make. On a 4 x H200 host (64 cores; 40,000,000
 * pairs, file to file) 262,144 pairs a chunk ran one GPU in 3.3-3.4 s and every GPU in 3.7 s,
 * 2,097,152 in 4.6-4.9 and 7.2 s. A forced size ($RAYTETRA_STREAM_CHUNK_PAIRS) may go up to
 * PIPELINE_CHUNK_PAIRS_MAX. */
#define PIPELINE_DEVICE_CHUNK_PAIRS ((size_t)1 << 18)
#define PIPELINE_CHUNK_PAIRS_MAX ((size_t)1 << 21)
/* For the CPU algorithms a chunk is PIPELINE_CPU_PAIRS_PER_CORE pairs for each core, within
 * [PIPELINE_CPU_CHUNK_PAIRS_MIN, PIPELINE_DEVICE_CHUNK_PAIRS]: each core's share of the four chunks then
 * stays near its caches and is reused while warm, and the teams' start and join are paid once per
 * 4,096 pairs a core. Measured, file to file: on the 2-core dev machine 16,384 pairs a chunk ran in
 * a third of the time of 262,144; on the 64-core host 262,144 in under half the time of 16,384. */
#define PIPELINE_CPU_PAIRS_PER_CORE ((size_t)4096)
#define PIPELINE_CPU_CHUNK_PAIRS_MIN ((size_t)1 << 14)
/* A device's run is cut into at least this many chunks (of at least PIPELINE_CHUNK_PAIRS_MIN
 * pairs), so that its stages overlap for most of it even when the budget would hold it in one. */
#define PIPELINE_CHUNKS_PER_RUN 8
#define PIPELINE_CHUNK_PAIRS_MIN ((size_t)1 << 16)

/* "SIZE": a whole number of bytes, or with a suffix K, M, G or T (powers of 1024), at least
 * PIPELINE_MEMORY_MIN. 0, or -1 with err set ("--max-memory ...: what is wrong; what to give"). */
int pipeline_parse_memory(const char *text, size_t *bytes, error_text *err);

/* The default budget: physical memory / PIPELINE_MEMORY_DEFAULT_DIVISOR, at least the minimum. */
size_t pipeline_default_memory(void);

/* $RAYTETRA_STREAM_CHUNK_PAIRS into *pairs (0 when unset): 0, or -1 with err set for a bad value. */
int pipeline_forced_chunk_pairs(size_t *pairs, error_text *err);

/* The pairs a chunk takes: `fitting` (what the memory budget holds) unless
 * $RAYTETRA_STREAM_CHUNK_PAIRS forces another number (tests of the chunk boundaries), no more
 * than the `count` pairs of the run, at least 1. 0, or -1 with err set for a bad forced value. */
int pipeline_settle_chunk_pairs(size_t fitting, size_t count, size_t *pairs, error_text *err);

/* What each of `chunks` chunks needs, for `count` pairs in all, text or binary input and output
 * (out_bytes_per_pair 0: no results written), on `cores` cores, and `device_copies` more
 * pair+result copies per pair (an OpenCL run's pinned and device buffers); the pairs per chunk
 * settled as above. 0, or -1 with err set. */
int pipeline_chunk_shape_for(size_t budget, size_t count, int text_input, size_t out_bytes_per_pair,
                             size_t device_copies, size_t chunks, size_t cores, pipeline_chunk_shape *shape,
                             error_text *err);

#endif
