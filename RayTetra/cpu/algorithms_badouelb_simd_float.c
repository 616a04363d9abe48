/* algorithms_badouelb_simd_float.c: the branch-free Badouel in single precision, vectorised
 * across pairs (algorithms_badouelb_simd.h says how); inputs rounded to float as in the other
 * float variants (algorithms_wrap.h), the table in float. */
#define RT_SINGLE
#include "cpu/algorithms_badouelb_simd.h"

WRAP_BADOUELB_SIMD(badouelbvf)
