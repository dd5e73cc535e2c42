"""RandAugment (Keras 3.15): ``num_ops`` operations picked at random for the batch from eleven
augmentations (shear, translation, rotation, brightness, colour degeneration, contrast, sharpness,
posterization, solarization, auto-contrast, equalization) and applied in turn.

As Keras draws it, everything comes from the layer's own generator: first the ``num_ops`` picks,
then every one of the eleven layers' random parameters (picked or not), in the order above; an
operation picked twice applies its one draw twice. The sublayers are made as Keras makes them
(each with its own seed generator, so that later layers' initial weights match), and draw from
the RandAugment's.
"""
import numpy as np

from framework.keras import random as keras_random
from framework.tensor import Tensor

from .augment_operations import apply_to_masks, draw, make_operations
from .image_color_more import _base_factor
from .data_inputs import host_array
from .image_layer import AugmentationLayer
from .random_transformation import KerasTransformations

# Keras's _AUGMENT_LAYERS order: the picks index this list
OPERATIONS = ('random_shear', 'random_translation', 'random_rotation', 'random_brightness',
              'random_color_degeneration', 'random_contrast', 'random_sharpness', 'random_posterization',
              'solarization', 'auto_contrast', 'equalization')


class RandAugment(KerasTransformations, AugmentationLayer):
    """Apply ``num_ops`` augmentations chosen at random (one choice per batch) while training.

    Args:
        value_range: the images' (low, high), (0, 255) by default.
        num_ops: how many operations to apply in turn (2).
        factor: their strength, a number f in [0, 1] (ranges (0, f)) or a pair (0.5).
        interpolation: 'bilinear' (default) or 'nearest', for the geometric operations.
        seed: an int for a reproducible stream.
    Images come back float (cast at inference too, as Keras casts them).
    """
    keras_seed_generators = 1
    casts_at_inference = True
    rank_text = 'Expected the input image to be rank 3 or 4. Received inputs.shape=%s'     # Keras 3's
    short_rank_reads = 3      # (its get_random_transformation reads images.shape[-3] first)

    def __init__(self, value_range=(0, 255), num_ops=2, factor=0.5, interpolation='bilinear', seed=None,
                 data_format=None, **kwargs):
        super().__init__(data_format=data_format, seed=seed, **kwargs)
        self.value_range, self.num_ops, self.interpolation = value_range, num_ops, interpolation
        self.factor = _base_factor(factor, bounds=(0, 1))
        make_operations(self, OPERATIONS, value_range, interpolation, kwargs)

    def build(self, input_shape):
        # as Keras: the augmentations are built here, so the layer is not built by running its call
        for name in OPERATIONS:
            getattr(self, name).build(input_shape)
        super().build(input_shape)

    def _draw(self, images, xp):
        picks = keras_random.randint((self.num_ops,), 0, len(OPERATIONS), seed=self.generator).numpy()
        return picks, [draw(getattr(self, name), images, xp) for name in OPERATIONS]

    # Keras 3's augmentation API (random_transformation.py): {'transforms': {operation: its transformation},
    # 'layer_idxes': int32 (num_ops,)}, every operation's drawn from the RandAugment's generator
    def get_random_transformation(self, data, training=True, seed=None):
        return super().get_random_transformation(data, training)        # (Keras ignores the seed given)

    def _keras_transformation(self, drawn, shape):
        picks, draws = drawn
        transforms = {name: (getattr(self, name)._keras_transformation(step, shape) if step is not None else None)
                      for name, step in zip(OPERATIONS, draws)}
        return {'transforms': transforms, 'layer_idxes': Tensor(np.asarray(picks, np.int32))}

    def _drawn_from(self, transformation, batch, height, width):
        steps = transformation['transforms']
        return (host_array(transformation['layer_idxes']).reshape(-1),
                [getattr(self, name)._drawn_from(steps[name], batch, height, width)
                 if steps.get(name) is not None else None for name in OPERATIONS])

    def _apply(self, images, drawn, xp):
        picks, draws = drawn
        for pick in picks:
            layer = getattr(self, OPERATIONS[pick])
            images = layer._apply(images, draws[pick], xp).astype(np.float32, copy=False)
        return images

    def _apply_to_masks(self, masks, drawn, xp):
        picks, draws = drawn
        for pick in picks:
            masks = apply_to_masks(getattr(self, OPERATIONS[pick]), masks, draws[pick], xp)
        return masks

    def _apply_to_boxes(self, boxes, labels, drawn, height, width):
        # Keras moves the boxes once per picked operation, in the operations' order (not the picks')
        picks, draws = drawn
        for index, name in enumerate(OPERATIONS):
            if index in picks:
                boxes, labels = getattr(self, name)._apply_to_boxes(boxes, labels, draws[index], height, width)
        return boxes, labels

    def get_config(self):
        config = super().get_config()
        config.update(value_range=self.value_range, num_ops=self.num_ops, factor=self.factor,
                      interpolation=self.interpolation, seed=self.seed)
        return config
