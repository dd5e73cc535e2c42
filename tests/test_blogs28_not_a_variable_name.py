"""A tensor where apply_gradients expects a variable: TF 2.21's AttributeError, by name too.

Programs print ``type(e).__name__`` and tracebacks name the class; TF 2.21 shows AttributeError
(notes/progs/blogs28/p62.py), tapeflow showed its own subclass, NotAVariableError."""
import traceback

import pytest

import framework as tf


def test_a_tensor_in_the_variables_place_prints_as_attribute_error():
    opt = tf.keras.optimizers.SGD(0.1)
    v = tf.Variable([1.0, 2.0])
    with pytest.raises(AttributeError) as caught:
        opt.apply_gradients([(v, tf.constant([1.0, 2.0]))])
    assert type(caught.value).__name__ == 'AttributeError'
    assert traceback.format_exception_only(type(caught.value), caught.value)[0] == (
        "AttributeError: 'tensorflow.python.framework.ops.EagerTensor' object has no attribute '_unique_id'\n")
