# RayTetra build. `make` builds every executable into build/; `make test` runs the tests in a
# normal build and again under AddressSanitizer + UndefinedBehaviorSanitizer.
# User flags add to the defaults: make CFLAGS='-O3 -march=native' CC=clang

CC      ?= cc
CFLAGS  ?= -O2 -g
BUILD   ?= build
PKG_CONFIG ?= pkg-config

# No multiply-add contraction (ISO C mode's default, said here because results depend on it):
# every compilation of an algorithm, the x86-64-v4 clones of the batch loops among them, then
# rounds each operation alike, and the results are the same bit for bit (tests/test_registry.c).
STD  := -std=c11 -D_POSIX_C_SOURCE=200809L -ffp-contract=off
WARN := -Wall -Wextra -Werror
# Kernels are found through this folder unless RAYTETRA_KERNEL_DIR says otherwise.
KERNEL_DIR ?= $(abspath kernels)

# json-c writes and reads the JSON results (docs/JSON.md); nettle hashes the input (SHA-256);
# xxhash the binary meshes' arrays (XXH3).
DEP_PKGS := OpenCL gmp json-c nettle libxxhash
DEP_CFLAGS := $(shell $(PKG_CONFIG) --cflags $(DEP_PKGS))
DEP_LIBS   := $(shell $(PKG_CONFIG) --libs $(DEP_PKGS)) -lm -lpthread

# The GLUT view is optional: without freeglut, GL, libpng or X11 the rest still builds
# (`make HAVE_VIEWER=` builds without it even when they are there).
VIEWER_PKGS := glut gl libpng x11
HAVE_VIEWER := $(shell $(PKG_CONFIG) --exists $(VIEWER_PKGS) && echo 1)
ifeq ($(HAVE_VIEWER),1)
VIEWER_CFLAGS := -DRAYTETRA_HAVE_VIEWER $(shell $(PKG_CONFIG) --cflags $(VIEWER_PKGS))
VIEWER_LIBS   := $(shell $(PKG_CONFIG) --libs $(VIEWER_PKGS))
# The PNG reader the viewer's test uses to look at snapshots (not a test itself).
TEST_TOOLS    := $(BUILD)/tests/png_probe
endif

# The MPI programs (RayTetraMPI, docs/SCALING.md) are optional too: built only when pkg-config finds
# Open MPI (`make HAVE_MPI=` leaves them out); nothing else links MPI.
MPI_PKGS := ompi-c
HAVE_MPI := $(shell $(PKG_CONFIG) --exists $(MPI_PKGS) && echo 1)

OPENMP := -fopenmp
FINAL_CFLAGS = $(STD) $(WARN) $(OPENMP) $(CFLAGS) $(UNIT_CFLAGS) -ICommon -IRayTetra -Ikernels/shared $(DEP_CFLAGS) $(VIEWER_CFLAGS) \
               -DRAYTETRA_KERNEL_DIR='"$(KERNEL_DIR)"' -MMD -MP
FINAL_LDFLAGS = $(OPENMP) $(LDFLAGS)
FINAL_LIBS = $(DEP_LIBS) $(VIEWER_LIBS) $(LDLIBS)

COMMON_SRC := $(wildcard Common/*.c)
# RayTetra/ holds one folder per concern (docs/ARCHITECTURE.md); programs/ holds the mains (and
# what their command lines share, which is in the archive); api/ is the public library's own
# (its block below).
CORE_SRC   := $(filter-out RayTetra/programs/main_% RayTetra/api/% RayTetra/mpi/%,$(wildcard RayTetra/*.c RayTetra/*/*.c))
ifneq ($(HAVE_VIEWER),1)
# viewer.c itself stays: it reports that the viewer was not built.
CORE_SRC   := $(filter-out RayTetra/viewer/viewer_%.c,$(CORE_SRC))
endif
MAIN_SRC   := $(filter-out %MPI.c,$(wildcard RayTetra/programs/main_*.c))
TEST_SRC   := $(wildcard tests/test_*.c)

# The CPU algorithm files compiled in both precisions: a second object with -DRT_SINGLE, whose
# names end in "f" (RayTetra/cpu/algorithms_wrap.h).
TWO_PRECISION_SRC := RayTetra/cpu/algorithms_pt.c RayTetra/cpu/algorithms_baseline.c RayTetra/cpu/algorithms_precomputed.c \
                     RayTetra/cpu/algorithms_field.c

