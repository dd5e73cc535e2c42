"""The benchmark scripts run (tiny sizes, no timing checked): they are how speed is
measured, so a change that breaks one should fail here, not in someone's next measurement."""
import os
import pathlib
import subprocess
import sys

import pytest

BENCH = pathlib.Path(__file__).resolve().parents[1] / 'bench'
RUNS = [
    ('bench_custom_loop.py', ['--repeats', '1', '--steps', '3'], 'tapeflow / numpy'),
    ('bench_cnn.py', ['--repeats', '1', '--steps', '1', '--batch', '4'], 'tapeflow / numpy'),
    ('bench_fit.py', ['--repeats', '1', '--epochs', '1'], 'fit / custom loop'),
    ('bench_memory.py', ['--layers', '2', '--width', '16', '--batch', '8'], 'ratio'),
    ('bench_tape_chain.py', ['--repeats', '1'], 'no-tape overhead'),
    ('profile_custom_loop_segments.py', ['--steps', '20', '--rounds', '2'], 'tapeflow / numpy'),
]


@pytest.mark.parametrize('script, args, expected', RUNS, ids=[r[0] for r in RUNS])
def test_bench_script_runs(script, args, expected, tmp_path):
    env = dict(os.environ, OPENBLAS_NUM_THREADS='1')
    done = subprocess.run([sys.executable, str(BENCH / script)] + args, capture_output=True, text=True,
                          timeout=300, cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    assert expected in done.stdout
