"""The 'Gradients do not exist' warning names variables as Keras 3.15 does.

Keras reads ``variable.path`` and, for a ``tf.Variable`` (which has none), its
``name``: 'first:0'. Values from TF 2.21 / Keras 3.15.
"""
import warnings

import framework as tf
from framework import keras


def _messages(pairs):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        keras.optimizers.Adam(0.1).apply_gradients(pairs)
    return [str(w.message) for w in caught if 'Gradients do not exist' in str(w.message)]


def test_tf_variable_is_named_with_its_colon_zero_and_keras_variable_by_path():
    v0, v1 = tf.Variable([1.0], name='first'), tf.Variable([2.0], name='second')
    k = keras.Variable([1.0], name='kv')
    (message,) = _messages([(None, v0), (None, k), (tf.constant([1.0]), v1)])
    assert message.startswith("Gradients do not exist for variables ['first:0', 'kv'] when minimizing the loss. "
                              "If using `model.compile()`, did you forget to provide a `loss` argument?")
