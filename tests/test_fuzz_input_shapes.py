"""keras.Input and InputLayer take a shape only as Keras 3 does: an iterable of non-negative ints
and Nones. Before, Input(4) and Input((4.0,)) built an input of shape (None, 4) where Keras raises.

Golden messages from Keras 3.15 (TF 2.21): ``keras.Input(4)``, ``keras.Input(shape=(4.0,))``,
``keras.Input('ab')``, ``keras.Input((-1,))``, each printed as ``type(e).__name__, e``.
"""
import numpy as np
import pytest

from framework import keras


@pytest.mark.parametrize('make, message', [
    (lambda: keras.Input(4), "Cannot convert '4' to a shape."),
    (lambda: keras.layers.InputLayer(shape=4), "Cannot convert '4' to a shape."),
    (lambda: keras.layers.InputLayer(input_shape=4), "Cannot convert '4' to a shape."),
    (lambda: keras.Sequential([keras.layers.Dense(3, input_shape=4)]), "Cannot convert '4' to a shape."),
    (lambda: keras.Input(shape=(4.0,)),
     "Cannot convert '(4.0,)' to a shape. Found invalid dimension '4.0' of type '<class 'float'>'. "),
    (lambda: keras.Input('ab'), "Cannot convert 'ab' to a shape. Found invalid dimension 'a' of type '<class 'str'>'. "),
    (lambda: keras.Input((-1,)), "Cannot convert '(-1,)' to a shape. Negative dimensions are not allowed."),
    (lambda: keras.Input(batch_shape=(None, object())), "Found invalid dimension"),
])
def test_bad_shapes_raise_keras_value_error(make, message):
    with pytest.raises(ValueError) as err:
        make()
    assert message in str(err.value)


def test_good_shapes_still_work():
    assert keras.Input([3, None]).shape == (None, 3, None)
    assert keras.Input((np.int64(4),), batch_size=2).shape == (2, 4)
    assert keras.Input(batch_shape=(None, 2)).shape == (None, 2)


@pytest.mark.parametrize('call, error, words', [
    # Keras 3: ValueError "dtype='string' is not a valid dtype for Keras type promotion."
    (lambda: keras.ops.add(np.array(['a']), np.ones(1, np.float32)), ValueError,
     "keras.ops.add: dtype='string' is not a valid dtype for Keras type promotion"),
    # Keras 3's convert_to_tensor(fill_value, dtype): TF's conversion TypeError (errors31)
    (lambda: keras.ops.full_like(np.array(['a', 'b']), 1), TypeError, '^Cannot convert 1 to EagerTensor of dtype string'),
    (lambda: keras.ops.full((2,), 'a'), TypeError, "^Cannot convert 'a' to EagerTensor of dtype float"),
])
def test_keras_ops_refuse_mixing_strings_and_numbers(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_every_name_a_keras_namespace_lists_exists():
    # keras.initializers listed 'normal' and 'uniform' (get() names, not attributes in Keras 3),
    # so dir()-walking code and ``import *`` stopped with AttributeError.
    for namespace in (keras.initializers, keras.layers, keras.losses, keras.metrics, keras.optimizers,
                      keras.activations, keras.regularizers, keras.constraints, keras.callbacks):
        missing = [n for n in dir(namespace) if not n.startswith('_') and not hasattr(namespace, n)]
        assert not missing, (namespace.__name__, missing)
    assert not hasattr(keras.initializers, 'normal')
    assert type(keras.initializers.get('normal')).__name__ == 'RandomNormal'


def test_unknown_dtype_names_get_keras_words():
    # Keras 3.15: keras.Input((4,), dtype='nope') -> ValueError 'Invalid dtype: nope'; a layer's dtype is a
    # DTypePolicy name -> ValueError "Cannot convert 'nope' to a mixed precision DTypePolicy. ..." (TypeErrors before)
    with pytest.raises(ValueError, match='^Invalid dtype: nope$'):
        keras.Input((4,), dtype='nope')
    with pytest.raises(ValueError, match="Cannot convert 'nope' to a mixed precision DTypePolicy"):
        keras.layers.Dense(3, dtype='nope')
