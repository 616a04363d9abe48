/* error.h: library code reports a failure as one line of text in an error buffer and returns
 * non-zero; only main() prints it and decides to exit. */
#ifndef RAYTETRA_ERROR_H
#define RAYTETRA_ERROR_H

#include <stdarg.h>
#include <stddef.h>

#define ERROR_TEXT_SIZE 1024

/* What kind of failure an error is: callers decide on this (exit status, retry, fallback), never on
 * the message text, which is for people. */
typedef enum error_kind {
    ERROR_FAILED = 0, /* any other failure (the kind error_set gives) */
    ERROR_USAGE,      /* a wrong command-line argument or option value */
    ERROR_INPUT,      /* bad input data (a malformed or out-of-range file or record) */
    ERROR_IO,         /* a file or stream could not be opened, read or written */
    ERROR_MEMORY,     /* memory ran out */
    ERROR_OPENCL,     /* the OpenCL platform, device or a kernel failed */
    ERROR_NOT_FOUND   /* a named thing (algorithm, device, file) does not exist */
} error_kind;

typedef struct error_text {
    error_kind kind;
    char text[ERROR_TEXT_SIZE];
} error_text;

/* printf-style, with a kind; always returns -1 so that callers can write
 * `return error_set_kind(...)`. */
int error_set_kind(error_text *err, error_kind kind, const char *format, ...) __attribute__((format(printf, 3, 4)));

/* error_set_kind with kind ERROR_FAILED, the kind of most errors: `return error_set(err, format, ...)`. */
#define error_set(err, ...) error_set_kind((err), ERROR_FAILED, __VA_ARGS__)

/* The exit status a program gives for an error of this kind: 2 for usage, 1 for all others. */
int error_exit_status(error_kind kind);

/* For main()s only (error_report.c, which libraytetra does not contain). */

/* Print "PROGRAM: error: TEXT" on stderr. */
void error_print(const char *program, const error_text *err);

/* Print "PROGRAM: error: ..." on stderr and exit with status 1 (for main()s). */
void die(const char *program, const char *format, ...) __attribute__((format(printf, 2, 3), noreturn));

/* "PROGRAM: error: MESSAGE" and then `end` (the rest of the line, newline included) on stderr,
 * MESSAGE vprintf-style: the line of die and of the programs' usage errors (cli.h). */
void error_vprint_line(const char *program, const char *end, const char *format, va_list args);

#endif
