/* cli.h: strict parsing of numeric command-line arguments. */
#ifndef RAYTETRA_CLI_H
#define RAYTETRA_CLI_H

/* Parse a whole decimal integer in [lo, hi]; returns 0, or -1 if s is not one. */
int cli_parse_long(const char *s, long long lo, long long hi, long long *out);

/* 1 if s is a negative number ("-1", "-0.5"): getopt takes it for an option, so that the
 * programs can say what is actually wrong with it. */
int cli_is_negative_number(const char *s);

/* For main()s only (cli_exit.c, which libraytetra does not contain): a command line the program
 * cannot take: "PROGRAM: error: MESSAGE (see PROGRAM -h)" on stderr, MESSAGE printf-style, and
 * exit status 2. */
_Noreturn void cli_usage_error(const char *program, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* The same with MESSAGE "WHAT: ARG", or just "WHAT" when arg is NULL. */
_Noreturn void cli_usage_error_at(const char *program, const char *what, const char *arg);

/* For main()s only, as above: the whole number in ARG, or
 * "PROGRAM: error: WHAT must be a whole number from LO to HI, not 'ARG' (see PROGRAM -h)" on
 * stderr and exit status 2. */
long long cli_number(const char *program, const char *arg, long long lo, long long hi, const char *what);

/* The same for a count in [0, hi], whose message says ">= 0" (the upper limit is only a guard). */
long long cli_count(const char *program, const char *arg, long long hi, const char *what);

#endif
