"""Keras-style layers and models for tapeflow (see issue: training).

``Layer`` is the base class (``build`` / ``call`` / ``add_weight``);
``Sequential`` stacks layers. The submodules ``activations``,
``initializers``, ``regularizers`` and ``constraints`` resolve Keras 3 names.
"""
from . import activations, constraints, initializers, regularizers  # noqa: F401
from .activation_layers import ELU, Activation, LeakyReLU, ReLU, Softmax, ThresholdedReLU
from .batch_normalization import BatchNormalization
from .call_context import current_layer
from .convolution import Conv2D
from .dense import Dense
from .dropout import Dropout
from .flatten import Flatten
from .functional.functional_model import Functional
from .functional.keras_tensor import KerasTensor
from .input_layer import Input, InputLayer
from .input_spec import InputSpec
from .lambda_layer import Lambda
from .layer import Layer
from .model import Model
from .naming import reset_names
from .pooling import (AveragePooling2D, AvgPool2D, GlobalAveragePooling2D, GlobalMaxPooling2D, MaxPool2D,
                      MaxPooling2D)
from .sequential import Sequential
from .serialization import deserialize, serialize

__all__ = ['Activation', 'AveragePooling2D', 'AvgPool2D', 'BatchNormalization', 'Conv2D', 'Dense', 'Dropout', 'ELU', 'Flatten', 'Input', 'InputLayer',
           'GlobalAveragePooling2D', 'GlobalMaxPooling2D', 'InputSpec', 'Lambda', 'Layer', 'LeakyReLU',
           'MaxPool2D', 'MaxPooling2D', 'ReLU', 'Sequential', 'Softmax', 'ThresholdedReLU', 'activations',
           'constraints', 'current_layer', 'deserialize', 'initializers', 'regularizers', 'reset_names',
           'serialize']
__all__ += ['Functional', 'KerasTensor', 'Model']

# Sequence, text and merging layers.
from .conv1d import (AveragePooling1D, AvgPool1D, Conv1D, GlobalAveragePooling1D, GlobalMaxPooling1D,  # noqa: E402
                     MaxPool1D, MaxPooling1D)
from .embedding import Embedding  # noqa: E402
from .reversible_embedding import ReversibleEmbedding  # noqa: E402
from .masking import Masking  # noqa: E402
from .merging import (Add, Average, Concatenate, Maximum, Minimum, Multiply, Subtract, add, average,  # noqa: E402
                      concatenate, maximum, minimum, multiply, subtract)
from .normalization import LayerNormalization  # noqa: E402
from .preprocessing.feature_normalization import Normalization  # noqa: E402
from .rescaling import Rescaling  # noqa: E402
from .recurrent import (GRU, LSTM, RNN, Bidirectional, ConvLSTM1D, ConvLSTM2D, ConvLSTM3D, GRUCell,  # noqa: E402
                        LSTMCell, SimpleRNN, SimpleRNNCell)
from .reshaping import (Cropping1D, Cropping2D, Permute, RepeatVector, Reshape, ZeroPadding1D,  # noqa: E402
                        ZeroPadding2D)

__all__ += ['Add', 'AveragePooling1D', 'AvgPool1D', 'Average', 'Bidirectional', 'Concatenate', 'Conv1D',
            'ConvLSTM1D', 'ConvLSTM2D', 'ConvLSTM3D',
            'Cropping1D', 'Cropping2D', 'Embedding', 'GRU', 'GRUCell', 'GlobalAveragePooling1D',
            'GlobalMaxPooling1D', 'LSTM', 'LSTMCell', 'LayerNormalization', 'MaxPool1D', 'MaxPooling1D', 'Maximum',
            'Minimum', 'Multiply', 'Normalization', 'Permute', 'RNN', 'RepeatVector', 'Rescaling', 'Reshape',
            'SimpleRNN', 'SimpleRNNCell', 'Subtract', 'ZeroPadding1D', 'ZeroPadding2D', 'add', 'average',
            'concatenate', 'maximum', 'minimum', 'multiply', 'subtract']
__all__ += ['Masking']

# Regularization, wrapper, upsampling and attention layers.
from .attention import Attention  # noqa: E402
from .conv2d_transpose import Conv2DTranspose  # noqa: E402
from .dot import Dot  # noqa: E402
from .einsum_dense import EinsumDense  # noqa: E402
from .identity import ActivityRegularization, Identity  # noqa: E402
from .multi_head_attention import MultiHeadAttention  # noqa: E402
from .grouped_query_attention import GroupQueryAttention  # noqa: E402
from .noise import AlphaDropout, GaussianDropout, GaussianNoise  # noqa: E402
from .prelu import PReLU  # noqa: E402
from .spatial_dropout import SpatialDropout1D, SpatialDropout2D, SpatialDropout3D  # noqa: E402
from .time_distributed import TimeDistributed  # noqa: E402
from .unit_normalization import UnitNormalization  # noqa: E402
from .upsampling import UpSampling1D, UpSampling2D  # noqa: E402

__all__ += ['ActivityRegularization', 'AlphaDropout', 'Attention', 'Conv2DTranspose', 'Dot', 'EinsumDense',
            'GaussianDropout', 'GaussianNoise', 'Identity', 'MultiHeadAttention', 'PReLU', 'SpatialDropout1D',
            'SpatialDropout2D', 'SpatialDropout3D', 'TimeDistributed', 'UnitNormalization', 'UpSampling1D',
            'UpSampling2D']
__all__ += ['GroupQueryAttention']

