"""flat_map's and interleave's element_spec is the spec of the dataset their function returns, as
TF 2.21 traces it: a window's ``w.batch(6)`` is ``(None,)``, not the ``(6,)`` of its first element.
Géron ch. 16's stateful char-RNN batches those windows with ``batch(1, drop_remainder=True)``: its
inputs are ``(1, None)``, and Keras's loss weight ``tf.shape(x)[0]`` then waits for the batch, so
the batchless step at the end of each epoch of unknown length adds nothing to the loss's count.
Before, the spec read ``(1, 5)`` and the logged loss was 12/13 of TF's. Golden values printed by
TF 2.21 (/opt/tfref) for the same programs."""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras


def _windows():
    return tf.data.Dataset.range(61).window(6, shift=5, drop_remainder=True)


@pytest.mark.parametrize('make, shape', [
    (lambda: _windows().flat_map(lambda w: w.batch(6)), (None,)),
    (lambda: _windows().flat_map(lambda w: w.batch(6)).batch(1, drop_remainder=True), (1, None)),
    (lambda: _windows().flat_map(lambda w: w.batch(6, drop_remainder=True)), (6,)),
    (lambda: _windows().flat_map(lambda w: w.batch(6)).map(lambda w: w[:-1]), (None,)),
    (lambda: tf.data.Dataset.range(1, 4).interleave(lambda n: tf.data.Dataset.range(n).batch(2), cycle_length=2),
     (None,)),
    (lambda: tf.data.Dataset.range(1, 4).flat_map(lambda n: tf.data.Dataset.from_tensors(tf.fill([3], n))), (3,)),
])
def test_spec_is_the_inner_datasets(make, shape):
    spec = make().element_spec
    assert tuple(spec.shape) == shape and spec.dtype == tf.int64


def test_elements_unchanged():
    got = list(_windows().flat_map(lambda w: w.batch(6)).take(2).as_numpy_iterator())
    assert [list(a) for a in got] == [[0, 1, 2, 3, 4, 5], [5, 6, 7, 8, 9, 10]]


def _char_windows(seq):
    ds = tf.data.Dataset.from_tensor_slices(seq).window(6, shift=5, drop_remainder=True)
    ds = ds.flat_map(lambda w: w.batch(6)).batch(1, drop_remainder=True)
    return ds.map(lambda w: (w[:, :-1], w[:, 1:]))


def test_char_rnn_windows_fit_logs_tf_loss():
    seq = np.random.RandomState(0).randint(0, 10, size=61)
    keras.utils.set_random_seed(42)
    model = keras.Sequential([keras.layers.Input(batch_shape=(1, None)), keras.layers.Embedding(10, 4),
                              keras.layers.Dense(8), keras.layers.Dense(10, activation='softmax')])
    model.compile(loss='sparse_categorical_crossentropy', optimizer='sgd', metrics=['accuracy'])
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        history = model.fit(_char_windows(seq), epochs=2, verbose=0).history
        evaluated = model.evaluate(_char_windows(seq), verbose=0)
    assert history == {'accuracy': [0.04615384712815285, 0.0923076942563057],
                       'loss': [2.3064448833465576, 2.304358720779419]}
    assert int(model.optimizer.iterations) == 26      # 12 batches and the batchless step, twice
    assert evaluated == [2.3010151386260986, 0.1230769231915474]
