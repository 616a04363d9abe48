/* algorithms_simd_float.c: Plücker and STP form 0 in single precision, vectorised across pairs
 * (algorithms_simd.h says how); inputs rounded to float as in the other float variants
 * (algorithms_wrap.h). */
#define RT_SINGLE
#include "cpu/algorithms_simd.h"

WRAP_SIMD_FORM0(pluecker0vf, 0)
WRAP_SIMD_FORM0(stp0vf, 1)
