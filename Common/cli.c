/* cli.c: numbers on the command line must be whole and in range; "12abc" is refused. */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>

int cli_parse_long(const char *s, long long lo, long long hi, long long *out)
{
    if (!s || !*s)
        return -1;
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || *end || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

int cli_is_negative_number(const char *s)
{
    if (!s || s[0] != '-' || !((s[1] >= '0' && s[1] <= '9') || s[1] == '.'))
        return 0;
    char *end;
    strtod(s, &end);
    return *end == '\0';
}
