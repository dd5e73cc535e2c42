"""A Lambda without output_shape infers its output from inputs of its compute dtype, as Keras 3 does.

Keras 3's Lambda.compute_output_shape makes one KerasTensor per input shape with ``dtype=self.compute_dtype``
(float32), whatever the Input's dtype, runs the function on them and turns any error there into
NotImplementedError ("We could not automatically infer the shape of the Lambda's output. ..."). keras.io's
structured_data/feature_engineering_with_lambda.py (``Lambda(lambda x: tf.cast(x == "fixed", tf.float32))`` on a
tf.string Input) so fails on TF 2.21 at the first Lambda, where tapeflow ran the function on the string Input and
built; a Lambda dividing an int32 Input by a float32 one builds on TF (both float32 there) where tapeflow raised
TypeError. Goldens: TF 2.21 + Keras 3 (/work/notes/progs/kerasio12/d1.py).
"""
import re

import pytest

import framework as tf
from framework import keras
from framework.keras import layers

MESSAGE = ("We could not automatically infer the shape of the Lambda's output. Please specify the `output_shape` "
           "argument for this Lambda layer.")


def number(tensor):
    return int(re.fullmatch(r'keras_tensor(?:_(\d+))?', tensor.name).group(1) or 0)


def test_a_string_op_on_a_string_input_cannot_be_inferred():
    thal = keras.Input(shape=(1,), dtype='string')
    with pytest.raises(NotImplementedError) as info:
        layers.Lambda(lambda x: tf.cast(x == 'fixed', tf.float32))(thal)
    text = str(info.value)
    # TF 2.21 (the bold escape codes around the message included)
    assert text.startswith("Exception encountered when calling Lambda.call().\n\n\x1b[1m" + MESSAGE + "\x1b[0m\n\n")
    assert text.endswith("Arguments received by Lambda.call():\n  \u2022 args=('%r',)\n  \u2022 kwargs={'mask': 'None'}"
                         % thal)
    with pytest.raises(NotImplementedError, match='specify the `output_shape`'):
        layers.Lambda(lambda x: tf.strings.length(x))(keras.Input(shape=(2,), dtype='string'))


def test_the_failed_inference_took_a_keras_tensor_name_per_input():
    # TF 2.21: Input keras_tensor, the failing Lambda's float32 stand-in keras_tensor_1, the next Input _2
    first = keras.Input(shape=(1,), dtype='string')
    with pytest.raises(NotImplementedError):
        layers.Lambda(lambda x: tf.strings.length(x))(first)
    assert number(keras.Input(shape=(1,))) == number(first) + 2


def test_output_shape_given_skips_the_inference():
    out = layers.Lambda(lambda x: tf.cast(x == 'fixed', tf.float32), output_shape=(1,))(
        keras.Input(shape=(1,), dtype='string'))
    assert out.shape == (None, 1) and out.dtype == 'float32'


def test_inputs_of_other_dtypes_are_float32_there():
    # int32 / float32 raises TypeError on real tensors; Keras infers over two float32 stand-ins: (None, 1) float32
    a, b = keras.Input(shape=(1,), dtype='int32'), keras.Input(shape=(1,))
    ratio = layers.Lambda(lambda x: x[0] / x[1])((a, b))
    assert ratio.shape == (None, 1) and ratio.dtype == 'float32'
    sliced = layers.Lambda(lambda x: x[:, :2])(keras.Input(shape=(3,), dtype='int32'))
    assert sliced.shape == (None, 2) and sliced.dtype == 'float32'


def test_the_model_still_runs_on_its_real_dtypes():
    # the stand-ins only shape the graph: the call runs on the int32 values (TF 2.21: [[2.], [4.5]])
    a, b = keras.Input(shape=(1,), dtype='int32'), keras.Input(shape=(1,))
    model = keras.Model([a, b], layers.Lambda(lambda x: tf.cast(x[0], tf.float32) / x[1])((a, b)))
    out = model([tf.constant([[4], [9]], 'int32'), tf.constant([[2.0], [2.0]])])
    assert out.numpy().tolist() == [[2.0], [4.5]]


def test_a_note_keeps_what_failed_on_the_stand_ins():
    # Keras shows no cause; tapeflow keeps it as a note (str(error) is Keras's message alone). (keras.io's
    # eikonal example's tf.gradients in a Lambda now infers, as in TF: tests/test_kerasexamples14_graph_gradients.py)
    def fails(x):
        raise RuntimeError('tf.gradients is not supported when eager execution is enabled. Use tf.GradientTape '
                           'instead.')

    with pytest.raises(NotImplementedError) as info:
        layers.Lambda(fails)(keras.Input(shape=(1,)))
    assert 'tf.gradients is not supported' not in str(info.value)
    assert info.value.__notes__ == ['The function failed on float32 stand-ins of the inputs (as Keras 3 runs it): '
                                    'RuntimeError: tf.gradients is not supported when eager execution is enabled. '
                                    'Use tf.GradientTape instead.']
