"""class_weight keys as Keras 3.15 reads them: arrays weigh each sample by class_weight.get(int(label), 1.0) (keys
that are no class index weigh nothing, True is class 1); a tf.data.Dataset's table is
[get(c, 1.0) for c in range(max(keys) + 1)], whose Python fails for 'a' and float maxima.

Golden losses and texts: /work/notes/progs/errors13/cw1.py under TF 2.21 + Keras 3.15 (seed 1, one epoch of
SGD, batch 2); tapeflow's sed port prints the same."""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.arange(12., dtype='float32').reshape(4, 3) / 10
Y = np.array([0, 1, 2, 1])
# (a Dataset with fit's default shuffle=True warns, as in Keras)
pytestmark = pytest.mark.filterwarnings('ignore:`shuffle=True` was passed')


def fit_loss(class_weight, dataset=False):
    try:
        keras.utils.set_random_seed(1)
        model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(3)])
        model.compile('sgd', keras.losses.SparseCategoricalCrossentropy(from_logits=True))
        if dataset:
            data = tf.data.Dataset.from_tensor_slices((X, Y)).batch(2)
            return model.fit(data, class_weight=class_weight, verbose=0).history['loss']
        return model.fit(X, Y, class_weight=class_weight, verbose=0, batch_size=2).history['loss']
    finally:
        tf.random.set_seed(None)
        keras.backend.clear_session()


@pytest.mark.parametrize('class_weight, loss', [
    ({'a': 1.}, [1.368330717086792]),                       # as unweighted ({}): 'a' matches no label
    ({}, [1.368330717086792]),
    ({1.5: 3., 2: 0.5}, [1.3056608438491821]),
    ({True: 3.}, [3.3189706802368164]),                     # True == 1: class 1 weighs 3
    ({np.int64(2): 4., 'b': 9.}, [1.744349479675293]),
    ({0: 1., 1.0: 2.}, [2.346773386001587]),
])
def test_array_labels_look_weights_up_as_keras(class_weight, loss):
    assert fit_loss(class_weight) == loss


def test_dataset_table_takes_integral_float_free_keys():
    assert fit_loss({1.5: 3., 2: 0.5}, dataset=True) == [1.3056608438491821]


@pytest.mark.parametrize('class_weight, error, text', [
    ({'a': 1.}, TypeError, 'can only concatenate str (not "int") to str'),
    ({0: 1., 1.0: 2.}, TypeError, "'float' object cannot be interpreted as an integer"),
    ([1., 2.], AttributeError, "'list' object has no attribute 'keys'"),
    ({}, ValueError, 'max() arg is an empty sequence'),
])
def test_dataset_table_fails_as_keras_python(class_weight, error, text):
    with pytest.raises(error) as info:
        fit_loss(class_weight, dataset=True)
    assert str(info.value) == text


def test_array_path_needs_get():
    with pytest.raises(AttributeError) as info:
        fit_loss([1., 2.])
    assert str(info.value) == "'list' object has no attribute 'get'"
