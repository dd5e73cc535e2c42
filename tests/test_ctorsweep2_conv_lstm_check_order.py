"""ConvLSTM1D / 2D / 3D check their window arguments before filters, as Keras 3 on TF 2.21 (which only stores
filters): ConvLSTM2D(None, None) is the kernel_size ValueError. tapeflow's own refusal of bad filters (TF takes
them and fails later) comes after the window's checks."""
import pytest

from framework import keras


@pytest.mark.parametrize('rank', [1, 2, 3])
@pytest.mark.parametrize('filters', [None, 0, -1])
def test_kernel_size_none_before_filters(rank, filters):
    # TF 2.21: 'The `kernel_size` argument must be a tuple of 2 integers. Received kernel_size=None'
    with pytest.raises(ValueError) as info:
        getattr(keras.layers, 'ConvLSTM%dD' % rank)(filters, None)
    assert str(info.value) == ('The `kernel_size` argument must be a tuple of %d integers. Received kernel_size=None'
                               % rank)


@pytest.mark.parametrize('rank', [1, 2])
def test_zero_kernel_before_zero_filters(rank):
    # TF 2.21 gives this text exactly
    with pytest.raises(ValueError) as info:
        getattr(keras.layers, 'ConvLSTM%dD' % rank)(0, 0)
    assert str(info.value) == ('The `kernel_size` argument must be a tuple of %d integers. Received kernel_size=0, '
                               'including values {0} that do not satisfy `value > 0`' % rank)


def test_padding_before_filters():
    # TF 2.21 takes filters=None and refuses the padding
    with pytest.raises(ValueError, match='padding'):
        keras.layers.ConvLSTM2D(None, 3, padding='bogus')


def test_good_arguments_still_set():
    layer = keras.layers.ConvLSTM2D(4, (3, 2), strides=(1, 2), padding='same', data_format='channels_first')
    assert (layer.filters, layer.kernel_size, layer.strides, layer.padding, layer.data_format) == \
        (4, (3, 2), (1, 2), 'same', 'channels_first')
    assert (layer.cell.kernel_size, layer.cell.dilation_rate) == ((3, 2), (1, 1))
