"""Dilated transposed convolutions (and a dilated conv2d's input gradient) where TF 2.21 runs its own CPU
kernels: they refuse dilations. oneDNN's kernel, where TF turns oneDNN on, takes float32 only; float16
is refused either way, and an output_shape mismatch is worded by the kernel that runs. Texts and
outcomes measured with TF_ENABLE_ONEDNN_OPTS=0 and 1 on TF 2.21 (notes progs/layers17/dt8.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import AbortedError, InvalidArgumentError

_HEAD = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
_DILATION = _HEAD + 'Current CPU implementations do not yet support dilation rates larger than 1. [Op:%s]'
_DILATION_3D = _HEAD + 'Current CPU implementation does not yet support dilation rates larger than 1. [Op:%s]'


@pytest.fixture
def epyc_cpu(monkeypatch):
    """The AMD EPYC these outcomes were measured on: no AVX-512, so oneDNN (where it is on) takes no 16-bit floats."""
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
    with pytest.raises(Exception) as caught:
        fn()
    return type(caught.value), str(caught.value)


def _transposes(dtype):
    x2, f2 = tf.cast(np.ones((2, 5, 5, 3)), dtype), tf.cast(np.ones((2, 2, 2, 3)), dtype)
    x3, f3 = tf.cast(np.ones((1, 4, 4, 4, 3)), dtype), tf.cast(np.ones((2, 2, 2, 2, 3)), dtype)
    return {
        '2d': lambda: tf.nn.conv2d_transpose(x2, f2, [2, 7, 7, 2], 1, padding='VALID', dilations=2),
        '1d': lambda: tf.nn.conv1d_transpose(x2[:, 0], f2[0], [2, 7, 2], 1, padding='VALID', dilations=2),
        '3d': lambda: tf.nn.conv3d_transpose(x3, f3, [1, 6, 6, 6, 2], 1, padding='VALID', dilations=2),
    }


def _dilated_conv2d_input_gradient(dtype):
    x, f = tf.cast(np.ones((2, 6, 6, 3)), dtype), tf.cast(np.ones((2, 2, 3, 2)), dtype)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.conv2d(x, f, 1, 'VALID', dilations=2)
    return tape.gradient(y, x)


def _expected_refusals():
    op2, op3 = 'Conv2DBackpropInput', 'Conv3DBackpropInputV2'
    return {'2d': _DILATION % (op2, op2), '1d': _DILATION % (op2, op2) + ' name: ', '3d': _DILATION_3D % (op3, op3)}


@pytest.mark.parametrize('rank', ['1d', '2d', '3d'])
def test_float32_dilated_transposes_are_refused_without_onednn(onednn_off, rank):
    # TF 2.21 with oneDNN off: InvalidArgumentError '... do not yet support dilation rates ...' (tapeflow computed)
    assert _message(_transposes('float32')[rank]) == (InvalidArgumentError, _expected_refusals()[rank])


@pytest.mark.parametrize('rank', ['1d', '2d', '3d'])
def test_float16_dilated_transposes_are_refused_with_onednn(onednn_on, rank):
    assert _message(_transposes('float16')[rank]) == (InvalidArgumentError, _expected_refusals()[rank])


@pytest.mark.parametrize('rank', ['1d', '2d', '3d'])
def test_float32_dilated_transposes_compute_with_onednn(onednn_on, rank):
    shapes = {'2d': (2, 7, 7, 2), '1d': (2, 7, 2), '3d': (1, 6, 6, 6, 2)}
    assert tuple(_transposes('float32')[rank]().shape) == shapes[rank]


def test_dilated_conv2d_input_gradient_follows_the_kernel(onednn_off):
    refusal = (InvalidArgumentError, _DILATION % ('Conv2DBackpropInput', 'Conv2DBackpropInput') + ' name: ')
    assert _message(lambda: _dilated_conv2d_input_gradient('float32')) == refusal


def test_float16_dilated_conv2d_input_gradient_is_refused_with_onednn(onednn_on):
    refusal = (InvalidArgumentError, _DILATION % ('Conv2DBackpropInput', 'Conv2DBackpropInput') + ' name: ')
    assert _message(lambda: _dilated_conv2d_input_gradient('float16')) == refusal
    assert tuple(_dilated_conv2d_input_gradient('float32').shape) == (2, 6, 6, 3)


@pytest.mark.parametrize('dtype,onednn', [('float32', '0'), ('float16', '1'), ('float16', '0')])
def test_output_shape_mismatch_in_tf_own_kernel_words(monkeypatch, epyc_cpu, dtype, onednn):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', onednn)
    x, f = tf.cast(np.ones((2, 5, 5, 3)), dtype), tf.cast(np.ones((2, 2, 2, 3)), dtype)
    # TF 2.21: Eigen's shape check (tapeflow gave oneDNN's AbortedError for every dtype but float64)
    assert _message(lambda: tf.nn.conv2d_transpose(x, f, [2, 9, 9, 2], 1, padding='VALID')) == (
        InvalidArgumentError, _HEAD % 'Conv2DBackpropInput' + "Conv2DCustomBackpropInput: Size of out_backprop "
        "doesn't match computed: actual = 5, computed = 8 spatial_dim: 1 input: 9 filter: 2 output: 5 stride: 1 "
        "dilation: 1 [Op:Conv2DBackpropInput]")


def test_float32_output_shape_mismatch_with_onednn_is_its_abort(onednn_on):
    x, f = tf.ones((2, 5, 5, 3)), tf.ones((2, 2, 2, 3))
    kind, text = _message(lambda: tf.nn.conv2d_transpose(x, f, [2, 9, 9, 2], 1, padding='VALID'))
    assert kind is AbortedError and text.startswith(_HEAD % '__MklNativeConv2DBackpropInput')


def test_keras_transposed_layers_raise_in_their_call_banner(onednn_off):
    op2, op3 = 'Conv2DBackpropInput', 'Conv3DBackpropInputV2'
    kind, text = _message(lambda: keras.layers.Conv3DTranspose(2, 2, dilation_rate=(1, 2, 1))(
        np.ones((1, 4, 4, 4, 3), 'float32')))
    assert (kind, text) == (InvalidArgumentError, 'Exception encountered when calling Conv3DTranspose.call().\n\n'
                            '\x1b[1m' + _DILATION_3D % (op3, op3) + '\x1b[0m\n\nArguments received by '
                            'Conv3DTranspose.call():\n  • inputs=tf.Tensor(shape=(1, 4, 4, 4, 3), dtype=float32)')
    kind, text = _message(lambda: keras.layers.Conv1DTranspose(2, 2, dilation_rate=2, padding='same')(
        np.ones((1, 4, 3), 'float32')))
    assert (kind, text) == (InvalidArgumentError, 'Exception encountered when calling Conv1DTranspose.call().\n\n'
                            '\x1b[1m' + _DILATION % (op2, op2) + ' name: \x1b[0m\n\nArguments received by '
                            'Conv1DTranspose.call():\n  • inputs=tf.Tensor(shape=(1, 4, 3), dtype=float32)')


def test_keras_transposed_layer_computes_with_onednn(onednn_on):
    y = keras.layers.Conv1DTranspose(2, 2, dilation_rate=2, padding='same')(np.ones((1, 4, 3), 'float32'))
    assert tuple(y.shape) == (1, 4, 2)


@pytest.mark.parametrize('rank', ['1d', '2d', '3d'])
def test_float16_dilated_transposes_compute_on_an_avx512_cpu(xeon_cpu, rank):
    # TF 2.21 on the AVX-512 Xeon computes them through oneDNN (tests/test_gradfuzz20_float64_dilated_transpose.py)
    shapes = {'2d': (2, 7, 7, 2), '1d': (2, 7, 2), '3d': (1, 6, 6, 6, 2)}
    assert tuple(_transposes('float16')[rank]().shape) == shapes[rank]
