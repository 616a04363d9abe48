/* api_algorithms.c: the algorithms as the library names them (handles = the registry's variants,
 * in its order), the error strings and the version. */
#include "version.h"
#include "api_internal.h"

const registry_variant *api_variant(raytetra_algorithm algorithm)
{
    int count;
    const registry_variant *variants = registry_variants(&count);
    return algorithm >= 0 && algorithm < count ? &variants[algorithm] : NULL;
}

raytetra_algorithm raytetra_find_algorithm(const char *name)
{
    if (!name)
        return RAYTETRA_ERROR_UNKNOWN_ALGORITHM;
    int count;
    const registry_variant *variants = registry_variants(&count);
    const registry_variant *found = registry_find(name);
    return found ? (raytetra_algorithm)(found - variants) : RAYTETRA_ERROR_UNKNOWN_ALGORITHM;
}

size_t raytetra_list_algorithms(raytetra_algorithm *algorithms, size_t capacity)
{
    int count;
    registry_variants(&count);
    for (int i = 0; algorithms && i < count && (size_t)i < capacity; ++i)
        algorithms[i] = i;
    return (size_t)count;
}

const char *raytetra_algorithm_name(raytetra_algorithm algorithm)
{
    const registry_variant *v = api_variant(algorithm);
    return v ? v->name : NULL;
}

const char *raytetra_algorithm_description(raytetra_algorithm algorithm)
{
    const registry_variant *v = api_variant(algorithm);
    return v ? v->algorithm->description : NULL;
}

unsigned raytetra_algorithm_properties(raytetra_algorithm algorithm)
{
    const registry_variant *v = api_variant(algorithm);
    if (!v)
        return 0;
    unsigned row = v->algorithm->properties, properties = 0;
    if (v->kind == REGISTRY_OPENCL)
        properties |= RAYTETRA_PROPERTY_OPENCL;
    if (v->precision == CPU_PRECISION_FLOAT)
        properties |= RAYTETRA_PROPERTY_FLOAT;
    if (row & REGISTRY_EXACT)
        properties |= RAYTETRA_PROPERTY_EXACT;
    if (row & REGISTRY_SIMD)
        properties |= RAYTETRA_PROPERTY_SIMD;
    if (row & REGISTRY_BASELINE)
        properties |= RAYTETRA_PROPERTY_BASELINE;
    if (registry_variant_of(v->algorithm, REGISTRY_OPENCL, v->precision))
        properties |= RAYTETRA_PROPERTY_HAS_KERNEL;
    return properties;
}

const char *raytetra_error_string(int code)
{
    switch ((raytetra_error)code) {
    case RAYTETRA_OK:
        return "no error";
    case RAYTETRA_ERROR_UNKNOWN_ALGORITHM:
        return "unknown algorithm (see raytetra_list_algorithms for the names)";
    case RAYTETRA_ERROR_NULL_ARGUMENT:
        return "a required pointer argument is NULL";
    case RAYTETRA_ERROR_NOT_FINITE:
        return "a coordinate is not a finite number (NaN and Inf are not valid coordinates)";
    case RAYTETRA_ERROR_NO_DIRECTION:
        return "P and Q are the same point, so the line has no direction";
    case RAYTETRA_ERROR_DEGENERATE:
        return "the tetrahedron is degenerate (its four vertices are coplanar)";
    case RAYTETRA_ERROR_NEGATIVE_ORIENTATION:
        return "the tetrahedron is negatively oriented (swap two vertices, e.g. V1 and V2, or pass "
               "RAYTETRA_ANY_ORIENTATION)";
    case RAYTETRA_ERROR_NOT_CPU:
        return "the algorithm is an OpenCL build: run it with raytetra_device_intersect_many, or use its CPU name";
    case RAYTETRA_ERROR_NO_KERNEL:
        return "the algorithm has no OpenCL kernel in that precision (see RAYTETRA_PROPERTY_HAS_KERNEL)";
    case RAYTETRA_ERROR_BAD_OPTIONS:
        return "invalid raytetra_options: a size no version has (initialise them with RAYTETRA_OPTIONS_INIT), an "
               "unknown flag, RAYTETRA_ANY_ORIENTATION with RAYTETRA_UNCHECKED, or an unknown extent";
    case RAYTETRA_ERROR_NO_DEVICE:
        return "no such OpenCL device, or it has no double precision (see raytetra_device_count)";
    case RAYTETRA_ERROR_OPENCL:
        return "an OpenCL call or kernel build failed (raytetra_device_message says which)";
    case RAYTETRA_ERROR_OUT_OF_MEMORY:
        return "out of memory";
    case RAYTETRA_ERROR_BAD_MESH:
        return "the mesh is refused (the call's message says which tetrahedron or vertex, or which line of the file)";
    case RAYTETRA_ERROR_BUFFER_TOO_SMALL:
        return "the visits buffer is too small: *visit_total says how many visits the rays need";
    case RAYTETRA_ERROR_UNSUPPORTED:
        return "not supported (reserved: no call of this version returns it)";
    case RAYTETRA_ERROR_OUT_OF_RANGE:
        return "a coordinate is outside the supported range: 0 or 1e-50 to 1e+75 in magnitude; for the float "
               "variants every coordinate within 1e+8 and the largest at least 1e-6";
    }
    return "unknown error code";
}

const char *raytetra_version_string(void) { return RAYTETRA_VERSION; }
