"""keras.ops.reshape refused by TensorFlow's graph in a symbolic call reads as TF 2.21's shape inference, as
tf.reshape already did: the Keras op names its target 'newshape' (tf.reshape 'shape'), so the graph rule found
no target and tapeflow showed the eager kernel's 'Input to reshape is a tensor with 3 values, but the requested
shape has 35 [Op:Reshape]'; a Sequential's build then swallowed that error and raised the raw
InvalidArgumentError from its shape pass, where Keras's build raises the worded ValueError.

Goldens: TF 2.21 + Keras 3.15 (progs/kerasexamples4/p8.py and p11.py).
"""
import re
import warnings

import numpy as np
import pytest

from framework import keras
from framework.keras import ops


class _Bad(keras.layers.Layer):
    def call(self, x):
        y = x * 2
        return ops.reshape(y, (5, 7))


class _Outer(keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.inner = _Bad(name='inner')

    def call(self, x):
        return self.inner(x) + 1


_ARGS = re.compile(r"\('<KerasTensor shape=\(None, 3\), dtype=float32, sparse=False, ragged=False, "
                   r"name=keras_tensor(_\d+)?>',\)")


def _worded(layer, detail):
    return ("Exception encountered when calling _Bad.call().\n\n\x1b[1mCould not automatically infer the output "
            "shape / dtype of '%s' (of type _Bad). Either the `_Bad.call()` method is incorrect, or you need to "
            "implement the `_Bad.compute_output_spec() / compute_output_shape()` method. Error encountered:\n\n"
            "%s\x1b[0m\n\nArguments received by _Bad.call():\n  • args=ARGS\n  • kwargs=<class "
            "'inspect._empty'>" % (layer, detail))


_OPEN = ("Dimension size must be evenly divisible by 3 but is 35 for '{{node Reshape}} = Reshape[T=DT_FLOAT, "
         "Tshape=DT_INT32](mul, Reshape/shape)' with input shapes: [?,3], [2] and with input tensors computed as "
         "partial shapes: input[1] = [5,7].")


def test_sequential_build_raises_the_worded_graph_error():
    # TF 2.21: ValueError, the graph's words (an open batch: 'evenly divisible'); tapeflow raised
    # InvalidArgumentError 'Input to reshape is a tensor with 3 values, but the requested shape has 35'
    with pytest.raises(ValueError) as caught:
        keras.Sequential([keras.Input((3,)), _Bad(name='bad')])
    assert _ARGS.sub('ARGS', str(caught.value)) == _worded('bad', _OPEN)


def test_sequential_build_method_too():
    with pytest.raises(ValueError) as caught:
        keras.Sequential([_Bad(name='bad_1')]).build((None, 3))
    assert _ARGS.sub('ARGS', str(caught.value)) == _worded('bad_1', _OPEN)


def test_predict_of_an_unbuilt_sequential_knows_the_batch():
    # TF 2.21: the build from predict's batch knows all lengths: 'Cannot reshape a tensor with 6 elements'
    with pytest.raises(ValueError) as caught:
        keras.Sequential([_Bad(name='bad_2')]).predict(np.ones((2, 3)), verbose=0)
    assert ("Error encountered:\n\nCannot reshape a tensor with 6 elements to shape [5,7] (35 elements) for "
            "'{{node Reshape}} = Reshape[T=DT_FLOAT, Tshape=DT_INT32](mul, Reshape/shape)' with input shapes: "
            "[2,3], [2] and with input tensors computed as partial shapes: input[1] = [5,7].\x1b[0m") \
        in str(caught.value)


def test_sublayer_in_a_build_run():
    # TF 2.21's build-run warning quotes the inner layer's graph error, its node in the inner layer's scope
    with warnings.catch_warnings(record=True) as caught, pytest.raises(ValueError):
        warnings.simplefilter('always')
        _Outer(name='outer')(keras.Input((3,)))
    assert [str(w.message).split("Exception encountered: ''")[1] for w in caught] == [
        "Exception encountered when calling _Bad.call().\n\n\x1b[1mDimension size must be evenly divisible by 3 but "
        "is 35 for '{{node inner_1/Reshape}} = Reshape[T=DT_FLOAT, Tshape=DT_INT32](inner_1/mul, "
        "inner_1/Reshape/shape)' with input shapes: [?,3], [2] and with input tensors computed as partial shapes: "
        "input[1] = [5,7].\x1b[0m\n\nArguments received by _Bad.call():\n  • x=tf.Tensor(shape=(None, 3), "
        "dtype=float32)''"]
