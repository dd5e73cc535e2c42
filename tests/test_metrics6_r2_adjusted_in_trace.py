"""R2Score(num_regressors=p > 0).result() inside a tf.function fails as in TF 2.21.

Keras 3.15's result() compares ``self.num_regressors > self.num_samples - 1`` in Python; traced,
the right side is a symbolic tensor (notes progs/metrics6/r2trace.py, r2trace2.py):

    r2 = keras.metrics.R2Score(num_regressors=2)
    @tf.function
    def step(a, b):
        r2.update_state(a, b)
        return r2.result()
    step(y, y * 0.9)   # OperatorNotAllowedInGraphError: in user code: ... Using a symbolic `tf.Tensor` as a Python `bool` ...

Eagerly, and with num_regressors=0 (no comparison), it computes.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import OperatorNotAllowedInGraphError


def _labels():
    return np.random.default_rng(0).normal(size=(64, 1)).astype(np.float32)


def test_adjusted_result_in_a_tf_function_is_refused():
    y = _labels()
    r2 = keras.metrics.R2Score(num_regressors=2)

    @tf.function
    def step(a, b):
        r2.update_state(a, b)
        return r2.result()

    with pytest.raises(OperatorNotAllowedInGraphError) as info:
        step(tf.constant(y), tf.constant(y * 0.9))
    text = str(info.value)
    assert text.startswith('in user code:')
    assert 'return r2.result()' in text
    assert 'Using a symbolic `tf.Tensor` as a Python `bool` is not allowed.' in text


def test_update_in_a_tf_function_and_result_eagerly_computes():
    y = _labels()
    r2 = keras.metrics.R2Score(num_regressors=2)

    @tf.function
    def update(a, b):
        r2.update_state(a, b)

    update(tf.constant(y), tf.constant(y * 0.9))
    assert float(r2.result()) == 0.9896167516708374        # TF 2.21 (progs/metrics6/r2trace3.py)


def test_unadjusted_result_in_a_tf_function_computes():
    y = _labels()
    r2 = keras.metrics.R2Score()

    @tf.function
    def step(a, b):
        r2.update_state(a, b)
        return r2.result()

    assert float(step(tf.constant(y), tf.constant(y * 0.9))) == 0.9899463653564453     # TF 2.21 (r2trace3.py)
