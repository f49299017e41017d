#!/usr/bin/env python3
"""Puts profiler samples of the review loop's thread down to the key press they delayed.

    GLOSSA_BENCHMARK_SPANS=/tmp/spans.tsv perf record -k CLOCK_MONOTONIC -F 999 -g -o /tmp/p.data \\
        glossa review --benchmark LOCAL REMOTE
    perf script -i /tmp/p.data -F pid,tid,time,ip,sym > /tmp/p.txt
    python3 scripts/perf_spans.py /tmp/spans.tsv /tmp/p.txt [--top 25] [--kind SUBSTRING]

For each action of the benchmark (the spans file has one line per measured key press: kind,
phase, begin and end on the monotonic clock in nanoseconds) it prints how many samples of the
loop's thread (the process's main thread) fell inside its spans, and the functions they were in:
inclusive (anywhere on the stack) and self (the innermost frame).
"""

import argparse
import bisect
import collections
import re


def read_spans(path):
    spans = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            kind, phase, begin, end = line.rstrip("\n").split("\t")
            spans.append((int(begin), int(end), f"{kind} [{phase}]"))
    spans.sort()
    return spans


HEADER = re.compile(r"^\s*(\d+)/(\d+)\s+(\d+)\.(\d+):")


def read_samples(path):
    """Yields (pid, tid, time_ns, [symbols innermost first])."""
    current = None
    with open(path, encoding="utf-8", errors="replace") as handle:
        for line in handle:
            match = HEADER.match(line)
            if match:
                if current:
                    yield current
                pid, tid, seconds, fraction = match.groups()
                nanoseconds = int(seconds) * 1_000_000_000 + int(fraction.ljust(9, "0")[:9])
                current = (int(pid), int(tid), nanoseconds, [])
            elif current and line.strip():
                parts = line.strip().split(None, 1)
                symbol = parts[1] if len(parts) > 1 else parts[0]
                current[3].append(re.sub(r"\+0x[0-9a-f]+$", "", symbol.split(" (")[0]))
    if current:
        yield current


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("spans")
    parser.add_argument("samples")
    parser.add_argument("--top", type=int, default=20)
    parser.add_argument("--kind", default="", help="only actions whose name contains this")
    arguments = parser.parse_args()
    spans = read_spans(arguments.spans)
    begins = [span[0] for span in spans]
    counts = collections.Counter()
    inclusive = collections.defaultdict(collections.Counter)
    own = collections.defaultdict(collections.Counter)
    for pid, tid, time, stack in read_samples(arguments.samples):
        if pid != tid:
            continue
        index = bisect.bisect_right(begins, time) - 1
        if index < 0 or time > spans[index][1]:
            continue
        name = spans[index][2]
        if arguments.kind not in name:
            continue
        counts[name] += 1
        if stack:
            own[name][stack[0]] += 1
        for symbol in set(stack):
            inclusive[name][symbol] += 1
    for name, total in counts.most_common():
        print(f"\n== {name}: {total} samples")
        print("  inclusive:")
        for symbol, count in inclusive[name].most_common(arguments.top):
            print(f"    {100 * count / total:5.1f}%  {symbol[:160]}")
        print("  self:")
        for symbol, count in own[name].most_common(arguments.top // 2):
            print(f"    {100 * count / total:5.1f}%  {symbol[:160]}")


if __name__ == "__main__":
    main()
