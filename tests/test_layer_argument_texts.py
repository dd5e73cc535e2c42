"""Layer constructor arguments refused with Keras 3's texts (argument_validation.standardize_tuple and
backend.standardize_data_format; printed by TF 2.21 + Keras 3.15 for the same calls). tapeflow's
sentence naming the layer is a note."""
import pytest

from framework import keras

L = keras.layers


@pytest.mark.parametrize('make, text', [
    (lambda: L.Conv1D(2, 3, strides=-1),
     'The `strides` argument must be a tuple of 1 integers. Received strides=-1, including values {-1} that do not '
     'satisfy `value > 0`'),
    (lambda: L.Conv2D(2, -1),
     'The `kernel_size` argument must be a tuple of 2 integers. Received kernel_size=-1, including values {-1} that do '
     'not satisfy `value > 0`'),
    (lambda: L.Conv3D(2, 3, dilation_rate=(1, 2)),
     'The `dilation_rate` argument must be a tuple of 3 integers. Received dilation_rate=(1, 2)'),
    (lambda: L.MaxPooling2D(pool_size='bogus'),
     'The `pool_size` argument must be a tuple of 2 integers. Received pool_size=bogus'),
    (lambda: L.UpSampling2D(size=(-1, -1)),
     'The `size` argument must be a tuple of 2 integers. Received size=(-1, -1), including values {-1} that do not '
     'satisfy `value > 0`'),
    (lambda: L.Conv1D(2, ('a',)),
     "The `kernel_size` argument must be a tuple of 1 integers. Received kernel_size=('a',)including element a of "
     "type <class 'str'>"),
    (lambda: L.Flatten(data_format='bogus'),
     "The `data_format` argument must be one of {'channels_first', 'channels_last'}. Received: data_format=bogus"),
    (lambda: L.Conv1D(2, 3, data_format='bogus'),
     "The `data_format` argument must be one of {'channels_first', 'channels_last'}. Received: data_format=bogus"),
    (lambda: L.Dropout(0.5, seed='bogus'), 'Argument `seed` must be an integer. Received: seed=bogus'),
    (lambda: L.DepthwiseConv2D(3, data_format='NHWC'),
     "The `data_format` argument must be one of {'channels_first', 'channels_last'}. Received: data_format=nhwc"),
])
def test_constructor_arguments_refused_with_keras_texts(make, text):
    with pytest.raises(ValueError) as err:
        make()
    assert str(err.value) == text
    assert err.value.__notes__          # which layer and what it takes


def test_data_format_is_read_in_any_case_as_keras_does():
    assert L.Flatten(data_format='CHANNELS_FIRST').data_format == 'channels_first'
    assert L.Conv2D(2, 3, strides=(1, 2)).strides == (1, 2)
