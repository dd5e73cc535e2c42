"""Conv3D / DepthwiseConv2D / SeparableConv2D list Keras 3's own defaults (tuples) in their signatures, as TF 2.21's
inspect.signature shows them; values, configs and positional calls are as before."""
import inspect

import numpy as np
import pytest

from framework import keras

L = keras.layers

# TF 2.21: inspect.signature(keras.layers.Conv3D.__init__) etc.
EXPECTED = {
    'Conv3D': "filters, kernel_size, strides=(1, 1, 1), padding='valid', data_format=None, dilation_rate=(1, 1, 1), "
              "groups=1, activation=None, use_bias=True, kernel_initializer='glorot_uniform', bias_initializer='zeros', "
              "kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None, kernel_constraint=None, "
              "bias_constraint=None, **kwargs",
    'DepthwiseConv2D': "kernel_size, strides=(1, 1), padding='valid', depth_multiplier=1, data_format=None, "
                       "dilation_rate=(1, 1), activation=None, use_bias=True, depthwise_initializer='glorot_uniform', "
                       "bias_initializer='zeros', depthwise_regularizer=None, bias_regularizer=None, "
                       "activity_regularizer=None, depthwise_constraint=None, bias_constraint=None, **kwargs",
    'SeparableConv2D': "filters, kernel_size, strides=(1, 1), padding='valid', data_format=None, dilation_rate=(1, 1), "
                       "depth_multiplier=1, activation=None, use_bias=True, depthwise_initializer='glorot_uniform', "
                       "pointwise_initializer='glorot_uniform', bias_initializer='zeros', depthwise_regularizer=None, "
                       "pointwise_regularizer=None, bias_regularizer=None, activity_regularizer=None, "
                       "depthwise_constraint=None, pointwise_constraint=None, bias_constraint=None, **kwargs",
}
ALIASES = {'Convolution3D': 'Conv3D', 'SeparableConvolution2D': 'SeparableConv2D'}


def _signature_text(cls):
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    return ', '.join('%s=%r' % (p.name, p.default) if p.default is not p.empty
                     else ('**' if p.kind == p.VAR_KEYWORD else '') + p.name for p in params)


@pytest.mark.parametrize('name', sorted(EXPECTED) + sorted(ALIASES))
def test_signature_defaults_are_keras(name):
    assert _signature_text(getattr(L, name)) == EXPECTED[ALIASES.get(name, name)]


@pytest.mark.parametrize('make, strides, dilation', [
    (lambda: L.Conv3D(2, 2), (1, 1, 1), (1, 1, 1)),
    (lambda: L.DepthwiseConv2D(2), (1, 1), (1, 1)),
    (lambda: L.SeparableConv2D(2, 2), (1, 1), (1, 1)),
])
def test_default_config_as_keras(make, strides, dilation):
    config = make().get_config()
    assert (config['strides'], config['dilation_rate']) == (strides, dilation)


def test_positional_arguments_reach_the_same_parameters():
    # TF 2.21: these positional calls give these weights' shapes and these losses
    conv = L.Conv3D(2, 2, 1, 'same', None, 1, 1, None, True, 'ones', 'zeros', keras.regularizers.L2(0.5))
    assert tuple(conv(np.ones((1, 3, 3, 3, 1), 'float32')).shape) == (1, 3, 3, 3, 2)
    assert [float(v) for v in conv.losses] == [8.0]
    dw = L.DepthwiseConv2D(2, 1, 'valid', 2, None, 1, None, True, 'ones', 'zeros', keras.regularizers.L1(0.25))
    assert tuple(dw(np.ones((1, 3, 3, 2), 'float32')).shape) == (1, 2, 2, 4)
    assert [float(v) for v in dw.losses] == [4.0]
    sep = L.SeparableConv2D(3, 2, (2, 2), 'valid', None, (1, 1), 1, None, False, 'ones', 'ones')
    assert np.asarray(sep(np.ones((1, 4, 4, 1), 'float32'))).tolist() == [[[[4.0] * 3] * 2] * 2]
