"""RandomHeight and RandomWidth: Keras 3's legacy layers that stretch a batch's height or
width by a random factor (one draw per call), resizing with ``tf.image.resize``."""
import numpy as np

from framework.keras import random as keras_random
from framework.keras.seed_generator import SeedGenerator
from framework.ops import cast, image
from framework.ops.shapes import shape
from framework.tensor import convert_to_tensor

from ..layer import Layer


class _RandomResize(Layer):
    """Resize axis ``_AXIS`` (counted from the end) by 1 + f, f drawn in (lower, upper)."""
    _allow_non_tensor_positional_args = True      # Keras 3 preprocessing layers take Python values
    _AXIS = None
    _WORD = None            # Keras's messages differ by one word between the two layers

    def __init__(self, factor, interpolation='bilinear', seed=None, **kwargs):
        super().__init__(**kwargs)
        self.seed_generator = SeedGenerator(seed)
        self.factor = factor
        lower, upper = (factor[0], factor[1]) if isinstance(factor, (tuple, list)) else (-factor, factor)
        if upper < lower:
            raise ValueError('`factor` argument cannot have an upper bound %s than the lower bound. Received: factor=%s'
                             % (self._WORD, factor))
        if lower < -1.0 or upper < -1.0:
            raise ValueError('`factor` argument must have values larger than -1. Received: factor=%s' % (factor,))
        self.lower, self.upper = lower, upper
        self.interpolation, self.seed = interpolation, seed

    def call(self, inputs, training=True):
        inputs = convert_to_tensor(inputs, dtype=self.compute_dtype)
        if not training:
            return inputs
        if inputs.ndim < 3:
            # Keras's legacy layer reads tf.shape(inputs)[-3] before its draw: a rank-1 or -2 input meets the
            # StridedSlice kernel's InvalidArgumentError ('slice index -1 of dimension 0 out of bounds.
            # [Op:StridedSlice] name: random_height/strided_slice/'), and the seed generator keeps its state
            shape(inputs)[-3]
        scale = keras_random.uniform((), minval=1.0 + self.lower, maxval=1.0 + self.upper, seed=self.seed_generator)
        size = [int(d) for d in inputs.shape[-3:-1]]
        size[self._AXIS + 3] = int(np.float32(scale.numpy()) * np.float32(size[self._AXIS + 3]))
        return cast(image.resize(inputs, size, method=self.interpolation), self.compute_dtype)

    def compute_output_shape(self, input_shape):
        shape = list(input_shape)
        shape[self._AXIS] = None
        return tuple(shape)

    def get_config(self):
        config = super().get_config()
        config.update(factor=self.factor, interpolation=self.interpolation, seed=self.seed)
        return config


class RandomHeight(_RandomResize):
    """Stretch the height of each training batch by 1 + f, f uniform in ``factor``'s range
    (a number f: (-f, f)); the width stays."""
    _AXIS = -3
    _WORD = 'lesser'
    # tf.keras's legacy class (keras.layers has none): serialized under this module
    _keras_identity = ('keras._legacy.layers', None)


class RandomWidth(_RandomResize):
    """Stretch the width of each training batch by 1 + f, f uniform in ``factor``'s range."""
    _AXIS = -2
    _WORD = 'less'
    _keras_identity = ('keras._legacy.layers', None)       # as RandomHeight's
