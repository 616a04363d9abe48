/* json_strict.c: RFC 8259's tokens (json_strict.h). */
#include "compare/json_strict.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int is_digit(char c) { return c >= '0' && c <= '9'; }

static int is_hex(char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

static size_t digits(const char *data, size_t size, size_t at)
{
    while (at < size && is_digit(data[at]))
        ++at;
    return at;
}

/* The string starting at data[*at] (a quote); *at is moved past it. NULL when well formed or
 * unfinished (the parser says so), else what is wrong. */
static const char *string_token(const char *data, size_t size, size_t *at)
{
    for (size_t i = *at + 1; i < size; ++i) {
        unsigned char c = (unsigned char)data[i];
        if (c == '"') {
            *at = i + 1;
            return NULL;
        }
        if (c < 0x20)
            return "a control character inside a string (JSON needs it escaped, e.g. \\t, \\n or \\u0001)";
        if (c != '\\')
            continue;
        if (++i >= size)
            break;
        if (data[i] == 'u') {
            if (i + 4 >= size || !is_hex(data[i + 1]) || !is_hex(data[i + 2]) || !is_hex(data[i + 3]) ||
                !is_hex(data[i + 4]))
                return "a \\u escape without four hexadecimal digits";
            i += 4;
        } else if (!strchr("\"\\/bfnrt", data[i]) || data[i] == '\0') {
            return "an escape that JSON does not have (only \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)";
        }
    }
    *at = size;
    return NULL;
}

/* The number starting at data[*at]: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?, and finite
 * as a double. *at is moved past it. */
static const char *number_token(const char *data, size_t size, size_t *at)
{
    size_t start = *at, i = *at;
    if (data[i] == '-')
        ++i;
    if (i >= size || !is_digit(data[i]))
        return "a malformed number (JSON has no NaN, Infinity or +; a digit must follow the sign)";
    i = data[i] == '0' ? i + 1 : digits(data, size, i);
    if (i < size && data[i] == '.') {
        size_t fraction = digits(data, size, i + 1);
        if (fraction == i + 1)
            return "a malformed number (a digit must follow the decimal point)";
        i = fraction;
    }
    if (i < size && (data[i] == 'e' || data[i] == 'E')) {
        size_t exponent = i + 1 < size && (data[i + 1] == '+' || data[i + 1] == '-') ? i + 2 : i + 1;
        size_t end = digits(data, size, exponent);
        if (end == exponent)
            return "a malformed number (a digit must follow the exponent's e)";
        i = end;
    }
    if (i < size && (is_digit(data[i]) || data[i] == '.' || data[i] == 'e' || data[i] == 'E'))
        return "a malformed number (a leading zero, or a second point or exponent)";
    char *text = strndup(data + start, i - start);
    if (!text)
        return "out of memory";
    int finite = isfinite(strtod(text, NULL));
    free(text);
    *at = i;
    return finite ? NULL : "a number too large for a double (it would read as infinity)";
}

/* A word: only true, false and null are JSON. */
static const char *word_token(const char *data, size_t size, size_t *at)
{
    size_t end = *at;
    while (end < size && ((data[end] >= 'a' && data[end] <= 'z') || (data[end] >= 'A' && data[end] <= 'Z')))
        ++end;
    size_t length = end - *at;
    static const char *const literals[] = {"true", "false", "null"};
    for (int k = 0; k < 3; ++k)
        if (length == strlen(literals[k]) && memcmp(data + *at, literals[k], length) == 0) {
            *at = end;
            return NULL;
        }
    return "a word other than true, false or null (JSON has no NaN or Infinity)";
}

/* A bracket's nesting: opened, closed (0 when it does not match: the parser names that) or
 * deeper than this scan follows (the parser refuses such depths anyway). */
enum { NESTING_MAX = 64 };
typedef struct nesting {
    char open[NESTING_MAX];
    int depth;
} nesting;

static int nesting_step(nesting *n, char c)
{
    if (c == '{' || c == '[') {
        if (n->depth == NESTING_MAX)
            return 0;
        n->open[n->depth++] = c;
        return 1;
    }
    if (n->depth == 0 || n->open[n->depth - 1] != (c == '}' ? '{' : '['))
        return 0;
    --n->depth;
    return 1;
}

const char *json_strict_tokens(const char *data, size_t size, size_t *offset)
{
    size_t at = 0;
    nesting brackets = {.depth = 0};
    int complete = 0; /* the first value has ended: only whitespace may follow */
    while (at < size) {
        char c = data[at];
        const char *why = NULL;
        *offset = at;
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            ++at;
            continue;
        }
        if (complete)
            return "more after the JSON document (a file holds exactly one)";
        if (c == '{' || c == '[' || c == '}' || c == ']') {
            if (!nesting_step(&brackets, c))
                return NULL; /* unmatched or too deep: the parser refuses it */
            ++at;
        } else if (c == ',' || c == ':')
            ++at;
        else if (c == '"')
            why = string_token(data, size, &at);
        else if (c == '-' || is_digit(c))
            why = number_token(data, size, &at);
        else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
            why = word_token(data, size, &at);
        else
            return NULL; /* not a JSON token at all: the parser refuses it */
        if (why)
            return why;
        complete = brackets.depth == 0 && c != ',' && c != ':' && c != '{' && c != '['; /* a value ended */
    }
    return NULL;
}

size_t json_strict_line(const char *data, size_t offset)
{
    size_t line = 1;
    for (size_t i = 0; i < offset; ++i)
        line += data[i] == '\n';
    return line;
}
