/* error.h: library code reports a failure as one line of text in an error buffer and returns
 * non-zero; only main() prints it and decides to exit. */
#ifndef RAYTETRA_ERROR_H
#define RAYTETRA_ERROR_H

#include <stddef.h>

#define ERROR_TEXT_SIZE 1024

typedef struct error_text {
    char text[ERROR_TEXT_SIZE];
} error_text;

/* printf-style; always returns -1 so that callers can write `return error_set(...)`. */
int error_set(error_text *err, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* For main()s only (error_report.c, which libraytetra does not contain). */

/* Print "PROGRAM: error: TEXT" on stderr. */
void error_print(const char *program, const error_text *err);

/* Print "PROGRAM: error: ..." on stderr and exit with status 1 (for main()s). */
void die(const char *program, const char *format, ...) __attribute__((format(printf, 2, 3), noreturn));

#endif
