/* version.c: the build's identity for --version and the results' context (version.h). */
#include "version.h"

/* RAYTETRA_COMMIT and RAYTETRA_CFLAGS, written by the Makefile for this file only, so that a
 * new commit recompiles this file and not the others. */
#include "build_info.h"

#define TEXT(x) #x
#define NUMBER_TEXT(x) TEXT(x)
#if defined(__clang__)
#define COMPILER                                                                                                    \
    "clang " NUMBER_TEXT(__clang_major__) "." NUMBER_TEXT(__clang_minor__) "." NUMBER_TEXT(__clang_patchlevel__)
#elif defined(__GNUC__)
#define COMPILER "gcc " __VERSION__
#else
#define COMPILER "unknown C compiler"
#endif

const char *version_commit(void) { return RAYTETRA_COMMIT; }

const char *version_compiler(void) { return COMPILER; }

const char *version_cflags(void) { return RAYTETRA_CFLAGS; }

void version_print(FILE *out, const char *program)
{
    fprintf(out, "%s (RayTetra) %s\ncommit %s, built with %s, flags %s\n", program, RAYTETRA_VERSION,
            version_commit(), version_compiler(), version_cflags());
}
