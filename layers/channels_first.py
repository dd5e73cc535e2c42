"""``data_format='channels_first'`` for layers that compute channels_last: the input is moved to
(batch, *spatial, channels) and the output back, as Keras 3's TF backend does on CPU for pooling
(TensorFlow's CPU kernels pool channels_last only)."""
from framework.ops import transpose
from .argument_tuples import standardized_data_format


def data_format_option(data_format, who):
    """'channels_last' (also for None) or 'channels_first'.

    Raises:
        ValueError: any other value.
    """
    return 'channels_last' if data_format is None else standardized_data_format(data_format, who)


def to_last(x):
    """(batch, C, *spatial) -> (batch, *spatial, C)."""
    return transpose(x, [0] + list(range(2, x.ndim)) + [1])


def to_first(x):
    """(batch, *spatial, C) -> (batch, C, *spatial)."""
    return transpose(x, [0, x.ndim - 1] + list(range(1, x.ndim - 1)))


def shape_to_last(shape):
    shape = tuple(shape)
    return (shape[0],) + shape[2:] + (shape[1],)


def shape_to_first(shape):
    shape = tuple(shape)
    return (shape[0], shape[-1]) + shape[1:-1]


def as_channels_last(layer, shape):
    """``shape`` of ``layer``'s input (or output) in channels_last order."""
    return shape_to_last(shape) if layer.data_format == 'channels_first' else tuple(shape)


def as_layer_format(layer, shape):
    """A channels_last ``shape`` in ``layer``'s data_format."""
    return shape_to_first(shape) if layer.data_format == 'channels_first' else tuple(shape)


def channel_axis(layer):
    return 1 if layer.data_format == 'channels_first' else -1
