# test_bench_plot: scripts/plot_time_graph.sh on hand-made CSVs: OpenCL columns with data give
# all charts; all-NA OpenCL columns are skipped with a message; bad arguments.
source "$(dirname "$0")/lib.sh"
script="$ROOT/scripts/plot_time_graph.sh"
is_png() { [ -s "$1" ] && [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; }
header='#Intersecting_Pairs,Haines,Moller1,Moller2,Moller3,Segura0,Segura1,Segura2,STP0,STP1,STP2,GPU_Segura0_Write,GPU_Segura0,GPU_Segura0_Read,GPU_STP0_Write,GPU_STP0,GPU_STP0_Read,GPU_STP1_Write,GPU_STP1,GPU_STP1_Read,GPU_STP2_Write,GPU_STP2,GPU_STP2_Read,STP1F'
meta='# Bench; date=2026-01-01T00:00:00Z; input=x; pairs=1000; reps=2; hit_percent=0; tolerance=1e-09; float_tolerance=0.001; cpu=Test CPU; opencl=Test device (Test platform, driver 1); local_size=64'

full="$TMP/full.csv"
{
    echo "$header"
    for it in 0 50 100; do
        echo "$meta"
        echo "$it,4.2,5,5,5,4,3,3,3,2.6,2.7,0.3,0.$((3 + it / 50)),0.4,0.3,0.5,0.4,0.3,0.6,0.4,0.3,0.7,0.4,2.$((it / 10))"
    done
} >"$full"
expect 0 '' -- "$script" "$full" "$TMP/full"
for png in cpu_time cpu_float_time opencl_kernel_time opencl_phases; do
    check "$png.png is a PNG" is_png "$TMP/full/$png.png"
done

# No OpenCL data (e.g. no device): CPU chart only, the others skipped with a message.
cpu_only="$TMP/cpu-only.csv"
{
    echo "$header"
    echo "${meta/opencl=Test device (Test platform, driver 1)/opencl=none}"
    echo "0,4.2,5,5,5,4,3,3,3,2.6,2.7,NA,NA,NA,NA,NA,NA,NA,NA,NA,NA,NA,NA,NA"
    echo "100,5.2,5,5,5,4,3,3,3,2.6,2.7,NA,NA,NA,NA,NA,NA,NA,NA,NA,NA,NA,NA,NA"
} >"$cpu_only"
expect 0 '' -- "$script" "$cpu_only"
check "CPU chart beside the CSV" is_png "$TMP/cpu_time.png"
check "OpenCL charts skipped" test ! -e "$TMP/opencl_kernel_time.png" -a ! -e "$TMP/opencl_phases.png"
check "skip announced" grep -q 'no OpenCL timings.*skipped' "$TMP/stdout.$$"

# The thesis' original CSV (no metadata lines) still plots.
{ echo "${header%,STP1F}"; echo "0,1,2,3,4,5,6,7,8,9,10,1,2,3,1,2,3,1,2,3,1,2,3"; echo "100,2,3,4,5,6,7,8,9,10,11,1,2,3,1,2,3,1,2,3,1,2,3"; } >"$TMP/thesis.csv"
expect 0 '' -- "$script" "$TMP/thesis.csv" "$TMP/thesis"
check "thesis CSV: kernel chart" is_png "$TMP/thesis/opencl_kernel_time.png"

# OpenCL float builds (GPU_NAMEF beside GPU_NAME): their own chart when they have data, none
# when they are NA everywhere.
float_header="$header,GPU_STP0F_Write,GPU_STP0F,GPU_STP0F_Read,GPU_STP0R_Write,GPU_STP0R,GPU_STP0R_Read"
{
    echo "$float_header"
    for it in 0 100; do
        echo "$meta"
        echo "$it,4.2,5,5,5,4,3,3,3,2.6,2.7,0.3,0.4,0.4,0.3,0.5,0.4,0.3,0.6,0.4,0.3,0.7,0.4,2.1,0.2,0.3,0.2,0.3,0.6,0.5"
    done
} >"$TMP/gpu-float.csv"
expect 0 '' -- "$script" "$TMP/gpu-float.csv" "$TMP/gpu-float"
check "opencl_float_time.png is a PNG" is_png "$TMP/gpu-float/opencl_float_time.png"
check "GPU_STP0R in the kernel chart's data" is_png "$TMP/gpu-float/opencl_kernel_time.png"
{
    echo "$float_header"
    echo "$meta"
    echo "0,4.2,5,5,5,4,3,3,3,2.6,2.7,0.3,0.4,0.4,0.3,0.5,0.4,0.3,0.6,0.4,0.3,0.7,0.4,2.1,NA,NA,NA,0.3,0.6,0.5"
} >"$TMP/gpu-float-na.csv"
expect 0 '' -- "$script" "$TMP/gpu-float-na.csv" "$TMP/gpu-float-na"
check "no OpenCL float chart without float data" test ! -e "$TMP/gpu-float-na/opencl_float_time.png"
check "kernel chart still drawn" is_png "$TMP/gpu-float-na/opencl_kernel_time.png"

# Bad arguments.
expect 2 'expected CSV \[OUTDIR\], got 0 arguments.*usage: plot_time_graph.sh' -- "$script"
expect 2 'got 3 arguments' -- "$script" a b c
expect 2 'missing.csv: no such readable file' -- "$script" "$TMP/missing.csv"
echo "a,b" >"$TMP/other.csv"
expect 1 'not a Bench CSV header' -- "$script" "$TMP/other.csv"
echo "$header" >"$TMP/empty.csv"
expect 1 'no data rows' -- "$script" "$TMP/empty.csv"
expect 0 '' -- "$script" -h
finish
