/* cli_exit.c: usage errors, and reading a numeric command-line argument or exiting with one, for the
 * programs' main()s only. Apart from cli.c so that libraytetra (which never prints or exits)
 * does not contain it; every program's message has the same form. */
#include "cli.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "error.h"

void cli_usage_error(const char *program, const char *format, ...)
{
    char see_help[128]; /* program names are short */
    snprintf(see_help, sizeof see_help, " (see %s -h)\n", program);
    va_list args;
    va_start(args, format);
    error_vprint_line(program, see_help, format, args);
    va_end(args);
    exit(error_exit_status(ERROR_USAGE));
}

void cli_usage_error_at(const char *program, const char *what, const char *arg)
{
    cli_usage_error(program, "%s%s%s", what, arg ? ": " : "", arg ? arg : "");
}

static long long number_or_exit(const char *program, const char *arg, long long lo, long long hi, const char *what,
                                int show_range)
{
    long long value;
    if (cli_parse_long(arg, lo, hi, &value) == 0)
        return value;
    if (show_range)
        cli_usage_error(program, "%s must be a whole number from %lld to %lld, not '%s'", what, lo, hi, arg);
    cli_usage_error(program, "%s must be a whole number >= %lld, not '%s'", what, lo, arg);
}

long long cli_number(const char *program, const char *arg, long long lo, long long hi, const char *what)
{
    return number_or_exit(program, arg, lo, hi, what, 1);
}

long long cli_count(const char *program, const char *arg, long long hi, const char *what)
{
    return number_or_exit(program, arg, 0, hi, what, 0);
}
