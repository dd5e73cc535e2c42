"""framework.debugging.enable_check_numerics: the first NaN/Inf, forward or backward, is named.

The error must say which op, which layer, which line of the user's code, the
inputs' shapes, dtypes and ranges, and whether the op made the bad value or
received it.
"""
import os
import threading

import numpy as np
import pytest

import framework as tf
from framework import debugging, tape as tape_module
from framework.debugging import NumericsError

THIS_FILE = os.path.basename(__file__)


@pytest.fixture(autouse=True)
def numerics_off_afterwards():
    yield
    debugging.disable_check_numerics()
    assert not any(isinstance(t, debugging._NumericsObserver) for t in tape_module.ACTIVE)


def naive_softplus(z):
    return tf.math.log(tf.exp(z) + 1.)      # seed 002: exp(100) overflows float32


SOFTPLUS_LINE = naive_softplus.__code__.co_firstlineno + 1


def test_seed_002_naive_softplus_names_exp_and_its_line():
    x = tf.Variable([100.])
    debugging.enable_check_numerics()
    with pytest.raises(NumericsError) as err:
        with tf.GradientTape():
            naive_softplus(x)
    text = str(err.value)
    assert "op 'exp' produced Inf" in text
    assert 'created it from finite inputs' in text
    assert '%s:%d (in naive_softplus)' % (THIS_FILE, SOFTPLUS_LINE) in text
    assert 'shape (1,), dtype float32, min 100, max 100' in text
    assert 'layer: (none)' in text


def test_without_check_numerics_the_seed_gives_nan_gradient_silently():
    # TensorFlow's output for seed 002 cell 5: [nan].
    x = tf.Variable([100.])
    with tf.GradientTape() as tape:
        z = naive_softplus(x)
    (grad,) = tape.gradient(z, [x])
    assert np.isnan(grad.numpy()).all()


def test_custom_gradient_softplus_passes_the_check():
    @tf.custom_gradient
    def better_softplus(z):
        e = tf.exp(z)
        return tf.math.log(e + 1.), lambda g: g / (1. + 1. / e)

    x = tf.Variable([100.])
    with debugging.check_numerics_scope():
        with tf.GradientTape() as tape:
            with pytest.raises(NumericsError, match="op 'exp'"):
                better_softplus(x)
    # The body still overflows exp: the check is about values, not about gradients.
    # At a moderate input the whole forward and backward pass are clean.
    x = tf.Variable([10.])
    with debugging.check_numerics_scope():
        with tf.GradientTape() as tape:
            z = better_softplus(x)
        (grad,) = tape.gradient(z, [x])
    np.testing.assert_allclose(grad.numpy(), [1 / (1 + np.exp(-10.))], rtol=1e-6)


def test_nan_made_in_backward_only_names_the_forward_op_and_its_line():
    x = tf.Variable([0., 4.])
    debugging.enable_check_numerics()
    with tf.GradientTape() as tape:
        y = tf.sqrt(x); sqrt_line = _line_of_previous_statement()     # noqa: E702
        loss = tf.reduce_sum(y)
    assert np.isfinite(loss.numpy())                     # the forward pass is clean
    with pytest.raises(NumericsError) as err:
        tape.gradient(loss, x)
    text = str(err.value)
    assert "the gradient of op 'sqrt' holds Inf" in text
    assert 'backward pass' in text
    assert "op 'sqrt' was created at: " in text and '%s:%d' % (THIS_FILE, sqrt_line) in text
    assert 'gradient() called at: ' in text
    assert 'the gradient rule created it from finite inputs' in text
    assert 'min 0, max 2' in text                       # sqrt's output, read by its gradient rule


def _line_of_previous_statement():
    import sys
    return sys._getframe(1).f_lineno


def test_backward_when_enabled_only_for_the_sweep_still_names_the_op():
    x = tf.Variable([0.])
    with tf.GradientTape() as tape:
        y = tf.sqrt(x)
    with debugging.check_numerics_scope():
        with pytest.raises(NumericsError, match=r"gradient of op 'sqrt'.*\n.*check_numerics was not on"):
            tape.gradient(y, x)


def test_dense_kernel_set_to_inf_names_the_layer_and_the_variable():
    from layers import Dense, Sequential
    model = Sequential([Dense(4, activation='relu', name='hidden'), Dense(1, name='head')])
    x = np.ones((2, 3), np.float32)
    model(x)
    model.layers[1].kernel.assign(np.full((4, 1), np.inf, np.float32))
    debugging.enable_check_numerics()
    with pytest.raises(NumericsError) as err:
        with tf.GradientTape():
            model(x)
    text = str(err.value)
    assert 'layer: %s/head' % model.name in text
    assert 'passed on a non-finite value it received' in text
    assert "variable '%s/head/kernel'" % model.name in text
    assert 'holds 0 NaN and 4 Inf of 4 values' in text
    assert THIS_FILE in text                             # the line that called the model


