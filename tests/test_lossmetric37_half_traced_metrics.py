"""What a traced step (fit, tf.function) does with float16 / bfloat16 metric inputs, as TF 2.21:

- log_cosh and categorical_hinge keep their eager order: grappler's ConstantPushDown, which
  regroups the float32 graph, leaves the half-precision one alone (traced equals eager in TF);
- InTopKV2 takes float32 predictions only: eagerly its kernel's InvalidArgumentError, traced
  op_def_library's TypeError (sparse_top_k_categorical_accuracy on a mixed_float16 model's output);
  tf.math.in_top_k refused float64 / float16 predictions too (tapeflow computed them).

Expected values (float.hex) and texts printed by the reference environment for the same inputs.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')

_G = np.random.RandomState(4)
Y_TRUE = _G.uniform(size=(8, 3)).astype('float32')
Y_PRED = _G.uniform(-1, 2, size=(8, 3)).astype('float32')
LABELS = np.array([0, 2, 1])
SCORES = _G.uniform(size=(3, 4)).astype('float32')
TYPE_TEXT = "Input 'predictions' of 'InTopKV2' Op has type float16 that does not match expected type of float32."


def _traced_log_cosh(dtype):
    values = tf.function(lambda a, b: keras.losses.log_cosh(a, b))(tf.cast(Y_TRUE, dtype), tf.cast(Y_PRED, dtype))
    return [float(v).hex() for v in values.numpy()]


def test_traced_half_log_cosh_keeps_the_eager_order():
    assert _traced_log_cosh('float16') == [
        '0x1.0380000000000p-1', '0x1.ed00000000000p-3', '0x1.af00000000000p-2', '0x1.ba00000000000p-2',
        '0x1.e540000000000p-7', '0x1.0340000000000p-4', '0x1.f6c0000000000p-2', '0x1.b9c0000000000p-3']
    assert _traced_log_cosh('bfloat16') == [
        '0x1.f600000000000p-2', '0x1.ee00000000000p-3', '0x1.b200000000000p-2', '0x1.bc00000000000p-2',
        '0x1.0000000000000p-6', '0x1.0a00000000000p-4', '0x1.f600000000000p-2', '0x1.c200000000000p-3']


def test_traced_top_k_accuracy_of_float16_scores_is_a_type_error():
    step = tf.function(lambda a, b: keras.metrics.sparse_top_k_categorical_accuracy(a, b, k=2))
    with pytest.raises(TypeError, match=TYPE_TEXT.replace('(', r'\(').replace(')', r'\)')):
        step(LABELS, tf.cast(SCORES, 'float16'))
    with pytest.raises(tf.errors.InvalidArgumentError, match='expected to be a float tensor but is a half tensor'):
        keras.metrics.sparse_top_k_categorical_accuracy(LABELS, tf.cast(SCORES, 'float16'), k=2)


def test_in_top_k_takes_float32_predictions_only():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'cannot compute InTopKV2 as input #0\(zero-based\) was '
                                                             r'expected to be a float tensor but is a double tensor'):
        tf.math.in_top_k(LABELS, tf.cast(SCORES, 'float64'), 2)
    with pytest.raises(TypeError, match="of 'InTopKV2' Op has type float16 that does not match expected type"):
        tf.function(lambda a, b: tf.math.in_top_k(a, b, 2))(LABELS, tf.cast(SCORES, 'float16'))


def test_traced_half_categorical_hinge_keeps_the_eager_order():
    g = np.random.RandomState(5)
    y_true = g.uniform(size=(16, 4)).astype('float32')
    y_pred = g.uniform(-1, 1, size=(16, 4)).astype('float32')
    step = tf.function(lambda a, b: keras.losses.categorical_hinge(a, b))
    assert [float(v).hex() for v in step(y_true, tf.cast(y_pred, 'float16')).numpy()][:8] == [
        '0x1.7d40000000000p+1', '0x1.d540000000000p+0', '0x1.e3c0000000000p+0', '0x1.2100000000000p+0',
        '0x1.2100000000000p+0', '0x1.fd40000000000p+0', '0x1.3a40000000000p+1', '0x1.7fc0000000000p+0']
    assert [float(v).hex() for v in step(y_true, tf.cast(y_pred, 'bfloat16')).numpy()][:8] == [
        '0x1.7c00000000000p+1', '0x1.d400000000000p+0', '0x1.e400000000000p+0', '0x1.2000000000000p+0',
        '0x1.2000000000000p+0', '0x1.fc00000000000p+0', '0x1.3a00000000000p+1', '0x1.8000000000000p+0']
