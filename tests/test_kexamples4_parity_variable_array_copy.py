"""``np.asarray(variable)`` is a copy, as TensorFlow's (a read of the variable): tapeflow handed out
the variable's own buffer, so weights kept with np.asarray after an epoch followed the optimizer's
later in-place updates (a probe of keras.io's siamese example saw 'epoch 1' BatchNormalization
statistics that were epoch 2's), and writing to the array changed the variable. Behaviour checked
on TF 2.21 + Keras 3 (kexamples4's d34.py)."""
import warnings

import numpy as np

import framework as tf
from framework import keras


def test_asarray_of_a_variable_is_a_snapshot():
    v = tf.Variable([1.0, 2.0])
    kept, kept64 = np.asarray(v), np.asarray(v, dtype='float64')
    v.assign_add([1.0, 1.0])
    assert kept.tolist() == [1.0, 2.0] and kept64.tolist() == [1.0, 2.0] and kept64.dtype == np.float64
    assert kept.flags.writeable
    kept[0] = 9.0
    assert v.numpy().tolist() == [2.0, 3.0]
    assert repr(np.asarray(tf.Variable(3.0))) == 'array(3., dtype=float32)'


def test_weights_kept_with_asarray_do_not_follow_training():
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, kernel_initializer='ones')])
    model.compile(optimizer='sgd', loss='mse')
    kept = [np.asarray(w) for w in model.weights]
    model.fit(np.ones((4, 2)), np.zeros((4, 1)), verbose=0)
    # TF 2.21: [1.0, 1.0] kept, [0.9599999785423279, 0.9599999785423279] now
    assert kept[0].ravel().tolist() == [1.0, 1.0]
    assert model.weights[0].numpy().ravel().tolist() == [0.9599999785423279, 0.9599999785423279]


def test_np_array_of_a_variable_still_warns_as_on_tf():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        value = np.array(tf.Variable([1.0]))
    assert value.tolist() == [1.0] and any(issubclass(w.category, DeprecationWarning) for w in caught)
