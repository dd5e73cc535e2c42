"""GradientTape corners from TensorFlow's autodiff guides, pinned to TensorFlow 2.21.

Each expected value or message was printed by the same program under
TensorFlow 2.21 (/opt/tfref), differences noted in the comments.
"""
import numpy as np
import pytest

import framework as tf
from framework import tape as tape_module
from framework.tape import NoneGradientWarning

# These tests read the NoneGradientWarning explanations, off by default (TensorFlow is silent there)
pytestmark = pytest.mark.usefixtures('explained_nones')


@pytest.mark.filterwarnings('ignore::framework.tape.NoneGradientWarning')
@pytest.mark.parametrize('value', [10, True], ids=['int32', 'bool'])
def test_an_integer_variable_gets_no_gradient_but_is_listed_as_watched(value):
    # TF 2.21: `xi = tf.Variable(10); y = xi * xi` -> gradient None, and
    # watched_variables() is (<tf.Variable ... dtype=int32, numpy=10>,).
    xi = tf.Variable(value)
    with tf.GradientTape() as tape:
        y = tf.cast(xi, tf.float32) * 2.0 if value is True else xi * xi
    assert tape.watched_variables() == (xi,)
    assert tape.gradient(y, xi) is None


def test_an_integer_variable_beside_a_float_one():
    # TF 2.21: [None, <tf.Tensor: shape=(), dtype=float32, numpy=10.0>]
    xi, xf = tf.Variable(10), tf.Variable(2.0)
    with tf.GradientTape() as tape:
        y = tf.cast(xi, tf.float32) * xf
    assert [v is w for v, w in zip(tape.watched_variables(), (xi, xf))] == [True, True]
    with pytest.warns(NoneGradientWarning, match='integer dtype int32'):
        dxi, dxf = tape.gradient(y, [xi, xf])
    assert dxi is None and dxf.numpy() == 10.0


def test_an_explicitly_watched_integer_variable_is_skipped_with_tensorflows_words(caplog, monkeypatch):
    # TF 2.21 logs "WARNING:tensorflow:The dtype of the watched tensor must be floating
    # (e.g. tf.float32), got tf.int32" (its first 5 times) and the gradient is None (tapeflow had 2).
    monkeypatch.setattr(tape_module._NOT_FLOATING, 'counts', {})
    xi = tf.Variable(10)
    with tf.GradientTape() as tape:
        tape.watch(xi)
        y = xi * 2
    assert [(r.name, r.levelname, r.getMessage()) for r in caplog.records] == [
        ('tensorflow', 'WARNING', 'The dtype of the watched tensor must be floating (e.g. tf.float32), got tf.int32')]
    with pytest.warns(NoneGradientWarning):
        assert tape.gradient(y, xi) is None
    assert tape.watched_variables() == (xi,)


@pytest.mark.parametrize('second', ['gradient', 'jacobian'])
def test_second_call_on_a_non_persistent_tape_says_what_tensorflow_says(second):
    x = tf.Variable(3.0)
    with tf.GradientTape() as tape:
        y = x * x
    tape.gradient(y, x)
    with pytest.raises(RuntimeError) as info:
        getattr(tape, second)(y, x)
    # str(e) under TF 2.21, word for word.
    assert str(info.value) == ('A non-persistent GradientTape can only be used to compute one set of '
                               'gradients (or jacobians)')


def test_output_gradients_that_broadcast_to_the_target_scale_every_element():
    # TF 2.21: b = [2., 3.], gradient(b * b, b, output_gradients=tf.constant(3.0)) -> [12. 18.]
    b = tf.constant([2.0, 3.0])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(b)
        bb = b * b
    np.testing.assert_array_equal(tape.gradient(bb, b, output_gradients=tf.constant(3.0)).numpy(), [12.0, 18.0])
    with pytest.raises(ValueError, match=r'output_gradients of shape \(3,\) for a target of shape \(2,\)'):
        tape.gradient(bb, b, output_gradients=tf.constant([1.0, 10.0, 3.0]))


def test_unconnected_gradients_is_an_enum_printed_as_tensorflows():
    # TF 2.21: print(tf.UnconnectedGradients.ZERO) -> UnconnectedGradients.ZERO;
    # repr(tf.UnconnectedGradients.NONE) -> <UnconnectedGradients.NONE: 'none'>
    assert str(tf.UnconnectedGradients.ZERO) == 'UnconnectedGradients.ZERO'
    assert repr(tf.UnconnectedGradients.NONE) == "<UnconnectedGradients.NONE: 'none'>"
    assert tf.UnconnectedGradients('zero') is tf.UnconnectedGradients.ZERO
    x, y = tf.Variable([2.0, 2.0]), tf.Variable(3.0)
    with tf.GradientTape(persistent=True) as tape:
        z = y ** 2
    for mode in (tf.UnconnectedGradients.ZERO, 'zero'):
        assert tape.gradient(z, x, unconnected_gradients=mode).numpy().tolist() == [0.0, 0.0]
