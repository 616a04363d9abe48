/* program_options.h: the options that several programs take with one meaning, each with one
 * getopt code and one reading, so that every program reads and answers them alike (for main()s
 * only: it prints and exits). */
#ifndef RAYTETRA_PROGRAM_OPTIONS_H
#define RAYTETRA_PROGRAM_OPTIONS_H

#include <getopt.h>
#include <stddef.h>
#include <stdio.h>

#include "cpu/algorithms.h"
#include "opencl/gpu_config.h"

/* Their getopt_long codes: above the short options and above each program's own codes, which
 * count up from 256. */
enum {
    PROGRAM_OPT_VERSION = 1024,
    PROGRAM_OPT_LIST_ALGORITHMS, /* for the programs that list at once (others list after checking the rest) */
    PROGRAM_OPT_LAYOUT,
    PROGRAM_OPT_OUTPUT,
    PROGRAM_OPT_PAIRS_PER_ITEM,
    PROGRAM_OPT_RESULT_LAYOUT,
    PROGRAM_OPT_TRANSFERS,
    PROGRAM_OPT_DEVICES,
    PROGRAM_OPT_FLOAT_DATA,
    PROGRAM_OPT_CHUNK_SIZES,
    PROGRAM_OPT_RECORD_STORES,
};

/* --version and -h/--help, answered by program_answer_info (every program takes them). */
#define PROGRAM_VERSION_HELP_OPTIONS \
    {"version", no_argument, NULL, PROGRAM_OPT_VERSION}, {"help", no_argument, NULL, 'h'}

/* --layout, --output, --pairs-per-item, --result-layout and --float-data: how the OpenCL kernels
 * run (gpu_config.h), read by program_gpu_config_option. */
#define PROGRAM_GPU_CONFIG_OPTIONS \
    {"layout", required_argument, NULL, PROGRAM_OPT_LAYOUT}, {"output", required_argument, NULL, PROGRAM_OPT_OUTPUT}, \
    {"pairs-per-item", required_argument, NULL, PROGRAM_OPT_PAIRS_PER_ITEM},                                        \
    {"result-layout", required_argument, NULL, PROGRAM_OPT_RESULT_LAYOUT},                                          \
    {"float-data", required_argument, NULL, PROGRAM_OPT_FLOAT_DATA}

/* --transfers pinned|pageable (gpu_config.h), also read by program_gpu_config_option; only for
 * the programs whose OpenCL runs go through gpu_run (Bench times both ways by itself). */
#define PROGRAM_TRANSFERS_OPTION {"transfers", required_argument, NULL, PROGRAM_OPT_TRANSFERS}

/* --chunk-sizes tapered|equal (gpu_config.h): the pinned transfers' chunks, for the programs
 * that run them (RayTetra's gpu_run, Bench's --overlap). */
#define PROGRAM_CHUNK_SIZES_OPTION {"chunk-sizes", required_argument, NULL, PROGRAM_OPT_CHUNK_SIZES}

/* --record-stores auto|cached|streamed: how the CPU runs write the SIMD forms' full records
 * (cpu_record_stores, cpu/algorithms.h), set by program_record_stores. */
#define PROGRAM_RECORD_STORES_OPTION {"record-stores", required_argument, NULL, PROGRAM_OPT_RECORD_STORES}

/* The usage lines of --record-stores, the same in every program that takes it. */
#define PROGRAM_RECORD_STORES_USAGE                                                                                   \
    "  --record-stores S  how the CPU runs of the SIMD forms (stp0v, pluecker0v and their float\n"                   \
    "                     variants) write their full records: cached (ordinary stores), streamed\n"                  \
    "                     (non-temporal stores, past the caches) or auto (default: streamed on\n"                    \
    "                     Intel CPUs when the records exceed a quarter of the last-level cache,\n"                   \
    "                     cached otherwise); the same results either way\n"

/* --record-stores ARG: the setting for the CPU runs (cpu_set_record_stores; also returned), or a
 * usage error. */
cpu_record_stores program_record_stores(const char *program, const char *arg);

/* -n/--device N (one OpenCL device) and --devices LIST|all (several, RayTetra/multi/), read by
 * program_device_option. */
#define PROGRAM_DEVICE_OPTIONS \
    {"device", required_argument, NULL, 'n'}, {"devices", required_argument, NULL, PROGRAM_OPT_DEVICES}

