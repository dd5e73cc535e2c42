"""keras.losses.categorical_crossentropy / categorical_focal_crossentropy (and their classes) refuse a bool
axis at the call in Keras 3's words. TF 2.21: ValueError '`axis` must be of type `int`. Received: axis=True of
type <class 'bool'>'; tapeflow said 'categorical_crossentropy: `axis` must be an int, got True' and refused
CategoricalFocalCrossentropy(axis=True) at construction (/work/notes/progs/metrics13/axisbool.py).
"""
import numpy as np
import pytest

from framework import keras

Y = np.array([[0., 1., 1.], [1., 0., 1.]], 'float32')
P = np.array([[0.2, 0.7, 0.6], [0.9, 0.1, 0.4]], 'float32')
CALLS = [lambda a: keras.losses.categorical_crossentropy(Y, P, axis=a),
         lambda a: keras.losses.categorical_focal_crossentropy(Y, P, axis=a),
         lambda a: keras.losses.CategoricalCrossentropy(axis=a)(Y, P),
         lambda a: keras.losses.CategoricalFocalCrossentropy(axis=a)(Y, P)]


@pytest.mark.parametrize('call', CALLS)
@pytest.mark.parametrize('axis', [True, False])
def test_bool_axis_is_refused_in_keras_words(call, axis):
    with pytest.raises(ValueError) as info:
        call(axis)
    assert str(info.value) == "`axis` must be of type `int`. Received: axis=%s of type <class 'bool'>" % axis


def test_the_focal_loss_with_a_bool_axis_is_built():
    loss = keras.losses.CategoricalFocalCrossentropy(axis=True)      # TF 2.21 refuses only at the call
    assert loss.get_config()['axis'] is True


def _hex(t):
    return [float(v).hex() for v in np.asarray(t).reshape(-1)]


def test_focal_losses_take_the_axes_keras_mean_takes():
    # TF 2.21: binary focal reads a bool axis as an index (True: axis 1), both focal losses reduce over a tuple,
    # and a float axis fails converting to int32; tapeflow refused all of these ('`axis` must be an int')
    assert _hex(keras.losses.binary_focal_crossentropy(Y, P, axis=True)) == ['0x1.4f36760000000p-5',
                                                                             '0x1.c540920000000p-4']
    assert _hex(keras.losses.BinaryFocalCrossentropy(axis=(0, 1))(Y, P)) == ['0x1.366de80000000p-4']
    assert _hex(keras.losses.CategoricalFocalCrossentropy(axis=(0, 1))(Y, P)) == ['0x1.eb3c040000000p-1']
    with pytest.raises(TypeError, match='Cannot convert 1.5 to EagerTensor of dtype int32'):
        keras.losses.binary_focal_crossentropy(Y, P, axis=1.5)
