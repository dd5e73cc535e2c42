"""RandomContrast and RandomBrightness (Keras 3): identity at inference, one random
factor per image while training (also when called without ``training``: Keras 3's
image layers default to True), clipped to ``value_range``."""
import numpy as np

from framework.backend import array_module
from framework.ops import add, cast, clip_by_value, minimum, multiply, reduce_mean, subtract
from framework.tensor import Tensor

from .data_inputs import host_array
from .image_factors import factor_range
from .image_layer import ColourLayer
from .random_transformation import KerasTransformations


def _in_compute_dtype(layer, images):
    """Float ``images`` in the layer's compute dtype, as Keras's image layers cast them (float16 under
    mixed_float16: the colour changes are computed in half precision there)."""
    return images if images._data.dtype == layer.compute_dtype else cast(images, layer.compute_dtype)


def _keras_mean(images, axis):
    """keras.ops.mean over ``axis`` (kept) as Keras computes it on TF: in float32 at least, then cast back."""
    wide = images if images._data.dtype.itemsize >= 4 else cast(images, 'float32')
    mean = reduce_mean(wide, axis=axis, keepdims=True)
    return mean if mean._data.dtype == images._data.dtype else cast(mean, images._data.dtype)


class _PerImageFactor(KerasTransformations):
    """Keras 3's transformation of RandomContrast / RandomBrightness: {key: one factor per image, (B, 1, 1, 1)
    ((1, 1, 1) for a single image)}, zeros while not training."""
    transformation_key = None

    def _idle_transformation(self, shape):
        return self._keras_transformation(np.zeros((shape[0] if len(shape) == 4 else 1, 1, 1, 1), np.float32), shape)

    def _keras_transformation(self, factors, shape):
        return {self.transformation_key: Tensor(factors if len(shape) == 4 else factors[0])}

    def _drawn_from(self, transformation, batch, height, width):
        factors = host_array(transformation[self.transformation_key])
        return factors[None] if factors.ndim == 3 else factors


def _value_range(value_range, who):
    if not isinstance(value_range, (tuple, list)) or len(value_range) != 2:
        if who == 'RandomBrightness':       # Keras 3's check and text (RandomContrast checks at its call)
            raise ValueError('The `value_range` argument should be a list of two numbers. Received: value_range=%s'
                             % (value_range,))
        raise ValueError('%s: value_range must be a pair (low, high); received value_range=%r' % (who, value_range))
    return sorted(value_range)


class RandomContrast(_PerImageFactor, ColourLayer):
    """``(x - mean) * c + mean`` per image and channel (the mean over height and width), c drawn
    in [1 - lower, 1 + upper], then clipped to ``value_range``.

    Args:
        factor: f in [0, 1] or a pair in [0, 1]; as in Keras 3, a single f gives (0, f),
            so c lies in [1, 1 + f].
        value_range: the images' (low, high), (0, 255) by default.
    """
    rank_text = 'Expected the input image to be rank 3 or 4. Received inputs.shape=%s'     # Keras 3's
    rank_text_at_inference = True       # (its get_random_transformation tests the rank in any mode)
    transformation_key = 'contrast_factor'
    refused_kinds = 'biuc'      # Sub of the int images and their float mean, of bools; Mul of complex ones

    def __init__(self, factor, value_range=(0, 255), seed=None, **kwargs):
        # Keras's int bounds: f gives [0, f]
        bounds = self._checked_early(lambda: factor_range(factor, 'factor', 'RandomContrast', bounds=(0, 1)))
        super().__init__(seed=seed, **kwargs)
        self.factor = bounds
        _value_range(value_range, 'RandomContrast')
        self.value_range = value_range

    def _images(self, inputs, as_float=True):
        data = inputs._data if isinstance(inputs, Tensor) else np.asarray(inputs)
        if as_float and data.dtype.kind in self.refused_kinds:
            # TF's own kernel error, which Keras meets: Sub of the images and their float mean ('cannot compute
            # Sub as input #1(zero-based) was expected to be a uint8 tensor ...'), Mul for complex images
            (multiply if data.dtype.kind == 'c' else subtract)(Tensor(data.reshape(-1)[:1]),
                                                               Tensor(np.zeros(1, np.float32)))
        return super()._images(inputs, as_float)

    def _draw(self, images, xp):
        # Keras draws the factors in the compute dtype
        return self._uniform((images.shape[0], 1, 1, 1), 1.0 - self.factor[0], 1.0 + self.factor[1], xp,
                             self.compute_dtype)

    def _taped_apply(self, images, c):
        images = _in_compute_dtype(self, images)
        mean = _keras_mean(_keras_mean(images, 1), 2)
        factor = Tensor(array_module(images._data).asarray(c).astype(images._data.dtype))
        return clip_by_value(add(multiply(subtract(images, mean), factor), mean), *self.value_range)

    def _apply(self, images, c, xp):
        images = _in_compute_dtype(self, Tensor(images))
        # Keras averages over the height, then that over the width (not both at once: other last bits)
        mean = _keras_mean(_keras_mean(images, 1), 2)._data
        images = images._data
        out = (images - mean) * c.astype(images.dtype) + mean
        return xp.clip(out, self.value_range[0], self.value_range[1]).astype(images.dtype)


