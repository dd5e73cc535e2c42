"""MixUp (Keras 3): each image blended with another of its batch, and its label likewise.

The partner order is one ``keras.random.shuffle`` of the batch and the weights are
``keras.random.beta(alpha, alpha)`` draws, both from the layer's generator, as Keras draws
them; ``{'images': ..., 'labels': ...}`` inputs mix both, plain image batches the images.
"""
import numpy as np

from framework.backend import array_module
from framework.keras import random as keras_random
from framework.tensor import Tensor

from .image_layer import ImageLayer


class MixUp(ImageLayer):
    """``w * x + (1 - w) * x[perm]`` per image (and label), w ~ Beta(alpha, alpha).

    Args:
        alpha: the Beta distribution's two parameters (0.2 by default).
    """
    keras_seed_generators = 1

    def __init__(self, alpha=0.2, data_format=None, seed=None, **kwargs):
        super().__init__(data_format=data_format, seed=seed, **kwargs)
        self.alpha = alpha
        self._keeps_composite_inputs = False

    def call(self, data, training=True):
        images = data['images'] if isinstance(data, dict) else data
        batched = len(images.shape) == 4
        count = images.shape[0] if batched else 1
        permutation = keras_random.shuffle(np.arange(count, dtype=np.int64), seed=self.generator).numpy()
        weight = keras_random.beta((count,), self.alpha, self.alpha, seed=self.generator).numpy()
        if not training:
            return data
        if not isinstance(data, dict):
            return self._mixed_images(images, permutation, weight)
        data['images'] = self._mixed_images(images, permutation, weight)
        if 'labels' in data:
            labels = data['labels']
            raw = labels._data if isinstance(labels, Tensor) else np.asarray(labels)
            if not batched:
                return data          # one image has no partner: Keras leaves its label as it is
            xp = array_module(raw)
            w = xp.asarray(weight.reshape(-1, 1), dtype=raw.dtype if raw.dtype.kind == 'f' else np.float32)
            data['labels'] = Tensor(w * raw + (1.0 - w) * xp.take(raw, xp.asarray(permutation), axis=0))
        return data

    def _mixed_images(self, images, permutation, weight):
        array, restore = self._images(images)
        xp = array_module(array)
        w = xp.asarray(weight.reshape(-1, 1, 1, 1), dtype=array.dtype)
        return restore(w * array + (1.0 - w) * xp.take(array, xp.asarray(permutation), axis=0))

    def get_config(self):
        config = super().get_config()
        config.update(alpha=self.alpha, seed=self.seed)
        return config
