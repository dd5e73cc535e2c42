"""class_weight with array labels of more than one axis per sample: TF 2.21's TypeError, also for one label.

Keras 3 squeezes a last axis of 1 and reads each sample's label with int(), which numpy 2 refuses for any
array of rank 1 or more: labels of shape (N, 1, 1) fail as (N, H, W, 1) masks do ('only 0-dimensional arrays
can be converted to Python scalars', TF 2.21, /work/notes/progs/errors60/fit2.py 'cw y 3d'). tapeflow took
(N, 1, 1) labels as (N,) and trained.
"""
import numpy as np
import pytest

from framework import keras

X = np.linspace(0, 1, 30, dtype='float32').reshape(10, 3)
LABELS = np.array([0, 1, 2, 0, 1, 2, 0, 1, 2, 0])


def _model():
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(3, activation='softmax')])
    model.compile('sgd', 'sparse_categorical_crossentropy')
    return model


@pytest.mark.parametrize('shape', [(10, 1, 1), (10, 1, 1, 1), (10, 2, 1)])
def test_labels_with_more_than_one_axis_per_sample_are_refused(shape):
    y = np.resize(LABELS, shape)
    with pytest.raises(TypeError) as info:
        _model().fit(X, y, class_weight={0: 1.0, 1: 2.0, 2: 3.0}, verbose=0)
    assert str(info.value) == 'only 0-dimensional arrays can be converted to Python scalars'
    assert 'class_weight: y of shape %s' % (shape,) in info.value.__notes__[0]


@pytest.mark.parametrize('y', [LABELS, LABELS[:, None], np.eye(3)[LABELS]])
def test_one_label_per_sample_still_trains(y):
    loss = 'categorical_crossentropy' if y.ndim == 2 and y.shape[1] == 3 else 'sparse_categorical_crossentropy'
    model = _model()
    model.compile('sgd', loss)
    history = model.fit(X, y, class_weight={0: 1.0, 1: 2.0, 2: 3.0}, verbose=0)
    assert np.isfinite(history.history['loss'][0])
