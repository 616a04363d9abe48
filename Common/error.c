/* error.c: one-line error messages. */
#include "error.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

int error_set(error_text *err, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(err->text, sizeof err->text, format, args);
    va_end(args);
    return -1;
}

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
