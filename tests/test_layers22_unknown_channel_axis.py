"""Convolutions built on an input whose channel axis is None fail as Keras 3's builds do on TF 2.21:
Conv3D in its `channels % groups` check (as Conv1D / Conv2D), Conv1DTranspose / Conv3DTranspose in the
Variable's shape refusal (as Conv2DTranspose), DepthwiseConv / SeparableConv in `depth_multiplier * channels`
(DepthwiseConv's compute_output_shape too). Texts: TF 2.21 (probe layers22/p5.py)."""
import pytest

from framework import keras

L = keras.layers

MODULO = "unsupported operand type(s) for %: 'NoneType' and 'int'"
PRODUCT = "unsupported operand type(s) for *: 'int' and 'NoneType'"


def _shape_refusal(shape, path):
    return ("Shapes used to initialize variables must be fully-defined (no `None` dimensions). "
            "Received: shape=%s for variable path='%s'" % (shape, path))


@pytest.mark.parametrize('data_format', ['channels_last', 'channels_first'])
def test_conv3d_unknown_channels_is_the_modulo_type_error(data_format):
    layer = L.Conv3D(2, 3, data_format=data_format, name='c3')
    with pytest.raises(TypeError) as info:
        layer(keras.Input((None, None, None, None)))
    assert str(info.value) == MODULO
    assert not layer.built
    with pytest.raises(TypeError, match='NoneType'):
        L.Conv3D(2, 3, data_format=data_format).build((None,) * 5)


@pytest.mark.parametrize('cls, rank, shape', [('Conv1DTranspose', 1, '(3, 2, None)'),
                                              ('Conv3DTranspose', 3, '(3, 3, 3, 2, None)')])
@pytest.mark.parametrize('data_format', ['channels_last', 'channels_first'])
def test_transposed_unknown_channels_is_the_variable_refusal(cls, rank, shape, data_format):
    # TF 2.21: ... Received: shape=(3, 2, None) for variable path='ct/kernel'
    layer = getattr(L, cls)(2, 3, strides=2, data_format=data_format, name='ct')
    with pytest.raises(ValueError) as info:
        layer(keras.Input((None,) * (rank + 1)))
    assert str(info.value) == _shape_refusal(shape, 'ct/kernel')
    model_layer = getattr(L, cls)(2, 3, data_format=data_format, name='inner')
    with pytest.raises(ValueError) as info:
        keras.Sequential([keras.Input((None,) * (rank + 1)), model_layer], name='seq')
    assert str(info.value) == _shape_refusal(shape, 'seq/inner/kernel')


@pytest.mark.parametrize('cls, args', [('DepthwiseConv1D', (3,)), ('DepthwiseConv2D', (3,)),
                                       ('SeparableConv1D', (2, 3)), ('SeparableConv2D', (2, 3))])
@pytest.mark.parametrize('data_format', ['channels_last', 'channels_first'])
def test_depthwise_unknown_channels_is_the_product_type_error(cls, args, data_format):
    rank = 2 if cls.endswith('2D') else 1
    layer = getattr(L, cls)(*args, data_format=data_format)
    with pytest.raises(TypeError) as info:
        layer(keras.Input((None,) * (rank + 1)))
    assert str(info.value) == PRODUCT
    with pytest.raises(TypeError) as info:
        getattr(L, cls)(*args, data_format=data_format).build((None,) * (rank + 2))
    assert str(info.value) == PRODUCT


@pytest.mark.parametrize('cls', ['DepthwiseConv1D', 'DepthwiseConv2D'])
def test_depthwise_output_shape_of_unknown_channels(cls):
    rank = 2 if cls.endswith('2D') else 1
    with pytest.raises(TypeError) as info:
        getattr(L, cls)(3).compute_output_shape((None,) * (rank + 2))
    assert str(info.value) == PRODUCT
    # SeparableConv's output channels are its filters: TF 2.21 gives (None, None, 2)
    assert tuple(L.SeparableConv1D(2, 3).compute_output_shape((None, None, None))) == (None, None, 2)


def test_known_channels_still_build():
    # control: TF 2.21 gives (None, None, None, None, 2), (None, 2, None), (None, None, 12)
    assert tuple(L.Conv3D(2, 3)(keras.Input((None, None, None, 3))).shape) == (None, None, None, None, 2)
    assert tuple(L.Conv1DTranspose(2, 3, data_format='channels_first')(keras.Input((3, None))).shape) == (None, 2, None)
    assert tuple(L.DepthwiseConv1D(3, depth_multiplier=4)(keras.Input((None, 3))).shape) == (None, None, 12)
