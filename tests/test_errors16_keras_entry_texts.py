"""Bad input at Keras entry points raises TensorFlow 2.21 / Keras 3.15's exception class and words.

Each expected (class, text) pair was printed by TF 2.21 + Keras 3.15 (/opt/tfref) running the same call
(the errors16 fuzzer, /work/notes/progs/errors16); tapeflow may add a PEP 678 note, so the first
argument is compared, not str() with notes.
"""
import numpy as np
import pytest

from framework import keras

layers = keras.layers


def _two_inputs_named_i():
    a, b = keras.Input((3,), name='i'), keras.Input((3,), name='i')
    keras.Model([a, b], layers.Add()([a, b]))


def _dense_named_d_twice():
    a = keras.Input((3,))
    keras.Model(a, layers.Dense(2, name='d')(layers.Dense(2, name='d')(a)))


CASES = [
    (lambda: keras.Sequential([5]), ValueError,
     "Only instances of `keras.Layer` can be added to a Sequential model. Received: 5 (of type <class 'int'>)"),
    (lambda: keras.Sequential('a'), ValueError,
     "Only instances of `keras.Layer` can be added to a Sequential model. Received: a (of type <class 'str'>)"),
    (lambda: keras.Sequential(name='sequential').add(5), ValueError,
     "Only instances of `keras.Layer` can be added to a Sequential model. Received: 5 (of type <class 'int'>)"),
    (lambda: keras.Sequential([keras.Input((3,))], name='sequential').add(keras.Input((3,))), ValueError,
     "Sequential model 'sequential' has already been configured to use input shape (None, 3). You cannot add a "
     "different Input layer to it."),
    (lambda: keras.Sequential([layers.Dense(2)], name='sequential').output_shape, AttributeError,
     "Sequential model 'sequential' has no defined output shape yet."),
    (_dense_named_d_twice, ValueError,
     'The name "d" is used 2 times in the model. All operation names should be unique.'),
    (_two_inputs_named_i, ValueError,
     'The name "i" is used 2 times in the model. All operation names should be unique.'),
    (lambda: layers.GroupNormalization(groups=2)(np.ones((2, 3), 'float32')), ValueError,
     'Number of groups (2) must be a multiple of the number of channels (3).'),
    (lambda: layers.GroupNormalization(groups=4)(np.ones((2, 3), 'float32')), ValueError,
     'Number of groups (4) cannot be more than the number of channels (3).'),
    (lambda: layers.Subtract()([np.ones((2, 3), 'float32')] * 3), ValueError,
     'A `Subtract` layer should be called on exactly 2 inputs. Received: input_shape=[(2, 3), (2, 3), (2, 3)]'),
    (lambda: layers.Subtract()([np.ones((2, 3), 'float32')]), ValueError,
     'A `Subtract` layer should be called on exactly 2 inputs. Received: input_shape=[(2, 3)]'),
    (lambda: layers.Bidirectional(5), ValueError,
     'Please initialize `Bidirectional` layer with a `keras.layers.Layer` instance. Received: 5'),
    (lambda: layers.TimeDistributed(5), ValueError,
     'Please initialize `TimeDistributed` layer with a `keras.layers.Layer` instance. Received: 5'),
    (lambda: layers.Discretization(), ValueError, 'You need to set either `num_bins` or `bin_boundaries`.'),
    (lambda: layers.CategoryEncoding()(np.array([1])), ValueError,
     'num_tokens must be set to use this layer. If the number of tokens is not known beforehand, use the '
     'IntegerLookup layer instead.'),
]


@pytest.mark.parametrize('call, error_class, text', CASES, ids=[text[:40] for _, _, text in CASES])
def test_keras_entry_point_raises_tf_class_and_words(call, error_class, text):
    with pytest.raises(error_class) as raised:
        call()
    assert raised.value.args[0] == text


def test_subtract_of_two_still_subtracts():
    """Subtract now lets one input reach its own exactly-two check; two inputs still subtract."""
    out = layers.Subtract()([np.full((1, 2), 3.0, 'float32'), np.ones((1, 2), 'float32')])
    assert out.numpy().tolist() == [[2.0, 2.0]]


def test_subtract_of_one_symbolic_input_is_refused_in_tf_words():
    a = keras.Input((3,))
    with pytest.raises(ValueError) as raised:
        layers.Subtract()([a])
    assert raised.value.args[0] == 'A `Subtract` layer should be called on exactly 2 inputs. Received: input_shape=[(None, 3)]'


@pytest.mark.parametrize('build, text', [
    # was silently built with an empty output shape
    (lambda: keras.Sequential([keras.Input((2, 2, 1)), layers.Conv2D(2, 3)]),
     'Computed output size would be zero or negative. Received `inputs shape=(None, 2, 2, 1)`, `kernel '
     'shape=(3, 3, 1, 2)`, `dilation_rate=[1 1]`, `strides=(1, 1)`, `padding=valid`.'),
    # was InvalidArgumentError from the op
    (lambda: layers.Conv2D(2, 3)(np.ones((1, 2, 2, 1), 'float32')),
     'Computed output size would be zero or negative. Received `inputs shape=(1, 2, 2, 1)`, `kernel '
     'shape=(3, 3, 1, 2)`, `dilation_rate=[1 1]`, `strides=(1, 1)`, `padding=valid`.'),
    (lambda: layers.Conv2D(2, 3, dilation_rate=2)(np.ones((1, 4, 4, 1), 'float32')),
     'Computed output size would be zero or negative. Received `inputs shape=(1, 4, 4, 1)`, `kernel '
     'shape=(3, 3, 1, 2)`, `dilation_rate=[2 2]`, `strides=(1, 1)`, `padding=valid`.'),
    (lambda: layers.Conv2D(2, 3, data_format='channels_first')(np.ones((1, 1, 2, 2), 'float32')),
     'Computed output size would be zero or negative. Received `inputs shape=(1, 1, 2, 2)`, `kernel '
     'shape=(3, 3, 1, 2)`, `dilation_rate=[1 1]`, `strides=(1, 1)`, `padding=valid`.'),
])
def test_conv2d_window_larger_than_input_is_refused_at_build(build, text):
    with pytest.raises(ValueError) as raised:
        build()
    assert raised.value.args[0] == text


@pytest.mark.parametrize('config', ['foo', 'Dense', None])
def test_layers_deserialize_of_a_name_or_none_is_refused_in_keras_words(config):
    """Was TypeError "string indices must be integers, not 'str'" (and for None, 'NoneType' ... subscriptable)."""
    with pytest.raises(ValueError) as raised:
        keras.layers.deserialize(config)
    assert raised.value.args[0] == ('`keras.layers.deserialize` was passed a `config` object that is not a '
                                    '`keras.layers.Layer`. Received: %s' % config)
