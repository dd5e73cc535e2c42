"""Adafactor whose build inside a tf.function stops at a tf.Variable's name stays built, as in TF 2.21.

Keras 3's Adafactor.build runs the base build (the optimizer is marked built) and then makes each variable's
row slot under a name scope of its name, which a graph refuses for 'Variable:0'. TF's optimizer is left built
without slots for that variable, so a later step fails at the update (Keras's ``self._r[index]``): traced,
autograph's StagingError around 'IndexError: list index out of range', with the 'Gradients do not exist'
warning of the None gradient first and nothing changed; eagerly the IndexError itself, after weight decay.
tapeflow stayed unbuilt and raised the scope-name ValueError at every call.
Goldens: TF 2.21 printed them (notes/progs/optimtraj25/p5_adafn2.py, p3_adafn.py 'p6').
"""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.pfor_errors import AutoGraphError, StagingError

_SCOPE = "'Variable:0' is not a valid scope name"
_MISSING = "Gradients do not exist for variables ['Variable:0'] when minimizing the loss."


def _setup(**options):
    optimizer = keras.optimizers.Adafactor(learning_rate=0.1, **options)
    a, b = tf.Variable([1., 2.]), tf.Variable([[3.]])

    def body(x):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(a * x)
        optimizer.apply_gradients(zip(tape.gradient(loss, [a, b]), [a, b]))
        return loss
    return optimizer, a, b, body


def _call(step, x):
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter('always')
        try:
            step(x)
        except Exception as error:      # (the test reads it)
            return error, [str(w.message) for w in record]
    raise AssertionError('the step ran')


def _paths(optimizer):
    return [v.path.split('/', 1)[1] for v in optimizer.variables]


def test_second_traced_call_raises_stagingerror_and_changes_nothing():
    optimizer, a, b, body = _setup(weight_decay=0.5)
    step = tf.function(body)
    x = tf.constant([1.5, 2.])
    error, warned = _call(step, x)
    assert type(error) is ValueError and _SCOPE in str(error) and warned == []
    # TF 2.21: built True, 2 variables ['adafactor/iteration', 'adafactor/learning_rate']
    assert optimizer.built and _paths(optimizer) == ['iteration', 'learning_rate']
    for _ in range(2):
        error, warned = _call(step, x)
        # TF 2.21: StagingError (an AutoGraphError) 'in user code: ... IndexError: list index out of range'
        assert type(error) is StagingError and isinstance(error, AutoGraphError)
        assert str(error).startswith('in user code:')
        assert str(error).rstrip().endswith('IndexError: list index out of range')
        assert len(warned) == 1 and warned[0].startswith(_MISSING)
        # the graph never ran: no weight decay, no step
        assert a.numpy().tolist() == [1., 2.] and b.numpy().tolist() == [[3.]]
        assert int(optimizer.iterations.numpy()) == 0
        assert _paths(optimizer) == ['iteration', 'learning_rate']


def test_eager_call_after_the_stopped_build_decays_then_raises_indexerror():
    optimizer, a, b, body = _setup(weight_decay=0.5)
    x = tf.constant([1.5, 2.])
    _call(tf.function(body), x)
    error, warned = _call(body, x)
    assert type(error) is IndexError and str(error) == 'list index out of range'
    assert len(warned) == 1 and warned[0].startswith(_MISSING)
    # TF 2.21: a (Keras's weight decay ran before the update step) is 0x1.e66666p-1 0x1.e66666p+0
    assert [float(v).hex() for v in a.numpy()] == ['0x1.e666660000000p-1', '0x1.e666660000000p+0']
    assert int(optimizer.iterations.numpy()) == 0


def test_explicit_build_in_a_function_stops_the_same_way():
    optimizer = keras.optimizers.Adafactor(learning_rate=0.1)
    a, b = tf.Variable([[1., 2.]]), tf.Variable([[3.]])

    @tf.function
    def step(x):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(a * x)
        optimizer.build([a, b])
        optimizer.apply_gradients(zip(tape.gradient(loss, [a, b]), [a, b]))

    error, _ = _call(step, tf.constant([1.5, 2.]))
    assert type(error) is ValueError and _SCOPE in str(error)
    error, _ = _call(step, tf.constant([1.5, 2.]))
    assert type(error) is StagingError
    assert a.numpy().tolist() == [[1., 2.]]


def test_keras_variable_after_the_refused_one_gets_no_slots():
    # TF 2.21 ('first_tf'): [tf.Variable, keras.Variable k, tf.Variable] leaves only iteration and learning_rate
    optimizer = keras.optimizers.Adafactor(learning_rate=0.1)
    variables = [tf.Variable([[1., 2.]]), keras.Variable(np.ones((2, 3), 'float32'), name='k'),
                 tf.Variable([[3.]])]

    @tf.function
    def step():
        optimizer.apply_gradients([(tf.ones_like(v), v) for v in variables])

    with pytest.raises(ValueError, match=_SCOPE):
        step()
    assert optimizer.built and _paths(optimizer) == ['iteration', 'learning_rate']
    with pytest.raises(StagingError, match='IndexError: list index out of range'):
        step()
    assert variables[1].numpy().ravel().tolist() == [1.] * 6


def test_slots_made_before_the_refused_variable_stay():
    # TF 2.21 ('mixed' after the first call): the keras.Variable k before the tf.Variable keeps its slots
    optimizer = keras.optimizers.Adafactor(learning_rate=0.1)
    variables = [keras.Variable(np.ones((2, 3), 'float32'), name='k'), tf.Variable([1., 2.])]
    step = tf.function(lambda: optimizer.apply_gradients([(tf.ones_like(v), v) for v in variables]))
    with pytest.raises(ValueError, match=_SCOPE):
        step()
    assert optimizer.built
    assert [(p, tuple(v.shape)) for p, v in zip(_paths(optimizer), optimizer.variables)] == [
        ('iteration', ()), ('learning_rate', ()), ('k', (2,)), ('k', (3,)), ('k_velocity', (2, 3))]


def test_built_eagerly_first_the_traced_steps_still_train():
    optimizer, a, b, body = _setup()
    x = tf.constant([1.5, 2.])
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        body(x)
        tf.function(body)(x)
    # TF 2.21 ('eager_first'): a after the eager then the traced step
    assert [float(v).hex() for v in a.numpy()] == ['0x1.65ba060000000p-1', '0x1.b2dd040000000p+0']
    assert int(optimizer.iterations.numpy()) == 2
