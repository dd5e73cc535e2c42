"""Array data holding a leaf without axes (numpy scalars, 0-d arrays or tensors) fails as on TF 2.21.

Golden outcomes: /opt/tfref/bin/python (TF 2.21, Keras 3.15), fitlogs3 p60 / p61, with x of shape (40, 4)
and a Dense(1, sigmoid) model. Keras takes every leaf with __array__ as an array, so ``list(y)`` of
numpy scalars is 40 one-value "outputs", and its sample count (shape[0] of each) raises IndexError.
tapeflow used to read that list as one array and train.
"""
import numpy as np
import pytest

from framework import keras
import framework as tf

COUNT_TEXT = 'tuple index out of range'
SLICE_TEXT = 'too many indices for array: array is 0-dimensional, but 1 were indexed'


@pytest.fixture
def data():
    rng = np.random.RandomState(0)
    x = rng.rand(40, 4).astype('float32')
    return x, (x.sum(1) > 2).astype('int64')


@pytest.fixture
def model():
    m = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1, activation='sigmoid')])
    m.compile('adam', 'binary_crossentropy', metrics=['accuracy'])
    return m


@pytest.mark.parametrize('call', [
    lambda m, x, y: m.fit(x, list(y), epochs=1, verbose=0),
    lambda m, x, y: m.fit(x, np.float32(1.0), epochs=1, verbose=0),
    lambda m, x, y: m.fit(x, np.array(1.0), epochs=1, verbose=0),
    lambda m, x, y: m.fit(x, y, sample_weight=list(np.ones(40, 'float32')), epochs=1, verbose=0),
    lambda m, x, y: m.fit(x, y, sample_weight=np.float32(2.0), epochs=1, verbose=0),
    lambda m, x, y: m.fit(x, [tf.constant(v) for v in y], epochs=1, verbose=0),
    lambda m, x, y: m.fit(x, y, validation_data=(x, list(y)), epochs=1, verbose=0),
    lambda m, x, y: m.evaluate(x, list(y), verbose=0),
    lambda m, x, y: m.evaluate(x, np.float32(1.0), verbose=0),
    lambda m, x, y: m.predict(np.float32(1.0), verbose=0),
    lambda m, x, y: m.predict(list(x[:, 0]), verbose=0),
], ids=['y-list', 'y-scalar', 'y-0d', 'sw-list', 'sw-scalar', 'y-tensors', 'val-list', 'eval-list',
        'eval-scalar', 'predict-scalar', 'predict-list'])
def test_a_leaf_without_axes_fails_at_the_sample_count(model, data, call):
    x, y = data
    with pytest.raises(IndexError) as caught:
        call(model, x, y)
    assert str(caught.value) == COUNT_TEXT


def test_with_validation_split_the_slicing_fails_first(model, data):
    x, y = data
    with pytest.raises(IndexError) as caught:
        model.fit(x, list(y), validation_split=0.2, epochs=1, verbose=0)
    assert str(caught.value) == SLICE_TEXT


def test_with_class_weight_the_list_is_several_outputs(model, data):
    x, y = data
    with pytest.raises(ValueError) as caught:
        model.fit(x, list(y), class_weight={0: 1.0, 1: 2.0}, epochs=1, verbose=0)
    assert str(caught.value) == '`class_weight` is only supported for Models with a single output.'


def test_python_numbers_are_still_unrecognized_and_arrays_still_train(model, data):
    x, y = data
    with pytest.raises(ValueError, match='^Unrecognized data type: x='):
        model.fit(x, [int(v) for v in y], epochs=1, verbose=0)
    with pytest.raises(ValueError, match='^Unrecognized data type: x='):
        model.fit(x, [np.int64(1)] + [1] * 39, epochs=1, verbose=0)
    history = model.fit(x, np.array(list(y)), epochs=1, verbose=0)
    assert list(history.history) == ['accuracy', 'loss']
