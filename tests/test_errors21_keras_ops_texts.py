"""keras.ops given indices, blocks or axes outside the input: Keras 3.15 on TF 2.21's class and text (printed by
TF 2.21: /work/notes/progs/errors21/d6.py, d13.py); keras.ops.slice takes a size of -1 as tf.slice does."""
import numpy as np
import pytest

from framework import keras
from framework.errors import InvalidArgumentError

ops = keras.ops
X = np.ones((2, 3), 'float32')
_CPU = '/job:localhost/replica:0/task:0/device:CPU:0'


@pytest.mark.parametrize('call, text', [
    (lambda: ops.take(X, 5, axis=0), 'indices = 5 is not in [0, 2)'),
    (lambda: ops.take(X, [0, 7], axis=1), 'indices[1] = 7 is not in [0, 3)'),
    (lambda: ops.take(X, 9), 'indices = 9 is not in [0, 6)'),
    (lambda: ops.take(X, -5, axis=0), 'indices = -3 is not in [0, 2)'),        # wrapped once, as Keras does
    (lambda: ops.take_along_axis(X, np.array([[5, 0, 0]]), axis=0), 'indices[0,0] = 5 is not in [0, 2)'),
])
def test_take_out_of_range_is_gather_kernel_text(call, text):
    with pytest.raises(InvalidArgumentError) as info:
        call()
    assert str(info.value) == '{{function_node __wrapped__GatherV2_device_%s}} %s [Op:GatherV2] name: ' % (_CPU, text)


@pytest.mark.parametrize('start, size, text', [
    ((0, 0), (3, 3), 'Expected size[0] in [0, 2], but got 3'),
    ((1, 0), (2, 3), 'Expected size[0] in [0, 1], but got 2'),
    ((-1, 0), (1, 3), 'Expected begin[0] in [0, 2], but got -1'),
    ((0,), (1,), 'Expected begin and size arguments to be 1-D tensors of size 2, but got shapes [1] and [1] instead.'),
])
def test_slice_outside_the_input_is_refused(start, size, text):
    # tapeflow clipped the block (a Python slice) and returned it, or an empty tensor
    with pytest.raises(InvalidArgumentError) as info:
        ops.slice(X, start, size)
    assert str(info.value) == '{{function_node __wrapped__Slice_device_%s}} %s [Op:Slice]' % (_CPU, text)


def test_slice_size_minus_one_runs_to_the_end():
    # TF 2.21: [[1., 1., 1.]] (tapeflow gave an empty (0, 3) tensor)
    out = ops.slice(np.arange(6, dtype='float32').reshape(2, 3), (1, 0), (-1, 3))
    np.testing.assert_array_equal(out.numpy(), [[3.0, 4.0, 5.0]])


@pytest.mark.parametrize('call, text', [
    (lambda: ops.swapaxes(X, 2, 0), 'axis 2 is out of bounds for an array with dimension 2.'),
    (lambda: ops.swapaxes(X, -3, 0), 'axis -3 is out of bounds for an array with dimension 2.'),
    (lambda: ops.moveaxis(X, 2, 0), 'axis 2 is out of bounds for an array with dimension 2.'),
    (lambda: ops.moveaxis(X, 0, -3), 'axis -3 is out of bounds for an array with dimension 2.'),
    (lambda: ops.cross(np.ones((2, 3)), np.ones((2, 3)), axis=2), 'axis 2 is out of bounds for an array with '
                                                                   'dimension 2.'),
    (lambda: ops.take_along_axis(X, np.ones((2, 3), 'int32'), axis=2), 'axis 2 is out of bounds for an array with '
                                                                        'dimension 2.'),
    (lambda: ops.repeat(X, 2, axis=3), 'axis=3 out of bounds: expected -2<=axis<2'),
    (lambda: ops.reshape(X, (-1, -1)), 'There must be at most one unknown dimension (-1) in `newshape`. Received: '
                                       'newshape=(-1, -1).'),
    (lambda: ops.reshape(X, [-1, -1]), 'There must be at most one unknown dimension (-1) in `newshape`. Received: '
                                       'newshape=(-1, -1).'),
    (lambda: ops.reshape(X, (-2, 3)), 'Each dimension in `newshape` must be a non-negative integer, or `-1` for a '
                                      'single unknown dimension. Received: newshape=(-2, 3).'),
    (lambda: ops.norm(X, ord='foo'), 'Invalid `ord` argument for matrix norm. Received: ord=foo'),
    (lambda: ops.norm(np.ones(3), ord='foo'), 'Invalid `ord` argument for vector norm. Received: ord=foo'),
    (lambda: ops.norm(np.ones((2, 3, 4)), axis=(0, 1, 2)), 'Invalid axis values. Received: axis=(0, 1, 2)'),
    (lambda: ops.norm(np.ones((2, 3, 4))), 'Invalid axis values. Received: axis=(0, 1, 2)'),
    (lambda: ops.norm(X, axis=3), 'All `axis` values must be in the range [-ndim, ndim). Received inputs with '
                                  'ndim=2, while axis=(3,)'),
    (lambda: ops.sparse_categorical_crossentropy(np.ones((2, 3)), np.ones((2, 4))),
     'Argument `output` must have rank (ndim) `target.ndim - 1`. Received: target.shape=(2, 3), '
     'output.shape=(2, 4)'),
    (lambda: ops.sparse_categorical_crossentropy(np.ones((2,)), np.ones((4,))),
     'Argument `output` must have rank (ndim) `target.ndim - 1`. Received: target.shape=(2,), output.shape=(4,)'),
])
def test_keras_value_error_texts(call, text):
    with pytest.raises(ValueError) as info:
        call()
    assert str(info.value) == text


_MATMUL = '{{function_node __wrapped__%s_device_%s}} %s [Op:%s] name: '


@pytest.mark.parametrize('a, b, error, text', [
    (np.ones((2, 3)), 2.0, InvalidArgumentError,
     _MATMUL % ('MatMul', _CPU, 'In[0] and In[1] has different ndims: [2,3] vs. []', 'MatMul')),
    (X, 2.0, InvalidArgumentError, _MATMUL % ('__MklMatMul', _CPU, 'In[1] ndims must be >= 2', 'MatMul')),
    (2.0, X, InvalidArgumentError, _MATMUL % ('__MklMatMul', _CPU, 'In[0] ndims must be >= 2', 'MatMul')),
    (np.ones((2, 2, 3), 'float32'), 2.0, InvalidArgumentError,
     _MATMUL % ('__MklBatchMatMulV2', _CPU, 'In[1] ndims must be >= 2: 0', 'BatchMatMulV2')),
    (np.ones(3, 'float32'), np.float32(2), IndexError, 'list index out of range'),
])
def test_matmul_with_a_scalar_fails_as_keras_on_tf(a, b, error, text, monkeypatch):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '1')
    with pytest.raises(error) as info:
        ops.matmul(a, b)
    assert str(info.value) == text