# 3-D, transposed, depthwise, separable and adaptive convolution and pooling layers, with Keras's second names.
from .adaptive_pooling import (AdaptiveAveragePooling1D, AdaptiveAveragePooling2D,  # noqa: E402
                               AdaptiveAveragePooling3D, AdaptiveMaxPooling1D, AdaptiveMaxPooling2D,
                               AdaptiveMaxPooling3D)
from .conv_aliases import *  # noqa: E402,F401,F403
from .conv_aliases import __all__ as _conv_aliases  # noqa: E402
from .conv_nd import Conv1DTranspose, Conv3D, Conv3DTranspose  # noqa: E402
from .depthwise_conv import DepthwiseConv1D, DepthwiseConv2D, SeparableConv1D, SeparableConv2D  # noqa: E402
from .pooling3d import (AveragePooling3D, AvgPool3D, GlobalAveragePooling3D, GlobalMaxPooling3D,  # noqa: E402
                        MaxPool3D, MaxPooling3D)
from .reshaping3d import Cropping3D, UpSampling3D, ZeroPadding3D  # noqa: E402

__all__ += ['AdaptiveAveragePooling1D', 'AdaptiveAveragePooling2D', 'AdaptiveAveragePooling3D',
            'AdaptiveMaxPooling1D', 'AdaptiveMaxPooling2D', 'AdaptiveMaxPooling3D', 'AveragePooling3D', 'AvgPool3D',
            'Conv1DTranspose', 'Conv3D', 'Conv3DTranspose', 'Cropping3D', 'DepthwiseConv1D', 'DepthwiseConv2D',
            'GlobalAveragePooling3D', 'GlobalMaxPooling3D', 'MaxPool3D', 'MaxPooling3D', 'SeparableConv1D',
            'SeparableConv2D', 'UpSampling3D', 'ZeroPadding3D'] + _conv_aliases

# Normalization, attention and wrapper layers.
from .additive_attention import AdditiveAttention  # noqa: E402
from .group_normalization import GroupNormalization  # noqa: E402
from .rms_normalization import RMSNormalization  # noqa: E402
from .spectral_normalization import SpectralNormalization  # noqa: E402
from .stacked_rnn_cells import StackedRNNCells  # noqa: E402
from .tfsm_layer import TFSMLayer  # noqa: E402
from .wrapper import Wrapper  # noqa: E402

__all__ += ['AdditiveAttention', 'GroupNormalization', 'RMSNormalization', 'SpectralNormalization',
            'StackedRNNCells', 'TFSMLayer', 'Wrapper']

# Preprocessing layers: text and categorical lookups, hashing, discretization, image resizing and augmentation.
from .preprocessing import (CategoryEncoding, CenterCrop, Discretization, HashedCrossing, Hashing,  # noqa: E402
                            IntegerLookup, RandomBrightness, RandomContrast, RandomCrop, RandomFlip, RandomRotation,
                            RandomTranslation, RandomZoom, Resizing, StringLookup, TextVectorization)
from .preprocessing import (AutoContrast, Pipeline, RandomColorDegeneration, RandomGrayscale, RandomHue,  # noqa: E402
                            RandomInvert, RandomSaturation, Solarization)
from .preprocessing import CutMix, MixUp, RandomColorJitter, RandomHeight, RandomPosterization, RandomWidth  # noqa: E402
from .preprocessing import (AugMix, ContrastLimitedAdaptiveHistogramEqualization, MaxNumBoundingBoxes,  # noqa: E402
                            RandAugment)
from .preprocessing import (Equalization, RandomElasticTransform, RandomErasing, RandomGaussianBlur,  # noqa: E402
                            RandomPerspective, RandomSharpness, RandomShear)
from .preprocessing import MelSpectrogram, STFTSpectrogram  # noqa: E402

__all__ += ['CategoryEncoding', 'CenterCrop', 'Discretization', 'HashedCrossing', 'Hashing', 'IntegerLookup',
            'RandomBrightness', 'RandomContrast', 'RandomCrop', 'RandomFlip', 'RandomRotation', 'RandomTranslation',
            'RandomZoom', 'Resizing', 'StringLookup', 'TextVectorization']
__all__ += ['AutoContrast', 'Pipeline', 'RandomColorDegeneration', 'RandomGrayscale', 'RandomHue', 'RandomInvert',
            'RandomSaturation', 'Solarization', 'RandomColorJitter', 'RandomPosterization',
            'RandomHeight', 'RandomWidth', 'MixUp', 'CutMix', 'ReversibleEmbedding']
__all__ += ['AugMix', 'ContrastLimitedAdaptiveHistogramEqualization', 'MaxNumBoundingBoxes', 'RandAugment']
__all__ += ['Equalization', 'RandomElasticTransform', 'RandomErasing', 'RandomGaussianBlur', 'RandomPerspective',
            'RandomSharpness', 'RandomShear']
__all__ += ['MelSpectrogram', 'STFTSpectrogram']

# keras.utils.FeatureSpace and the two data layers it adds to a model: here so that saved configs
# naming them are found, but not in __all__ (Keras exports none of them from keras.layers).
from .preprocessing.feature_space import FeatureSpace  # noqa: E402,F401
from .preprocessing.feature_space_specs import TFDConcat, TFDIdentity  # noqa: E402,F401

# Python's argument errors name each public layer as Keras's do (Conv3D.__init__(), not ConvND.__init__())
from framework.own_init_names import own_inits  # noqa: E402
own_inits(globals(), 'layers')
