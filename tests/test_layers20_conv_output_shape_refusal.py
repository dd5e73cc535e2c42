"""Conv1D / Conv2D / Conv3D.compute_output_shape refuse a (dilated) window longer than the input as Keras 3 on
TF 2.21 (its compute_conv_output_shape), as their build and DepthwiseConv / SeparableConv already did; tapeflow
returned sizes of 0 or less ((None, -1, -1, 2) for Conv2D(2, 6) on 4 x 4). Texts: progs/layers20/cos.py."""
import pytest

from framework import keras

L = keras.layers


@pytest.mark.parametrize('make, shape, text', [
    (lambda: L.Conv2D(2, 3, dilation_rate=2), (None, 4, 4, 2),
     'Received `inputs shape=(None, 4, 4, 2)`, `kernel shape=(3, 3, 2, 2)`, `dilation_rate=[2 2]`, '
     '`strides=(1, 1)`, `padding=valid`.'),
    (lambda: L.Conv2D(2, 6), (None, 4, 4, 2),
     'Received `inputs shape=(None, 4, 4, 2)`, `kernel shape=(6, 6, 2, 2)`, `dilation_rate=[1 1]`, '
     '`strides=(1, 1)`, `padding=valid`.'),
    (lambda: L.Conv2D(2, 3, dilation_rate=2, data_format='channels_first'), (None, 2, 4, 4),
     'Received `inputs shape=(None, 2, 4, 4)`, `kernel shape=(3, 3, 2, 2)`, `dilation_rate=[2 2]`, '
     '`strides=(1, 1)`, `padding=valid`.'),
    (lambda: L.Conv2D(2, 3, dilation_rate=2), (None, None, 4, 2),
     'Received `inputs shape=(None, None, 4, 2)`, `kernel shape=(3, 3, 2, 2)`, `dilation_rate=[2 2]`, '
     '`strides=(1, 1)`, `padding=valid`.'),
    (lambda: L.Conv1D(2, 3, dilation_rate=2), (None, 4, 2),
     'Received `inputs shape=(None, 4, 2)`, `kernel shape=(3, 2, 2)`, `dilation_rate=[2]`, `strides=(1,)`, '
     '`padding=valid`.'),
    (lambda: L.Conv3D(2, 3, dilation_rate=2), (None, 4, 5, 5, 2),
     'Received `inputs shape=(None, 4, 5, 5, 2)`, `kernel shape=(3, 3, 3, 2, 2)`, `dilation_rate=[2 2 2]`, '
     '`strides=(1, 1, 1)`, `padding=valid`.'),
])
def test_compute_output_shape_refuses_empty_output(make, shape, text):
    with pytest.raises(ValueError) as info:
        make().compute_output_shape(shape)
    assert str(info.value) == 'Computed output size would be zero or negative. ' + text      # TF 2.21 gives


def test_windows_that_fit_and_causal():
    assert L.Conv2D(2, 3, dilation_rate=2).compute_output_shape((None, 5, 5, 2)) == (None, 1, 1, 2)
    assert L.Conv1D(2, 5, padding='causal').compute_output_shape((None, 3, 2)) == (None, 3, 2)
