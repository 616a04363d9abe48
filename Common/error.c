/* error.c: one-line error messages, kept in a buffer for the caller (library code: it never
 * prints or exits). Printing them and exiting is for main()s only: error_report.c. */
#include "error.h"

#include <stdarg.h>
#include <stdio.h>

int error_set_kind(error_text *err, error_kind kind, const char *format, ...)
{
    va_list args;
    err->kind = kind;
    va_start(args, format);
    vsnprintf(err->text, sizeof err->text, format, args);
    va_end(args);
    return -1;
}

int error_exit_status(error_kind kind) { return kind == ERROR_USAGE ? 2 : 1; }
