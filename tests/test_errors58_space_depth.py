"""keras.ops.depth_to_space / space_to_depth as Keras 3 runs them on TF 2.21: its data format and
``block_size < 2`` checks, then tf.nn's op (channels first transposed to channels last and back), so bad
shapes raise the DepthToSpace / SpaceToDepth / Transpose kernels' words; and tf.nn's ' name: ' tail, which
a Python list or string input (TF's slow path) drops and a given name fills.
Goldens: TF 2.21 printed them (notes/progs/errors58/d2s.py, d2s3.py, nf.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

ops = keras.ops
KERNEL = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s [Op:%s]%s'


def _block(shape):
    return np.arange(int(np.prod(shape)), dtype=np.float32).reshape(shape)


def _raised(call):
    with pytest.raises(Exception) as info:
        call()
    return type(info.value).__name__, str(info.value)


@pytest.mark.parametrize('op', ['depth_to_space', 'space_to_depth'])
@pytest.mark.parametrize('block_size', [1, 0, -1, True])
@pytest.mark.parametrize('data_format', ['channels_last', 'channels_first', None])
def test_keras_block_size_below_two(op, block_size, data_format):
    assert _raised(lambda: getattr(ops, op)(_block((1, 2, 2, 4)), block_size, data_format=data_format)) == (
        'ValueError', '`block_size` must be at least 2. Received: block_size=%s' % (block_size,))


@pytest.mark.parametrize('op', ['depth_to_space', 'space_to_depth'])
def test_keras_block_size_compared_as_python_does(op):
    f = getattr(ops, op)
    assert _raised(lambda: f(_block((1, 4, 4, 4)), '2')) == (
        'TypeError', "'<' not supported between instances of 'str' and 'int'")
    assert _raised(lambda: f(_block((1, 4, 4, 4)), None)) == (
        'TypeError', "'<' not supported between instances of 'NoneType' and 'int'")
    # the data format is standardized first
    assert _raised(lambda: f(_block((1, 4, 4, 4)), 1, data_format='NHWC')) == (
        'ValueError', "The `data_format` argument must be one of {'channels_first', 'channels_last'}. "
                      'Received: data_format=nhwc')
    for block_size in (2.0, 2.5, np.int64(2), tf.constant(2)):      # tf.nn's make_int truncates
        assert tuple(f(_block((1, 4, 4, 4)), block_size).shape) == ((1, 8, 8, 1) if op == 'depth_to_space'
                                                                    else (1, 2, 2, 16))


@pytest.mark.parametrize('shape, data_format, block_size, kernel, words', [
    ((1, 2, 2, 4), 'channels_last', 3, 'DepthToSpace', 'Input depth dimension 4 should be divisible by: 9'),
    ((1, 2, 2, 4), 'channels_first', 2, 'DepthToSpace', 'Input depth dimension 2 should be divisible by: 4'),
    ((1, 3, 3, 4), 'channels_first', 3, 'DepthToSpace', 'Input depth dimension 3 should be divisible by: 9'),
    ((2, 2, 4), 'channels_last', 2, 'DepthToSpace', 'Input rank should be: 4 instead of: 3'),
    ((1, 1, 2, 2, 4), None, 2, 'DepthToSpace', 'Input rank should be: 4 instead of: 5'),
])
def test_keras_depth_to_space_kernel_words(shape, data_format, block_size, kernel, words):
    assert _raised(lambda: ops.depth_to_space(_block(shape), block_size, data_format=data_format)) == (
        'InvalidArgumentError', KERNEL % (kernel, words, kernel, ' name: '))


@pytest.mark.parametrize('shape, data_format, block_size, words', [
    ((1, 3, 3, 4), 'channels_last', 2, 'Image width 3 and height 3 should be divisible by block_size: 2'),
    ((1, 3, 3, 4), 'channels_first', 2, 'Image width 4 and height 3 should be divisible by block_size: 2'),
    ((1, 2, 2, 4), None, 3, 'Image width 2 and height 2 should be divisible by block_size: 3'),
    ((2, 2, 4), 'channels_last', 2, 'Input rank should be 4 instead of 3'),
    ((1, 1, 2, 2, 4), 'channels_last', 3, 'Input rank should be 4 instead of 5'),
])
def test_keras_space_to_depth_kernel_words(shape, data_format, block_size, words):
    assert _raised(lambda: ops.space_to_depth(_block(shape), block_size, data_format=data_format)) == (
        'InvalidArgumentError', KERNEL % ('SpaceToDepth', words, 'SpaceToDepth', ' name: '))


@pytest.mark.parametrize('op', ['depth_to_space', 'space_to_depth'])
@pytest.mark.parametrize('shape', [(2, 2, 4), (1, 1, 2, 2, 4), (4,)])
def test_keras_channels_first_meets_the_transpose_first(op, shape):
    assert _raised(lambda: getattr(ops, op)(_block(shape), 2, data_format='channels_first')) == (
        'InvalidArgumentError', KERNEL % ('Transpose', 'transpose expects a vector of size %d. But input(1) is a '
                                          'vector of size 4' % len(shape), 'Transpose', ''))


def test_keras_channels_first_values():
    # TF 2.21: space_to_depth of arange((1, 2, 2, 4)) channels first is (1, 8, 1, 2), [0, 2, 8, 10, 1, 3, ...]
    y = ops.space_to_depth(_block((1, 2, 2, 4)), 2, data_format='channels_first')
    assert tuple(y.shape) == (1, 8, 1, 2)
    assert np.asarray(y).ravel()[:6].tolist() == [0.0, 2.0, 8.0, 10.0, 1.0, 3.0]
    assert ops.depth_to_space(np.ones((1, 4, 4, 4), bool), 2).dtype == 'bool'


@pytest.mark.parametrize('op, kernel, words', [
    ('depth_to_space', 'DepthToSpace', 'Input depth dimension 3 should be divisible by: 4'),
    ('space_to_depth', 'SpaceToDepth', 'Image width 3 and height 3 should be divisible by block_size: 2')])
def test_nn_name_tail(op, kernel, words):
    f = getattr(tf.nn, op)
    x = np.ones((1, 3, 3, 3), np.float32)
    assert _raised(lambda: f(x, 2))[1] == KERNEL % (kernel, words, kernel, ' name: ')
    assert _raised(lambda: f(tf.constant(x), 2, name='blk'))[1] == KERNEL % (kernel, words, kernel, ' name: blk')
    assert _raised(lambda: f(x.tolist(), 2))[1] == KERNEL % (kernel, words, kernel, '')      # TF's slow path
    assert _raised(lambda: f(x.tolist(), 2, name='blk'))[1] == KERNEL % (kernel, words, kernel, '')
    rank = ('Input rank should be: 4 instead of: 0' if kernel == 'DepthToSpace'
            else 'Input rank should be 4 instead of 0')
    for text in ('abc', b'abc'):
        assert _raised(lambda: f(text, 2, name='blk'))[1] == KERNEL % (kernel, rank, kernel, '')
    assert _raised(lambda: f(1.0, 2, name='blk'))[1] == KERNEL % (kernel, rank, kernel, ' name: blk')


@pytest.mark.parametrize('given, tail', [(np.ones((1, 3, 3, 3)), ' name: '), (np.ones((1, 3, 3, 3)).tolist(), ''),
                                         ('abc', '')])
def test_nn_no_kernel_tail(given, tail):
    name, text = _raised(lambda: tf.nn.space_to_depth(given, 2, data_format='NCHW'))
    assert name == 'NotFoundError' and text.endswith('data_format in ["NHWC"]\n [Op:SpaceToDepth]' + tail)
    if tail:
        assert _raised(lambda: tf.nn.space_to_depth(given, 2, data_format='NCHW', name='blk'))[1].endswith(
            '[Op:SpaceToDepth] name: blk')
