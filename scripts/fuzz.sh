#!/usr/bin/env bash
# Glossa's fuzz targets (the Fuzz/ package: one libFuzzer entry point per format, each checking
# FormatProperties (Tests/GlossaFormatProperties) on every input).
#
#   scripts/fuzz.sh --list                 the targets
#   scripts/fuzz.sh TARGET SECONDS [ARGS]  build, then fuzz TARGET for SECONDS (0: no limit;
#                                          info-plist in libFuzzer's fork mode, see below)
#   scripts/fuzz.sh --runs N [TARGET…]     build, then run each target (all by default) N inputs
#   scripts/fuzz.sh --build                build every target only
#
# Seeds are read from Fuzz/Corpus/TARGET and Fuzz/Regressions/TARGET (committed, never
# written); what a run learns goes to .build-fuzz-corpus/TARGET. An input that traps or fails
# a property is written to Fuzz/Crashes/TARGET/ and the run fails: move it into
# Fuzz/Regressions/TARGET/ once fixed, and `swift test` keeps it (FormatPropertiesTests).
# Extra ARGS go to libFuzzer (e.g. -max_len=8192 -jobs=2). GLOSSA_FUZZ_SCRATCH sets another
# build folder (default .build-fuzz); GLOSSA_FUZZ_RSS_MB the memory limit per run (2048).
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(strings stringsdict json xcstrings localized-object info-plist zip config)
scratch=${GLOSSA_FUZZ_SCRATCH:-.build-fuzz}

usage() {
  echo "usage: scripts/fuzz.sh --list | --build | TARGET SECONDS [LIBFUZZER_ARGS…] | --runs N [TARGET…]" >&2
  exit 2
}

known() {
  local t
  for t in "${targets[@]}"; do [ "$t" = "$1" ] && return 0; done
  echo "fuzz.sh: unknown target '$1' (scripts/fuzz.sh --list names them)" >&2
  exit 2
}

# The fuzzer's runtime comes with the toolchain (-sanitize=fuzzer). lld, also in the toolchain,
# links it: gold stops with an internal error on the targets' two `main`s (SwiftPM's and
# libFuzzer's; lld keeps ours, which hands over to LLVMFuzzerRunDriver).
build() {
  local flags=(-c release --package-path Fuzz --scratch-path "$scratch" -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld)
  swift build "${flags[@]}" >&2 && return
  # SwiftPM can keep the main package's old list of source files in another package's build
  # folder (a file added to GlossaCore is then "not in scope"): start that folder afresh, once.
  echo "fuzz.sh: the build failed; building again in a fresh $scratch" >&2
  rm -rf "$scratch"
  swift build "${flags[@]}" >&2
}

binary() { echo "$scratch/release/fuzz-$1"; }

# run TARGET LIBFUZZER_ARGS…: fuzz with the committed seeds, crashes kept under Fuzz/Crashes.
run() {
  local target=$1
  shift
  local learned="$scratch-corpus/$target" crashes="Fuzz/Crashes/$target"
  mkdir -p "$learned" "$crashes"
  local seeds=("$learned" "Fuzz/Corpus/$target")
  [ -d "Fuzz/Regressions/$target" ] && seeds+=("Fuzz/Regressions/$target")
  # Swift's runtime keeps caches alive until exit, which LeakSanitizer reports as leaks.
  ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} "$(binary "$target")" \
    -artifact_prefix="$crashes/" -max_len=16384 -timeout=20 -rss_limit_mb=${GLOSSA_FUZZ_RSS_MB:-2048} -print_final_stats=1 "$@" "${seeds[@]}"
  rmdir "$crashes" Fuzz/Crashes 2>/dev/null || true
}

[ $# -ge 1 ] || usage
case "$1" in
  --list)
    printf '%s\n' "${targets[@]}"
    ;;
  --build)
    build
    ;;
  --runs)
    [ $# -ge 2 ] || usage
    runs=$2
    shift 2
    [ $# -gt 0 ] && chosen=("$@") || chosen=("${targets[@]}")
    for t in "${chosen[@]}"; do known "$t"; done
    build
    for t in "${chosen[@]}"; do
      echo "== fuzz $t: $runs runs" >&2
      run "$t" -runs="$runs" -seed=1
    done
    ;;
  *)
    [ $# -ge 2 ] || usage
    target=$1
    seconds=$2
    shift 2
    known "$target"
    build
    # Foundation's PropertyListSerialization leaks the error of every plist it cannot read
    # (docs/reliability.md): a long info-plist run fuzzes in a child process that libFuzzer
    # restarts when it reaches the memory limit, instead of stopping there.
    if [ "$target" = info-plist ] && [[ " $* " != *" -fork="* ]]; then set -- -fork=1 -ignore_ooms=1 "$@"; fi
    run "$target" -max_total_time="$seconds" "$@"
    ;;
esac
