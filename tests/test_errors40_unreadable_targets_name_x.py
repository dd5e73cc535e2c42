"""fit / evaluate given y or sample_weight that no array can be made of (a set, an object): Keras 3's array
adapter takes none of (x, y, sample_weight) and names x, whichever it was (probe:
/work/notes/progs/errors40/ysw.py). TF 2.21 printed, for fit(X, {1.0}) with X = np.ones((4, 3)):
"ValueError: Unrecognized data type: x=[[1. 1. 1.]\\n [1. 1. 1.]\\n [1. 1. 1.]\\n [1. 1. 1.]] (of type <class
'numpy.ndarray'>)"; tapeflow named y={1.0}."""
import numpy as np
import pytest

from framework import keras

X = np.ones((4, 3), 'float32')
Y = np.ones((4, 1), 'float32')
X_TEXT = ("Unrecognized data type: x=[[1. 1. 1.]\n [1. 1. 1.]\n [1. 1. 1.]\n [1. 1. 1.]] "
          "(of type <class 'numpy.ndarray'>)")


def _model():
    keras.backend.clear_session()
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    return model


@pytest.mark.parametrize('call', [
    lambda m: m.fit(X, {1.0}, verbose=0),
    lambda m: m.fit(X, object(), verbose=0),
    lambda m: m.fit(X, Y, sample_weight={1.0}, verbose=0),
    lambda m: m.evaluate(X, {1.0}, verbose=0),
])
def test_an_unreadable_y_or_sample_weight_names_x(call):
    model = _model()
    before = [w.numpy().copy() for w in model.weights]
    with pytest.raises(ValueError) as info:
        call(model)
    assert str(info.value) == X_TEXT
    assert all(np.array_equal(a, w.numpy()) for a, w in zip(before, model.weights))


def test_an_unreadable_x_still_names_itself():
    with pytest.raises(ValueError, match=r"^Unrecognized data type: x=\{1, 2\} \(of type <class 'set'>\)"):
        _model().fit({1, 2}, Y, verbose=0)
