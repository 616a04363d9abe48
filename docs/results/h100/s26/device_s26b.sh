#!/usr/bin/env bash
bash .devbuild/ab_clones_s26.sh
bash .devbuild/bench_threads_s26.sh
