"""The '`from_logits=True`, but the `output` argument was produced by a Softmax activation' warning shows
once per loss function and process, as under TF 2.21, whether a loss object or the function form
computed it. Keras 3 attributes it to its backend nn.py; tapeflow attributed the function form to the
caller's line, so each line of a script showed it again (probe notes/progs/blogs30/q/qlogits.py: TF 3
warnings, tapeflow 5). Losses are TF 2.21's values.
"""
import warnings

import numpy as np

import framework as tf


def test_each_loss_function_warns_once_for_objects_and_functions():
    tf.keras.utils.set_random_seed(0)
    m = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(3, activation='softmax')])
    mb = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1, activation='sigmoid')])
    x = np.ones((2, 3), 'float32')
    y = np.array([0, 2])
    sce = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('default')
        l1 = sce(y, m(x))
        l2 = sce(y, m(x))
        l3 = tf.keras.losses.sparse_categorical_crossentropy(y, m(x), from_logits=True)
        l4 = tf.keras.losses.CategoricalCrossentropy(from_logits=True)(tf.one_hot(y, 3), m(x))
        l5 = tf.keras.losses.BinaryCrossentropy(from_logits=True)(np.ones((2, 1)), mb(x))
        l6 = tf.keras.losses.binary_crossentropy(np.ones((2, 1)), mb(x), from_logits=True)
    tail = ('received `from_logits=True`, but the `output` argument was produced by a %s activation and thus '
            'does not represent logits. Was this intended?')
    assert [(w.category, str(w.message)) for w in caught] == [
        (UserWarning, '"`sparse_categorical_crossentropy` ' + tail % 'Softmax'),
        (UserWarning, '"`categorical_crossentropy` ' + tail % 'Softmax'),
        (UserWarning, '"`binary_crossentropy` ' + tail % 'Sigmoid')]
    assert [float(l1), float(l2), float(l4), float(l5)] == [
        np.float32(1.4322838), np.float32(1.4322838), np.float32(1.4322838), np.float32(1.8815975)]
    assert l3.numpy().tolist() == np.array([1.8908033, 0.97376424], np.float32).tolist()
    assert l6.numpy().tolist() == np.array([1.8815975, 1.8815975], np.float32).tolist()