def test_nan_in_the_data_is_reported_as_passed_on():
    data = tf.constant([1., np.nan, 3.])
    with debugging.check_numerics_scope():
        with pytest.raises(NumericsError) as err:
            tf.reduce_sum(data * 2.)
    text = str(err.value)
    assert "op 'multiply' produced NaN" in text
    assert 'passed on a non-finite value it received' in text
    assert 'min 1, max 3, holds 1 NaN and 0 Inf of 3 values' in text


def test_ops_outside_any_tape_are_checked_too():
    with debugging.check_numerics_scope():
        with pytest.raises(NumericsError, match="op 'log' produced"):
            tf.math.log(tf.constant([0., 1.]))


def test_integer_and_finite_results_pass():
    with debugging.check_numerics_scope():
        x = tf.Variable([1., 2.])
        with tf.GradientTape() as tape:
            y = tf.reduce_sum(tf.cast(tf.range(3), tf.float32)) * tf.reduce_sum(x * x)
        np.testing.assert_allclose(tape.gradient(y, x).numpy(), [6., 12.])


def test_disable_restores_normal_behaviour():
    debugging.enable_check_numerics()
    assert debugging.is_check_numerics_enabled()
    debugging.disable_check_numerics()
    assert not debugging.is_check_numerics_enabled()
    assert tf.math.log(tf.constant(0.)).numpy() == -np.inf
    with debugging.check_numerics_scope():
        assert debugging.is_check_numerics_enabled()
    assert not debugging.is_check_numerics_enabled()
    assert np.isnan(tf.sqrt(tf.constant(-1.)).numpy())
    assert debugging._origins == {}                     # nothing is kept once checking stops


def test_scope_restores_after_an_error_and_nests():
    with pytest.raises(NumericsError):
        with debugging.check_numerics_scope():
            with debugging.check_numerics_scope():
                pass
            assert debugging.is_check_numerics_enabled()   # the inner exit keeps the outer on
            tf.exp(tf.constant(1000.))
    assert not debugging.is_check_numerics_enabled()
    assert tf.exp(tf.constant(1000.)).numpy() == np.inf


def test_enable_checks_every_thread():
    debugging.enable_check_numerics()
    caught = []

    def worker():
        try:
            tf.math.log(tf.constant([-1.]))
        except NumericsError as err:
            caught.append(str(err))

    thread = threading.Thread(target=worker)
    thread.start()
    thread.join()
    assert len(caught) == 1 and "op 'log' produced NaN" in caught[0]


def test_scope_checks_only_its_own_thread():
    inside, entered, leave = [], threading.Event(), threading.Event()

    def checked_thread():
        with debugging.check_numerics_scope():
            entered.set()
            leave.wait(10)
            try:
                tf.exp(tf.constant([1000.]))
            except NumericsError:
                inside.append('raised')

    thread = threading.Thread(target=checked_thread)
    thread.start()
    assert entered.wait(10)
    # This thread is not in a scope: its overflow is a value, as without checking.
    assert tf.exp(tf.constant([1000.])).numpy()[0] == np.inf
    leave.set()
    thread.join()
    assert inside == ['raised']
    assert not any(isinstance(t, debugging._NumericsObserver) for t in tape_module.ACTIVE)


def test_stack_height_and_path_length_limits():
    debugging.enable_check_numerics(stack_height_limit=1, path_length_limit=12)
    with pytest.raises(NumericsError) as err:
        naive_softplus(tf.constant([100.]))
    text = str(err.value)
    assert 'called from' not in text
    assert '...%s:%d' % (os.path.abspath(__file__)[-12:], SOFTPLUS_LINE) in text


def test_check_numerics_function_matches_tensorflow_wording():
    x = tf.constant([1., 2.])
    assert debugging.check_numerics(x, 'ok') is x
    with pytest.raises(NumericsError) as caught:     # TF 2.21's eager CheckNumerics kernel
        tf.debugging.check_numerics(tf.constant([np.nan, np.inf]), 'bad input')
    assert str(caught.value) == ('{{function_node __wrapped__CheckNumerics_device_/job:localhost/replica:0/task:0/'
                                 'device:CPU:0}} bad input : Tensor had NaN values [Op:CheckNumerics] name: ')
    with pytest.raises(NumericsError, match=r'from a list : Tensor had Inf values \[Op:CheckNumerics\]$'):
        tf.debugging.check_numerics([1., np.inf], 'from a list')
    with pytest.raises(tf.errors.InvalidArgumentError, match="^Value for attr 'T' of int32 is not in the list"):
        tf.debugging.check_numerics(tf.constant([1, 2]), 'ints')
