#!/usr/bin/env bash
# Runs scalar-clones/ab-clones.sh, then cpu-threads-clones/bench-threads.sh (both copied into .devbuild/).
bash .devbuild/ab-clones.sh
bash .devbuild/bench-threads.sh
