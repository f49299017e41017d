#!/usr/bin/env python3
"""Runs whole commands alternately and prints their medians, each against the first's.

    python3 scripts/bench.py N "CMD" "CMD" ...

Each round runs every command once, in order (stdout and stderr to /dev/null), so a machine
that drifts in speed drifts for all of them alike; issue 16's budgets are ratios against a
baseline measured in the same run for that reason. Per command it prints the median wall time,
the median CPU time (user + system, from the child's own rusage), the p10 and p90 of wall time
and the peak resident memory, and the wall and CPU ratios against the first command.
"""
import os
import shlex
import statistics
import sys
import time


def run(command):
    start = time.time()
    pid = os.fork()
    if pid == 0:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.dup2(null, 2)
        arguments = shlex.split(command)
        try:
            os.execvp(arguments[0], arguments)
        finally:
            os._exit(127)
    _, status, usage = os.wait4(pid, 0)
    wall = time.time() - start
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)


def main():
    if len(sys.argv) < 3 or not sys.argv[1].isdigit():
        sys.exit(__doc__)
    rounds = int(sys.argv[1])
    commands = sys.argv[2:]
    samples = {command: [] for command in commands}
    for _ in range(rounds):
        for command in commands:
            samples[command].append(run(command))
    base = None
    for command in commands:
        walls = sorted(s[0] for s in samples[command])
        wall = statistics.median(walls)
        cpu = statistics.median(s[1] for s in samples[command])
        peak = max(s[2] for s in samples[command])
        codes = sorted({s[3] for s in samples[command]})
        if base is None:
            base = (wall, cpu)
        p10, p90 = walls[len(walls) // 10], walls[len(walls) * 9 // 10]
        print(
            f"{wall * 1000:7.0f} ms wall ({wall / base[0]:.2f}x)  {cpu * 1000:7.0f} ms cpu ({cpu / base[1]:.2f}x)"
            f"  p10 {p10 * 1000:5.0f} p90 {p90 * 1000:5.0f}  {peak:5.0f} MB  exit {codes}  {command}"
        )


if __name__ == "__main__":
    main()
