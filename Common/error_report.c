/* error_report.c: printing an error and exiting, for the programs' main()s only. Apart from
 * error.c so that libraytetra (which never prints or exits) does not contain it. */
#include "error.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void error_print(const char *program, const error_text *err) { fprintf(stderr, "%s: error: %s\n", program, err->text); }

void error_vprint_line(const char *program, const char *end, const char *format, va_list args)
{
    fprintf(stderr, "%s: error: ", program);
    vfprintf(stderr, format, args);
    fputs(end, stderr);
}

void die(const char *program, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    error_vprint_line(program, "\n", format, args);
    va_end(args);
    exit(1);
}
