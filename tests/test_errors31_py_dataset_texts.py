"""keras.utils.PyDataset misuse in fit / predict fails as Keras 3 on TF 2.21 (errors31, p_pyds.py / j9; texts
printed by TF): no __len__ / no __getitem__ are Keras's NotImplementedErrors (tapeflow: TypeError), a batch
that is no tuple (None, 4 parts, a lone tf.Tensor, which Keras does not wrap as it wraps a numpy array) gets
Keras's 'must return a tuple or a dict ... Received: ...' text, class_weight beside a batch's sample weights
and an empty PyDataset Keras's own sentences (tapeflow's words kept as notes). Iterating a PyDataset without
a length runs on, as Keras's __iter__ does."""
import numpy as np
import pytest

import framework as tf
from framework import keras

X, Y = np.ones((2, 3), 'float32'), np.ones((2, 2), 'float32')
FORM = ('PyDataset.__getitem__() must return a tuple or a dict. If a tuple, it must be ordered either (input,) or '
        '(inputs, targets) or (inputs, targets, sample_weights). Received: ')


def _model():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.compile('sgd', 'mse')
    return model


def _batches(get, n=2):
    class Batches(keras.utils.PyDataset):
        def __len__(self):
            return n

        def __getitem__(self, i):
            return get(i)
    return Batches()


@pytest.mark.parametrize('get, text', [
    (lambda i: None, FORM + "None... of type <class 'NoneType'>"),
    (lambda i: 3, FORM + "3... of type <class 'int'>"),
    (lambda i: (), FORM + "()... of type <class 'tuple'>"),
    (lambda i: tf.ones((2, 3)), FORM + 'tf.Tensor(\n[[1. 1. 1.]\n [1. 1. 1.]], shape=(2, 3), dtype=float32)... of type '
     "<class 'tensorflow.python.framework.ops.EagerTensor'>"),
])
def test_batches_that_are_no_tuple(get, text):
    with pytest.raises(ValueError) as info:
        _model().fit(_batches(get), verbose=0)
    assert str(info.value) == text


def test_class_weight_beside_sample_weights():
    with pytest.raises(ValueError) as info:
        _model().fit(_batches(lambda i: (X, np.array([0, 1]), np.ones(2))), class_weight={0: 1., 1: 2.}, verbose=0)
    assert str(info.value) == 'You cannot specify `class_weight` and `sample_weight` at the same time.'


@pytest.mark.parametrize('method', ['fit', 'predict', 'evaluate'])
def test_empty_py_dataset(method):
    with pytest.raises(ValueError) as info:
        getattr(_model(), method)(_batches(lambda i: (X, Y), n=0), verbose=0)
    assert str(info.value) == 'The PyDataset has length 0'


def test_missing_methods_are_not_implemented_errors():
    class NoLength(keras.utils.PyDataset):
        def __getitem__(self, i):
            return X, Y

    class NoItems(keras.utils.PyDataset):
        def __len__(self):
            return 2
    with pytest.raises(NotImplementedError) as info:
        _model().fit(NoLength(), verbose=0)
    assert str(info.value) == ('You need to implement the `num_batches` property:\n\n'
                               '@property\ndef num_batches(self):\n  return ...')
    with pytest.raises(NotImplementedError) as info:
        _model().fit(NoItems(), verbose=0)
    assert str(info.value) == ''
    assert next(iter(NoLength()))[0].shape == (2, 3)
