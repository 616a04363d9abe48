/* json_strict.h: the tokens of RFC 8259 JSON, checked before json-c parses a document. json-c's
 * strict mode (JSON_TOKENER_STRICT) still takes NaN, Infinity and -Infinity, numbers that
 * overflow a double (1e400 reads as inf), "1." and raw control characters inside strings; this
 * scan refuses them, so that json-c only has the structure left to check. */
#ifndef RAYTETRA_JSON_STRICT_H
#define RAYTETRA_JSON_STRICT_H

#include <stddef.h>

/* Scan `size` bytes of JSON text (no NUL needed after them): NULL when every token outside the
 * structure ({ } [ ] , : and whitespace) is an RFC 8259 string, number (that a double can hold)
 * or literal (true, false, null), and only whitespace follows the first value; else what is
 * wrong ("a word other than true, false or null", "more after the JSON document", ...), with
 * *offset the byte where the token starts. An unfinished string, an unmatched bracket or a byte
 * that starts no token stops the scan without a complaint: the parser names those. */
const char *json_strict_tokens(const char *data, size_t size, size_t *offset);

/* The line (from 1) of byte `offset` of `data`. */
size_t json_strict_line(const char *data, size_t offset);

#endif
