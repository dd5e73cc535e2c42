"""An error in the gradient sweep of a vectorized jacobian (experimental_use_pfor=True, the default) in TF 2.21's words:
pfor traces the sweep with AutoGraph, which turns a gradient registry's LookupError into a StagingError
'in user code:' (no user frames), and jacobian / batch_jacobian turn a ValueError into their own 'Encountered an
exception while vectorizing ...'. The eager loop (experimental_use_pfor=False) raises them as they are. Texts
printed by TF 2.21; tapeflow raised the bare errors either way."""
import pytest

import framework as tf

STAGED = 'in user code:\n\n\n    LookupError: gradient registry has no entry for: %s\n'


def _tape(f, x):
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = f(x)
    return tape, y


def test_missing_gradient_is_a_staging_error_under_pfor():
    x = tf.constant([1.0, 2.0])
    tape, y = _tape(lambda v: tf.truncatemod(v, 0.7), x)
    with pytest.raises(Exception) as info:
        tape.jacobian(y, x)
    assert (type(info.value).__name__, str(info.value)) == ('StagingError', STAGED % 'TruncateMod')
    with pytest.raises(LookupError, match='^gradient registry has no entry for: TruncateMod$'):
        tape.jacobian(y, x, experimental_use_pfor=False)
    tape, y = _tape(lambda v: tf.reshape(tf.truncatemod(v, 0.7), [1, -1]), x)
    with pytest.raises(Exception, match='^in user code:') as info:
        tape.batch_jacobian(y, tf.reshape(x, [1, -1]))
    assert type(info.value).__name__ == 'StagingError'


def test_second_order_softsign_hessian():
    v = tf.Variable([-1.04, -0.38])
    with tf.GradientTape(persistent=True) as outer:
        with tf.GradientTape() as inner:
            y = tf.reduce_sum(tf.nn.softsign(v) ** 3)
        g = inner.gradient(y, v)
    with pytest.raises(Exception) as info:
        outer.jacobian(g, v)
    assert str(info.value) == STAGED % 'SoftsignGrad'


def test_value_error_is_the_vectorizing_error():
    x = tf.constant([1.0, 2.0])
    tape, y = _tape(lambda v: tf.linalg.lstsq(tf.reshape(v, [2, 1]), tf.ones([2, 1]), fast=False), x)
    with pytest.raises(ValueError, match='^Encountered an exception while vectorizing the jacobian computation. '
                                         'Vectorization can be disabled by setting experimental_use_pfor to False.$'):
        tape.jacobian(y, x)
    with pytest.raises(ValueError, match='^Gradient not defined for fast=False$'):
        tape.jacobian(y, x, experimental_use_pfor=False)