class RandomBrightness(_PerImageFactor, ColourLayer):
    """Add ``delta * (high - low)`` to each image, delta drawn in the factor range, then clip
    to ``value_range`` = (low, high).

    Args:
        factor: f (delta in [-f, f]) or a pair, within [-1, 1].
        value_range: the images' (low, high), (0, 255) by default.
    """
    rank_text = 'Expected the input image to be rank 3 or 4. Received inputs.shape=%s'     # Keras 3's
    rank_text_at_inference = True       # (its get_random_transformation tests the rank in any mode)
    transformation_key = 'rgb_delta'
    refused_kinds = 'bc'        # AddV2 of bools, Minimum of complex images

    def __init__(self, factor, value_range=(0, 255), seed=None, **kwargs):
        bounds = self._checked_early(lambda: factor_range(factor, 'factor', 'RandomBrightness', none_is_zero=True))
        super().__init__(seed=seed, **kwargs)
        self.factor = bounds
        self.value_range = _value_range(value_range, 'RandomBrightness')

    def _draw(self, images, xp):
        low, high = self.value_range
        return self._uniform((images.shape[0], 1, 1, 1), self.factor[0], self.factor[1], xp) * (high - low)

    def _images(self, inputs, as_float=True):
        # Keras adds the delta to integer images in their own dtype (uint8 stays uint8)
        data = inputs._data if isinstance(inputs, Tensor) else np.asarray(inputs)
        if as_float and data.dtype.kind in self.refused_kinds:
            # TF's own kernel error, which Keras meets: AddV2 of bool images, Minimum (the clip) of complex ones
            first = Tensor(data.reshape(-1)[:1])
            if data.dtype.kind == 'c':
                minimum(first, first)
            else:
                add(first, Tensor(np.zeros(1, np.float32)))
        return super()._images(inputs, as_float and data.dtype.kind not in 'iu')

    def _taped_apply(self, images, delta):
        images = _in_compute_dtype(self, images)
        delta = Tensor(array_module(images._data).asarray(delta).astype(images._data.dtype))
        return clip_by_value(add(images, delta), *self.value_range)

    def _apply(self, images, delta, xp):
        low, high = self.value_range
        if images.dtype.kind in 'iu':
            # Keras casts the delta to the images' dtype (TF's Cast: a negative delta wraps in uint8, -6.3 -> 250)
            # and adds there (wrapping too), then clips to the range cast to that dtype (255 is -1 in int8)
            out = images + cast(Tensor(delta), images.dtype)._data
            low, high = np.array([low, high]).astype(images.dtype)
            return xp.maximum(xp.minimum(out, high), low)
        images = _in_compute_dtype(self, Tensor(images))._data        # (float16 under mixed_float16, as Keras)
        return xp.clip(images + delta.astype(images.dtype), low, high).astype(images.dtype)
