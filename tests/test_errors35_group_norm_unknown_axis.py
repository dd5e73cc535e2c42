"""GroupNormalization built on an input whose group axis is None fails in Keras 3's words (tapeflow's
sentence is a note). Golden texts printed by TF 2.21 / Keras 3 (progs/errors35/ctor3.py):
    keras.layers.GroupNormalization(groups=2)(keras.Input((None,)))
    -> ValueError: Axis -1 of input tensor should have a defined dimension but the layer received an input
       with shape (None, None).
"""
import pytest

from framework import keras


@pytest.mark.parametrize('axis, shape', [(-1, (None, None)), (1, (None, None, 4))])
def test_unknown_group_axis_in_keras_words(axis, shape):
    layer = keras.layers.GroupNormalization(groups=2, axis=axis)
    with pytest.raises(ValueError) as info:
        layer.build(shape)
    assert str(info.value) == ('Axis %d of input tensor should have a defined dimension but the layer received an '
                               'input with shape %s.' % (axis, shape))
    assert not layer.built


def test_symbolic_call_and_a_later_build():
    layer = keras.layers.GroupNormalization(groups=2)
    with pytest.raises(ValueError) as info:
        layer(keras.Input((None,)))
    assert str(info.value).endswith('received an input with shape (None, None).')
    assert layer(keras.ops.ones([2, 4])).shape == (2, 4)
    assert [tuple(w.shape) for w in layer.weights] == [(4,), (4,)]
