"""The augmentations RandAugment and AugMix choose from, made as Keras 3.15 makes them: each from
the owner's factor (a pair in [0, 1]), value_range, interpolation and seed, each with its own seed
generator (made in the owner's order, so that later layers' initial weights match Keras's), but
drawing from the owner's generator, as Keras passes the owner's seed to their draws."""
from .image_augmentation import RandomRotation, RandomTranslation
from .image_color import RandomBrightness, RandomContrast
from .image_color_jitter import RandomPosterization
from .image_color_more import AutoContrast, RandomColorDegeneration, Solarization
from .image_equalization import Equalization
from .image_layer import AugmentationLayer
from .image_sharpness import RandomSharpness
from .image_shear import RandomShear


def _makers(factor, value_range, interpolation, seed, kwargs):
    seeded = dict(kwargs, seed=seed)
    coloured = dict(seeded, value_range=value_range)
    return {
        'random_shear': lambda: RandomShear(x_factor=factor, y_factor=factor, interpolation=interpolation, **seeded),
        'random_translation': lambda: RandomTranslation(factor, factor, interpolation=interpolation, **seeded),
        'random_rotation': lambda: RandomRotation(factor, interpolation=interpolation, **seeded),
        'random_brightness': lambda: RandomBrightness(factor, **coloured),
        'random_color_degeneration': lambda: RandomColorDegeneration(factor, **coloured),
        'random_contrast': lambda: RandomContrast(factor, **coloured),
        'random_sharpness': lambda: RandomSharpness(factor, **coloured),
        'solarization': lambda: Solarization(addition_factor=factor, threshold_factor=factor, **coloured),
        'random_posterization': lambda: RandomPosterization(max(1, int(8 * factor[1])), **coloured),
        'auto_contrast': lambda: AutoContrast(value_range=value_range, **kwargs),
        'equalization': lambda: Equalization(value_range=value_range, **kwargs),
    }


def make_operations(owner, names, value_range, interpolation, kwargs):
    """Set ``owner.<name>`` for each of ``names``, in that order, drawing from ``owner.generator``."""
    makers = _makers(owner.factor, value_range, interpolation, owner.seed, dict(kwargs, data_format=owner.data_format))
    for name in names:
        setattr(owner, name, makers[name]())
        getattr(owner, name).draw_from(owner)


def draw(layer, images, xp):
    """``layer``'s random choices for ``images`` (AutoContrast, no AugmentationLayer, draws none)."""
    return layer._draw(images, xp) if isinstance(layer, AugmentationLayer) else None


def apply_to_masks(layer, masks, drawn, xp):
    return layer._apply_to_masks(masks, drawn, xp) if isinstance(layer, AugmentationLayer) else masks
