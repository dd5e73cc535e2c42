"""A first call that Keras 3 refuses inside ``call`` (after its build) leaves the layer built with its weights, as
TF 2.21 does: Embedding on strings (Cast's UnimplementedError), PReLU on strings / ints / bools (Relu's or Mul's
kernel error), EinsumDense and RMSNormalization on strings (Keras's type-promotion ValueError, which tapeflow gave
as the Einsum kernel's dtype error or Cast's). tapeflow undid the build (built False, no weights). Texts and
states printed by TF 2.21 (/work/notes/progs/errors44/c29.txt, c30.txt, c31.txt)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

STRINGS = tf.fill((2, 3), 'a')


def _first_line(error):
    return str(error).split('\n')[2]        # the bold line under 'Exception encountered when calling ...'


@pytest.mark.parametrize('make, x, error, line, weights', [
    (lambda: keras.layers.Embedding(3, 2), tf.constant([['a']]), tf.errors.UnimplementedError,
     'Cast string to int32 is not supported [Op:Cast] name: ', 1),
    (lambda: keras.layers.PReLU(), np.ones((2, 3), 'int32'), tf.errors.InvalidArgumentError,
     'cannot compute Mul as input #1(zero-based) was expected to be a float tensor but is a int32 tensor '
     '[Op:Mul] name: ', 1),
    (lambda: keras.layers.PReLU(), STRINGS, tf.errors.InvalidArgumentError,
     "Value for attr 'T' of string is not in the list of allowed values", 1),
    (lambda: keras.layers.EinsumDense('ab,bc->ac', output_shape=2), STRINGS, ValueError,
     "dtype='string' is not a valid dtype for Keras type promotion.", 1),
    (lambda: keras.layers.RMSNormalization(), STRINGS, ValueError,
     "dtype='string' is not a valid dtype for Keras type promotion.", 1),
])
def test_the_refused_first_call_keeps_the_build(make, x, error, line, weights):
    layer = make()
    with pytest.raises(error) as info:
        layer(x)
    assert line in _first_line(info.value)
    assert layer.built and len(layer.weights) == weights


def test_einsum_dense_banner_lists_training_as_keras():
    with pytest.raises(ValueError) as info:
        keras.layers.EinsumDense('ab,bc->ac', output_shape=2)(STRINGS)
    assert str(info.value).endswith('Arguments received by EinsumDense.call():\n'
                                    '  • inputs=tf.Tensor(shape=(2, 3), dtype=string)\n  • training=None')


def test_good_calls_are_unchanged():
    assert keras.layers.PReLU()(np.ones((2, 3), 'float32')).shape == (2, 3)
    assert keras.layers.EinsumDense('ab,bc->ac', output_shape=2)(np.ones((2, 3), 'int32')).dtype == 'float32'
    assert keras.layers.RMSNormalization()(np.ones((2, 3), 'int32')).dtype == 'int32'
