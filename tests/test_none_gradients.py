"""Every reason ``GradientTape.gradient`` gives for a None gradient, and where it shows up.

A None gradient warns once per source and call site with a
``NoneGradientWarning`` saying why; optimizers repeat the reason in their
"No gradients provided" error.
"""
import gc
import sys
import warnings

import numpy as np
import pytest

import framework as tf
from framework import debugging
from framework.tape import NoneGradientWarning, none_gradient_reason
import optim


@pytest.fixture(autouse=True)
def explanations_on(explained_nones):
    """These tests read the explanations (off by default); the switch is put back after each."""
    yield


def none_warnings(fn):
    """Run fn, return (its result, the NoneGradientWarning texts it raised)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        result = fn()
    return result, [str(w.message) for w in caught if issubclass(w.category, NoneGradientWarning)]


def gradient_of(build, source):
    """The gradient of build() w.r.t. source under a fresh tape, and the warnings it gave."""
    def run():
        with tf.GradientTape() as tape:
            target = build()
        return tape.gradient(target, source)
    return none_warnings(run)


def test_variable_never_read_under_the_tape():
    x, y = tf.Variable([1., 2.], name='x'), tf.Variable(3., name='y')
    outside = x * 2.
    grad, texts = gradient_of(lambda: tf.reduce_sum(outside) * y, x)
    assert grad is None
    assert texts == ["GradientTape.gradient returned None for x: it was never read while this tape was "
                     "recording (compute the target inside the `with GradientTape()` block)."]
    assert none_gradient_reason(x).startswith('it was never read while this tape was recording')


def test_reached_only_through_stop_gradient():
    x, y = tf.Variable(2., name='x'), tf.Variable(3., name='y')
    grad, texts = gradient_of(lambda: tf.stop_gradient(x) * y, x)
    assert grad is None
    assert texts == ['GradientTape.gradient returned None for x: it reaches the target only through the '
                     'non-differentiable op stop_gradient.']


@pytest.mark.parametrize('block, op', [
    (lambda x: tf.floor(x), 'floor'),
    (lambda x: tf.round(x), 'round'),
    (lambda x: tf.cast(tf.cast(x, tf.int32), tf.float32), 'cast to int32'),
    (lambda x: tf.cast(tf.greater(x, 0.), tf.float32), 'greater'),
    (lambda x: tf.cast(tf.argmax(x), tf.float32), 'argmax'),
])
def test_reached_only_through_a_named_non_differentiable_op(block, op):
    x, y = tf.Variable([1.5, -2.5], name='x'), tf.Variable(3., name='y')
    grad, texts = gradient_of(lambda: tf.reduce_sum(block(x)) * y, x)
    assert grad is None
    assert len(texts) == 1 and 'through the non-differentiable op %s.' % op in texts[0], texts


def test_blocked_after_a_differentiable_op_names_the_blocking_ops():
    x, y = tf.Variable([1.5, -2.5], name='x'), tf.Variable(3., name='y')
    grad, texts = gradient_of(lambda: tf.reduce_sum(tf.stop_gradient(x * 2.)) * y, x)
    assert grad is None
    assert texts == ['GradientTape.gradient returned None for x: it reaches the target only through '
                     'non-differentiable ops (stop_gradient).']


def test_integer_variable_and_watched_integer_tensor():
    # TensorFlow returns None for integer sources (and logs why); tapeflow warns.
    count, y = tf.Variable(2, name='count'), tf.Variable(3., name='y')
    grad, texts = gradient_of(lambda: tf.cast(count, tf.float32) * y, count)
    assert grad is None
    assert texts == ['GradientTape.gradient returned None for count: it has the integer dtype int32: only '
                     'floating-point tensors have gradients (make it a float32 Variable, or cast it to '
                     'float32 and watch the result).']
    assert none_gradient_reason(count).startswith('it has the integer dtype int32')
    c = tf.constant([1, 2])

    def watched():
        with tf.GradientTape() as tape:
            tape.watch(c)      # logged on the 'tensorflow' logger (tests/test_tftutorials3_tf_logging.py)
            target = tf.reduce_sum(tf.cast(c, tf.float32)) * y
        return tape.gradient(target, [c, y])
    (gc_, gy), texts = none_warnings(watched)
    assert gc_ is None and gy.numpy() == 3.
    assert texts == ['GradientTape.gradient returned None for a int32 tensor of shape (2,): it has the integer '
                     'dtype int32: only floating-point tensors have gradients (make it a float32 Variable, '
                     'or cast it to float32 and watch the result).']


def test_variable_replaced_by_a_tensor():
    x = tf.Variable(1.0, name='x')
    x = x + 1            # x is now a Tensor, no longer the Variable
    grad, texts = gradient_of(lambda: x * 2., x)
    assert grad is None
    assert len(texts) == 1
    assert texts[0].startswith('GradientTape.gradient returned None for a float32 tensor of shape (): '
                               'it is a plain Tensor that this tape never watched')
    assert '`x = x + 1` replaces a Variable by a Tensor; use x.assign_add(1)' in texts[0]


def test_non_trainable_variable():
    frozen = tf.Variable([1., 2.], trainable=False, name='frozen')
    grad, texts = gradient_of(lambda: tf.reduce_sum(frozen * 3.), frozen)
    assert grad is None
    assert texts == ['GradientTape.gradient returned None for frozen: it is a non-trainable Variable, which '
                     'tapes do not watch automatically (use tape.watch).']


def test_target_computed_from_nothing_watched():
    x = tf.Variable(1., name='x')

    def run():
        with tf.GradientTape() as tape:
            tape.watch(x)
            target = tf.constant(3.) * 2.
        return tape.gradient(target, x)
    grad, texts = none_warnings(run)
    assert grad is None
    assert texts == ['GradientTape.gradient returned None for x: the target was not computed from any '
                     'watched tensor under this tape.']


def test_target_does_not_depend_on_the_source():
    x, y = tf.Variable(1., name='x'), tf.Variable(2., name='y')

    def run():
        with tf.GradientTape() as tape:
            unused = x * 2.          # noqa: F841  (x is read, but the target ignores it)
            target = y * 3.
        return tape.gradient(target, [x, y])
    (gx, gy), texts = none_warnings(run)
    assert gx is None and gy.numpy() == 3.
    assert texts == ['GradientTape.gradient returned None for x: the target does not depend on it.']


def test_warns_once_per_source_and_call_site_and_points_at_the_caller():
    x, y = tf.Variable(1., name='x'), tf.Variable(2., name='y')
    lines = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('default')
        for _ in range(3):
            with tf.GradientTape() as tape:
                target = y * 3.
            tape.gradient(target, [x, y]); lines.append(sys._getframe().f_lineno)      # noqa: E702
        with tf.GradientTape() as tape:
            target = y * 3.
        tape.gradient(target, x); lines.append(sys._getframe().f_lineno)              # noqa: E702
    found = [w for w in caught if issubclass(w.category, NoneGradientWarning)]
    assert [(w.filename, w.lineno) for w in found] == [(__file__, lines[0]), (__file__, lines[3])]


def test_silenced_by_the_switch_and_by_a_filter():
    x, y = tf.Variable(1., name='x'), tf.Variable(2., name='y')
    debugging.explain_none_gradients(False)
    grad, texts = gradient_of(lambda: y * 3., x)
    assert grad is None and texts == []
    debugging.explain_none_gradients(True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        warnings.simplefilter('ignore', tf.tape.NoneGradientWarning)
        with tf.GradientTape() as tape:
            target = y * 3.
        assert tape.gradient(target, x) is None
    assert caught == []


def test_zero_unconnected_gradients_do_not_warn():
    x, y = tf.Variable([1., 2.], name='x'), tf.Variable(2., name='y')

    def run():
        with tf.GradientTape() as tape:
            target = y * 3.
        return tape.gradient(target, x, unconnected_gradients=tf.UnconnectedGradients.ZERO)
    grad, texts = none_warnings(run)
    np.testing.assert_array_equal(grad.numpy(), [0., 0.])
    assert texts == []


def test_a_later_gradient_clears_the_reason_and_dead_variables_are_forgotten():
    x, y = tf.Variable([1., 2.], name='x'), tf.Variable(2., name='y')
    gradient_of(lambda: y * 3., x)
    assert none_gradient_reason(x).startswith('it was never read while this tape was recording')
    _, texts = gradient_of(lambda: tf.reduce_sum(x) * y, [x, y])
    assert texts == [] and none_gradient_reason(x) is None
    ghost = tf.Variable([5., 6.], name='ghost')
    gradient_of(lambda: y * 3., ghost)
    assert none_gradient_reason(ghost) is not None
    key = id(ghost)
    del ghost
    gc.collect()
    assert key not in tf.none_gradients._REASONS


def test_optimizer_no_gradients_error_lists_each_variable_with_its_reason():
    kernel = tf.Variable([[1., 2.]], name='kernel')
    frozen = tf.Variable(3., trainable=False, name='frozen')
    other = tf.Variable(4., name='other')
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', NoneGradientWarning)
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.stop_gradient(kernel)) + frozen * 2. + other
        grads = tape.gradient(loss, [kernel, frozen])
    assert grads == [None, None]
    optimizer = optim.SGD(0.1)
    with pytest.raises(ValueError) as err:
        optimizer.apply_gradients(zip(grads, [kernel, frozen]))
    assert str(err.value) == 'No gradients provided for any variable.'      # Keras 3's words
    text = err.value.__notes__[0]
    assert text.startswith('Variables without a gradient:')
    assert "['kernel', 'frozen']" in text
    assert 'kernel: it reaches the target only through the non-differentiable op stop_gradient.' in text
    assert 'frozen: it is a non-trainable Variable' in text
    np.testing.assert_array_equal(kernel.numpy(), [[1., 2.]])
    assert int(optimizer.iterations) == 0


def test_optimizer_warning_for_some_missing_gradients_gives_the_reason():
    kernel, bias = tf.Variable([[1., 2.]], name='kernel'), tf.Variable(0.5, name='bias')
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', NoneGradientWarning)
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(kernel) * 2.
        grads = tape.gradient(loss, [kernel, bias])
    with pytest.warns(UserWarning, match=r"Gradients do not exist for variables \['bias:0'\].*"
                                         r"bias: it was never read while this tape was recording"):
        optim.SGD(0.1).apply_gradients(zip(grads, [kernel, bias]))
    np.testing.assert_allclose(kernel.numpy(), [[0.8, 1.8]])
    assert bias.numpy() == 0.5
