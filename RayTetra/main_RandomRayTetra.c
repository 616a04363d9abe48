/* RandomRayTetra: random input files with exact hit and miss counts (SPEC section 5). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "error.h"
#include "generator.h"
#include "timer.h"

static const char *PROGRAM = "RandomRayTetra";

static void usage(FILE *out)
{
    fprintf(out,
            "usage: RandomRayTetra OUTPUT -i HITS -n MISSES [--seed S]\n"
            "\n"
            "Writes HITS intersecting and MISSES non-intersecting ray/tetrahedron pairs, in random\n"
            "order, to OUTPUT. Each pair's class is decided with exact arithmetic; tetrahedra are\n"
            "positively oriented and not flat; no line passes exactly through an edge or vertex or lies\n"
            "in a face plane. The same seed gives the same file.\n"
            "\n"
            "  -i, --hits HITS       number of intersecting pairs\n"
            "  -n, --misses MISSES   number of non-intersecting pairs\n"
            "  --seed S              random seed (default 1)\n"
            "  -h, --help            this text\n");
}

static long long number(const char *arg, const char *what)
{
    long long v;
    if (cli_parse_long(arg, 0, 1000000000000LL, &v) != 0) {
        fprintf(stderr, "%s: error: %s must be a whole number >= 0, not '%s' (see RandomRayTetra -h)\n", PROGRAM, what,
                arg);
        exit(2);
    }
    return v;
}

int main(int argc, char **argv)
{
    static const struct option longs[] = {
        {"hits", required_argument, NULL, 'i'},
        {"misses", required_argument, NULL, 'n'},
        {"seed", required_argument, NULL, 'S'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    generator_config config = {.seed = 1};
    int have_hits = 0, have_misses = 0, c;
    opterr = 0; /* our own one-line messages */
    while ((c = getopt_long(argc, argv, "i:n:h", longs, NULL)) != -1) {
        switch (c) {
        case 'i':
            config.hits = (size_t)number(optarg, "-i (hits)");
            have_hits = 1;
            break;
        case 'n':
            config.misses = (size_t)number(optarg, "-n (misses)");
            have_misses = 1;
            break;
        case 'S': {
            long long seed;
            if (cli_parse_long(optarg, 0, 0x7fffffffffffffffLL, &seed) != 0) {
                fprintf(stderr, "%s: error: --seed must be a whole number >= 0, not '%s'\n", PROGRAM, optarg);
                return 2;
            }
            config.seed = (uint64_t)seed;
            break;
        }
        case 'h':
            usage(stdout);
            return 0;
        default:
            fprintf(stderr, "%s: error: %s: unknown option or missing argument (see RandomRayTetra -h)\n", PROGRAM,
                    argv[optind - 1]);
            return 2;
        }
    }
    if (argc - optind != 1 || !have_hits || !have_misses) {
        fprintf(stderr, "%s: error: expected OUTPUT -i HITS -n MISSES (see RandomRayTetra -h)\n", PROGRAM);
        return 2;
    }
    const char *path = argv[optind];
    double start = timer_now_ms();
    error_text err;
    if (generator_write(path, &config, &err) != 0) {
        error_print(PROGRAM, &err);
        return 1;
    }
    printf("%s: %zu pairs (%zu hits, %zu misses, seed %llu) in %.1f s\n", path, config.hits + config.misses,
           config.hits, config.misses, (unsigned long long)config.seed, (timer_now_ms() - start) / 1e3);
    return 0;
}
