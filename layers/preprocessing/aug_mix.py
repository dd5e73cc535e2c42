"""AugMix (Keras 3.15): ``num_chains`` chains of up to ``chain_depth`` random augmentations, mixed with
Dirichlet weights and blended with the original images by a Beta weight.

Drawn as Keras draws it: the chain weights (gammas over their sum) and the blend weight from the
layer's generator; each chain step's operation picked with Python's ``random.choice`` (a pick of
None skips the step), and the picked operation's parameters then drawn from the layer's generator.
"""
import random as python_random

import numpy as np

from framework.keras import random as keras_random
from framework.ops import reduce_sum
from framework.tensor import Tensor

from .augment_operations import draw, make_operations
from .image_color_more import _base_factor
from .data_inputs import host_array
from .image_layer import AugmentationLayer
from .random_transformation import KerasTransformations

OPERATIONS = ('random_shear', 'random_translation', 'random_rotation', 'random_posterization', 'solarization',
              'auto_contrast', 'equalization')
COLOUR_OPERATIONS = ('random_brightness', 'random_color_degeneration', 'random_contrast', 'random_sharpness')


class AugMix(KerasTransformations, AugmentationLayer):
    """Blend each batch with a Dirichlet-weighted mix of augmentation chains while training.

    Args:
        value_range: the images' (low, high), (0, 255) by default; the result is clipped to it.
        num_chains: chains mixed (3); chain_depth: steps in each (3).
        factor: the operations' strength, f in [0, 1] (ranges (0, f)) or a pair (0.3).
        alpha: the Dirichlet and Beta concentration (1.0).
        all_ops: also brightness, colour degeneration, contrast and sharpness (True).
        interpolation: 'bilinear' (default) or 'nearest', for the geometric operations.
        seed: an int for a reproducible stream (the operation picks use Python's ``random``).
    Images come back float (cast at inference too, as Keras casts them); boxes are kept.
    """
    falsy_seed_is_none = True       # (Keras 3: `seed = seed or` its generator)
    keras_seed_generators = 1
    casts_at_inference = True

    def __init__(self, value_range=(0, 255), num_chains=3, chain_depth=3, factor=0.3, alpha=1.0, all_ops=True,
                 interpolation='bilinear', seed=None, data_format=None, **kwargs):
        super().__init__(data_format=data_format, seed=seed, **kwargs)
        self.value_range, self.num_chains, self.chain_depth = value_range, num_chains, chain_depth
        self.factor = _base_factor(factor, bounds=(0, 1))
        self.alpha, self.all_ops, self.interpolation = alpha, all_ops, interpolation
        self._operations = list(OPERATIONS + COLOUR_OPERATIONS if all_ops else OPERATIONS)
        make_operations(self, self._operations, value_range, interpolation, kwargs)

    def build(self, input_shape):
        # as Keras: the augmentations are built here, so the layer is not built by running its call
        for name in self._operations:
            getattr(self, name).build(input_shape)
        super().build(input_shape)

    def _draw(self, images, xp):
        gammas = keras_random.gamma((self.num_chains,), self.alpha, seed=self._draws_from)
        chain_weights = (gammas / reduce_sum(gammas, axis=-1, keepdims=True)).numpy()
        blend = keras_random.beta((), self.alpha, self.alpha, seed=self._draws_from).numpy()
        chains = []
        for _ in range(self.num_chains):
            steps = []
            for _ in range(self.chain_depth):
                name = python_random.choice(self._operations + [None])
                if name is not None:
                    steps.append((name, draw(getattr(self, name), images, xp)))
            chains.append(steps)
        return np.float32(blend), chain_weights.astype(np.float32), chains

    # Keras 3's augmentation API (random_transformation.py): {'chain_mixing_weights': (num_chains,), 'weight_sample':
    # (), 'chain_transforms': per chain a list of {'layer_name', 'transformation'}}, None while not training
    def _keras_transformation(self, drawn, shape):
        blend, chain_weights, chains = drawn
        return {'chain_mixing_weights': Tensor(chain_weights), 'weight_sample': Tensor(blend),
                'chain_transforms': [[{'layer_name': name, 'transformation': None if step is None else
                                       getattr(self, name)._keras_transformation(step, shape)}
                                      for name, step in steps] for steps in chains]}

    def _drawn_from(self, transformation, batch, height, width):
        def step(name, given):
            return None if given is None else getattr(self, name)._drawn_from(given, batch, height, width)
        chains = [[(link['layer_name'], step(link['layer_name'], link['transformation'])) for link in steps]
                  for steps in transformation['chain_transforms']]
        return (np.float32(host_array(transformation['weight_sample'])),
                host_array(transformation['chain_mixing_weights']).astype(np.float32), chains)

    def _apply(self, images, drawn, xp):
        blend, chain_weights, chains = drawn
        mixed = xp.zeros_like(images)
        for weight, steps in zip(chain_weights, chains):
            chained = images
            for name, step in steps:
                chained = getattr(self, name)._apply(chained, step, xp).astype(np.float32, copy=False)
            mixed = mixed + chained * weight
        out = blend * images + (np.float32(1) - blend) * mixed
        return xp.clip(out, self.value_range[0], self.value_range[1]).astype(np.float32, copy=False)

    def get_config(self):
        config = super().get_config()
        config.update(value_range=self.value_range, num_chains=self.num_chains, chain_depth=self.chain_depth,
                      factor=self.factor, alpha=self.alpha, all_ops=self.all_ops, interpolation=self.interpolation,
                      seed=self.seed)
        return config
