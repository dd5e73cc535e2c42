"""A layer whose first call is refused is left as it was: unbuilt, with no weights.

Keras 3.15 checks a convolution's output size before its build makes weights
(``Conv2D(2, 100)`` on 8x8 images: 'Computed output size would be zero or
negative', then ``built`` False and no weights); tapeflow's Conv2D makes that
check in its build; for the others it runs in the op, after the build, so
``layers/failed_build.py`` undoes that build.
"""
import numpy as np
import pytest

from framework import keras

IMAGES = np.linspace(0, 1, 2 * 8 * 8 * 3, dtype=np.float32).reshape(2, 8, 8, 3)


@pytest.mark.parametrize('make, message', [
    # Conv2D's build makes Keras's check, in its words (TF 2.21 printed them)
    (lambda: keras.layers.Conv2D(2, 100), r'^Computed output size would be zero or negative\. Received `inputs '
     r'shape=\(2, 8, 8, 3\)`, `kernel shape=\(100, 100, 3, 2\)`, `dilation_rate=\[1 1\]`, `strides=\(1, 1\)`, '
     r'`padding=valid`\.\n'),
    # so do DepthwiseConv2D's and SeparableConv2D's (test_layerfuzz_conv_texts.py has TF's texts)
    (lambda: keras.layers.SeparableConv2D(2, 100), r'^Computed output size would be zero or negative\. Received '
     r'`inputs shape=\(2, 8, 8, 3\)`, `kernel shape=\(100, 100, 3, 2\)`, `dilation_rate=\[1 1\]`, '
     r'`strides=\(1, 1\)`, `padding=valid`\.\n'),
    (lambda: keras.layers.DepthwiseConv2D(100), r'^Computed output size would be zero or negative\. Received '
     r'`inputs shape=\(2, 8, 8, 3\)`, `kernel shape=\(100, 100, 3, 3\)`, `dilation_rate=\[1 1\]`, '
     r'`strides=\(1, 1\)`, `padding=valid`\.\n'),
])
def test_a_refused_first_call_builds_nothing(make, message):
    layer = make()
    with pytest.raises(ValueError, match=message):
        layer(IMAGES)
    assert not layer.built and layer.weights == [] and not hasattr(layer, 'kernel')
    assert layer.get_build_config() is None


def test_after_a_refused_call_a_good_one_builds_as_usual():
    layer = keras.layers.Dense(4, kernel_regularizer='l2')
    with pytest.raises(Exception):
        layer(np.array([['a', 'b', 'c']]))
    # Keras 3 refuses strings in call(), after its build: TF 2.21 leaves the layer built, its weights
    # and their regularization loss there (fuzz6/p/l7.py)
    assert layer.built and len(layer.weights) == 2 and len(layer.losses) == 1
    out = layer(np.ones((2, 3), np.float32))
    assert out.shape == (2, 4) and layer.built
    assert [w.path for w in layer.weights] == ['%s/kernel' % layer.name, '%s/bias' % layer.name]
    assert len(layer.losses) == 1


def test_a_sublayer_built_by_the_refused_call_is_unbuilt_too():
    inner = keras.layers.Conv2D(2, 100)
    outer = keras.layers.TimeDistributed(inner)
    with pytest.raises(ValueError):
        outer(IMAGES[None])
    assert not outer.built and not inner.built and outer.weights == []


def test_a_built_layer_keeps_its_weights_when_a_later_call_fails():
    layer = keras.layers.Dense(4)
    layer(np.ones((2, 3), np.float32))
    kernel = layer.kernel
    with pytest.raises(ValueError):
        layer(np.ones((2, 5), np.float32))
    assert layer.built and layer.kernel is kernel and len(layer.weights) == 2


@pytest.mark.parametrize('make, error, words', [
    # Keras 3.15: TypeError 'list indices must be integers or slices, not float' at the first call
    # (errors12: tapeflow too, in those words)
    (lambda: keras.layers.Concatenate(axis=1.5)([np.ones((2, 3), np.float32)] * 2), TypeError,
     'list indices must be integers or slices, not float'),
    # Keras 3.15: ValueError 'The `data_format` argument must be one of ...'; here 0 read as the default
    (lambda: keras.layers.Flatten(data_format=0), ValueError,        # Keras 3's text
     r"The `data_format` argument must be one of \{'channels_first', 'channels_last'\}. Received: data_format=0"),
])
def test_constructor_arguments_keras_refuses(make, error, words):
    with pytest.raises(error, match=words):
        make()


@pytest.mark.parametrize('noise_shape, words', [
    ('a', 'Expected a tuple or list of integers. Received: noise_shape=a'),       # Keras 3.15 / TF 2.21's texts
    ((0, 3), 'Received negative or zero value at index 0: 0'),
    ((None, 1.5), r'Expected all elements to be integers or None. Received element at index 1: 1.5 \(type: float\)'),
    (-1, r'Expected an iterable of integers \(e.g., a tuple or list\). Received: noise_shape=-1'),
])
def test_dropout_noise_shape_is_checked_when_made(noise_shape, words):
    # Keras 3.15 refuses these in the constructor; tapeflow kept them until a training call
    with pytest.raises(ValueError, match='Invalid value received for argument `noise_shape`.*' + words):
        keras.layers.Dropout(0.5, noise_shape=noise_shape)
    assert keras.layers.Dropout(0.5, noise_shape=[None, 1]).noise_shape == (None, 1)
