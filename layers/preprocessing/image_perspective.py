"""RandomPerspective (Keras 3): some images warped by moving their four corners."""
import numpy as np

from framework.keras.bounding_boxes.formats import convert_array
from framework.keras.bounding_boxes.geometry import clip_array
from framework.keras.ops_perspective import homography
from framework.ops.eigen_lu_solve import lu_solve
from framework.tensor import Tensor

from . import affine_transform
from .image_color_more import _base_factor
from .data_inputs import host_array
from .image_layer import AugmentationLayer
from .random_transformation import KerasTransformations


class RandomPerspective(KerasTransformations, AugmentationLayer):
    """Warp each image with probability drawn in ``factor``: each corner moves by a random
    fraction in [-scale/2, scale/2) of its own coordinates, and the image is resampled through
    the homography taking the moved corners back (outside: ``fill_value``). Keras 3's draws in
    its order: probability, threshold, the (batch, 4, 2) corner fractions.

    Args:
        factor: a number f in [0, 1] (probabilities in [0, f]) or a pair.
        scale: the largest corner move, in [0, 1] (1.0).
        interpolation: 'bilinear' (default) or 'nearest'.
        fill_value: the value read outside the image (0.0).
        seed: an int for a reproducible stream.

    Raises:
        ValueError: a scale outside [0, 1].
        NotImplementedError: an unknown interpolation (Keras's class).
    """
    falsy_seed_is_none = True       # (Keras 3: `seed = seed or` its generator)
    keras_seed_generators = 1
    casts_at_inference = True

    @property
    def short_rank_reads(self):      # (Keras 3.15's get_random_transformation reads the height, shape[-3] or [-2])
        return 3 if self.data_format == 'channels_last' else 2

    def __init__(self, factor=1.0, scale=1.0, interpolation='bilinear', fill_value=0.0, seed=None, data_format=None,
                 **kwargs):
        super().__init__(data_format=data_format, seed=seed, **kwargs)
        self.factor = _base_factor(factor, bounds=(0, 1))
        self.scale, self.fill_value, self.interpolation = scale, fill_value, interpolation
        if scale < 0.0 or scale > 1.0:
            raise ValueError('The `scale` argument should be a number in the range [0,1]. Received: scale=%s'
                             % (scale,))
        if interpolation not in affine_transform.INTERPOLATIONS:
            raise NotImplementedError('Unknown `interpolation` %s. Expected of one %s.'
                                      % (interpolation, affine_transform.INTERPOLATIONS))

    def _draw(self, images, xp):
        count, height, width = images.shape[:3]
        probability = self._uniform((count,), self.factor[0], self.factor[1], np)
        warp = self._uniform((count,), 0.0, 1.0, np) < probability
        moves = self._uniform((count, 4, 2), -0.5 * self.scale, 0.5 * self.scale, np)
        corners = np.array([[0.0, 0.0], [width - 1, 0.0], [0.0, height - 1], [width - 1, height - 1]], np.float32)
        start = np.repeat(corners[None], count, axis=0)
        return self._warps(warp, start, start + start * moves)

    @staticmethod
    def _warps(warp, start, end):
        """(whether each image warps, the (B, 8) transforms, the corners' start and end points)."""
        transforms = homography(start, end) if len(start) else np.zeros((0, 8), np.float32)
        return warp, transforms, start, end

    # Keras 3's augmentation API (random_transformation.py)
    def _keras_transformation(self, drawn, shape):
        warp, _, start, end = drawn
        return {'apply_perspective': Tensor(warp), 'start_points': Tensor(start), 'end_points': Tensor(end),
                'input_shape': shape}

    def _drawn_from(self, transformation, batch, height, width):
        start, end = (host_array(transformation[key]).astype(np.float32) for key in ('start_points', 'end_points'))
        return self._warps(host_array(transformation['apply_perspective']), start, end)

    def _apply(self, images, drawn, xp, interpolation=None):
        warp, transforms = drawn[:2]
        warped = affine_transform.transform(images, xp.asarray(transforms), interpolation or self.interpolation,
                                            'constant', self.fill_value)
        return xp.where(xp.asarray(warp)[:, None, None, None], warped, images)

    def _apply_to_masks(self, masks, drawn, xp):
        return self._apply(masks, drawn, xp, 'nearest')

    def _apply_to_boxes(self, boxes, labels, drawn, height, width):
        """Each box's corners mapped through the inverse of the images' transform, the box around
        them, clipped: Keras 3.15's steps, which leave the boxes in 'xyxy' whatever their format."""
        warp, transforms = drawn[:2]
        boxes = convert_array(boxes, self.bounding_box_format, 'xyxy', height, width)
        count = boxes.shape[0]
        matrices = np.concatenate([transforms, np.ones((count, 1), np.float32)], -1).reshape(count, 3, 3)
        inverses = lu_solve(matrices, np.broadcast_to(np.eye(3, dtype=np.float32), (count, 3, 3)))
        x0, y0, x1, y1 = (boxes[..., i] for i in range(4))
        xs, ys = [], []
        for x, y in ((x0, y0), (x1, y1), (x0, y1), (x1, y0)):
            # each row of the inverse times (x, y, 1), summed left to right in float32
            mapped = [(inverses[:, r, 0, None] * x + inverses[:, r, 1, None] * y) + inverses[:, r, 2, None]
                      for r in range(3)]
            xs.append(mapped[0] / mapped[2])
            ys.append(mapped[1] / mapped[2])
        xs, ys = np.stack(xs, -1), np.stack(ys, -1)
        moved = np.stack([xs.min(-1), ys.min(-1), xs.max(-1), ys.max(-1)], -1).astype(np.float32)
        boxes = np.where(warp[:, None, None], moved, boxes)
        return clip_array(boxes, labels, height, width)

    def get_config(self):
        config = super().get_config()
        config.update(factor=self.factor, scale=self.scale, interpolation=self.interpolation,
                      fill_value=self.fill_value, seed=self.seed)
        return config
