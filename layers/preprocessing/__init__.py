"""Keras 3's preprocessing layers: text and categorical lookups, hashing,
discretization, image resizing, cropping, colour and mixing augmentations, and audio spectrograms."""
from .aug_mix import AugMix
from .categorical_encoding import CategoryEncoding
from .clahe import ContrastLimitedAdaptiveHistogramEqualization
from .discretization import Discretization
from .hashed_crossing import HashedCrossing
from .hashing import Hashing
from .image_augmentation import RandomFlip, RandomRotation, RandomTranslation, RandomZoom
from .image_color import RandomBrightness, RandomContrast
from .image_color_jitter import RandomColorJitter, RandomPosterization
from .image_color_more import AutoContrast, RandomColorDegeneration, RandomGrayscale, RandomInvert, Solarization
from .image_blur import RandomGaussianBlur
from .image_elastic import RandomElasticTransform
from .image_equalization import Equalization
from .image_erasing import RandomErasing
from .image_hsv import RandomHue, RandomSaturation
from .image_perspective import RandomPerspective
from .image_sharpness import RandomSharpness
from .image_shear import RandomShear
from .image_sizing import CenterCrop, RandomCrop, Resizing
from .lookups import IntegerLookup, StringLookup
from .max_num_boxes import MaxNumBoundingBoxes
from .mel_spectrogram import MelSpectrogram
from .cut_mix import CutMix
from .mix_up import MixUp
from .pipeline import Pipeline
from .rand_augment import RandAugment
from .random_resize import RandomHeight, RandomWidth
from .stft_spectrogram import STFTSpectrogram
from .text_vectorization import TextVectorization

__all__ = ['AugMix', 'AutoContrast', 'CategoryEncoding', 'CenterCrop', 'ContrastLimitedAdaptiveHistogramEqualization',
           'CutMix', 'Discretization', 'Equalization', 'HashedCrossing', 'Hashing', 'IntegerLookup',
           'MaxNumBoundingBoxes', 'MelSpectrogram', 'MixUp', 'Pipeline', 'RandAugment', 'RandomBrightness',
           'RandomColorDegeneration', 'RandomColorJitter', 'RandomContrast', 'RandomCrop', 'RandomElasticTransform', 'RandomErasing',
           'RandomFlip', 'RandomGaussianBlur', 'RandomGrayscale', 'RandomHeight', 'RandomHue', 'RandomInvert',
           'RandomPerspective', 'RandomPosterization', 'RandomRotation', 'RandomSaturation', 'RandomSharpness', 'RandomShear',
           'RandomTranslation', 'RandomWidth', 'RandomZoom', 'Resizing', 'STFTSpectrogram', 'Solarization',
           'StringLookup', 'TextVectorization']
