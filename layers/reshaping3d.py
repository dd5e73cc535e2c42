"""Volumes (batch, depth, rows, cols, channels): UpSampling3D, ZeroPadding3D, Cropping3D."""
from .argument_tuples import standardized_tuple
from .input_spec import InputSpec
from .layer import Layer
from .listed_inputs import as_one_tensor
from .reshaping import _Cropping, _ZeroPadding, _spatial_axes
from .upsampling import _times, float_factor, refuse_float_factor, repeat_axis


class UpSampling3D(Layer):
    """Each voxel repeated size[0], size[1], size[2] times along depth, rows and cols.

    Args:
        size: an int or three factors (default (2, 2, 2)).
        data_format: 'channels_last' (default) or 'channels_first'.
    Raises:
        ValueError: a bad size or data_format.
    """

    def __init__(self, size=(2, 2, 2), data_format=None, **kwargs):
        super().__init__(**kwargs)
        who = 'UpSampling3D %r' % self.name
        self._float_factor = float_factor(size)
        self.size = standardized_tuple(size, 3, 'size', who)
        self._axes, self.data_format = _spatial_axes(data_format, 3, who)
        self.input_spec = InputSpec(ndim=5)

    def call(self, inputs):
        x = as_one_tensor(inputs)
        refuse_float_factor(self._float_factor)
        for axis, factor in zip(self._axes, self.size):
            x = repeat_axis(x, factor, axis)
        return x

    def compute_output_shape(self, input_shape):
        shape = list(input_shape)
        for axis, factor in zip(self._axes, self.size):
            shape[axis] = _times(shape[axis], factor)
        return tuple(shape)

    def get_config(self):
        config = super().get_config()
        config.update(size=self.size, data_format=self.data_format)
        return config


class ZeroPadding3D(_ZeroPadding):
    """Zeros around volumes; ``padding``: an int, three ints, or three (before, after) pairs."""
    rank = 3

    def __init__(self, padding=((1, 1), (1, 1), (1, 1)), data_format=None, **kwargs):
        super().__init__(padding, data_format, **kwargs)


class Cropping3D(_Cropping):
    """Crop volumes; ``cropping``: an int, three ints, or three (before, after) pairs.

    Raises:
        ValueError: a bad cropping, or one as large as the axis it crops.
    """
    rank = 3

    def __init__(self, cropping=((1, 1), (1, 1), (1, 1)), data_format=None, **kwargs):
        super().__init__(cropping, data_format, **kwargs)

    def get_config(self):
        config = super().get_config()
        config['data_format'] = self.data_format
        return config
