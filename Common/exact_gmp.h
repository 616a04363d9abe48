/* exact_gmp.h: exact.h's triple product as a GMP rational, for a caller that needs the exact
 * value itself, not only its sign or its rounding (a test measuring another arithmetic's error
 * against it). */
#ifndef RAYTETRA_EXACT_GMP_H
#define RAYTETRA_EXACT_GMP_H

#include <gmp.h>

#include "pairs.h"

/* det[L, A - P, B - P] = dot(L, (A - P) x (B - P)) exactly into det (initialised by the caller):
 * every double is a rational. exact_stp_value is this value rounded toward zero. */
void exact_stp_rational(vec3 P, vec3 L, vec3 A, vec3 B, mpq_t det);

#endif
