"""Keras 3's preprocessing layers: text and categorical lookups, hashing,
discretization, and image resizing, cropping and augmentation."""
from .categorical_encoding import CategoryEncoding
from .discretization import Discretization
from .hashed_crossing import HashedCrossing
from .hashing import Hashing
from .image_augmentation import RandomFlip, RandomRotation, RandomTranslation, RandomZoom
from .image_color import RandomBrightness, RandomContrast
from .image_hsv import RandomHue, RandomSaturation
from .image_color_jitter import RandomColorJitter, RandomPosterization
from .pipeline import Pipeline
from .mix_up import CutMix, MixUp
from .random_resize import RandomHeight, RandomWidth
from .image_color_more import AutoContrast, RandomColorDegeneration, RandomGrayscale, RandomInvert, Solarization
from .image_sizing import CenterCrop, RandomCrop, Resizing
from .lookups import IntegerLookup, StringLookup
from .text_vectorization import TextVectorization

__all__ = ['AutoContrast', 'CategoryEncoding', 'CutMix', 'MixUp', 'Pipeline', 'RandomColorJitter', 'RandomHeight', 'RandomHue', 'RandomPosterization', 'RandomWidth',
           'RandomSaturation', 'CenterCrop', 'Discretization', 'HashedCrossing', 'Hashing', 'IntegerLookup',
           'RandomBrightness', 'RandomColorDegeneration', 'RandomContrast', 'RandomCrop', 'RandomFlip', 'RandomGrayscale',
           'RandomInvert', 'RandomRotation', 'RandomTranslation', 'RandomZoom', 'Resizing', 'Solarization', 'StringLookup',
           'TextVectorization']
