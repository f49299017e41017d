#!/usr/bin/env bash
# Builds the static release binary the README's Install section describes and checks that it
# needs no Swift toolchain: ldd lists no Swift library, and it lints SampleBundles/local from a
# directory outside the checkout with only /usr/bin:/bin on PATH (as root, also with /opt/swift
# hidden in a private mount namespace). Takes several minutes: it is not part of `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${SCRATCH:-.build}
swift build -c release --static-swift-stdlib --product glossa --scratch-path "$scratch"
binary="$scratch/release/glossa"
if ldd "$binary" | grep -i swift; then
  echo "FAIL: the binary links Swift libraries" >&2
  exit 1
fi
outside=$(mktemp -d)
trap 'rm -rf "$outside"' EXIT
cp "$binary" "$outside/glossa"
strip "$outside/glossa"
cp -r SampleBundles "$outside/"
echo "size: $(stat -c %s "$binary") bytes, stripped $(stat -c %s "$outside/glossa") bytes"
cd "$outside"
status=0
env -i PATH=/usr/bin:/bin HOME="$outside" ./glossa lint SampleBundles/local > lint.txt || status=$?
# Exit status 1: the sample bundle has errors planted in it.
if [ "$status" -ne 1 ]; then
  echo "FAIL: glossa lint exited with $status" >&2
  exit 1
fi
tail -1 lint.txt
toolchain=$(dirname "$(dirname "$(dirname "$(command -v swift)")")")
if [ "$(id -u)" = 0 ] && command -v unshare >/dev/null; then
  unshare -m sh -c "mount -t tmpfs none '$toolchain' && ./glossa lint SampleBundles/local > hidden.txt; test \$? = 1"
  cmp lint.txt hidden.txt
  echo "ok: runs with $toolchain hidden"
fi
echo "ok: no Swift libraries, runs outside the checkout"
