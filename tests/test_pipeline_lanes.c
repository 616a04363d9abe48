/* test_pipeline_lanes: the streaming run (pipeline.h) on several lanes of devices, on PoCL, which
 * has one device: the job's device numbers may repeat (the --devices parser's list may not), so
 * one PoCL device listed three times stands for three devices, a lane each, every lane taking the
 * next chunk when it is free. Checked: the output file is byte-identical to one device's for
 * pinned and pageable transfers, in chunks of 7 pairs (many chunks, the last shorter), every
 * chunk run once, the report has a line for each device; a device of the list that cannot be
 * opened fails the run with that device named, leaves no temporary file, and an old OUTPUT as it
 * was. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "binary_io.h"
#include "check.h"
#include "fixtures.h"
#include "gpu_fixtures.h"
#include "pipeline/pipeline.h"
#include "registry/registry.h"

enum { LANES = 3, PAIRS = 1001 };

/* The scratch folder's files (main's buffers). */
static const char *dir, *input, *one_out, *lanes_out, *report_path;

/* A job of GPU_STP0 from INPUT to `output` on the devices listed (NULL: -n, one device). */
static pipeline_job job_for(const char *output, const int *devices, size_t count, gpu_transfers transfers,
                            FILE *report)
{
    pipeline_job job;
    memset(&job, 0, sizeof job);
    job.input = input;
    job.output = output;
    job.write_results = 1;
    job.reps = 1;
    job.gpu = gpu_algorithm_get(1);
    job.device = gpu_fixture_device();
    job.device_numbers = devices;
    job.device_count = count;
    job.config = GPU_CONFIG_DEFAULT;
    job.config.transfers = transfers;
    job.report = report;
    job.program = "test_pipeline_lanes";
    return job;
}

/* How many lines of the file hold `text`. */
static int lines_with(const char *path, const char *text)
{
    FILE *f = fopen(path, "r");
    char line[2048];
    int n = 0;
    while (f && fgets(line, sizeof line, f))
        n += strstr(line, text) != NULL;
    if (f)
        fclose(f);
    return n;
}

static void same_bytes(const char *a, const char *b, const char *what)
{
    size_t size_a = 0, size_b = 0;
    char *bytes_a = fixture_read_file(a, &size_a), *bytes_b = fixture_read_file(b, &size_b);
    CHECK(bytes_a && bytes_b && size_a == size_b && memcmp(bytes_a, bytes_b, size_a) == 0,
          "%s: %zu bytes against one device's %zu", what, size_b, size_a);
    free(bytes_a);
    free(bytes_b);
}

static void test_lanes(gpu_transfers transfers, const char *what)
{
    int devices[LANES];
    for (int d = 0; d < LANES; ++d)
        devices[d] = gpu_fixture_device();
    pipeline_stats stats;
    error_text err;
    FILE *quiet = tmpfile();
    if (!quiet)
        fixture_fail("tmpfile", "cannot make a report file");
    pipeline_job one = job_for(one_out, NULL, 0, transfers, quiet);
    CHECK(pipeline_run(&one, &stats, &err) == 0, "%s, one device: %s", what, err.text);
    fclose(quiet);

    FILE *report = fopen(report_path, "w");
    if (!report)
        fixture_fail(report_path, "cannot write");
    pipeline_job three = job_for(lanes_out, devices, LANES, transfers, report);
    int status = pipeline_run(&three, &stats, &err);
    CHECK(status == 0, "%s, three lanes: %s", what, err.text);
    pipeline_print_stages(report, &stats);
    fclose(report);
    same_bytes(one_out, lanes_out, what);
    CHECK(stats.pairs == PAIRS && stats.chunks == (PAIRS + 6) / 7, "%s: %zu pairs in %zu chunks", what, stats.pairs,
          stats.chunks);
    CHECK(lines_with(report_path, "devices: 3 (--devices as listed)") == 1, "%s: the report names three devices",
          what);
    CHECK(lines_with(report_path, ": device ") == LANES, "%s: a line for each device", what);
}

/* The second device of the list does not exist. */
static void test_failing_lane(void)
{
    const char old[] = "an earlier run's results\n";
    FILE *f = fopen(lanes_out, "w");
    if (!f || fputs(old, f) < 0 || fclose(f) != 0)
        fixture_fail(lanes_out, "cannot write");
    int devices[2] = {gpu_fixture_device(), 4096};
    pipeline_stats stats;
    error_text err;
    pipeline_job job = job_for(lanes_out, devices, 2, GPU_TRANSFERS_PINNED, stderr);
    CHECK(pipeline_run(&job, &stats, &err) != 0 &&
              strstr(err.text, "OpenCL device 4096 (device 2 of 2 in --devices) cannot be opened") &&
              !strchr(err.text, '\n'),
          "the device that cannot be opened is named: %s", err.text);
    size_t size = 0;
    char *kept = fixture_read_file(lanes_out, &size);
    CHECK(kept && size == strlen(old) && memcmp(kept, old, size) == 0, "the old OUTPUT is kept (%zu bytes)", size);
    free(kept);
    /* Nothing else in the folder: INPUT, the two outputs and the report. */
    char command[FIXTURE_PATH_SIZE + 64];
    snprintf(command, sizeof command, "test $(ls -A '%s' | wc -l) -le 4", dir);
    CHECK(system(command) == 0, "no temporary file left in %s", dir);
}

int main(void)
{
    char folder[FIXTURE_PATH_SIZE], in[FIXTURE_PATH_SIZE], one[FIXTURE_PATH_SIZE], lanes[FIXTURE_PATH_SIZE],
        report[FIXTURE_PATH_SIZE];
    fixture_scratch_files("raytetra-pipeline-lanes-XXXXXX", folder, "in.rtb", in, "one.rtb", one, "lanes.rtb", lanes,
                          "report.txt", report, NULL);
    dir = folder;
    input = in;
    one_out = one;
    lanes_out = lanes;
    report_path = report;
    pair_set set;
    fixture_pairs(20261127, PAIRS / 2, PAIRS - PAIRS / 2, &set);
    error_text err;
    if (binary_pairs_write(input, &set, &err) != 0)
        fixture_fail(input, err.text);
    free(set.pairs);
    if (setenv("RAYTETRA_STREAM_CHUNK_PAIRS", "7", 1) != 0)
        fixture_fail("RAYTETRA_STREAM_CHUNK_PAIRS", "cannot set");
    test_lanes(GPU_TRANSFERS_PINNED, "pinned transfers");
    test_lanes(GPU_TRANSFERS_PAGEABLE, "pageable transfers");
    test_failing_lane();
    fixture_remove_dir(dir);
    return check_summary("test_pipeline_lanes");
}
