"""An unbuilt Dense's or convolution's ``kernel`` raises Keras 3's AttributeError; ``bias`` is not there yet.

Keras 3 guards ``kernel`` ('You must build the layer before accessing `kernel`.') and sets ``bias``
in build (None with use_bias=False); tapeflow answered None for both. Built, both read as before.
Goldens: /work/notes/progs/kguides4/g10.py under Keras 3 (TF 2.21).
"""
import numpy as np
import pytest

from framework import keras


@pytest.mark.parametrize('make', [lambda: keras.layers.Dense(3), lambda: keras.layers.Conv2D(3, 3),
                                  lambda: keras.layers.Conv1D(2, 3), lambda: keras.layers.Conv2DTranspose(2, 3)])
def test_unbuilt(make):
    layer = make()
    with pytest.raises(AttributeError) as info:
        layer.kernel
    assert str(info.value) == 'You must build the layer before accessing `kernel`.'
    with pytest.raises(AttributeError) as info:
        layer.bias
    assert str(info.value) == "'%s' object has no attribute 'bias'" % type(layer).__name__
    assert getattr(layer, 'kernel', None) is None and not hasattr(layer, 'bias')


def test_built():
    dense = keras.layers.Dense(3)
    dense(np.ones((2, 4), 'float32'))
    assert dense.kernel.shape == (4, 3) and dense.bias.shape == (3,)
    no_bias = keras.layers.Dense(3, use_bias=False)
    no_bias.build((None, 4))
    assert no_bias.bias is None and no_bias.kernel.shape == (4, 3)


def test_a_refused_first_call_leaves_it_unbuilt_again():
    conv = keras.layers.Conv2D(3, 5)
    with pytest.raises(ValueError):
        conv(np.ones((1, 3, 3, 1), 'float32'))       # too small for a 5x5 kernel
    with pytest.raises(AttributeError, match='You must build the layer'):
        conv.kernel
