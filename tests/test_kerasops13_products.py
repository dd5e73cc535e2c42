"""keras.ops.kron / vdot / inner / correlate as Keras 3.15 on TF 2.21.

Goldens: TF 2.21's outputs for /work/notes/progs/kerasops13/g2.py (65 of 65 lines equal after the fix) and
g3.py (correlate's float bits, measured on this AMD EPYC: 16 of 16 lines equal; before, 9):
- kron of a bool beside an int8 / uint8 / int16 / float16 tensor keeps that dtype (tapeflow: int32);
- vdot / inner of mismatched lengths are the tensordot's MatMul error (tapeflow: its own words);
- correlate is a VALID conv1d of x1 by the filter x2 ('full' pads x1, 'same' slices full's middle max(n, m)
  values): 'valid' with x1 the shorter is Conv2D's negative output size (tapeflow swapped them as numpy), 'same'
  of a shorter x1 is not numpy's centring, a scalar is Python's IndexError, 2-D inputs meet Reshape / Pad, a
  bad mode is Keras's ValueError after those; float32 / float16 values carry TF's conv bits;
- on KerasTensors, Keras's Correlate spec: 1-D checks, the length whatever the mode, the dtype rule.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from conftest import hexes_as_tf


@pytest.fixture(autouse=True)
def _measured_on_the_epyc(epyc_cpu):
    """TF 2.21's values and texts here were measured on the AMD EPYC (AVX2, oneDNN off): tapeflow computes as
    TF does there, whatever this CPU is (on a Xeon TF runs oneDNN's kernels, which round and word otherwise)."""


ops = keras.ops
DEVICE = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
W = np.array([1., -1.], 'float32')
V = np.array([1., 2., 3., 4.], 'float32')


def _seen(result):
    return result.dtype.name, tuple(result.shape), np.asarray(result).astype('float64').tolist()


@pytest.mark.parametrize('dtype', ['uint8', 'int8', 'int16', 'float16'])
def test_kron_of_a_bool_keeps_the_other_dtype(dtype):
    flags = ops.cast(np.array([0., 1., 1., 0.]), 'bool')
    other = ops.cast(np.array([1., 3.]), dtype)
    assert _seen(ops.kron(flags, other)) == (dtype, (8,), [0, 0, 1, 3, 1, 3, 0, 0])
    assert _seen(ops.kron(other, flags)) == (dtype, (8,), [0, 1, 1, 0, 0, 3, 3, 0])


@pytest.mark.parametrize('call, shapes', [
    (lambda: ops.vdot(V, V[:3]), '[1,4], In[1]: [3,1]'),
    (lambda: ops.vdot(V, 2.0), '[1,4], In[1]: [1,1]'),
    (lambda: ops.inner(V, V[:3]), '[1,4], In[1]: [3,1]'),
    (lambda: ops.inner(np.ones((2, 3), 'float32'), np.ones((4, 2), 'float32')), '[2,3], In[1]: [2,4]'),
])
def test_vdot_inner_size_mismatch_is_matmuls_error(call, shapes):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        call()
    assert str(caught.value) == DEVICE % 'MatMul' + 'Matrix size-incompatible: In[0]: %s [Op:MatMul] name: ' % shapes


@pytest.mark.parametrize('x1, x2, mode, values', [
    (V, W, 'valid', [-1, -1, -1]),
    (V, W, 'same', [-1, -1, -1, -1]),
    (W, V, 'same', [4, -1, -1, -1]),        # numpy: [-1, -1, -1, -1]
    (W, V, 'full', [4, -1, -1, -1, -1]),
    ([1., 2., 4.], [1., 0., -1., 2., .5], 'same', [3, 5, 6, -3, 2]),
    (np.ones((0,), 'float32'), W, 'full', [0]),
    (V, np.array([[1.], [2.]], 'float32'), 'valid', [5, 8, 11]),       # a (2, 1) filter reshapes to (2, 1, 1)
])
def test_correlate_values(x1, x2, mode, values):
    assert _seen(ops.correlate(np.asarray(x1, 'float32'), x2, mode=mode)) == ('float32', (len(values),), values)


NEGATIVE = 'Computed output size would be negative: -1 [input_size: %d, effective_filter_size: %d, stride: 1]'
EMPTY_FILTER = 'filter must not have zero elements (i.e. all dimensions must be non-zero)'


@pytest.mark.parametrize('x1, x2, mode, kernel, text', [
    (W, V, 'valid', 'Conv2D', NEGATIVE % (2, 4)),
    (np.ones((0,), 'float32'), W, 'valid', 'Conv2D', NEGATIVE % (0, 2)),
    (V, np.ones((0,), 'float32'), 'same', 'Conv2D', EMPTY_FILTER),
    (np.ones((0,), 'float32'), W, 'same', 'Slice', 'Expected begin[0] in [0, 1], but got -1'),
    (np.ones((2, 3), 'float32'), W, 'valid', 'Reshape', 'Input to reshape is a tensor with 6 values, but the '
                                                         'requested shape has 2'),
    (np.ones((2, 3), 'float32'), W, 'full', 'Pad', 'The first dimension of paddings must be the rank of '
                                                   'inputs[1,2] [2,3]'),
])
def test_correlate_kernel_errors(x1, x2, mode, kernel, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        ops.correlate(x1, x2, mode=mode)
    tail = ' name: ' if kernel == 'Conv2D' else ''
    assert str(caught.value) == DEVICE % kernel + '%s [Op:%s]%s' % (text, kernel, tail)


def test_correlate_scalar_and_mode_errors():
    for mode in ('valid', 'bad'):       # the shape is read before the mode
        with pytest.raises(IndexError) as caught:
            ops.correlate(V, 2.0, mode=mode)
        assert str(caught.value) == 'tuple index out of range'
    with pytest.raises(ValueError) as caught:
        ops.correlate(V, W, mode='bad')
    assert str(caught.value) == "Invalid mode: 'bad'. Mode must be one of: 'full', 'same', 'valid'."


def test_correlate_dtypes():
    assert _seen(ops.correlate(np.arange(5), np.ones(2, 'int64'))) == ('float64', (4,), [1, 3, 5, 7])
    assert _seen(ops.correlate(ops.cast(V, 'bfloat16'), ops.cast(W, 'bfloat16'), mode='same')) == \
        ('bfloat16', (4,), [-1, -1, -1, -1])


# TF 2.21 on this AMD EPYC (g3.py): a = sin(1.3 * arange(n)), b = cos(0.7 * arange(m) + 0.2) in the dtype
BITS = {
    'float32 12 4 same': [
        '-0x1.48b3aa0000000p-1', '-0x1.7c85260000000p-2', '0x1.0aca280000000p+0', '0x1.df9da20000000p+0',
        '-0x1.4648780000000p-5', '-0x1.e5121e0000000p+0', '-0x1.f2a17c0000000p-1', '0x1.5fb0080000000p+0',
        '0x1.b577a80000000p+0', '-0x1.d693060000000p-2', '-0x1.f4680e0000000p+0', '-0x1.0763180000000p-1',
    ],
    'float32 4 12 same': [
        '-0x1.6b1dca0000000p-5', '0x1.1ffbc40000000p-1', '0x1.4947440000000p+0', '0x1.e066080000000p-1',
        '0x1.31349c0000000p-3', '-0x1.6bae740000000p-1', '-0x1.3c4f440000000p+0', '-0x1.2e03600000000p+0',
        '-0x1.2359b40000000p-1', '0x1.3cb4520000000p-2', '0x1.0aca280000000p+0', '0x1.48ed880000000p+0',
    ],
    'float32 6 5 full': [
        '0x0.0p+0', '-0x1.e8679a0000000p-1', '-0x1.26ffa40000000p+0', '0x1.3cb4520000000p-2', '0x1.eab0d40000000p+0',
        '0x1.a9189e0000000p+0', '-0x1.4648780000000p-5', '-0x1.3ac0a80000000p+0', '-0x1.76d8ec0000000p-1',
        '0x1.afc8a40000000p-3',
    ],
    'float16 4 12 same': [
        '-0x1.6b00000000000p-5', '0x1.2000000000000p-1', '0x1.4940000000000p+0', '0x1.e080000000000p-1',
        '0x1.3100000000000p-3', '-0x1.6bc0000000000p-1', '-0x1.3c40000000000p+0', '-0x1.2e00000000000p+0',
        '-0x1.2380000000000p-1', '0x1.3d00000000000p-2', '0x1.0ac0000000000p+0', '0x1.4900000000000p+0',
    ],
}


@pytest.mark.parametrize('case', sorted(BITS))
def test_correlate_carries_tfs_conv_bits(case):
    dtype, n, m, mode = case.split()
    a = np.sin(np.arange(int(n)) * 1.3).astype(dtype)
    b = np.cos(np.arange(int(m)) * 0.7 + 0.2).astype(dtype)
    got = [float(v).hex() for v in np.asarray(ops.correlate(a, b, mode=mode)).astype('float64')]
    assert hexes_as_tf(got, BITS[case])


@pytest.mark.parametrize('x1, x2, mode, shape', [
    ((5,), W, 'valid', (4,)),
    (W, (5,), 'valid', (4,)),       # the eager op refuses this (x1 the shorter); Keras's spec answers
    ((5,), W, 'same', (5,)),
    (W, (5,), 'full', (6,)),
])
def test_correlate_on_keras_tensors(x1, x2, mode, shape):
    x1, x2 = (keras.Input(batch_shape=x) if type(x) is tuple else x for x in (x1, x2))
    out = ops.correlate(x1, x2, mode=mode)
    assert (tuple(out.shape), out.dtype) == (shape, 'float32')


@pytest.mark.parametrize('dtype, other, expected', [
    ('int64', 'int64', 'float64'), ('int8', 'int8', 'float32'), ('float16', 'float16', 'float16'),
    ('float16', 'float32', 'float32'),
])
def test_correlate_spec_dtypes(dtype, other, expected):
    out = ops.correlate(keras.Input(batch_shape=(5,), dtype=dtype), keras.Input(batch_shape=(2,), dtype=other))
    assert out.dtype == expected


@pytest.mark.parametrize('x1, x2, mode, error, text', [
    ((None, 4), W, 'valid', ValueError, '`x1` must be a 1-dimensional tensor, but receivedshape (None, 4)'),
    ((5,), 2.0, 'same', ValueError, '`x2` must be a 1-dimensional tensor, but receivedshape []'),
    ((5,), np.ones((2, 1)), 'valid', ValueError, '`x2` must be a 1-dimensional tensor, but receivedshape (2, 1)'),
    ((None,), W, 'full', TypeError, "'>=' not supported between instances of 'NoneType' and 'int'"),
    ((5,), W, 'bad', ValueError, '`mode` must be either `valid`, `same`, or `full`, butreceived: bad'),
])
def test_correlate_spec_errors(x1, x2, mode, error, text):
    x1 = keras.Input(batch_shape=x1) if type(x1) is tuple else x1
    with pytest.raises(error) as caught:
        ops.correlate(x1, x2, mode=mode)
    assert str(caught.value) == text
