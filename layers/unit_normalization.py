"""UnitNormalization: scale each sample to unit L2 norm along some axes."""
from framework.errors import noted
from framework.ops import cast, minimum, reduce_sum, rsqrt, square

from .layer import Layer

_EPSILON = 1e-12


def unit_normalize(x, axis):
    """``x * min(1 / sqrt(sum x**2), 1 / epsilon)`` over ``axis`` (Keras 3's
    ``ops.normalize``; note the cap is 1e12, where tf.math.l2_normalize's is 1e6). square(x), as Keras:
    its gradient 2 * x * g rounds otherwise than x * x's two x * g added. Keras's ops.square squares
    bools as int32, so bool inputs meet TF 2.21's error at Rsqrt (int32), as there."""
    squared = square(cast(x, 'int32') if getattr(x, 'dtype', None) == 'bool' else x)
    return x * minimum(rsqrt(reduce_sum(squared, axis, keepdims=True)), 1.0 / _EPSILON)


class UnitNormalization(Layer):
    """Divides each sample by its L2 norm over ``axis``.

    Args:
        axis: an int or a list of ints (default -1, the features).
    Raises:
        TypeError: axis neither an int nor a list/tuple of ints.
        ValueError: (compute_output_shape, a symbolic call) an axis beyond the input's rank.
        InvalidArgumentError: (an eager call) the same, from the Sum kernel, as TF.
    """
    supports_masking = True

    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        if isinstance(axis, (list, tuple)) and all(isinstance(a, int) and not isinstance(a, bool) for a in axis):
            self.axis = list(axis)
        elif isinstance(axis, int) and not isinstance(axis, bool):
            self.axis = axis
        else:
            error = TypeError('Invalid value for `axis` argument: expected an int or a list/tuple '
                              'of ints. Received: axis=%s' % (axis,))        # Keras 3's
            error.add_note('UnitNormalization: axis is an int or a list of ints')
            raise error
        self.built = True

    def call(self, inputs):
        # an axis the input lacks: the Sum kernel's InvalidArgumentError, as TF 2.21 ('Invalid reduction dimension')
        axis = tuple(self.axis) if isinstance(self.axis, list) else self.axis
        return unit_normalize(inputs, axis)

    def _check_axes(self, shape):
        for axis in self.axis if isinstance(self.axis, list) else [self.axis]:
            if not -len(shape) <= axis < len(shape):        # Keras 3's compute_output_shape
                raise noted(ValueError('Axis %s is out of bounds for input shape %s.' % (self.axis, shape)),
                            'UnitNormalization %r' % self.name)

    def compute_output_shape(self, input_shape):
        self._check_axes(tuple(input_shape))
        return input_shape

    def get_config(self):
        config = super().get_config()
        config['axis'] = self.axis
        return config
