/* RandomRayTetra: random input files with exact hit and miss counts (docs/SPECIFICATION.md section 5). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "cli.h"
#include "error.h"
#include "generator/generator.h"
#include "programs/program_options.h"
#include "timer.h"

static const char *PROGRAM = "RandomRayTetra";

static void usage(FILE *out)
{
    fprintf(out,
            "usage: RandomRayTetra OUTPUT -i HITS -n MISSES [--seed S] [--CLASS N ...]\n"
            "       RandomRayTetra --list-algorithms\n"
            "\n"
            "Writes HITS intersecting and MISSES non-intersecting ray/tetrahedron pairs, in random\n"
            "order, to OUTPUT. Each pair's class is decided with exact arithmetic; tetrahedra are\n"
            "positively oriented and not flat; no line passes exactly through an edge or vertex or lies\n"
            "in a face plane. The same seed gives the same file. OUTPUT '-' is standard output (the\n"
            "summary line then goes to standard error); a name ending in .rtb gets the binary format.\n"
            "\n"
            "  -i, --hits HITS       number of intersecting pairs\n"
            "  -n, --misses MISSES   number of non-intersecting pairs\n"
            "  --seed S              random seed (default 1)\n"
            "  --list-algorithms     list the algorithms its files are for, one a line\n"
            "                        (docs/ALGORITHMS.md), and exit\n"
            "  --version             the version, commit, compiler and flags, and exit\n"
            "  -h, --help            this text\n"
            "\n"
            "Special classes for robustness tests (Accuracy reports per class); with any of them,\n"
            "-i and -n default to 0. From --edge to --far each pair is exact on a dyadic lattice and\n"
            "confirmed by exact arithmetic. --near-edge, --near-face and --at-vertex build the same\n"
            "near-degeneracies in floating point, as an application would: random double vertices,\n"
            "rounded constructions, Q stored as P + L rounded (so Q - P is not L); exact arithmetic\n"
            "decides their hits. They follow the hit/miss pairs, one group per class in this order,\n"
            "each after a comment line '# class NAME', with reals printed by %%.17g (text output only):\n");
    for (int c = 0; c < GENERATOR_CLASS_COUNT; ++c)
        fprintf(out, "  --%-10s N        %s\n", generator_class_name((generator_class)c),
                generator_class_description((generator_class)c));
}

int main(int argc, char **argv)
{
    enum { OPT_CLASS = 256, FIXED_OPTIONS = 6 }; /* OPT_CLASS + generator_class */
    struct option longs[FIXED_OPTIONS + GENERATOR_CLASS_COUNT + 1] = {
        {"hits", required_argument, NULL, 'i'},
        {"misses", required_argument, NULL, 'n'},
        {"seed", required_argument, NULL, 'S'},
        {"list-algorithms", no_argument, NULL, PROGRAM_OPT_LIST_ALGORITHMS},
        PROGRAM_VERSION_HELP_OPTIONS,
    };
    for (int k = 0; k < GENERATOR_CLASS_COUNT; ++k)
        longs[FIXED_OPTIONS + k] =
            (struct option){generator_class_name((generator_class)k), required_argument, NULL, OPT_CLASS + k};
    longs[FIXED_OPTIONS + GENERATOR_CLASS_COUNT] = (struct option){NULL, 0, NULL, 0};
    generator_config config = {.seed = 1};
    int have_hits = 0, have_misses = 0, have_special = 0, c;
    while ((c = program_next_option(argc, argv, "i:n:h", longs)) != -1) {
        if (c >= OPT_CLASS && c < OPT_CLASS + GENERATOR_CLASS_COUNT) {
            char what[64];
            snprintf(what, sizeof what, "--%s", generator_class_name((generator_class)(c - OPT_CLASS)));
            config.special[c - OPT_CLASS] = (size_t)cli_count(PROGRAM, optarg, 1000000000000LL, what);
            have_special = 1;
            continue;
        }
        switch (c) {
        case 'i':
            config.hits = (size_t)cli_count(PROGRAM, optarg, 1000000000000LL, "-i (hits)");
            have_hits = 1;
            break;
        case 'n':
            config.misses = (size_t)cli_count(PROGRAM, optarg, 1000000000000LL, "-n (misses)");
            have_misses = 1;
            break;
        case 'S':
            config.seed = (uint64_t)program_seed(PROGRAM, "--seed", optarg);
            break;
        default:
            program_default_option(PROGRAM, c, argv[optind - 1], usage); /* exits */
        }
    }
    if (argc - optind != 1)
        program_wrong_arguments(PROGRAM, "OUTPUT", argc - optind);
    if (!have_special && (!have_hits || !have_misses))
        cli_usage_error(PROGRAM, "expected OUTPUT -i HITS -n MISSES: give both counts (or a --CLASS count)");
    const char *path = argv[optind];
    atomic_claim_stdout(path); /* the pairs alone on standard output; the summary on stderr */
    double start = timer_now_ms();
    error_text err;
    if (generator_write(path, &config, &err) != 0) {
        error_print(PROGRAM, &err);
        return 1;
    }
    printf("%s: %zu pairs (%zu hits, %zu misses", path, generator_total(&config), config.hits, config.misses);
    for (int k = 0; k < GENERATOR_CLASS_COUNT; ++k)
        if (config.special[k])
            printf(", %zu %s", config.special[k], generator_class_name((generator_class)k));
    printf(", seed %llu) in %.1f s\n", (unsigned long long)config.seed, (timer_now_ms() - start) / 1e3);
    return 0;
}
