# test_layers: the OpenCL host module and the several-device runner include each other's headers
# downwards only (docs/ARCHITECTURE.md): no file's header, through any chain of includes, leads
# back to it. Every call needs its declaration's header (-Werror), so no include cycle means no
# call cycle either. tsort names a cycle when the include graph has one.
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
finish