COMMON_OBJ := $(COMMON_SRC:%.c=$(BUILD)/obj/%.o)
# The CPU algorithm files, the longest to compile, are compiled once: the programs' archive takes
# the library's objects ($(BUILD)/lib/obj, below). Their flags differ from the programs' only in
# what these files do not use (OpenMP's runtime, RAYTETRA_LIBRARY) or what does not change their
# instructions (-fPIC with hidden symbols, one section per function).
SHARED_ALGORITHM_SRC := $(TWO_PRECISION_SRC) $(addprefix RayTetra/cpu/,algorithms_robust.c algorithms_simd.c algorithms_simd_float.c)
SHARED_ALGORITHM_OBJ := $(SHARED_ALGORITHM_SRC:%.c=$(BUILD)/lib/obj/%.o) $(TWO_PRECISION_SRC:%.c=$(BUILD)/lib/obj/%.float.o)
CORE_OBJ   := $(filter-out $(SHARED_ALGORITHM_SRC:%.c=$(BUILD)/obj/%.o),$(CORE_SRC:%.c=$(BUILD)/obj/%.o)) $(SHARED_ALGORITHM_OBJ)
# The internal archive the programs and tests link (every internal symbol); the installable
# library is LIBRARY_A / LIBRARY_SO (below).
LIBS_A     := $(BUILD)/libraytetra_internal.a
PROGRAMS   := $(MAIN_SRC:RayTetra/programs/main_%.c=$(BUILD)/%)
TESTS      := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)

# Keep the objects of executables and tests (make would delete them as intermediates).
.SECONDARY:

.PHONY: all test test-normal test-sanitize sanitize-build valgrind bench clean install vectorisation-report fuzz fuzz-build FORCE
all: $(PROGRAMS) $(TESTS) $(TEST_TOOLS)

