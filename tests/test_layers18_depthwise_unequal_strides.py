"""Depthwise convolutions with unequal row and column strides where TF 2.21 runs its own CPU kernel
(DepthwiseConv2dNative): 'Current implementation only supports equal length strides in the row and column
dimensions.' oneDNN's kernel, where TF turns oneDNN on, runs float32 (float16 only on AVX-512 CPUs); float64 is
refused either way. Measured with TF_ENABLE_ONEDNN_OPTS=0 and 1 on an AMD EPYC (notes progs/layers18/dw.py,
dw2.py, dw3.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import InvalidArgumentError

_TEXT = ('{{function_node __wrapped__DepthwiseConv2dNative_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
         'Current implementation only supports equal length strides in the row and column dimensions. '
         '[Op:DepthwiseConv2dNative] name: ')
_BANNER = 'Exception encountered when calling %s.call().\n\n\x1b[1m'


@pytest.fixture
def epyc_cpu(monkeypatch):
    """The AMD EPYC these outcomes were measured on: no AVX-512, so oneDNN takes no 16-bit floats."""
    from framework import onednn_policy
    flags = onednn_policy._cpu_flags() - {'avx512f', 'avx512bw', 'avx512dq', 'avx512vl', 'avx512_vnni', 'avx512_bf16'}
    monkeypatch.setattr(onednn_policy, '_cpu_flags', lambda: flags)
    monkeypatch.setattr(onednn_policy, '_ANSWERS', {})


@pytest.fixture
def onednn_off(monkeypatch, epyc_cpu):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')


@pytest.fixture
def onednn_on(monkeypatch, epyc_cpu):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '1')


def _message(fn):
    with pytest.raises(InvalidArgumentError) as caught:
        fn()
    return str(caught.value)


def _ones(*shape, dtype='float32'):
    return np.ones(shape, dtype)


@pytest.mark.parametrize('dtype', ['float32', 'float64'])
def test_tf_nn_refusals(onednn_off, dtype):
    x, f = _ones(1, 5, 6, 2, dtype=dtype), _ones(2, 2, 2, 1, dtype=dtype)
    # tapeflow computed all of these; eagerly TF shows no user's name in the tail
    assert _message(lambda: tf.nn.depthwise_conv2d(x, f, [1, 1, 2, 1], 'VALID')) == _TEXT
    assert _message(lambda: tf.nn.depthwise_conv2d(x, f, [1, 2, 1, 1], 'SAME', name='zz')) == _TEXT
    assert _message(lambda: tf.nn.depthwise_conv2d(np.moveaxis(x, 3, 1), f, [1, 1, 2, 1], 'SAME',
                                                   data_format='NCHW')) == _TEXT
    assert _message(lambda: tf.nn.separable_conv2d(x, f, _ones(1, 1, 2, 3, dtype=dtype), [1, 1, 2, 1],
                                                   'VALID')) == _TEXT + 'depthwise'


def test_layers_refuse_in_their_call_banner(onednn_off):
    x = _ones(1, 5, 6, 2)
    text = _message(lambda: keras.layers.DepthwiseConv2D(2, strides=(1, 2))(x))
    assert text.startswith(_BANNER % 'DepthwiseConv2D' + _TEXT + '\x1b[0m')
    text = _message(lambda: keras.layers.DepthwiseConv2D(2, strides=(2, 1), padding='same', dtype='mixed_float16')(x))
    assert text.startswith(_BANNER % 'DepthwiseConv2D' + _TEXT + '\x1b[0m')
    text = _message(lambda: keras.layers.SeparableConv2D(2, 2, strides=(1, 2))(x))
    assert text.startswith(_BANNER % 'SeparableConv2D' + _TEXT + 'depthwise\x1b[0m')
    # the symbolic call still gives the shape, as in TF
    assert tuple(keras.layers.DepthwiseConv2D(2, strides=(1, 2))(keras.Input((5, 6, 2))).shape) == (None, 4, 3, 2)


@pytest.mark.parametrize('cls, node', [('DepthwiseConv2D', 'dw_1/depthwise'),
                                       ('SeparableConv2D', 'dw_1/separable_conv2d/depthwise')])
def test_predict_names_tf_node(onednn_off, cls, node):
    layer = getattr(keras.layers, cls)(*([3] if cls == 'SeparableConv2D' else []), 2, strides=(1, 2), name='dw')
    model = keras.Sequential([keras.Input((5, 6, 2)), layer])
    text = _message(lambda: model.predict(_ones(1, 5, 6, 2), verbose=0))
    assert text.startswith('Graph execution error:\n\nDetected at node ')
    # TF 2.21: 'Detected at node sequential_1/dw_1/depthwise' (tapeflow named the op type, DepthwiseConv2dNative)
    assert ('/%s defined at' % node) in text
    assert 'Current implementation only supports equal length strides in the row and column dimensions.' in text


def test_onednn_runs_float32_only(onednn_on):
    x = _ones(1, 5, 6, 2)
    out = tf.nn.depthwise_conv2d(x, _ones(2, 2, 2, 1), [1, 1, 2, 1], 'VALID')
    assert out.shape == (1, 4, 3, 2) and np.all(out.numpy() == 4.0)
    assert tuple(keras.layers.SeparableConv2D(3, 2, strides=(1, 2))(x).shape) == (1, 4, 3, 3)
    assert _message(lambda: tf.nn.depthwise_conv2d(x.astype('float64'), _ones(2, 2, 2, 1, dtype='float64'),
                                                   [1, 1, 2, 1], 'VALID')) == _TEXT
    assert _message(lambda: keras.layers.DepthwiseConv2D(2, strides=(1, 2), dtype='mixed_float16')(x)).startswith(
        _BANNER % 'DepthwiseConv2D' + _TEXT)


def test_equal_and_one_dimensional_strides_run(onednn_off):
    # a 1-D layer runs as a height-1 image with strides (s, s), as Keras's TF backend does
    assert tuple(keras.layers.DepthwiseConv1D(2, strides=2)(_ones(1, 5, 2)).shape) == (1, 2, 2)
    assert tuple(keras.layers.SeparableConv1D(2, 2, strides=2)(_ones(1, 5, 2)).shape) == (1, 2, 2)
    assert tuple(keras.layers.DepthwiseConv2D(2, strides=2)(_ones(1, 5, 6, 2)).shape) == (1, 2, 3, 2)
    assert tuple(keras.layers.DepthwiseConv2D(2, dilation_rate=(1, 2))(_ones(1, 5, 6, 2)).shape) == (1, 4, 4, 2)
