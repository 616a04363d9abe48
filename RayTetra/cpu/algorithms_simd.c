/* algorithms_simd.c: Plücker and STP form 0 in double precision, vectorised across pairs
 * (algorithms_simd.h says how). */
#include "cpu/algorithms_simd.h"

WRAP_SIMD_FORM0(pluecker0v, 0)
WRAP_SIMD_FORM0(stp0v, 1)
