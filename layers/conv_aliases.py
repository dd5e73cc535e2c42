"""Keras 3's second names for convolution and global pooling layers, and the ``dot`` function."""
from .conv1d import Conv1D, GlobalAveragePooling1D, GlobalMaxPooling1D
from .conv2d_transpose import Conv2DTranspose
from .conv_nd import Conv1DTranspose, Conv3D, Conv3DTranspose
from .convolution import Conv2D
from .depthwise_conv import SeparableConv1D, SeparableConv2D
from .dot import Dot
from .pooling import GlobalAveragePooling2D, GlobalMaxPooling2D
from .pooling3d import GlobalAveragePooling3D, GlobalMaxPooling3D

Convolution1D, Convolution2D, Convolution3D = Conv1D, Conv2D, Conv3D
Convolution1DTranspose, Convolution2DTranspose, Convolution3DTranspose = Conv1DTranspose, Conv2DTranspose, \
    Conv3DTranspose
SeparableConvolution1D, SeparableConvolution2D = SeparableConv1D, SeparableConv2D
GlobalAvgPool1D, GlobalAvgPool2D, GlobalAvgPool3D = GlobalAveragePooling1D, GlobalAveragePooling2D, \
    GlobalAveragePooling3D
GlobalMaxPool1D, GlobalMaxPool2D, GlobalMaxPool3D = GlobalMaxPooling1D, GlobalMaxPooling2D, GlobalMaxPooling3D


def dot(inputs, axes=-1, **kwargs):
    """The functional form of ``Dot``: ``Dot(axes, **kwargs)(inputs)`` (``normalize`` goes in kwargs)."""
    return Dot(axes=axes, **kwargs)(inputs)


__all__ = ['Convolution1D', 'Convolution1DTranspose', 'Convolution2D', 'Convolution2DTranspose', 'Convolution3D',
           'Convolution3DTranspose', 'GlobalAvgPool1D', 'GlobalAvgPool2D', 'GlobalAvgPool3D', 'GlobalMaxPool1D',
           'GlobalMaxPool2D', 'GlobalMaxPool3D', 'SeparableConvolution1D', 'SeparableConvolution2D', 'dot']
