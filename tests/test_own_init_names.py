"""Python's argument errors name a public class's constructor as Keras 3's classes are written: each layer,
initializer and metric names itself (Conv3D.__init__(), not the shared ConvND.__init__()), except where Keras
itself shares one (the merging layers' Merge.__init__()). Texts: TF 2.21 (/tmp/oi.py of session 47)."""
import pytest

from framework import keras

L = keras.layers


@pytest.mark.parametrize('make, text', [
    (lambda: L.Conv3D(16), "Conv3D.__init__() missing 1 required positional argument: 'kernel_size'"),
    (lambda: L.Convolution3D(16), "Conv3D.__init__() missing 1 required positional argument: 'kernel_size'"),
    (lambda: L.Add(2), 'Merge.__init__() takes 1 positional argument but 2 were given'),
    (lambda: L.Subtract(1, 2), 'Merge.__init__() takes 1 positional argument but 3 were given'),
    (lambda: L.GlobalAveragePooling1D(1, 2, 3, 4, 5),
     'GlobalAveragePooling1D.__init__() takes from 1 to 3 positional arguments but 6 were given'),
    (lambda: L.DepthwiseConv2D(), "DepthwiseConv2D.__init__() missing 1 required positional argument: 'kernel_size'"),
    (lambda: L.SeparableConv1D(2), "SeparableConv1D.__init__() missing 1 required positional argument: 'kernel_size'"),
    (lambda: L.SimpleRNNCell(), "SimpleRNNCell.__init__() missing 1 required positional argument: 'units'"),
    (lambda: L.ConvLSTM2D(2), "ConvLSTM2D.__init__() missing 1 required positional argument: 'kernel_size'"),
    (lambda: L.AdaptiveMaxPooling2D(),
     "AdaptiveMaxPooling2D.__init__() missing 1 required positional argument: 'output_size'"),
    (lambda: L.Conv1DTranspose(filters=2),
     "Conv1DTranspose.__init__() missing 1 required positional argument: 'kernel_size'"),
    (lambda: keras.initializers.TruncatedNormal(1, 2, 3, 4),
     'TruncatedNormal.__init__() takes from 1 to 4 positional arguments but 5 were given'),
    (lambda: keras.metrics.TruePositives(1, 2, 3, 4, 5),
     'TruePositives.__init__() takes from 1 to 4 positional arguments but 6 were given'),
])
def test_argument_errors_name_the_class(make, text):
    with pytest.raises(TypeError) as info:
        make()
    assert str(info.value) == text


def test_a_subclass_of_a_renamed_constructor_still_reaches_the_shared_code():
    class Small(L.Conv3D):
        def __init__(self, **kwargs):
            super().__init__(4, 2, **kwargs)

    layer = Small(name='small')
    assert (layer.filters, layer.kernel_size, layer.name) == (4, (2, 2, 2), 'small')
    assert L.GlobalMaxPooling2D(keepdims=True).get_config()['keepdims'] is True
    assert keras.initializers.GlorotNormal(seed=3).get_config() == {'seed': 3, 'input_axes': None, 'output_axes': None}
