"""A None gradient prints nothing by default, as in TensorFlow 2.21: guide/autodiff shows seven on purpose, and
tapeflow's NoneGradientWarning explanations added lines TF's output does not have. The reasons stay known: the
optimizer's "No gradients provided" error says them in a note, and explain_none_gradients() turns the warnings on.
TF 2.21's texts printed by /work/notes/progs/me22/ng.py."""
import warnings

import pytest

import framework as tf
from framework import keras


def test_a_none_gradient_warns_nothing_and_keras_warning_is_keras_text():
    x0 = tf.Variable(3.0, name='x0')
    x1 = tf.Variable(3.0, name='x1', trainable=False)
    x3 = tf.constant(3.0)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        with tf.GradientTape() as tape:
            y = x0 ** 2 + x1 ** 2
        grads = tape.gradient(y, [x0, x1, x3])
        opt = keras.optimizers.SGD(0.1)
        a = tf.Variable(1.0, name='a')
        b = tf.Variable(2.0, name='b')
        with tf.GradientTape() as tape:
            loss = a * 3.0
        opt.apply_gradients(zip(tape.gradient(loss, [a, b]), [a, b]))
    assert float(grads[0]) == 6.0 and grads[1] is None and grads[2] is None
    assert [str(w.message) for w in caught] == [
        "Gradients do not exist for variables ['b:0'] when minimizing the loss. If using `model.compile()`, did you "
        "forget to provide a `loss` argument?"]


def test_the_optimizers_error_still_says_why_in_a_note():
    v = tf.Variable(1.0, name='v')
    with tf.GradientTape() as tape:
        loss = tf.constant(3.0) * 2
    with pytest.raises(ValueError) as caught:
        keras.optimizers.SGD(0.1).apply_gradients(zip(tape.gradient(loss, [v]), [v]))
    assert str(caught.value) == 'No gradients provided for any variable.'
    assert 'it was never read while this tape was recording' in ' '.join(caught.value.__notes__)


def test_explain_none_gradients_turns_the_warnings_on(explained_nones):
    x = tf.constant(2.0)
    with tf.GradientTape() as tape:
        y = x * x
    with pytest.warns(tf.NoneGradientWarning, match='plain Tensor that this tape never watched'):
        assert tape.gradient(y, x) is None
