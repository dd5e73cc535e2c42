"""keras.ops.depth_to_space / space_to_depth on KerasTensors as Keras 3.15 on TF 2.21: keras.ops' checks (data
format, ``block_size < 2``), then DepthToSpace / SpaceToDepth.compute_output_spec's words and shapes (an axis it
cannot know stays None; a float block_size gives float lengths the KerasTensor refuses).
Goldens: TF 2.21 printed them (notes/progs/errors58/d2s2.py, symbs.py)."""
import numpy as np
import pytest

from framework import keras

ops = keras.ops
FORMAT = ("The `data_format` argument must be one of {'channels_first', 'channels_last'}. "
          'Received: data_format=bad')


def _raised(call):
    with pytest.raises(Exception) as info:
        call()
    return type(info.value).__name__, str(info.value)


@pytest.mark.parametrize('op', ['depth_to_space', 'space_to_depth'])
def test_keras_checks_first(op):
    f = getattr(ops, op)
    for block_size in (1, 0):
        assert _raised(lambda: f(keras.Input((6, 6, 36)), block_size)) == (
            'ValueError', '`block_size` must be at least 2. Received: block_size=%d' % block_size)
        assert _raised(lambda: f(keras.Input((6, 6, 36)), block_size, data_format='bad')) == ('ValueError', FORMAT)
    assert _raised(lambda: f(keras.Input((6, 6)), 1)) == (
        'ValueError', '`block_size` must be at least 2. Received: block_size=1')
    assert _raised(lambda: f(keras.Input((6, 6, 36)), '2')) == (
        'TypeError', "'<' not supported between instances of 'str' and 'int'")
    assert _raised(lambda: f(keras.Input((6, 6, 36)), None, data_format='channels_first')) == (
        'TypeError', "'<' not supported between instances of 'NoneType' and 'int'")
    assert _raised(lambda: f(keras.Input((6, 6)), 2)) == (
        'ValueError', '`%s` requires a 4D input tensor. Received: x.shape=(None, 6, 6)' % op)


@pytest.mark.parametrize('shape, data_format, block_size, text', [
    ((6, 6, 36), 'channels_last', 2.5, 'The number of channels (36) must be divisible by block_size**2 (6.25).'),
    ((6, 6, 36), 'channels_first', 2.5, 'The number of channels (6) must be divisible by block_size**2 (6.25).'),
    ((6, 6, 36), 'channels_first', 3, 'The number of channels (6) must be divisible by block_size**2 (9).'),
    ((4, None, 3), 'channels_last', 2, 'The number of channels (3) must be divisible by block_size**2 (4).'),
    ((6, 6, 36), 'channels_last', 2.0, "Cannot convert '(None, 12.0, 12.0, 9.0)' to a shape. Found invalid "
                                       "dimension '12.0' of type '<class 'float'>'. "),
])
def test_depth_to_space_spec_errors(shape, data_format, block_size, text):
    assert _raised(lambda: ops.depth_to_space(keras.Input(shape), block_size, data_format=data_format)) == (
        'ValueError', text)


@pytest.mark.parametrize('shape, data_format, block_size, text', [
    ((6, 6, 36), 'channels_last', 2.5, 'Height (6) must be divisible by block_size (2.5).'),
    ((None, 3, 4), 'channels_first', 2, 'Height (3) must be divisible by block_size (2).'),
    ((2, 2, 3), 'channels_first', 2, 'Width (3) must be divisible by block_size (2).'),
    ((6, 6, 36), 'channels_last', 3.0, "Cannot convert '(None, 2.0, 2.0, 324.0)' to a shape. Found invalid "
                                       "dimension '2.0' of type '<class 'float'>'. "),
])
def test_space_to_depth_spec_errors(shape, data_format, block_size, text):
    assert _raised(lambda: ops.space_to_depth(keras.Input(shape), block_size, data_format=data_format)) == (
        'ValueError', text)


@pytest.mark.parametrize('op, shape, data_format, expected', [
    ('depth_to_space', (None, None, None), 'channels_last', (None, None, None, None)),
    ('depth_to_space', (None, None, None), 'channels_first', (None, None, None, None)),
    ('depth_to_space', (None, 4, 4), 'channels_first', (None, None, 8, 8)),
    ('depth_to_space', (None, 3, 4), 'channels_first', (None, None, 6, 8)),
    ('depth_to_space', (4, None, 16), 'channels_last', (None, 8, None, 4)),
    ('space_to_depth', (None, 4, 4), 'channels_first', (None, None, 2, 2)),
    ('space_to_depth', (4, None, 3), 'channels_last', (None, 2, None, 12)),
    ('space_to_depth', (4, None, 16), 'channels_last', (None, 2, None, 64)),
])
def test_spec_shapes(op, shape, data_format, expected):
    assert getattr(ops, op)(keras.Input(shape), 2, data_format=data_format).shape == expected


def test_spec_dtype_batch_and_model():
    assert ops.depth_to_space(keras.Input((4, 4, 4), dtype='int32'), 2).dtype == 'int32'
    assert ops.space_to_depth(keras.Input((4, 4, 4), batch_size=3), np.int64(2)).shape == (3, 2, 2, 16)
    inputs = keras.Input((4, 4, 4))
    model = keras.Model(inputs, ops.depth_to_space(inputs, 2))
    assert tuple(model(np.ones((1, 4, 4, 4), 'float32')).shape) == (1, 8, 8, 1)
