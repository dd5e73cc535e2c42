"""An error from a layer's call() prints one traceback, as in Keras 3: its traceback filter re-raises
the worded error 'from None', so TF 2.21 shows no 'The above exception was the direct cause of the
following exception' block (tapeflow used to chain the original error as the cause: two tracebacks).

Goldens: TF 2.21 + Keras 3.15 running progs/kerasio21/chain.py (found porting keras.io's customizing
saving guide, whose LayerWithCustomBuild fails in a Sequential's build on both): for every case below
e.__cause__ is None, e.__suppress_context__ is True and traceback.format_exception shows one
'Traceback (most recent call last)' and neither 'direct cause' nor 'During handling'.
"""
import traceback

import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.keras import ops


class _OpsMatmul(keras.layers.Layer):
    def build(self, input_shape):
        self.w = self.add_weight(shape=(4, 3), initializer='ones')

    def call(self, x):
        return ops.matmul(x, self.w)


class _TfMatmul(keras.layers.Layer):
    def call(self, x):
        return tf.matmul(x, tf.ones((4, 3)))


class _Raises(keras.layers.Layer):
    def call(self, x):
        raise RuntimeError('boom')


def _built_sequential():
    model = keras.Sequential([keras.layers.Dense(2)])
    model.build((None, 3))
    return model


CASES = {
    'ops_matmul_symbolic': (lambda: _OpsMatmul()(keras.Input((8,))), ValueError),
    'ops_matmul_eager': (lambda: _OpsMatmul()(np.ones((2, 8), 'float32')), tf.errors.InvalidArgumentError),
    'tf_matmul_symbolic': (lambda: _TfMatmul()(keras.Input((8,))), ValueError),
    'tf_matmul_eager': (lambda: _TfMatmul()(np.ones((2, 8), 'float32')), tf.errors.InvalidArgumentError),
    'runtime_symbolic': (lambda: _Raises()(keras.Input((8,))), RuntimeError),
    'runtime_eager': (lambda: _Raises()(np.ones((2, 8), 'float32')), RuntimeError),
    'sequential_build': (lambda: keras.Sequential([keras.Input((8,)), _OpsMatmul()]), ValueError),
    'sequential_predict': (lambda: _built_sequential().predict(np.ones((2, 5)), verbose=0), ValueError),
    'sequential_call': (lambda: _built_sequential()(np.ones((2, 5))), ValueError),
}


@pytest.mark.parametrize('case', sorted(CASES))
def test_call_error_is_not_chained(case):
    make, error_class = CASES[case]
    with pytest.raises(Exception) as caught:
        make()
    error = caught.value
    assert type(error) is error_class
    assert error.__cause__ is None and error.__suppress_context__
    printed = ''.join(traceback.format_exception(error))
    assert printed.count('Traceback (most recent call last)') == 1
    assert 'direct cause' not in printed and 'During handling' not in printed


def test_worded_error_keeps_the_original_as_its_context():
    """What the call raised is still reachable (tapeflow's fitting-batch and failed-build logic read it)."""
    with pytest.raises(RuntimeError) as caught:
        _Raises()(np.ones((2, 8), 'float32'))
    assert str(caught.value).startswith('Exception encountered when calling _Raises.call().')
    assert type(caught.value.__context__) is RuntimeError and str(caught.value.__context__) == 'boom'
