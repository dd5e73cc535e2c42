"""apply_gradients with None gradients follows Keras 3's apply order on TF 2.21: build the optimizer, refuse
unknown variables, then filter the empty gradients with the 'Gradients do not exist' warning. A call that the
build or the known-variables check refuses raises without that warning (tapeflow warned first).
Goldens: TF 2.21 printed them (notes/progs/optimtraj24/p5_none.py, p6_adafn.py)."""
import warnings

import pytest

import framework as tf
from framework import keras

_MISSING = 'Gradients do not exist for variables'


def _missing_warnings(record):
    return [str(w.message) for w in record if _MISSING in str(w.message)]


@pytest.mark.parametrize('name', ['Adam', 'SGD', 'Adafactor', 'Lion', 'Nadam'])
def test_unknown_variable_with_none_gradient_raises_without_warning(name):
    a, b = tf.Variable([1., 2.], name='a'), tf.Variable([[3.]], name='b')
    c = keras.Variable([0.5, 0.5, 0.5], name='c')
    opt = getattr(keras.optimizers, name)(learning_rate=0.1)
    g = tf.constant([0.1, -0.2])
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter('always')
        opt.apply_gradients([(g, a), (None, b)])
    # TF 2.21: a known variable without a gradient is named once ('b:0', a tf.Variable's name)
    assert _missing_warnings(record) == [
        "Gradients do not exist for variables ['b:0'] when minimizing the loss. If using `model.compile()`, did "
        'you forget to provide a `loss` argument?']
    before = a.numpy().copy()
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter('always')
        with pytest.raises(ValueError, match=r'^Unknown variable: <Variable path=c, shape=\(3,\), dtype=float32, '
                                             r'value=\[0.5 0.5 0.5\]>. This optimizer can only be called'):
            opt.apply_gradients([(g, a), (None, c)])
    # TF 2.21: refused before the empty gradients are filtered, so no warning names 'c'
    assert _missing_warnings(record) == []
    assert (a.numpy() == before).all() and int(opt.iterations) == 1


def test_adafactor_build_refused_in_a_function_does_not_warn():
    # TF 2.21: Adafactor's build makes a row slot under the scope of the tf.Variable's name 'Variable:0', which
    # a graph refuses; apply raises there, before it filters b's None gradient, so nothing warns
    opt = keras.optimizers.Adafactor(learning_rate=0.1)
    a, b = tf.Variable([1., 2.]), tf.Variable([[3.]])

    @tf.function
    def step(x):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(a * x)
        opt.apply_gradients(zip(tape.gradient(loss, [a, b]), [a, b]))
        return loss

    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter('always')
        with pytest.raises(ValueError, match=r"'Variable:0' is not a valid scope name"):
            step(tf.constant([1., 2.]))
    assert _missing_warnings(record) == []
    assert a.numpy().tolist() == [1., 2.]
