"""Keras 3's preprocessing layers: text and categorical lookups, hashing,
discretization, and image resizing, cropping and augmentation."""
from .categorical_encoding import CategoryEncoding
from .discretization import Discretization
from .hashed_crossing import HashedCrossing
from .hashing import Hashing
from .image_augmentation import RandomFlip, RandomRotation, RandomTranslation, RandomZoom
from .image_color import RandomBrightness, RandomContrast
from .image_sizing import CenterCrop, RandomCrop, Resizing
from .lookups import IntegerLookup, StringLookup
from .text_vectorization import TextVectorization

__all__ = ['CategoryEncoding', 'CenterCrop', 'Discretization', 'HashedCrossing', 'Hashing', 'IntegerLookup',
           'RandomBrightness', 'RandomContrast', 'RandomCrop', 'RandomFlip', 'RandomRotation', 'RandomTranslation',
           'RandomZoom', 'Resizing', 'StringLookup', 'TextVectorization']
