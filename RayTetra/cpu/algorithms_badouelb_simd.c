/* algorithms_badouelb_simd.c: the branch-free Badouel in double precision, vectorised across
 * pairs (algorithms_badouelb_simd.h says how). */
#include "cpu/algorithms_badouelb_simd.h"

WRAP_BADOUELB_SIMD(badouelbv)
