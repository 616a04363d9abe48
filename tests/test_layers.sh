# test_layers: the OpenCL host module and the several-device runner include each other's headers
# downwards only (docs/ARCHITECTURE.md): no file's header, through any chain of includes, leads
# back to it. Every call needs its declaration's header (-Werror), so no include cycle means no
# call cycle either. tsort names a cycle when the include graph has one. The registry, under every
# program, the walk and the library, includes none of the rooms that use it.
source "$(dirname "$0")/lib.sh"
edges="$TMP/includes.txt"
: >"$edges"
for file in "$ROOT"/RayTetra/opencl/*.[ch] "$ROOT"/RayTetra/multi/*.[ch]; do
    from=$(basename "${file%.[ch]}")
    echo "$from $from" >>"$edges"
    sed -n 's#^\#include "\(opencl\|multi\)/\([a-z_]*\)\.h".*#\2#p' "$file" | while read -r to; do
        [ "$to" != "$from" ] && echo "$to $from" >>"$edges"
    done
done
check "the include graph of RayTetra/opencl and RayTetra/multi has edges" \
    test "$(awk '$1 != $2' "$edges" | wc -l)" -gt 30
sorts() { tsort "$edges" >/dev/null 2>&1; }
check "no include cycle in RayTetra/opencl and RayTetra/multi: $(tsort "$edges" 2>&1 >/dev/null | tr '\n' ' ')" sorts
check "the device session includes nothing that runs a pairs' kernel" \
    test -z "$(grep -E '#include "opencl/gpu_(handler|overlap|prepared)\.h"' "$ROOT"/RayTetra/opencl/device_session.[ch])"
# The registry (RayTetra/registry/) sits under every program, the walk and the library: it
# includes the entry points' and kernels' headers (cpu/, opencl/) and nothing that uses it.
check "RayTetra/registry includes no room above it: $(grep -lE '#include "(walk|mesh|bench|compare|accuracy|generator|programs|api|multi|pipeline|mpi|viewer)/' "$ROOT"/RayTetra/registry/*.[ch] | tr '\n' ' ')" \
    test -z "$(grep -lE '#include "(walk|mesh|bench|compare|accuracy|generator|programs|api|multi|pipeline|mpi|viewer)/' "$ROOT"/RayTetra/registry/*.[ch])"
check "the registry's files are in RayTetra/registry" test -f "$ROOT/RayTetra/registry/registry.c" -a ! -e "$ROOT/RayTetra/registry.c"
finish
