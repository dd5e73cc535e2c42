"""RMSNormalization (Keras 3): ``x * rsqrt(mean(x ** 2, axis) + epsilon) * scale``."""
import numpy as np

from framework.ops import cast, reduce_mean, reshape, rsqrt, square

from .layer import Layer


class RMSNormalization(Layer):
    """Divides by the root mean square over ``axis`` and multiplies by a learned
    ``scale`` (initially ones) shaped like those axes (Zhang & Sennrich, 2019).

    Args:
        axis: an int or a list of ints (kept as a sorted list once built, as Keras); ``scale``
            has the sizes of those axes in increasing order (axis=[-1, 1] gives (shape[1], shape[-1])).
        epsilon: added to the mean square.
    Raises:
        ValueError: an axis that is not an int or list of ints, or one out of
            range or of unknown size for the input.
    """

    def __init__(self, axis=-1, epsilon=1e-6, **kwargs):
        super().__init__(**kwargs)
        axes = axis if isinstance(axis, (list, tuple)) else [axis]
        if not axes or any(isinstance(a, bool) or not isinstance(a, (int, np.integer)) for a in axes):
            raise ValueError('RMSNormalization %r: axis must be an int or a list of ints, got %r' % (self.name, axis))
        self.axis = [int(a) for a in axis] if isinstance(axis, (list, tuple)) else int(axis)
        self.epsilon = float(epsilon)
        self.scale = None

    def _axes(self, rank):
        axes = self.axis if isinstance(self.axis, list) else [self.axis]
        if any(not -rank <= a < rank or a % rank == 0 for a in axes):
            raise ValueError('RMSNormalization %r: axis %r is out of range (or the batch axis) for an input of '
                             'rank %d' % (self.name, self.axis, rank))
        return sorted(a % rank for a in axes)

    def build(self, input_shape):
        axes = self._axes(len(input_shape))
        shape = tuple(input_shape[a] for a in axes)
        if None in shape:
            raise ValueError('RMSNormalization %r: the normalized axes %s of the input must have known sizes, got '
                             'shape %s' % (self.name, axes, tuple(input_shape)))
        self.axis = sorted(self.axis) if isinstance(self.axis, list) else [self.axis]      # Keras's form
        self.scale = self.add_weight(name='scale', shape=shape, initializer='ones')
        self.built = True

    def call(self, inputs):
        axes = self._axes(inputs.ndim)
        scale_shape = [1] * inputs.ndim
        for a in axes:
            scale_shape[a] = inputs.shape[a]
        # Keras computes a float16 / bfloat16 input in float32 (its scale read in the compute dtype first, then
        # widened too) and casts the result back
        narrow = inputs.dtype if inputs.dtype in ('float16', 'bfloat16') else None
        x = inputs if narrow is None else cast(inputs, 'float32')
        scale = self.scale if narrow is None else cast(self.scale, 'float32')
        # square(x), as Keras: its gradient 2 * x * g rounds otherwise than x * x's two x * g added
        rms = rsqrt(reduce_mean(square(x), axis=axes, keepdims=True) + self.epsilon)
        out = x * rms * reshape(scale, scale_shape)
        return out if narrow is None else cast(out, narrow)

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)

    def get_config(self):
        config = super().get_config()
        config.update({'axis': self.axis, 'epsilon': self.epsilon})
        return config
