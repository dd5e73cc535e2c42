"""RandomGaussianBlur (Keras 3): some images blurred by a Gaussian of random widths."""
import numpy as np

from framework.keras.ops_image_filters import gaussian_blur
from framework.tape import paused
from framework.tensor import Tensor

from .image_color_more import _base_factor
from .image_erasing import _named_range
from .data_inputs import host_array
from .image_layer import AugmentationLayer
from .random_transformation import KerasTransformations


def _kernel_size(size):
    """Keras's (rows, cols) kernel size: one odd number or a pair of odd numbers (kept as given)."""
    message = 'kernel_size must be an odd number. Received: kernel_size=%s' % (size,)
    if isinstance(size, (tuple, list)):
        if len(size) != 2:
            raise ValueError('The `kernel_size` argument should be a number (or a list of two numbers) '
                             'Received: kernel_size=%s' % (size,))
        if size[0] % 2 == 0 or size[1] % 2 == 0:
            raise ValueError(message)
        return size[0], size[1]
    if isinstance(size, (int, float)) and not isinstance(size, bool):
        if size % 2 == 0:
            raise ValueError(message)
        return size, size
    raise ValueError(message)


class RandomGaussianBlur(KerasTransformations, AugmentationLayer):
    """Blur each image with probability drawn in ``factor``, by one Gaussian for the whole
    batch whose two sigmas are drawn in ``sigma``'s range (plus 1e-6), clipped to
    ``value_range``. Keras 3's draws in its order: probability, threshold, sigmas.

    Args:
        factor: a number f in [0, 1] (probabilities in [0, f]) or a pair.
        kernel_size: an odd number or a pair of odd numbers (3).
        sigma: a number s in [0, 1] (sigmas in [0, s]) or a pair.
        value_range: the images' (low, high), (0, 255) by default.
        seed: an int for a reproducible stream.
    """
    falsy_seed_is_none = True       # (Keras 3: `seed = seed or` its generator)
    keras_seed_generators = 1
    casts_at_inference = True
    keeps_masks = True
    rank_text = 'Expected the input image to be rank 3 or 4. Received inputs.shape=%s'     # Keras 3's
    # (its own rank test runs while training: at inference Keras's base call refuses the rank in its own text)

    def __init__(self, factor=1.0, kernel_size=3, sigma=1.0, value_range=(0, 255), data_format=None, seed=None,
                 **kwargs):
        super().__init__(data_format=data_format, seed=seed, **kwargs)
        self.factor = _base_factor(factor, bounds=(0, 1))
        self.kernel_size = _kernel_size(kernel_size)
        self.sigma = _named_range(sigma, 'sigma')
        self.value_range = value_range

    def _draw(self, images, xp):
        count = images.shape[0]
        probability = self._uniform((count,), self.factor[0], self.factor[1], xp)
        blur = self._uniform((count,), 0.0, 1.0, xp) < probability
        sigmas = self._uniform((2,), self.sigma[0], self.sigma[1], np) + np.float32(1e-6)
        return blur, sigmas

    _keys = ('should_apply_blur', 'blur_factor')      # Keras's transformation: (B,) bools, the two sigmas

    def _keras_transformation(self, drawn, shape):
        return {key: Tensor(values) for key, values in zip(self._keys, drawn)}

    def _drawn_from(self, transformation, batch, height, width):
        return tuple(host_array(transformation[key]) for key in self._keys)

    def _apply(self, images, drawn, xp):
        blur, sigmas = drawn
        with paused():
            blurred = gaussian_blur(Tensor(images), self.kernel_size, sigmas)._data
        out = xp.where(blur[:, None, None, None], blurred, images)
        return xp.clip(out, np.float32(self.value_range[0]), np.float32(self.value_range[1]))

    def get_config(self):
        config = super().get_config()
        config.update(factor=self.factor, kernel_size=self.kernel_size, sigma=self.sigma,
                      value_range=self.value_range, seed=self.seed)
        return config
