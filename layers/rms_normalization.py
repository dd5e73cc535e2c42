"""RMSNormalization (Keras 3): ``x * rsqrt(mean(x ** 2, axis) + epsilon) * scale``."""
from framework.errors import InvalidArgumentError, without_name_tail
from framework.keras.ops_dtypes import cast_all
from framework.ops import cast, reduce_mean, rsqrt, square

from .failed_build import keep_build
from .layer import Layer


class RMSNormalization(Layer):
    """Divides by the root mean square over ``axis`` and multiplies by a learned
    ``scale`` (initially ones) shaped like those axes (Zhang & Sennrich, 2019).

    As Keras 3 (TF 2.21): the axes are sorted as written (axis=[-1, 1] gives scale (shape[-1], shape[1]))
    and the scale multiplies the normalized input as it is, broadcast against its trailing axes: a scale
    that does not fit them fails in Mul ('Incompatible shapes: [2,3,4] vs. [3]' for axis=1), and
    axis=1 on (B, 3, 3) scales the last axis.

    Args:
        axis: an int or a list of ints (kept as a sorted list once built, as Keras).
        epsilon: added to the mean square.
    Raises:
        IndexError / TypeError: in build, an axis out of range or not an int (Keras indexes the shape).
    """

    def __init__(self, axis=-1, epsilon=1e-6, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis
        self.epsilon = float(epsilon)
        self.scale = None

    def build(self, input_shape):
        input_shape = tuple(input_shape)
        self.axis = sorted(self.axis) if isinstance(self.axis, (list, tuple)) else [self.axis]
        shape = tuple(input_shape[a] for a in self.axis)
        self.scale = self.add_weight(name='scale', shape=shape, initializer='ones')
        self.built = True

    def call(self, x):
        # Keras computes in result_type(x.dtype, 'float32'): a float16 / bfloat16 / integer / bool input in float32
        # (its scale read in the compute dtype first, then widened too), and casts the result back (an int32 input
        # gives int32, truncated)
        if x._data.dtype.kind in 'OSU':
            try:        # keras.ops.rms_normalization's type promotion refuses strings, after the build (kept)
                cast_all([x, self.scale], 'rms_normalization')
            except ValueError as error:
                raise keep_build(error) from None
        narrow = None if x.dtype in ('float32', 'float64') else x.dtype
        wide = x if narrow is None else cast(x, 'float32')
        scale = self.scale if narrow is None else cast(self.scale, 'float32')
        # square(x), as Keras: its gradient 2 * x * g rounds otherwise than x * x's two x * g added
        normalized = wide * rsqrt(reduce_mean(square(wide), axis=self.axis, keepdims=True) + self.epsilon)
        try:
            out = normalized * scale
        except InvalidArgumentError as error:       # Keras's ops.multiply: its text ends at '[Op:Mul]'
            raise without_name_tail(error) from None
        return out if narrow is None else cast(out, narrow)

    def compute_output_shape(self, input_shape):
        return input_shape          # as given (a list stays a list), as Keras 3's

    def get_config(self):
        config = super().get_config()
        config.update({'axis': self.axis, 'epsilon': self.epsilon})
        return config
