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


@pytest.mark.parametrize('strides, bad', [(-1, '{-1}'), ((1, -2), '{-2}')])
def test_negative_strides_are_keras_allow_zero_text(strides, bad):
    # TF 2.21 (Keras's ConvLSTM takes strides of 0): '... including values {-1} that do not satisfy `value >= 0`'
    with pytest.raises(ValueError) as info:
        keras.layers.ConvLSTM2D(2, 3, strides=strides)
    assert str(info.value) == ('The `strides` argument must be a tuple of 2 integers. Received strides=%s, including '
                               'values %s that do not satisfy `value >= 0`' % (strides, bad))


def test_kernel_size_checked_before_negative_strides():
    with pytest.raises(ValueError, match='^The `kernel_size` argument'):
        keras.layers.ConvLSTM1D(2, None, strides=-1)


@pytest.mark.skipif(__import__('framework').__name__ == 'tensorflow',
                    reason="TF 2.21 makes it; its call fails: OverflowError 'cannot convert float infinity to integer'")
def test_zero_strides_refused_when_made():
    with pytest.raises(ValueError, match='do not satisfy `value > 0`'):
        keras.layers.ConvLSTM2D(2, 3, strides=0)
