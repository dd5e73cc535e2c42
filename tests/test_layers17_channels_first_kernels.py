"""channels_first convolutions where oneDNN does not run them: TF 2.21's own CPU kernels take NHWC only.

Keras's TF backend hands channels_first data to tf.nn.convolution / conv_transpose as it is; oneDNN (where
TF turns it on) computes float32 in that layout, and 16-bit floats on AVX-512 CPUs. Texts measured on an
AMD EPYC without AVX-512 with TF_ENABLE_ONEDNN_OPTS=0 and 1 (notes progs/layers17/cf.py, cf2.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import InvalidArgumentError, UnimplementedError

_HEAD = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
_CONV2D = _HEAD % 'Conv2D' + ('The Conv2D op currently only supports the NHWC tensor format on the CPU. The op was '
                              'given the format: NCHW [Op:Conv2D]')
_TRANSPOSE = _HEAD % 'Conv2DBackpropInput' + 'Conv2DCustomBackpropInputOp only supports NHWC. [Op:Conv2DBackpropInput]'
_TRANSPOSE_3D = _HEAD % 'Conv3DBackpropInputV2' + ('Conv3DBackpropInputOpV2 only supports NDHWC on the CPU. '
                                                   '[Op:Conv3DBackpropInputV2]')


@pytest.fixture
def epyc_cpu(monkeypatch):
    """The AMD EPYC these were measured on: no AVX-512, so oneDNN (where it is on) takes no 16-bit floats."""
    from framework import onednn_policy
    flags = onednn_policy._cpu_flags() - {'avx512f', 'avx512bw', 'avx512dq', 'avx512vl', 'avx512_vnni', 'avx512_bf16'}
    monkeypatch.setattr(onednn_policy, '_cpu_flags', lambda: flags)
    monkeypatch.setattr(onednn_policy, '_ANSWERS', {})


def _layers(dtype):
    x4, x3, x5 = np.ones((2, 6, 6, 3), 'float32'), np.ones((2, 5, 3), 'float32'), np.ones((1, 3, 4, 4, 4), 'float32')
    cf = dict(data_format='channels_first', dtype=dtype)
    return {
        'Conv2D': (lambda: keras.layers.Conv2D(2, 2, **cf)(x4), UnimplementedError, _CONV2D),
        'Conv1D': (lambda: keras.layers.Conv1D(2, 2, **cf)(x3), UnimplementedError, _CONV2D + ' name: '),
        'Conv2DTranspose': (lambda: keras.layers.Conv2DTranspose(2, 2, **cf)(x4), InvalidArgumentError, _TRANSPOSE),
        'Conv1DTranspose': (lambda: keras.layers.Conv1DTranspose(2, 2, **cf)(x3), InvalidArgumentError,
                            _TRANSPOSE + ' name: '),
        'Conv3DTranspose': (lambda: keras.layers.Conv3DTranspose(2, 2, **cf)(x5), InvalidArgumentError, _TRANSPOSE_3D),
    }


def _banner(name, text, shape, dtype):
    return ('Exception encountered when calling %s.call().\n\n\x1b[1m%s\x1b[0m\n\nArguments received by %s.call():\n'
            '  • inputs=tf.Tensor(shape=%s, dtype=%s)' % (name, text, name, shape, dtype))


_SHAPES = {'Conv2D': (2, 6, 6, 3), 'Conv1D': (2, 5, 3), 'Conv2DTranspose': (2, 6, 6, 3), 'Conv1DTranspose': (2, 5, 3),
           'Conv3DTranspose': (1, 3, 4, 4, 4)}


@pytest.mark.parametrize('name', sorted(_SHAPES))
@pytest.mark.parametrize('dtype,onednn', [('float32', '0'), ('float16', '0'), ('float16', '1')])
def test_channels_first_layers_are_refused_by_tf_own_kernels(monkeypatch, epyc_cpu, name, dtype, onednn):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', onednn)
    call, kind, text = _layers(dtype)[name]
    with pytest.raises(kind) as caught:
        call()
    # TF 2.21 refuses (tapeflow moved the channels last and computed)
    assert str(caught.value) == _banner(name, text, _SHAPES[name], dtype)


@pytest.mark.parametrize('name', sorted(_SHAPES))
def test_channels_first_float32_layers_compute_with_onednn(monkeypatch, epyc_cpu, name):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '1')
    assert _layers('float32')[name][0]().shape[1] == 2


@pytest.mark.parametrize('name', sorted(_SHAPES))
def test_channels_first_float16_layers_compute_on_the_avx512_xeon(xeon_cpu, name):
    assert _layers('float16')[name][0]().shape[1] == 2


@pytest.mark.parametrize('dtype', ['float32', 'float16', 'bfloat16'])
def test_nchw_ops_without_onednn(monkeypatch, epyc_cpu, dtype):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')
    x = tf.cast(np.ones((2, 3, 6, 6)), dtype)
    with pytest.raises(UnimplementedError) as caught:
        tf.nn.conv2d(x, tf.cast(np.ones((2, 2, 3, 2)), dtype), 1, 'VALID', data_format='NCHW')
    assert str(caught.value) == _CONV2D + ' name: '      # tapeflow: 'conv2d: only data_format NHWC is supported, ...'
    with pytest.raises(InvalidArgumentError) as caught:
        tf.nn.conv2d_transpose(x, tf.cast(np.ones((2, 2, 2, 3)), dtype), [2, 2, 7, 7], 1, 'VALID', data_format='NCHW')
    assert str(caught.value) == _TRANSPOSE


def test_float64_nchw_transpose_is_refused(monkeypatch, epyc_cpu):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '1')
    x = tf.ones((2, 3, 6, 6), 'float64')
    with pytest.raises(InvalidArgumentError) as caught:     # tapeflow: ValueError 'only data_format NHWC ...'
        tf.nn.conv2d_transpose(x, tf.ones((2, 2, 2, 3), 'float64'), [2, 2, 7, 7], 1, 'VALID', data_format='NCHW')
    assert str(caught.value) == _TRANSPOSE


def test_nchw_ops_compute_with_onednn(monkeypatch, epyc_cpu):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '1')
    x = tf.ones((2, 3, 6, 6))
    assert tuple(tf.nn.conv2d(x, tf.ones((2, 2, 3, 2)), 1, 'VALID', data_format='NCHW').shape) == (2, 2, 5, 5)
    assert tuple(tf.nn.conv2d_transpose(x, tf.ones((2, 2, 2, 3)), [2, 2, 7, 7], 1, 'VALID',
                                        data_format='NCHW').shape) == (2, 2, 7, 7)
