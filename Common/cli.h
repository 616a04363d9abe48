/* cli.h: strict parsing of numeric command-line arguments. */
#ifndef RAYTETRA_CLI_H
#define RAYTETRA_CLI_H

/* Parse a whole decimal integer in [lo, hi]; returns 0, or -1 if s is not one. */
int cli_parse_long(const char *s, long long lo, long long hi, long long *out);

/* 1 if s is a negative number ("-1", "-0.5"): getopt takes it for an option, so that the
 * programs can say what is actually wrong with it. */
int cli_is_negative_number(const char *s);

#endif
