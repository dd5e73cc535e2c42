"""GlobalAveragePooling1D with a mask, computed as Keras 3 computes it on TF 2.21: the mask expanded beside the
steps in the input's own layout, a select, sums over the steps axis.

Before, tapeflow moved channels_first inputs to channels_last first (other summation bits than TF's, whose sum
runs over the last axis there), and refused any mask not (batch, steps) with its own text, where TF broadcasts a
mask of one row and raises SelectV2's broadcast error or Keras's expand_dims axis error.
Goldens: /work/notes/progs/layers27/gap_gold.py and errtxt.py, run under TF 2.21 on the AMD EPYC (AVX2).
"""
import re

import numpy as np
import pytest

import framework as tf
from conftest import hexes_as_tf
from framework import keras

L = keras.layers

X = (np.sin(np.arange(3 * 17 * 5, dtype='float64') * 1.7) * 3).astype('float32').reshape(3, 17, 5)
MASK = (np.arange(3 * 17).reshape(3, 17) * 7 % 5) > 1
X_FIRST = np.transpose(X, (0, 2, 1)).copy()


def _hexes(t):
    return [float(v).hex() for v in np.ravel(t)]


def test_channels_first_sums_over_its_last_axis():
    expected = ['0x1.864c940000000p-2', '-0x1.41a3200000000p-3', '-0x1.5cdba20000000p-2', '0x1.f56e4c0000000p-3',
                '0x1.1c40580000000p-2', '0x1.4a55ea0000000p-2', '-0x1.1477780000000p-2', '-0x1.0317d60000000p-2',
                '0x1.573b6c0000000p-2', '0x1.554ac60000000p-3', '-0x1.394adc0000000p-2', '-0x1.a4e4060000000p-3',
                '0x1.6f85960000000p-2', '0x1.cef4b40000000p-4', '-0x1.8d58b60000000p-2']
    out = L.GlobalAveragePooling1D(data_format='channels_first')(X_FIRST, mask=MASK)
    assert hexes_as_tf(_hexes(out), expected)
    assert L.GlobalAveragePooling1D(data_format='channels_first', keepdims=True)(X_FIRST, mask=MASK).shape == (3, 5, 1)


def test_channels_first_gradient():
    xv = tf.Variable(X_FIRST)
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(L.GlobalAveragePooling1D(data_format='channels_first')(xv, mask=MASK) ** 2)
    got = _hexes(tape.gradient(y, xv))[:5]
    assert hexes_as_tf(got, ['0x0.0p+0', '0x1.383d440000000p-4', '0x1.383d440000000p-4', '0x0.0p+0',
                             '0x1.383d440000000p-4'])


def test_a_mask_of_one_row_serves_every_row():
    out = L.GlobalAveragePooling1D()(X, mask=MASK[:1])
    assert out.shape == (3, 5)
    assert hexes_as_tf(_hexes(out)[:10], [
        '0x1.864c940000000p-2', '-0x1.41a3200000000p-3', '-0x1.5cdb9e0000000p-2', '0x1.f56e460000000p-3',
        '0x1.1c40520000000p-2', '0x1.87be320000000p-2', '-0x1.37b95a0000000p-3', '-0x1.5f94380000000p-2',
        '0x1.eceb860000000p-3', '0x1.2011a40000000p-2'])


_SELECT = ('{{function_node __wrapped__SelectV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} condition %s, '
           'then [2,3,4], and else [] must be broadcastable [Op:SelectV2] name: ')


@pytest.mark.parametrize('data_format, keepdims, mask_shape, error, text', [
    ('channels_last', False, (2, 4), tf.errors.InvalidArgumentError, _SELECT % '[2,4,1]'),
    ('channels_last', False, (2, 3, 4), tf.errors.InvalidArgumentError, _SELECT % '[2,3,1,4]'),
    ('channels_last', True, (2, 5), tf.errors.InvalidArgumentError, _SELECT % '[2,5,1]'),
    ('channels_first', False, (2, 3), tf.errors.InvalidArgumentError, _SELECT % '[2,1,3]'),
    ('channels_last', False, (3,), ValueError, 'axis 2 is out of bounds for an array with dimension 2.'),
])
def test_masks_that_do_not_fit_fail_as_in_tf(data_format, keepdims, mask_shape, error, text):
    x = np.arange(24, dtype='float32').reshape(2, 3, 4)
    layer = L.GlobalAveragePooling1D(data_format=data_format, keepdims=keepdims)
    with pytest.raises(error) as info:
        layer(x, mask=np.ones(mask_shape, bool))
    assert type(info.value) is error
    assert re.search('\x1b\\[1m(.*)\x1b\\[0m', str(info.value), re.S).group(1) == text
    assert any('GlobalAveragePooling1D: the mask must have shape (batch, steps)' in n for n in info.value.__notes__)


@pytest.mark.parametrize('dtype', ['int32', 'float32'])
def test_numeric_masks_count_as_bools(dtype):
    x = np.arange(24, dtype='float32').reshape(2, 3, 4)
    out = L.GlobalAveragePooling1D()(x, mask=np.array([[1, 0, 1], [0, 0, 1]], dtype))
    assert out.numpy().tolist() == [[4.0, 5.0, 6.0, 7.0], [20.0, 21.0, 22.0, 23.0]]
