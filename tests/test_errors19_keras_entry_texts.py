"""errors19: Keras entry points refuse bad input in Keras 3.15's (on TF 2.21) class and words (printed by TF 2.21,
/work/notes/progs/errors19/q12.py, q13.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras
from tests.helpers_error_texts import assert_raises_exactly

_UNDEFINED = "Shapes used to initialize variables must be fully-defined (no `None` dimensions). Received: shape=%s " \
             "for variable path='%s'"


@pytest.mark.parametrize('call, error, text', [
    (lambda: keras.Sequential([keras.layers.Dense(2)], name='sq').input_shape, AttributeError,
     "Sequential model 'sq' has no defined input shape yet."),
    (lambda: keras.Sequential(name='sq').input_shape, AttributeError,
     "Sequential model 'sq' has no defined input shape yet."),
    (lambda: keras.layers.Layer(name='ll').add_weight(shape=(2, -3), name='w'), ValueError,
     "Cannot convert '(2, -3)' to a shape. Negative dimensions are not allowed."),
    (lambda: keras.layers.Dense(2, name='dd').add_weight(shape=(None,), name='w'), ValueError,
     _UNDEFINED % ('(None,)', 'dd/w')),
    # the automatic name is taken before the shape is refused: 'variable' only as a session's first (errors44)
    (lambda: (keras.backend.clear_session(), keras.layers.Dense(2, name='dd').add_weight(shape=(None,))), ValueError,
     _UNDEFINED % ('(None,)', 'dd/variable')),
    (lambda: keras.layers.Dense(2, name='dd').build((None, None)), ValueError, _UNDEFINED % ('(None, 2)', 'dd/kernel')),
    (lambda: keras.optimizers.SGD().apply_gradients(3), TypeError,
     'zip() argument after * must be an iterable, not int'),
    (lambda: keras.optimizers.SGD().apply_gradients(None), TypeError,
     'zip() argument after * must be an iterable, not NoneType'),
])
def test_keras_entry_texts(call, error, text):
    assert_raises_exactly(call, error, text)


def test_built_sequential_still_has_its_input_shape():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    assert model.input_shape == (None, 3)


def test_failed_apply_gradients_changes_nothing():
    v = tf.Variable([1., 2.])
    optimizer = keras.optimizers.SGD()
    with pytest.raises(TypeError):
        optimizer.apply_gradients(3)
    assert v.numpy().tolist() == [1., 2.] and int(optimizer.iterations.numpy()) == 0


def test_model_without_call_shows_kerass_arguments_block():
    # Keras 3's Model.call is (*args, **kwargs): its block lists args= and kwargs= (tapeflow: inputs=, training=)
    class N(keras.Model):
        pass

    with pytest.raises(NotImplementedError) as caught:
        N()(np.ones((2, 3)))
    assert str(caught.value) == (
        'Exception encountered when calling N.call().\n\n\x1b[1mModel N does not have a `call()` method implemented.'
        "\x1b[0m\n\nArguments received by N.call():\n  \u2022 args=('tf.Tensor(shape=(2, 3), dtype=float32)',)\n"
        "  \u2022 kwargs=<class 'inspect._empty'>")


@pytest.mark.parametrize('target, text', [
    (lambda: tf.constant([1., 2.]), "'tensorflow.python.framework.ops.EagerTensor' object has no attribute '_unique_id'"),
    (lambda: np.ones(2), "'numpy.ndarray' object has no attribute '_unique_id'"),
    (lambda: [1., 2.], "'list' object has no attribute '_unique_id'"),
])
def test_apply_gradients_to_a_non_variable_is_tfs_attribute_error(target, text):
    # tapeflow appended its explanation to the message; it is a note now
    with pytest.raises(AttributeError) as caught:
        keras.optimizers.SGD().apply_gradients([(tf.ones(2), target())])
    assert str(caught.value) == text
