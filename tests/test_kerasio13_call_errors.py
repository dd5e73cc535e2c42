"""Errors of a layer's call and compute_mask in a functional build, as Keras 3 on TF 2.21 raises them.

keras.io's nlp/text_generation_fnet.py: its PositionalEmbedding.compute_mask is ``tf.math.not_equal(inputs, 0)``,
which Keras 3 calls on the KerasTensors (Layer.__call__'s mask metadata) and so fails at the first Input with
"A KerasTensor cannot be used as input to a TensorFlow function" (tapeflow swallowed it and went on). With
keras.ops.not_equal there, its FNetDecoder fails on an unset ``padding_mask``: Keras 3 first warns that it cannot
trace the call to build the layer, then that build() leaves it unbuilt, then raises the UnboundLocalError in its
call wording ('Could not automatically infer the output shape / dtype ...'); tapeflow raised it bare. Keras words
every error of a call so (NameError, AssertionError, OverflowError, LookupError, OSError too). Goldens: TF 2.21 +
Keras 3 (/work/notes/progs/kerasio13/p6_fnet.py, p6b_fnet.py, d7.py).
"""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.keras import layers


class TokenMask(layers.Layer):
    def __init__(self, use_keras_ops, **kwargs):
        super().__init__(**kwargs)
        self.use_keras_ops = use_keras_ops
        self.embed = layers.Embedding(10, 4)

    def call(self, inputs):
        return self.embed(inputs)

    def compute_mask(self, inputs, mask=None):
        if self.use_keras_ops:
            return keras.ops.not_equal(inputs, 0)
        return tf.math.not_equal(inputs, 0)


def test_a_tensorflow_op_in_compute_mask_fails_on_keras_tensors():
    with pytest.raises(ValueError, match='A KerasTensor cannot be used as input to a TensorFlow function'):
        TokenMask(False)(keras.Input(shape=(None,), dtype='int32'))


def test_keras_ops_in_compute_mask_record_the_mask():
    out = TokenMask(True)(keras.Input(shape=(None,), dtype='int32'))
    assert out.shape == (None, None, 4)
    assert out._keras_mask is not None and out._keras_mask.dtype == 'bool'
    # and eagerly a tf op is fine
    np.testing.assert_array_equal(TokenMask(False)(np.array([[1, 0]]))._keras_mask, [[True, False]])


class Raising(layers.Layer):
    def __init__(self, kind, **kwargs):
        super().__init__(**kwargs)
        self.kind = kind

    def call(self, x, mask=None):
        if self.kind == 'unbound':
            if mask is not None:
                m = 1
            return x * m
        if self.kind == 'assert':
            raise AssertionError('need 3 features')      # (an assert here is rewritten by pytest)
        if self.kind == 'overflow':
            raise OverflowError('too big')
        if self.kind == 'lookup':
            raise LookupError('look')
        raise OSError('file gone')


MESSAGES = {'unbound': "cannot access local variable 'm' where it is not associated with a value",
            'assert': 'need 3 features', 'overflow': 'too big', 'lookup': 'look', 'os': 'file gone'}
CLASSES = {'unbound': UnboundLocalError, 'assert': AssertionError, 'overflow': OverflowError, 'lookup': LookupError,
           'os': OSError}


@pytest.mark.parametrize('kind', sorted(MESSAGES))
def test_python_errors_of_a_call_are_worded_as_keras_words_them(kind):
    with pytest.raises(CLASSES[kind]) as info:
        Raising(kind)(np.ones((2, 2), 'float32'))
    assert type(info.value) is CLASSES[kind]
    assert str(info.value).startswith('Exception encountered when calling Raising.call().\n\n\x1b[1m%s\x1b[0m\n\n'
                                      'Arguments received by Raising.call():\n  \u2022 x=tf.Tensor(shape=(2, 2), '
                                      'dtype=float32)' % MESSAGES[kind])
    layer = Raising(kind)
    with pytest.raises(CLASSES[kind]) as info:
        layer(keras.Input((2,)))
    assert str(info.value).startswith("Exception encountered when calling Raising.call().\n\n\x1b[1mCould not "
                                      "automatically infer the output shape / dtype of '%s' (of type Raising)."
                                      % layer.name)


class Decoder(layers.Layer):
    """FNetDecoder's shape: sublayers made in __init__, no build(), a variable set only with a mask."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.dense = layers.Dense(3)

    def call(self, inputs, other, mask=None):
        if mask is not None:
            padding_mask = mask
        return self.dense(inputs) * padding_mask


class EarlyDecoder(Decoder):
    """As FNetDecoder fails: before a sublayer (its attention_2 there) has been called."""

    def call(self, inputs, other, mask=None):
        if mask is not None:
            padding_mask = mask
        return self.dense(inputs * padding_mask)


_CANNOT_TRACE = (
    "Layer '%s' looks like it has unbuilt state, but Keras is not able to trace the layer `call()` in order to "
    "build it automatically. Possible causes:\n1. The `call()` method of your layer may be crashing. Try to "
    "`__call__()` the layer eagerly on some test input first to see if it works. E.g. `x = np.random.random((3, "
    "4)); y = layer(x)`\n2. If the `call()` method is correct, then you may need to implement the `def "
    "build(self, input_shape)` method on your layer. It should create all variables used by the layer (e.g. by "
    "calling `layer.build()` on all its children layers).\nException encountered: ''cannot access local "
    "variable 'padding_mask' where it is not associated with a value''")


@pytest.mark.parametrize('kind, warned', [(EarlyDecoder, 2), (Decoder, 1)])
def test_a_failed_build_run_warns_then_raises(kind, warned):
    # TF 2.21: the cannot-trace warning, then default build()'s unbuilt-state warning only where a sublayer is
    # still unbuilt: Decoder's Dense ran before the error (built), EarlyDecoder's did not
    layer = kind(name='dec')
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        with pytest.raises(UnboundLocalError, match='Could not automatically infer the output shape'):
            layer(keras.Input((2,)), keras.Input((2,)))
    texts = [str(w.message) for w in caught]
    assert texts[0] == _CANNOT_TRACE % 'dec'
    assert texts[1:] == ["`build()` was called on layer 'dec', however the layer does not have a `build()` method "
                         "implemented and it looks like it has unbuilt state. This will cause the layer to be marked "
                         "as built, despite not being actually built, which may cause failures down the line. Make "
                         "sure to implement a proper `build()` method."][:warned - 1]
