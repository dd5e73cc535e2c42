"""tf.compat.v1.clip_by_average_norm was missing (AttributeError). TF 2.21 keeps it in compat.v1 with a
deprecation notice: t * clip_norm * min(size / norm(t), 1 / clip_norm), size and 1.0 in float32. Values and
gradient printed by TF 2.21 (progs/gradfuzz15/t21.py)."""
import logging

import pytest

import framework as tf
import framework.compat.v1 as v1


def _hex(t):
    return [float(v).hex() for v in t.numpy().ravel()]


def test_values_and_gradient_are_tensorflows():
    x = tf.constant([[3., -4.], [1., 2.]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = v1.clip_by_average_norm(x, 0.5)
        s = tf.reduce_sum(y * [[1., 2.], [3., 4.]])
    assert _hex(y) == ['0x1.186f180000000p+0', '-0x1.75e9740000000p+0', '0x1.75e9740000000p-2', '0x1.75e9740000000p-1']
    assert _hex(tape.gradient(s, x)) == ['0x1.2b21280000000p-3', '0x1.05bd040000000p+0', '0x1.05bd040000000p+0',
                                         '0x1.5085500000000p+0']
    assert _hex(tf.compat.v1.clip_by_average_norm(x, 5.0)) == _hex(x)      # under the bound: unchanged


def test_float64_is_muls_error_as_in_tensorflow():
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        v1.clip_by_average_norm(tf.constant([1.0], tf.float64), 0.5)
    assert str(caught.value) == ('cannot compute Mul as input #1(zero-based) was expected to be a double tensor but '
                                 'is a float tensor [Op:Mul] name: ')


def test_it_logs_tensorflows_deprecation(caplog):
    from framework import deprecation
    warned = 'clip_by_average_norm' in deprecation._warned       # (logged once a process: restored after)
    deprecation._warned.discard('clip_by_average_norm')
    try:
        with caplog.at_level(logging.WARNING):
            v1.clip_by_average_norm(tf.constant([1.0]), 0.5)
    finally:
        if not warned:
            deprecation._warned.discard('clip_by_average_norm')
    assert 'clip_by_average_norm (from tensorflow.python.ops.clip_ops) is deprecated' in caplog.text
