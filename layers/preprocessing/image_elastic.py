"""RandomElasticTransform (Keras 3): some images warped by a smooth random displacement field."""
import numpy as np

from framework.keras.ops_elastic import elastic_transform
from framework.tape import paused
from framework.tensor import Tensor

from . import affine_transform
from .data_inputs import host_array
from .image_color_more import _base_factor
from .image_erasing import _named_range
from .image_layer import AugmentationLayer
from .random_transformation import KerasTransformations

# Keras 3.15's set, listed in its source's order (its message prints the set in hash order)
_FILL_MODES = ('constant', 'nearest', 'wrap', 'mirror', 'reflect')


class RandomElasticTransform(KerasTransformations, AugmentationLayer):
    """Warp each image with probability drawn in ``factor`` by ``keras.ops.image.elastic_transform``,
    its strength d drawn once per batch in ``scale``'s range: alpha = 0.1 d max(H, W) and sigma
    = 0.05 d min(H, W); clipped to ``value_range``. Keras 3's draws in its order: probability,
    threshold, d, then the field's seed (drawn again for segmentation masks, as Keras does).

    Args:
        factor: a number f in [0, 1] (probabilities in [0, f]) or a pair.
        scale: a number s in [0, 1] (strengths in [0, s]) or a pair.
        interpolation: 'bilinear' (default) or 'nearest'.
        fill_mode: 'reflect' (default), 'constant' (``fill_value``), 'nearest', 'wrap' or 'mirror'.
        value_range: the images' (low, high), (0, 255) by default.
        seed: an int for a reproducible stream.
    """
    falsy_seed_is_none = True       # (Keras 3: `seed = seed or` its generator)
    keras_seed_generators = 1
    casts_at_inference = True

    def __init__(self, factor=1.0, scale=1.0, interpolation='bilinear', fill_mode='reflect', fill_value=0.0,
                 value_range=(0, 255), seed=None, data_format=None, **kwargs):
        super().__init__(data_format=data_format, seed=seed, **kwargs)
        self.factor = _base_factor(factor, bounds=(0, 1))
        self.scale = _named_range(scale, 'scale')
        self.interpolation, self.fill_mode, self.fill_value = interpolation, fill_mode, fill_value
        self.value_range = value_range
        if interpolation not in affine_transform.INTERPOLATIONS:
            raise NotImplementedError('Unknown `interpolation` %s. Expected of one %s.'
                                      % (interpolation, affine_transform.INTERPOLATIONS))
        if fill_mode not in _FILL_MODES:
            raise NotImplementedError('Unknown `fill_mode` %s. Expected of one {%s}.'
                                      % (fill_mode, ', '.join(repr(m) for m in _FILL_MODES)))

    def _draw(self, images, xp):
        if self.scale[1] == 0 or self.factor[1] == 0:
            return None                         # Keras draws nothing and keeps the images
        count = images.shape[0]
        probability = self._uniform((count,), self.factor[0], self.factor[1], np)
        warp = self._uniform((count,), 0.0, 1.0, np) < probability
        # (the displacements are drawn when applied, from the generator (or seed) that drew these)
        return warp, self._uniform((), self.scale[0], self.scale[1], np), self._draws_from

    # Keras 3's augmentation API (random_transformation.py): {'apply_transform': (B,), 'distortion_factor': (),
    # 'seed': the seed generator (or seed) the displacements come from}; None while not training or without scale
    def _keras_transformation(self, drawn, shape):
        if drawn is None:
            return None
        warp, strength, seed = drawn
        return {'apply_transform': Tensor(warp), 'distortion_factor': Tensor(np.float32(strength)), 'seed': seed}

    def _drawn_from(self, transformation, batch, height, width):
        if transformation is None:
            return None
        return (host_array(transformation['apply_transform']).reshape(-1),
                host_array(transformation['distortion_factor']).astype(np.float32), transformation['seed'])

    def _apply(self, images, drawn, xp, interpolation=None):
        if drawn is None:
            return images
        warp, strength, seed = drawn
        height, width = images.shape[1:3]
        alpha = np.float32(max(height, width)) * (np.float32(0.1) * strength)
        sigma = np.float32(min(height, width)) * (np.float32(0.05) * strength)
        with paused():
            warped = elastic_transform(Tensor(images.astype(np.float32)), alpha, sigma,
                                       interpolation or self.interpolation, self.fill_mode, self.fill_value,
                                       seed=seed)._data
        out = xp.where(xp.asarray(warp)[:, None, None, None], warped, images)
        return xp.clip(out, np.float32(self.value_range[0]), np.float32(self.value_range[1])).astype(np.float32)

    def _apply_to_masks(self, masks, drawn, xp):
        return self._apply(masks, drawn, xp, 'nearest')

    def _apply_to_boxes(self, boxes, labels, drawn, height, width):
        raise NotImplementedError('%s: Keras 3.15 defines no transform of bounding boxes for RandomElasticTransform'
                                  % (self._who,))

    def get_config(self):
        config = super().get_config()
        config.update(factor=self.factor, scale=self.scale, interpolation=self.interpolation,
                      fill_mode=self.fill_mode, fill_value=self.fill_value, value_range=self.value_range,
                      seed=self.seed)
        return config
