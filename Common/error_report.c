/* error_report.c: printing an error and exiting, for the programs' main()s only. Apart from
 * error.c so that libraytetra (which never prints or exits) does not contain it. */
#include "error.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void error_print(const char *program, const error_text *err) { fprintf(stderr, "%s: error: %s\n", program, err->text); }

void die(const char *program, const char *format, ...)
{
    va_list args;
    fprintf(stderr, "%s: error: ", program);
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fputc('\n', stderr);
    exit(1);
}
