"""Python opcodes per batch of bench_workloads.py's tapeflow runs: a deterministic measure of the
interpreter's share of a workload, for before/after comparisons on a machine too busy for timings.

Each workload runs twice (builds, caches), then once under sys.settrace with ``f_trace_opcodes``;
the count covers every Python frame of that run (numpy's C code counts nothing). ``--top N`` lists
the N functions that run the most opcodes themselves (not counting their callees).

    python bench/workload_opcodes.py [--only lstm,lstm2] [--top 15] [--full]
"""
import argparse
import collections
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# the repository root spelled without '..': framework compares its packages' file names with this spelling
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import bench_workloads  # noqa: E402


def opcodes_by_function(run):
    """{'file:line(name)': opcodes} over one call of ``run``."""
    counts = collections.Counter()

    def start_frame(frame, event, arg):
        frame.f_trace_opcodes, frame.f_trace_lines = True, False
        code = frame.f_code
        key = '%s:%d(%s)' % (os.path.relpath(code.co_filename), code.co_firstlineno, code.co_name)

        def each(frame, event, arg):
            if event == 'opcode':
                counts[key] += 1
            return each
        return each
    sys.settrace(start_frame)
    try:
        run()
    finally:
        sys.settrace(None)
    return counts


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--only', default='', help='comma-separated workload names')
    parser.add_argument('--top', type=int, default=0, help='list the functions running the most opcodes')
    parser.add_argument('--full', action='store_true', help="bench_workloads' full data (default: --quick's)")
    args = parser.parse_args()
    chosen = [name for name in args.only.split(',') if name]
    for name, (batch, data, runs) in bench_workloads.workloads(not args.full).items():
        if chosen and name not in chosen:
            continue
        run = runs['tapeflow']
        run()
        run()
        batches = -(-len(data[0]) // batch)
        counts = opcodes_by_function(run)
        print('%-9s %10.1f opcodes per batch' % (name, sum(counts.values()) / batches), flush=True)
        for key, n in counts.most_common(args.top):
            print('    %10.1f  %s' % (n / batches, key))


if __name__ == '__main__':
    main()