# The build's identity for --version and the JSON results (RayTetra/version.h): the commit
# (`git describe`; "unknown" outside a git checkout) and the flags, written into a generated
# header that only RayTetra/version.c includes. The header is rewritten only when a value
# changes, so a new commit recompiles one file.
GIT_COMMIT := $(shell [ -e .git ] && git describe --always --dirty 2>/dev/null || echo unknown)
BUILD_FLAGS = $(STD) $(OPENMP) $(CFLAGS)
BUILD_INFO := $(BUILD)/generated/build_info.h
c_string = $(subst ",\",$(subst \,\\,$(1)))
define BUILD_INFO_TEXT
/* build_info.h: written by the Makefile for RayTetra/version.c; not to be edited. */
#define RAYTETRA_COMMIT "$(call c_string,$(GIT_COMMIT))"
#define RAYTETRA_CFLAGS "$(call c_string,$(strip $(BUILD_FLAGS)))"
endef
$(BUILD_INFO): FORCE
	$(shell mkdir -p $(dir $(BUILD_INFO)))$(file >$@.new,$(BUILD_INFO_TEXT))
	@cmp -s $@.new $@ && rm -f $@.new || mv -f $@.new $@
$(BUILD)/obj/RayTetra/version.o: $(BUILD_INFO)
$(BUILD)/obj/RayTetra/version.o: UNIT_CFLAGS := -I$(BUILD)/generated

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(FINAL_CFLAGS) -c $< -o $@

$(BUILD)/obj/%.float.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(FINAL_CFLAGS) -DRT_SINGLE -c $< -o $@

# The SIMD forms (form 0, badouelbv) must compute both sides of their selects to be vectorised, which gcc only does
# when floating-point operations may not trap (values are unchanged; see algorithms_simd.h).
# (The same for the vectorisation report below.)
SIMD_SRC := RayTetra/cpu/algorithms_simd.c RayTetra/cpu/algorithms_simd_float.c \
            RayTetra/cpu/algorithms_badouelb_simd.c RayTetra/cpu/algorithms_badouelb_simd_float.c
$(SIMD_SRC:%.c=$(BUILD)/obj/%.o): UNIT_CFLAGS := -fno-trapping-math $(ALGORITHM_CFLAGS)

# The scalar algorithms' batch loops have an x86-64-v4 clone, for AVX-512's 32 registers
# (RayTetra/cpu/algorithms_wrap.h). Without -fno-tree-slp-vectorize gcc also merges their loads
# and stores into 256- and 512-bit ones there, with shuffles to take them apart, which made the
# clones 8-28% slower than the baseline code on the GPU host's Xeon (docs/PERFORMANCE.md, "What
# does not help"). Scalar, they run faster than the baseline code on both machines where lines hit (the
# same document); the SIMD files keep their vectoriser.
SCALAR_ALGORITHM_SRC := $(TWO_PRECISION_SRC) RayTetra/cpu/algorithms_robust.c
SCALAR_ALGORITHM_OBJ := $(foreach d,$(BUILD)/obj $(BUILD)/lib/obj,\
                          $(SCALAR_ALGORITHM_SRC:%.c=$(d)/%.o) $(TWO_PRECISION_SRC:%.c=$(d)/%.float.o))
$(SCALAR_ALGORITHM_OBJ): UNIT_CFLAGS := -fno-tree-slp-vectorize $(ALGORITHM_CFLAGS)

$(LIBS_A): $(COMMON_OBJ) $(CORE_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/%: $(BUILD)/obj/RayTetra/programs/main_%.o $(LIBS_A)
	$(CC) $(FINAL_LDFLAGS) $^ $(FINAL_LIBS) -o $@

$(BUILD)/tests/%: $(BUILD)/obj/tests/%.o $(LIBS_A)
	@mkdir -p $(dir $@)
	$(CC) $(FINAL_LDFLAGS) $^ $(FINAL_LIBS) -o $@

# The MPI programs: their mains and RayTetra/mpi/ compiled with Open MPI's flags, over the same
# archive as the other programs.
ifeq ($(HAVE_MPI),1)
MPI_CFLAGS   := $(shell $(PKG_CONFIG) --cflags $(MPI_PKGS))
MPI_LIBS     := $(shell $(PKG_CONFIG) --libs $(MPI_PKGS))
MPI_OBJ      := $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard RayTetra/mpi/*.c))
MPI_PROGRAMS := $(patsubst RayTetra/programs/main_%.c,$(BUILD)/%,$(wildcard RayTetra/programs/main_*MPI.c))
$(MPI_OBJ) $(MPI_PROGRAMS:$(BUILD)/%=$(BUILD)/obj/RayTetra/programs/main_%.o): UNIT_CFLAGS := $(MPI_CFLAGS)
$(MPI_PROGRAMS): $(BUILD)/%: $(BUILD)/obj/RayTetra/programs/main_%.o $(MPI_OBJ) $(LIBS_A)
	$(CC) $(FINAL_LDFLAGS) $^ $(FINAL_LIBS) $(MPI_LIBS) -o $@
all: $(MPI_PROGRAMS)
endif

# What the compiler vectorises in the CPU algorithms (docs/PERFORMANCE.md, "The SIMD form 0"): each
# algorithm file compiled again with the build's flags and the compiler's report, one line a file
# (and one more for the float compile of each two-precision file).
ALGORITHM_SRC := $(wildcard RayTetra/cpu/algorithms_*.c)
VEC_REPORTS   := $(ALGORITHM_SRC:%.c=$(BUILD)/vectorisation/%.txt) \
                 $(TWO_PRECISION_SRC:%.c=$(BUILD)/vectorisation/%.float.txt)
VEC_REPORT_FLAGS := $(if $(findstring clang,$(shell $(CC) --version 2>/dev/null)),\
                      -Rpass=loop-vectorize -Rpass-missed=loop-vectorize,-fopt-info-vec-all)
$(SIMD_SRC:%.c=$(BUILD)/vectorisation/%.txt): UNIT_CFLAGS := -fno-trapping-math
# Always made again (the headers are what change); no dependency files.
$(BUILD)/vectorisation/%.txt: %.c FORCE
	@mkdir -p $(dir $@)
	@$(CC) $(filter-out -MMD -MP,$(FINAL_CFLAGS)) $(VEC_REPORT_FLAGS) -c $< -o /dev/null 2> $@
$(BUILD)/vectorisation/%.float.txt: %.c FORCE
	@mkdir -p $(dir $@)
	@$(CC) $(filter-out -MMD -MP,$(FINAL_CFLAGS)) -DRT_SINGLE $(VEC_REPORT_FLAGS) -c $< -o /dev/null 2> $@
FORCE:
vectorisation-report: $(VEC_REPORTS)
	@scripts/vectorisation_summary.sh $(VEC_REPORTS)

# Tests: the C test programs and the shell tests, in a normal build, then in a sanitizer build.
# The sanitizer build compiles while the normal pass runs; its tests run after the normal pass,
# each pass with its tests side by side on every core (tests/run_tests.sh), so that the
# sanitizer pass finds PoCL's kernel cache filled by the first instead of both compiling the
# same kernels at once.
test: test-normal sanitize-build
	$(MAKE) test-sanitize

test-normal: all
	BUILD=$(BUILD) tests/run_tests.sh

# The sanitizer build's flags; the tests get them too, so that a test which runs make on that
# build (test_library_install) builds with them instead of relinking it without its runtime.
SANITIZE_CFLAGS  := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
SANITIZE_LDFLAGS := -fsanitize=address,undefined
# The CPU algorithm files (each a few large batch loops, inlined bodies, and their x86-64-v4
# clones) take gcc 12 about six minutes each with AddressSanitizer's use-after-scope poisoning,
# and 25 seconds without it: they keep every other check, and the rest of the build keeps it too.
SANITIZE_ALGORITHM_CFLAGS := -fno-sanitize-address-use-after-scope
sanitize-build:
	$(MAKE) BUILD=build-sanitize CFLAGS='$(SANITIZE_CFLAGS)' LDFLAGS='$(SANITIZE_LDFLAGS)' \
	    ALGORITHM_CFLAGS='$(SANITIZE_ALGORITHM_CFLAGS)' all

test-sanitize: sanitize-build
	BUILD=build-sanitize SANITIZED=1 SANITIZE_CFLAGS='$(SANITIZE_CFLAGS)' SANITIZE_LDFLAGS='$(SANITIZE_LDFLAGS)' \
	    tests/run_tests.sh

valgrind: all
	BUILD=$(BUILD) VALGRIND=1 tests/run_tests.sh

# Fuzzing (tests/fuzz/README.md): libFuzzer targets for the readers, built with clang and
# AddressSanitizer + UndefinedBehaviorSanitizer into $(FUZZ_BUILD); `make fuzz` runs each for
# FUZZ_SECONDS on a scratch copy of its seed corpus and prints executions and coverage.
FUZZ_CC      ?= clang
FUZZ_BUILD   ?= build-fuzz
FUZZ_SECONDS ?= 60
FUZZ_CFLAGS  := -O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_LIB_SRC := $(COMMON_SRC) RayTetra/opencl/gpu_cache.c RayTetra/opencl/gpu_source.c \
                $(addprefix RayTetra/mesh/,mesh.c mesh_binary.c mesh_bvh.c mesh_check.c mesh_medit.c mesh_tetgen.c mesh_text.c) \
                RayTetra/walk/walk_rays.c
FUZZ_LIB_SRC += RayTetra/compare/run_file.c RayTetra/compare/json_strict.c RayTetra/compare/run_compare.c \
                RayTetra/bench/bench_stats.c
FUZZ_LIB_OBJ := $(FUZZ_LIB_SRC:%.c=$(FUZZ_BUILD)/obj/%.o)
FUZZ_TARGETS := $(patsubst tests/fuzz/%.c,$(FUZZ_BUILD)/%,$(wildcard tests/fuzz/fuzz_*.c))

$(FUZZ_BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(STD) $(WARN) $(OPENMP) $(FUZZ_CFLAGS) -ICommon -IRayTetra -Ikernels/shared $(DEP_CFLAGS) \
	    -DRAYTETRA_KERNEL_DIR='"$(KERNEL_DIR)"' -MMD -MP -c $< -o $@

$(FUZZ_BUILD)/fuzz_%: $(FUZZ_BUILD)/obj/tests/fuzz/fuzz_%.o $(FUZZ_LIB_OBJ)
	$(FUZZ_CC) $(OPENMP) -fsanitize=fuzzer,address,undefined $^ $(DEP_LIBS) -o $@

fuzz-build: $(FUZZ_TARGETS)

fuzz: fuzz-build
	FUZZ_BUILD=$(FUZZ_BUILD) FUZZ_SECONDS=$(FUZZ_SECONDS) tests/fuzz/run_fuzz.sh

# Installed layout: PREFIX/bin, and the kernels with the headers they include in
# PREFIX/share/raytetra/kernels (the shared headers in its shared/), where the executables look
# first (RayTetra/opencl/gpu_source.h).
PREFIX ?= /usr/local
# The scripts users run, installed as PREFIX/bin/raytetra-NAME (raytetra-fullbench, ...: names no
# other software has); they source PREFIX/share/raytetra/lib.sh and find the programs beside them.
# setup.sh, make_meshes.sh, tetwalk_bench.sh and vectorisation_summary.sh work on the source tree.
INSTALLED_SCRIPTS := fullbench plot_time_graph result_compare report local_size_sweep
install: $(PROGRAMS)
	install -d '$(DESTDIR)$(PREFIX)/bin' '$(DESTDIR)$(PREFIX)/share/raytetra/kernels/shared'
	install -m 755 $(PROGRAMS) '$(DESTDIR)$(PREFIX)/bin'
	install -m 644 kernels/*.cl '$(DESTDIR)$(PREFIX)/share/raytetra/kernels'
	install -m 644 kernels/shared/*.h '$(DESTDIR)$(PREFIX)/share/raytetra/kernels/shared'
	install -d '$(DESTDIR)$(PREFIX)/share/raytetra'
	install -m 644 scripts/lib.sh '$(DESTDIR)$(PREFIX)/share/raytetra/lib.sh'
	for script in $(INSTALLED_SCRIPTS); do \
	    target='$(DESTDIR)$(PREFIX)/bin/'$$(echo "raytetra-$$script" | tr _ -); \
	    sed 's|/lib\.sh"$$|/../share/raytetra/lib.sh"|' scripts/$$script.sh >"$$target" && chmod 755 "$$target" || exit 1; \
	done

# ================================================================ libraytetra (docs/LIBRARY.md)
# The installable library: include/raytetra.h, implemented in RayTetra/api/ over the registry, the
# CPU algorithms, the exact predicates and the OpenCL host module. Its objects are compiled apart
# into $(BUILD)/lib/obj: position-independent, hidden visibility (only RAYTETRA_API, i.e.
# raytetra_*, is exported), one section per function so that the link drops what the API does not
# reach, and OpenMP's SIMD pragmas without the OpenMP runtime. It contains no printing or exiting
# code (error_report.c is the programs' only) and needs OpenCL, GMP and xxhash, not GL, GLUT, libpng or X11.
# The shared library has a versioned soname; the static one is a single relocatable object whose
# symbols other than raytetra_* are made local, so a static user sees only the API.
# The version (raytetra_version_string, the soname, raytetra.pc) is the programs' one,
# RAYTETRA_VERSION in RayTetra/version.h. The library needs OpenCL, GMP and xxhash (the digest of
# TetWalk's binary meshes) only.
LIBRARY_PKGS    := OpenCL gmp libxxhash
LIBRARY_LIBS    = $(shell $(PKG_CONFIG) --libs $(LIBRARY_PKGS)) -lm -lpthread
LIBRARY_VERSION := $(shell sed -n 's/^\#define RAYTETRA_VERSION "\(.*\)"/\1/p' RayTetra/version.h)
LIBRARY_MAJOR   := $(firstword $(subst ., ,$(LIBRARY_VERSION)))
LIBRARY_SONAME  := libraytetra.so.$(LIBRARY_MAJOR)
LIBRARY_SO      := $(BUILD)/libraytetra.so
LIBRARY_A       := $(BUILD)/libraytetra.a

LIBRARY_SRC := $(wildcard RayTetra/api/*.c) RayTetra/registry/registry.c \
               RayTetra/cpu/algorithms_pt.c RayTetra/cpu/algorithms_baseline.c RayTetra/cpu/algorithms_robust.c \
               RayTetra/cpu/algorithms_precomputed.c RayTetra/cpu/algorithms_field.c $(SIMD_SRC) \
               $(addprefix RayTetra/opencl/gpu_,$(addsuffix .c,handler device program source cache errors launch layout single config overlap chunks bandwidth)) \
               RayTetra/opencl/device_session.c RayTetra/opencl/gpu_algorithm.c RayTetra/opencl/gpu_prepared.c \
               $(addprefix RayTetra/mesh/mesh,$(addsuffix .c,_binary _bvh _check _compact _medit _planes _tetgen _text)) RayTetra/mesh/mesh.c \
               $(addprefix RayTetra/walk/walk_,$(addsuffix .c,algorithm cpu exact locate opencl rays)) RayTetra/multi/chunk_dispenser.c \
               $(addprefix Common/,$(addsuffix .c,error exact extent pair_check timer atomic_file cli file_read byte_order sort_doubles))
LIBRARY_OBJ := $(LIBRARY_SRC:%.c=$(BUILD)/lib/obj/%.o) $(TWO_PRECISION_SRC:%.c=$(BUILD)/lib/obj/%.float.o)
LIBRARY_CFLAGS = $(STD) $(WARN) -fopenmp-simd $(CFLAGS) $(UNIT_CFLAGS) -Iinclude -ICommon -IRayTetra -Ikernels/shared \
                 $(DEP_CFLAGS) -DRAYTETRA_KERNEL_DIR='"$(KERNEL_DIR)"' -DRAYTETRA_LIBRARY \
                 -fPIC -fvisibility=hidden -ffunction-sections -fdata-sections -MMD -MP

.PHONY: library install-library uninstall bench-library
library: $(LIBRARY_SO) $(LIBRARY_A)
all: library $(BUILD)/tests/bench_library

$(BUILD)/lib/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(LIBRARY_CFLAGS) -c $< -o $@
$(BUILD)/lib/obj/%.float.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(LIBRARY_CFLAGS) -DRT_SINGLE -c $< -o $@
$(SIMD_SRC:%.c=$(BUILD)/lib/obj/%.o): UNIT_CFLAGS := -fno-trapping-math $(ALGORITHM_CFLAGS)
# The mesh readers' and the walk's OpenMP loops (tasks, atomics) run on the caller's thread in the
# library, which has no OpenMP runtime: its mesh calls use threads of their own (api_mesh.c).
$(patsubst %.c,$(BUILD)/lib/obj/%.o,$(filter RayTetra/mesh/% RayTetra/walk/%,$(LIBRARY_SRC))): UNIT_CFLAGS := -Wno-unknown-pragmas

$(LIBRARY_SO).$(LIBRARY_VERSION): $(LIBRARY_OBJ) RayTetra/api/libraytetra.map
	$(CC) -shared $(LDFLAGS) -Wl,-soname,$(LIBRARY_SONAME) -Wl,--version-script=RayTetra/api/libraytetra.map \
	    -Wl,--gc-sections -Wl,--no-undefined $(LIBRARY_OBJ) $(LIBRARY_LIBS) -o $@
$(BUILD)/$(LIBRARY_SONAME): $(LIBRARY_SO).$(LIBRARY_VERSION)
	ln -sf $(notdir $<) $@
$(LIBRARY_SO): $(BUILD)/$(LIBRARY_SONAME)
	ln -sf $(notdir $<) $@

# The API's symbols: the garbage-collection roots of the relocatable link, and the only globals
# left in it (objcopy makes the rest local, target_clones' dispatchers included: see
# RayTetra/api/libraytetra.map).
LIBRARY_API_SYMBOLS = ${shell sed -n 's/^RAYTETRA_API [^(]*[ *]\(raytetra_[a-z_]*\)(.*/\1/p' include/raytetra.h}
$(LIBRARY_A): $(LIBRARY_OBJ) include/raytetra.h
	@rm -f $@ $(BUILD)/lib/raytetra.o
	$(LD) -r --gc-sections $(addprefix -u ,$(LIBRARY_API_SYMBOLS)) $(LIBRARY_OBJ) -o $(BUILD)/lib/raytetra.o
	printf '%s\n' $(LIBRARY_API_SYMBOLS) > $(BUILD)/lib/api_symbols.txt
	$(OBJCOPY) --keep-global-symbols=$(BUILD)/lib/api_symbols.txt $(BUILD)/lib/raytetra.o
	$(AR) rcs $@ $(BUILD)/lib/raytetra.o
OBJCOPY ?= objcopy

# tests/test_library.c uses the library as a user does: only include/raytetra.h, linked against
# the shared library (found at run time through its rpath).
LIBRARY_USER_CFLAGS = $(STD) $(WARN) $(CFLAGS) -Iinclude -pthread -MMD -MP
$(BUILD)/obj/tests/test_library.o: tests/test_library.c
	@mkdir -p $(dir $@)
	$(CC) $(LIBRARY_USER_CFLAGS) -c $< -o $@
$(BUILD)/tests/test_library: $(BUILD)/obj/tests/test_library.o $(LIBRARY_SO)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -pthread $< -L$(BUILD) -Wl,-rpath,'$(abspath $(BUILD))' -lraytetra -lm -o $@

# tests/test_library_mesh.c compares the library's mesh walk (the header, libraytetra.so) with
# TetWalk's (the internal archive) in one process; the shared library hides every other symbol.
$(BUILD)/obj/tests/test_library_mesh.o: tests/test_library_mesh.c
	@mkdir -p $(dir $@)
	$(CC) $(FINAL_CFLAGS) -Iinclude -c $< -o $@
$(BUILD)/tests/test_library_mesh: $(BUILD)/obj/tests/test_library_mesh.o $(LIBRARY_SO) $(LIBS_A)
	@mkdir -p $(dir $@)
	$(CC) $(FINAL_LDFLAGS) $< -L$(BUILD) -Wl,-rpath,'$(abspath $(BUILD))' -lraytetra $(LIBS_A) $(FINAL_LIBS) -o $@

# The library's mesh walk against TetWalk's (docs/LIBRARY.md, "Meshes: speed"):
# make bench-library-mesh [BENCH_MESH=data/u_shape.mesh] [BENCH_MESH_REPS=11]
BENCH_MESH ?= data/u_shape.mesh
BENCH_MESH_REPS ?= 11
BENCH_MESH_ALGORITHMS ?= stp0,stp1,pluecker1p,stp0r
$(BUILD)/obj/tests/bench_library_mesh.o: tests/bench_library_mesh.c
	@mkdir -p $(dir $@)
	$(CC) $(FINAL_CFLAGS) -Iinclude -c $< -o $@
$(BUILD)/tests/bench_library_mesh: $(BUILD)/obj/tests/bench_library_mesh.o $(LIBRARY_SO) $(LIBS_A)
	$(CC) $(FINAL_LDFLAGS) $< -L$(BUILD) -Wl,-rpath,'$(abspath $(BUILD))' -lraytetra $(LIBS_A) $(FINAL_LIBS) -o $@
all: $(BUILD)/tests/bench_library_mesh
.PHONY: bench-library-mesh
bench-library-mesh: $(BUILD)/tests/bench_library_mesh
	$(BUILD)/tests/bench_library_mesh $(BENCH_MESH) $(BENCH_MESH_ALGORITHMS) $(BENCH_MESH_REPS)

# The library's batch call against the loop Bench times, side by side in one process
# (docs/LIBRARY.md, "Speed"): make bench-library [BENCH_LIBRARY_PAIRS=1000000] [BENCH_LIBRARY_REPS=11]
BENCH_LIBRARY_PAIRS ?= 1000000
BENCH_LIBRARY_REPS ?= 11
BENCH_LIBRARY_ALGORITHMS ?= stp0,stp1,stp0v,stp0r,stp0f
$(BUILD)/obj/tests/bench_library.o: tests/bench_library.c
	@mkdir -p $(dir $@)
	$(CC) $(FINAL_CFLAGS) -Iinclude -c $< -o $@
$(BUILD)/tests/bench_library: $(BUILD)/obj/tests/bench_library.o $(LIBRARY_SO) $(LIBS_A)
	$(CC) $(FINAL_LDFLAGS) $< -L$(BUILD) -Wl,-rpath,'$(abspath $(BUILD))' -lraytetra $(LIBS_A) $(FINAL_LIBS) -o $@
bench-library: $(BUILD)/tests/bench_library $(BUILD)/RandomRayTetra $(BUILD)/Bench
	@mkdir -p $(BUILD)/bench
	$(BUILD)/RandomRayTetra $(BUILD)/bench/library.rtb -i $$(($(BENCH_LIBRARY_PAIRS) / 2)) \
	    -n $$(($(BENCH_LIBRARY_PAIRS) - $(BENCH_LIBRARY_PAIRS) / 2)) --seed 17
	$(BUILD)/Bench --no-opencl --algorithms $(BENCH_LIBRARY_ALGORITHMS) $(BUILD)/bench/library.rtb \
	    $(BUILD)/bench/library.csv $(BENCH_LIBRARY_REPS)
	$(BUILD)/tests/bench_library $(BUILD)/bench/library.rtb $(BENCH_LIBRARY_ALGORITHMS) $(BENCH_LIBRARY_REPS)

# RayTetra's Plücker and STP forms against the 2012 thesis program's own code, side by side in one
# process, pinned to one core (docs/PERFORMANCE.md, "Against the 2012 thesis program"): make compare-2012
# THESIS_SRC=DIR [COMPARE_2012_PAIRS=1000000] [COMPARE_2012_ROUNDS=7], DIR a checkout of the thesis'
# repository (not part of RayTetra; its code is compiled here with g++ -O2, as its makefile does,
# plus COMPARE_2012_THESIS_FLAGS, e.g. -march=x86-64-v4 to give it the instruction set our batch
# loops' clones use).
COMPARE_2012_PAIRS ?= 1000000
COMPARE_2012_ROUNDS ?= 7
COMPARE_2012_CORE ?= 1
COMPARE_2012_DIR := $(BUILD)/compare_2012
.PHONY: compare-2012
compare-2012: $(LIBS_A) $(BUILD)/RandomRayTetra
	@test -f "$(THESIS_SRC)/RayTetra/RayTetraSTP.cpp" && test -f "$(THESIS_SRC)/Common/NpVector.hpp" || \
	    { echo "make compare-2012: THESIS_SRC='$(THESIS_SRC)' is not a checkout of the 2012 thesis program" \
	        "(it needs RayTetra/RayTetraSTP.cpp and Common/NpVector.hpp); give THESIS_SRC=DIR" >&2; exit 2; }
	@mkdir -p $(COMPARE_2012_DIR)
	$(CXX) -O2 $(COMPARE_2012_THESIS_FLAGS) -c "$(THESIS_SRC)/RayTetra/RayTetraSTP.cpp" -o $(COMPARE_2012_DIR)/RayTetraSTP.o
	$(CXX) -O2 $(COMPARE_2012_THESIS_FLAGS) -c "$(THESIS_SRC)/RayTetra/RayTetraSegura.cpp" -o $(COMPARE_2012_DIR)/RayTetraSegura.o
	$(CXX) -O2 $(COMPARE_2012_THESIS_FLAGS) -I"$(THESIS_SRC)/RayTetra" -I"$(THESIS_SRC)/Common" -ICommon -Ikernels/shared \
	    -c tests/compare_2012_thesis.cpp -o $(COMPARE_2012_DIR)/thesis.o
	$(CC) $(filter-out -MMD -MP,$(FINAL_CFLAGS)) -c tests/compare_2012.c -o $(COMPARE_2012_DIR)/compare_2012.o
	$(CXX) $(FINAL_LDFLAGS) $(COMPARE_2012_DIR)/*.o $(LIBS_A) $(FINAL_LIBS) -o $(COMPARE_2012_DIR)/compare_2012
	for hits in 0 50 100; do \
	    $(BUILD)/RandomRayTetra $(COMPARE_2012_DIR)/hits$$hits.rtb -i $$(($(COMPARE_2012_PAIRS) * $$hits / 100)) \
	        -n $$(($(COMPARE_2012_PAIRS) - $(COMPARE_2012_PAIRS) * $$hits / 100)) --seed 7 || exit 1; done
	taskset -c $(COMPARE_2012_CORE) $(COMPARE_2012_DIR)/compare_2012 $(COMPARE_2012_ROUNDS) \
	    $(COMPARE_2012_DIR)/hits0.rtb $(COMPARE_2012_DIR)/hits50.rtb $(COMPARE_2012_DIR)/hits100.rtb \
	    --also stp0v,pluecker0v$(if $(COMPARE_2012_STORE), --store)

# Installed: PREFIX/include/raytetra.h, PREFIX/lib/libraytetra.{so*,a}, PREFIX/lib/pkgconfig/raytetra.pc
# (written here with the real PREFIX); the kernels' shared headers users include in their own
# kernels are the ones `install` puts in PREFIX/share/raytetra/kernels/shared (raytetra.pc's
# kernel_includedir). The library finds its kernels at ../share/raytetra/kernels beside itself,
# hence the fixed PREFIX/lib.
install: install-library
install-library: library
	install -d '$(DESTDIR)$(PREFIX)/include' '$(DESTDIR)$(PREFIX)/lib/pkgconfig'
	install -m 644 include/raytetra.h '$(DESTDIR)$(PREFIX)/include'
	install -m 755 $(LIBRARY_SO).$(LIBRARY_VERSION) '$(DESTDIR)$(PREFIX)/lib'
	ln -sf libraytetra.so.$(LIBRARY_VERSION) '$(DESTDIR)$(PREFIX)/lib/$(LIBRARY_SONAME)'
	ln -sf $(LIBRARY_SONAME) '$(DESTDIR)$(PREFIX)/lib/libraytetra.so'
	install -m 644 $(LIBRARY_A) '$(DESTDIR)$(PREFIX)/lib'
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(LIBRARY_VERSION)|g' -e 's|@REQUIRES@|$(LIBRARY_PKGS)|g' \
	    raytetra.pc.in > '$(DESTDIR)$(PREFIX)/lib/pkgconfig/raytetra.pc'
	chmod 644 '$(DESTDIR)$(PREFIX)/lib/pkgconfig/raytetra.pc'

# Removes what `install` put there: the programs, the scripts, the kernels and the library (the folders
# PREFIX/bin, lib, include are left, empty or not; share/raytetra is removed when empty).
uninstall:
	rm -f $(foreach program,$(notdir $(PROGRAMS)),'$(DESTDIR)$(PREFIX)/bin/$(program)')
	rm -rf '$(DESTDIR)$(PREFIX)/share/raytetra/kernels'
	rm -f $(foreach script,$(INSTALLED_SCRIPTS),'$(DESTDIR)$(PREFIX)/bin/raytetra-$(subst _,-,$(script))') \
	      '$(DESTDIR)$(PREFIX)/share/raytetra/lib.sh'
	rm -f '$(DESTDIR)$(PREFIX)/include/raytetra.h' '$(DESTDIR)$(PREFIX)/lib/pkgconfig/raytetra.pc' \
	      '$(DESTDIR)$(PREFIX)/lib/libraytetra.a' '$(DESTDIR)$(PREFIX)/lib/libraytetra.so' \
	      '$(DESTDIR)$(PREFIX)/lib/$(LIBRARY_SONAME)' '$(DESTDIR)$(PREFIX)/lib/libraytetra.so.$(LIBRARY_VERSION)'
	if [ -d '$(DESTDIR)$(PREFIX)/share/raytetra' ]; then rmdir '$(DESTDIR)$(PREFIX)/share/raytetra'; fi
# ================================================================ end of libraytetra

clean:
	rm -rf build build-sanitize build-fuzz

-include $(shell find $(BUILD) $(FUZZ_BUILD) -name '*.d' 2>/dev/null)
