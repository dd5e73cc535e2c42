"""A loss's bad ``reduction`` lists the accepted names in the order TF 2.21 prints them for the same
PYTHONHASHSEED. Keras prints its set literal, which CPython copies from a frozenset constant built in the
order Keras's .pyc stores it, so the order changes with the seed; each text below is TF 2.21's
(`PYTHONHASHSEED=<seed> python -c "import keras; keras.losses.MeanSquaredError(reduction='auto')"`)."""
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# TF 2.21 gives, for PYTHONHASHSEED=seed:
TF_SETS = {
    0: "{'sum_over_batch_size', 'sum', 'mean_with_sample_weight', 'mean', 'none', None}",
    3: "{'mean_with_sample_weight', 'sum_over_batch_size', 'none', 'sum', None, 'mean'}",
    7: "{'sum_over_batch_size', 'none', 'sum', 'mean_with_sample_weight', 'mean', None}",
}

PROGRAM = """
from framework import keras
for make in (lambda: keras.losses.MeanSquaredError(reduction='auto'),
             lambda: keras.losses.CategoricalCrossentropy(reduction='xx')):
    try:
        make()
    except ValueError as e:
        print(e)
"""


@pytest.mark.skipif(sys.implementation.name != 'cpython', reason='set order is CPython-specific')
def test_reduction_set_prints_in_tf_order_per_hash_seed():
    for seed, shown in TF_SETS.items():
        env = dict(os.environ, PYTHONHASHSEED=str(seed), PYTHONPATH=ROOT)
        out = subprocess.run([sys.executable, '-c', PROGRAM], env=env, cwd=ROOT, capture_output=True,
                             text=True, timeout=120).stdout.splitlines()
        assert out == ['Invalid value for argument `reduction`. Expected one of %s. Received: reduction=auto'
                       % shown,
                       'Invalid value for argument `reduction`. Expected one of %s. Received: reduction=xx'
                       % shown], seed
