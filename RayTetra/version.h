/* version.h: RayTetra's version, in this one place, and what every program's --version prints:
 * the version, the commit and the compiler and flags the build used (the Makefile bakes the
 * commit and flags into a generated header that only version.c includes). The JSON results
 * record the same values (docs/JSON.md). */
#ifndef RAYTETRA_VERSION_H
#define RAYTETRA_VERSION_H

#include <stdio.h>

/* The release; docs/JSON.md says what a results file records beside it. */
#define RAYTETRA_VERSION "0.11.0"

/* `git describe --always --dirty` when the build ran in a git checkout, else "unknown". */
const char *version_commit(void);

/* The compiler that built this program, e.g. "gcc 12.2.0" or "clang 14.0.6". */
const char *version_compiler(void);

/* The flags it compiled with (the C standard, OpenMP and CFLAGS; not the include paths). */
const char *version_cflags(void);

/* --version: "PROGRAM (RayTetra) VERSION" and a line with the commit, compiler and flags. */
void version_print(FILE *out, const char *program);

#endif
