"""apply_gradients' 'Gradients do not exist' warning (and the `decay` one) shows once per text per process,
as under TF 2.21.

Keras 3 issues it from its own base_optimizer.py, so Python's default filter dedups it there: calling
apply_gradients from several lines of a script (a first step, then a loop; a second optimizer) shows
each text once. tapeflow pointed it at the caller's line and showed it again for every call site
(probe notes/progs/blogs30/p47.py, q/qwarn.py: TF 2 warnings, tapeflow 6). Texts and the updated
value are TF 2.21's.
"""
import warnings

import numpy as np

import framework as tf


def test_each_text_is_shown_once_whatever_the_call_site():
    a, b, c = tf.Variable(1.0, name='a'), tf.Variable(2.0, name='b'), tf.Variable(3.0, name='c')
    opt = tf.keras.optimizers.SGD(0.1)
    g = tf.constant(1.0)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('default')
        opt.apply_gradients([(g, a), (None, b)])
        opt.apply_gradients([(g, a), (None, b)])
        for _ in range(2):
            opt.apply_gradients([(g, a), (None, b)])
        opt2 = tf.keras.optimizers.SGD(0.1)
        opt2.apply_gradients([(None, b), (g, a), (None, c)])
        opt2.apply_gradients([(None, b), (g, a), (None, c)])
        opt.apply_gradients([(g, a), (None, b)])
    assert [str(w.message)[:60] for w in caught] == [
        "Gradients do not exist for variables ['b:0'] when minimizing",
        "Gradients do not exist for variables ['b:0', 'c:0'] when min"]
    assert [w.category for w in caught] == [UserWarning, UserWarning]
    assert a.numpy() == np.float32(0.29999992)


def test_an_unused_layer_in_a_tape_loop_warns_once():
    tf.keras.backend.clear_session()        # (the expected text names dense_1)
    tf.keras.utils.set_random_seed(1)
    used, unused = tf.keras.layers.Dense(2), tf.keras.layers.Dense(2)
    x = tf.ones([1, 3])
    used(x), unused(x)
    variables = used.trainable_variables + unused.trainable_variables
    opt = tf.keras.optimizers.Adam()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('default')
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(used(x))
        grads = tape.gradient(loss, variables)
        opt.apply_gradients(zip(grads, variables))
        opt.apply_gradients(zip(grads, variables))
    messages = [str(w.message) for w in caught]
    assert len(messages) == 1 and messages[0].startswith(
        "Gradients do not exist for variables ['dense_1/kernel', 'dense_1/bias'] when minimizing the loss.")


def test_the_decay_warning_is_shown_once_for_optimizers_built_on_several_lines():
    # Keras 3.15 warns from its base_optimizer.py too (probe blogs30/q/qdecay.py: TF 1 warning, tapeflow 3)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('default')
        tf.keras.optimizers.SGD(0.1, decay=1e-4)
        tf.keras.optimizers.Adam(0.1, decay=1e-4)
        for name in ('RMSprop', 'Adagrad'):
            getattr(tf.keras.optimizers, name)(0.1, decay=1e-6)
    assert [(w.category, str(w.message)) for w in caught] == [
        (UserWarning, 'Argument `decay` is no longer supported and will be ignored.')]