/* The next option, as getopt_long returns it, with the programs' conventions: getopt prints
 * nothing (each program says in one line what is wrong: '?' comes back for an unknown option or
 * a missing argument), and flag options (a `flag` pointer in their entry) are set, not returned. */
int program_next_option(int argc, char **argv, const char *short_options, const struct option *long_options);

/* When c is --version, -h/--help or PROGRAM_OPT_LIST_ALGORITHMS: the version (version.h), the
 * usage text or the algorithms (registry_print_list) on standard output, and exit status 0. Any
 * other c: nothing. */
void program_answer_info(const char *program, int c, void (*usage)(FILE *out));

/* --extent ARG: RT_EXTENT_LINE, _RAY or _SEGMENT, or a usage error (cli_usage_error). */
int program_extent(const char *program, const char *arg);

/* When c is --layout, --output, --pairs-per-item, --result-layout, --transfers or --float-data:
 * its ARG into *config (or a usage error), and 1; any other c: nothing, and 0. */
int program_gpu_config_option(const char *program, int c, const char *arg, gpu_config *config);

/* An OpenCL device number, given as OPTION ("-n/--device", or Bench's positional "DEVICE"): 0 to
 * 2^20, or a usage error. */
long long program_device_number(const char *program, const char *option, const char *arg);

/* -n N (c == 'n': *device, and *device_given set) or --devices LIST (*devices; the list is
 * resolved when the devices are opened), or a usage error. */
void program_device_option(const char *program, int c, const char *arg, long long *device, int *device_given,
                           const char **devices);

/* The readings of the number options several programs take, each with its one range, or a
 * usage error naming the option and the range (cli_number): --local-size (1 to 2^20),
 * --threads (0: every core, to 4096), a seed (OPTION: --seed, --input-seed; 0 to 2^63 - 1). */
long long program_local_size(const char *program, const char *arg);
long long program_threads(const char *program, const char *arg);
long long program_seed(const char *program, const char *option, const char *arg);

/* --max-memory SIZE: bytes, with K, M, G or T (pipeline_parse_memory), or a usage error. */
size_t program_max_memory(const char *program, const char *arg);

/* The one line for each kind of mistake on a command line, the same in every program:
 * "PROGRAM: error: WHAT (see PROGRAM -h)" on stderr and exit status 2 (cli_usage_error).
 * A number that is not one, or out of its range, is cli_number's and cli_count's (cli.h). */

/* An option getopt did not know, or one missing its argument; ARG as the user wrote it:
 * "ARG: unknown option or missing argument", or for a negative number (which getopt takes for
 * an option) "ARG: a negative number where an option was expected (PROGRAM's positional
 * arguments are never negative)". */
_Noreturn void program_bad_option(const char *program, const char *arg);

/* Too few or too many positional arguments: "expected EXPECTED, got N argument(s)". */
_Noreturn void program_wrong_arguments(const char *program, const char *expected, int got);

/* Two options that exclude each other, both given: "give FIRST or SECOND, not both" and, when
 * ARG is not NULL, ": ARG". */
_Noreturn void program_not_both(const char *program, const char *first, const char *second, const char *arg);

/* The default case of an option loop: c is --version, -h/--help or --list-algorithms
 * (program_answer_info) or not an option the program knows (program_bad_option with WRITTEN,
 * the argument as the user wrote it); exits either way. */
_Noreturn void program_default_option(const char *program, int c, const char *written, void (*usage)(FILE *out));

/* The default case of an option loop that takes the OpenCL options: c is one of them (its ARG
 * read into *config by program_gpu_config_option), --version, -h/--help or --list-algorithms
 * (program_answer_info: exits), or not an option the program knows (program_bad_option with
 * WRITTEN, the argument as the user wrote it: exits). */
void program_other_option(const char *program, int c, const char *arg, const char *written, gpu_config *config,
                          void (*usage)(FILE *out));

/* An output a program was asked for: the option that names it ("--json"; "OUTPUT" for an
 * argument) and its name (NULL: not asked for). */
typedef struct program_output {
    const char *option;
    const char *path;
} program_output;

/* Before the work, so that a long run never ends in "cannot write": every output can be written
 * (atomic_check_output), no two name one file, and none is one of the `input_count` names in
 * `inputs` (NULL entries: inputs not given). On failure one line on stderr and
 * exit status 1 (cannot be written) or 2 (one file named twice, or an input named as output). */
void program_check_outputs(const char *program, const program_output *outputs, int count, const char *const *inputs,
                           int input_count);

#endif
