"""Keras 3's DepthToSpace / SpaceToDepth on KerasTensors: keras.ops' own checks (the data format, then
``block_size < 2``), then the Operation's compute_output_spec, in Keras's words ("The number of channels (3)
must be divisible by block_size**2 (4).", "`space_to_depth` requires a 4D input tensor. ...").
Keras states the output shape by arithmetic, so an axis it cannot know stays None (channels None in, None
out), where stand-in runs would guess a length; a float block_size gives float lengths, which the KerasTensor's
shape refuses ("Cannot convert '(None, 12.0, 12.0, 9.0)' to a shape. ...")."""
from framework.keras.data_format import standardize_data_format
from layers.input_spec import standardize_shape

from .keras_tensor import KerasTensor


def _checked(op, x, config):
    data_format = standardize_data_format(config.get('data_format'), 'keras.ops.' + op)
    block_size = config.get('block_size')
    if block_size < 2:
        raise ValueError('`block_size` must be at least 2. Received: block_size=%s' % (block_size,))
    if len(x.shape) != 4:
        raise ValueError('`%s` requires a 4D input tensor. Received: x.shape=%s' % (op, x.shape))
    last = data_format == 'channels_last'
    b, h, w, c = x.shape if last else (x.shape[0], x.shape[2], x.shape[3], x.shape[1])
    return block_size, last, b, h, w, c


def _spec(shape, last, dtype):
    b, h, w, c = shape
    return KerasTensor(standardize_shape((b, h, w, c) if last else (b, c, h, w)), dtype)


def depth_to_space_spec(x, config):
    if type(x) is not KerasTensor:
        return None
    size, last, b, h, w, c = _checked('depth_to_space', x, config)
    if c is not None and c % (size ** 2) != 0:
        raise ValueError('The number of channels (%s) must be divisible by block_size**2 (%s).' % (c, size ** 2))
    return _spec((b, None if h is None else h * size, None if w is None else w * size,
                  None if c is None else c // (size ** 2)), last, x.dtype)


def space_to_depth_spec(x, config):
    if type(x) is not KerasTensor:
        return None
    size, last, b, h, w, c = _checked('space_to_depth', x, config)
    if h is not None and h % size != 0:
        raise ValueError('Height (%s) must be divisible by block_size (%s).' % (h, size))
    if w is not None and w % size != 0:
        raise ValueError('Width (%s) must be divisible by block_size (%s).' % (w, size))
    return _spec((b, None if h is None else h // size, None if w is None else w // size,
                  None if c is None else c * size ** 2), last, x.dtype)
