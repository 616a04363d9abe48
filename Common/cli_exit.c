/* cli_exit.c: reading a numeric command-line argument or exiting with a usage error, for the
 * programs' main()s only. Apart from cli.c so that libraytetra (which never prints or exits)
 * does not contain it; every program's message has the same form. */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>

#include "error.h"

static long long number_or_exit(const char *program, const char *arg, long long lo, long long hi, const char *what,
                                int show_range)
{
    long long value;
    if (cli_parse_long(arg, lo, hi, &value) == 0)
        return value;
    if (show_range)
        fprintf(stderr, "%s: error: %s must be a whole number from %lld to %lld, not '%s' (see %s -h)\n", program, what,
                lo, hi, arg, program);
    else
        fprintf(stderr, "%s: error: %s must be a whole number >= %lld, not '%s' (see %s -h)\n", program, what, lo, arg,
                program);
    exit(error_exit_status(ERROR_USAGE));
}

long long cli_number(const char *program, const char *arg, long long lo, long long hi, const char *what)
{
    return number_or_exit(program, arg, lo, hi, what, 1);
}

long long cli_count(const char *program, const char *arg, long long hi, const char *what)
{
    return number_or_exit(program, arg, 0, hi, what, 0);
}
