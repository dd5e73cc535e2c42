"""Géron ch. 16's sentiment models fit a Sequential and then a functional model built with
keras.ops on KerasTensors: TF 2.21 prints fit's "`shuffle=True` was passed" warning once per
process (Python's default once-per-place), tapeflow printed it again after the functional build
(its stand-in runs used warnings.catch_warnings, which resets every module's warning memory)."""
import os
import subprocess
import sys
import textwrap
import warnings

from framework.silenced_warnings import silenced_warnings

_PROGRAM = textwrap.dedent('''
    import numpy as np
    import framework as tf
    from framework import keras
    ds = tf.data.Dataset.from_tensor_slices((np.ones((4, 3), np.float32), np.ones(4))).batch(2)
    model = keras.Sequential([keras.layers.Input(shape=[3]), keras.layers.Dense(1)])
    model.compile(loss='mse', optimizer='sgd')
    model.fit(ds, epochs=1, verbose=0)
    inputs = keras.layers.Input(shape=[3])
    outputs = keras.layers.Dense(1)(keras.ops.log(keras.ops.not_equal(inputs, 0.0) * 1.0 + inputs))
    model = keras.Model(inputs, outputs)
    model.compile(loss='mse', optimizer='sgd')
    model.fit(ds, epochs=1, verbose=0)
''')


def test_fit_warns_once_across_a_functional_build():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    run = subprocess.run([sys.executable, '-c', _PROGRAM], capture_output=True, text=True, timeout=300, cwd=root)
    assert run.returncode == 0, run.stderr
    assert run.stderr.count('`shuffle=True` was passed') == 1


def test_silenced_warnings_ignore_inside_and_leave_the_filters():
    before = list(warnings.filters)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        with silenced_warnings():
            warnings.warn('hidden')
        warnings.warn('shown')
    assert [str(w.message) for w in caught] == ['shown']
    assert warnings.filters == before
