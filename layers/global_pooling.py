"""Keras 3's global pooling base: one reduction over every spatial axis of a 1-D, 2-D or 3-D input."""
from .channels_first import data_format_option
from .input_spec import InputSpec
from .layer import Layer


class GlobalPooling(Layer):
    """Reduces the ``spatial_rank`` axes between the batch and channel axes with ``_reduce``
    (keras.ops.mean or max); ``keepdims`` keeps them as ones. Built when made, as in Keras 3."""
    _reduce = None
    spatial_rank = None         # set by the 1-D, 2-D and 3-D bases

    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(**kwargs)
        self.data_format = data_format_option(data_format, '%s %r' % (type(self).__name__, self.name))
        self.keepdims = keepdims        # as given, as Keras 3 keeps it (get_config: 1 stays 1)
        self.input_spec = InputSpec(ndim=self.spatial_rank + 2)
        self.built = True

    def spatial_axes(self):
        """The axes reduced: one int for a 1-D input (Keras's ``axis=1``), a list otherwise."""
        first = 2 if self.data_format == 'channels_first' else 1
        axes = list(range(first, first + self.spatial_rank))
        return axes[0] if self.spatial_rank == 1 else axes

    def call(self, inputs):
        return type(self)._reduce(inputs, axis=self.spatial_axes(), keepdims=self.keepdims)

    def compute_output_shape(self, input_shape):
        first = self.data_format == 'channels_first'
        n, c = input_shape[0], input_shape[1 if first else -1]
        if not self.keepdims:
            return (n, c)
        ones = (1,) * self.spatial_rank
        return (n, c) + ones if first else (n,) + ones + (c,)

    def get_config(self):
        config = super().get_config()
        config.update({'data_format': self.data_format, 'keepdims': self.keepdims})
        return config
