"""Conv layers with filters=None: Keras 3's base convolution skips its checks for None, so TF 2.21
makes the layer (get_config keeps None) and fails at build, where the kernel's shape has a None.
tapeflow refused the constructor with its own sentence ('filters must be a positive integer').
Golden texts printed by TF 2.21 (/work/notes/progs/errors37/filt.py: `layer(tf.ones(shape))`)."""
import pytest

import framework as tf
from framework import keras

L = keras.layers
FULLY_DEFINED = ("Shapes used to initialize variables must be fully-defined (no `None` dimensions). "
                 "Received: shape=%s for variable path='%s'")


@pytest.mark.parametrize('make, input_shape, kernel_shape, path', [
    (lambda: L.Conv1D(None, 3, name='c'), [1, 5, 2], '(3, 2, None)', 'c/kernel'),
    (lambda: L.Conv2D(None, 3, name='c'), [1, 5, 5, 2], '(3, 3, 2, None)', 'c/kernel'),
    (lambda: L.Conv2D(None, 3, groups=2, name='c'), [1, 5, 5, 2], '(3, 3, 1, None)', 'c/kernel'),
    (lambda: L.Conv3D(None, 3, name='c'), [1, 5, 5, 5, 2], '(3, 3, 3, 2, None)', 'c/kernel'),
    (lambda: L.Conv2DTranspose(None, 3, name='c'), [1, 5, 5, 2], '(3, 3, None, 2)', 'c/kernel'),
    (lambda: L.Conv1DTranspose(None, 3, name='c'), [1, 5, 2], '(3, None, 2)', 'c/kernel'),
    (lambda: L.SeparableConv2D(None, 3, name='c'), [1, 5, 5, 2], '(1, 1, 2, None)', 'c/pointwise_kernel'),
])
def test_none_filters_fail_at_the_kernel(make, input_shape, kernel_shape, path):
    layer = make()
    assert layer.get_config()['filters'] is None
    with pytest.raises(ValueError) as info:
        layer(tf.ones(input_shape))
    assert str(info.value) == FULLY_DEFINED % (kernel_shape, path)
    # a failed call changes nothing (TF 2.21 keeps SeparableConv2D's depthwise kernel, made before the failure)
    assert not layer.built and not layer.weights


def test_none_filters_in_a_sequential_name_the_model():
    model = keras.Sequential([L.Conv2D(None, 3, name='c')], name='seq')
    with pytest.raises(ValueError) as info:
        model.build((None, 5, 5, 2))
    assert str(info.value) == FULLY_DEFINED % ('(3, 3, 2, None)', 'seq/c/kernel')


@pytest.mark.parametrize('filters', [0, -2])
def test_non_positive_filters_are_still_refused_at_construction(filters):
    with pytest.raises(ValueError, match='Expected a strictly positive value. Received filters=%d.' % filters):
        L.Conv2D(filters, 3)
