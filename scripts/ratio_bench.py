#!/usr/bin/env python3
"""Measures the CPU ratio of two configurations of one command, for several binaries at once.

    python3 scripts/ratio_bench.py N BASE_ARGS OFF_ARGS ON_ARGS BIN [BIN ...]

For example, issue 34's budget (the translation-quality checks cost at most 1.25x):

    python3 scripts/ratio_bench.py 21 "lint /tmp/large.zip --format json" \\
      "--config /tmp/qa-off.yml" "--config /tmp/qa-on.yml" /tmp/glossa-old .build/release/glossa

Each round runs every binary with OFF_ARGS and then with ON_ARGS (stdout and stderr to
/dev/null), so a shared machine that drifts in speed drifts for all of them alike. CPU is the
child's user + system time. Per binary it prints the ratio of the medians, the median of each
round's own ratio with its quartiles, and the ratio of the fastest rounds: on a shared machine
the three disagree by a few hundredths, so compare binaries only within one run.
"""
import os
import shlex
import statistics
import sys


def cpu(arguments):
    pid = os.fork()
    if pid == 0:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.dup2(null, 2)
        try:
            os.execvp(arguments[0], arguments)
        finally:
            os._exit(127)
    _, _, usage = os.wait4(pid, 0)
    return usage.ru_utime + usage.ru_stime


def main():
    if len(sys.argv) < 6 or not sys.argv[1].isdigit():
        sys.exit(__doc__)
    rounds = int(sys.argv[1])
    base, off, on = (shlex.split(argument) for argument in sys.argv[2:5])
    binaries = sys.argv[5:]
    times = {binary: [] for binary in binaries}
    for _ in range(rounds):
        for binary in binaries:
            times[binary].append((cpu([binary] + base + off), cpu([binary] + base + on)))
    for binary in binaries:
        offs = [pair[0] for pair in times[binary]]
        ons = [pair[1] for pair in times[binary]]
        ratios = sorted(pair[1] / pair[0] for pair in times[binary])
        print(
            f"{binary}: medians {statistics.median(ons) * 1000:.0f} / {statistics.median(offs) * 1000:.0f} ms"
            f" = {statistics.median(ons) / statistics.median(offs):.3f}x;"
            f" median ratio {statistics.median(ratios):.3f}x"
            f" (q1 {ratios[len(ratios) // 4]:.3f}, q3 {ratios[3 * len(ratios) // 4]:.3f});"
            f" fastest {min(ons) * 1000:.0f} / {min(offs) * 1000:.0f} ms = {min(ons) / min(offs):.3f}x"
        )


if __name__ == "__main__":
    main()
