"""Class scores (softmax, log-softmax, the cross-entropies' exps, logs and the log's reciprocal) carry
TensorFlow 2.21's bits up to eigen_math.CLASS_SCORES values, past the 256 of the other elementwise
kernels: a batch of 64 rows of 10 classes is the common classifier step, and its loss, gradient and
so fit's history are read from them. Digests and hex literals: TF 2.21's output of
/work/notes/progs/me28/cs_gold.py, cs_fit.py (before: every digest below differed, and the fit's
second epoch loss was 0x1.22d3fa0000000p+1)."""
import hashlib

import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.ops import eigen_math

pytestmark = pytest.mark.usefixtures('xeon_cpu')     # oneDNN's softmax, as TF runs it on the Xeon


def _digest(t):
    return hashlib.md5(np.asarray(t).tobytes()).hexdigest()[:16]


def _inputs():
    rs = np.random.RandomState(7)
    logits = (rs.randn(64, 10) * 3).astype(np.float32)
    labels = rs.randint(0, 10, 64)
    big = (rs.randn(128, 32) * 2).astype(np.float32)
    probabilities = rs.uniform(0.001, 0.999, (64, 10)).astype(np.float32)
    return logits, labels, np.eye(10, dtype=np.float32)[labels], big, probabilities


def test_the_sizes_are_past_the_elementwise_limit_and_within_the_class_scores_one():
    assert eigen_math.SMALL_ELEMENTWISE < 64 * 10 <= 128 * 32 <= eigen_math.CLASS_SCORES


def test_softmax_and_cross_entropies_of_a_batch_carry_tensorflows_bits():
    logits, labels, onehot, big, probabilities = _inputs()
    p = tf.nn.softmax(logits)
    assert (_digest(p), float(p.numpy()[0, 0]).hex()) == ('3572e9080b87bf78', '0x1.a5d0740000000p-1')
    assert _digest(tf.nn.softmax(big)) == 'd47120e7ff5b9c07'
    assert _digest(tf.nn.log_softmax(logits)) == 'f702e08043fb1a9a'
    assert _digest(tf.nn.sparse_softmax_cross_entropy_with_logits(labels, logits)) == '658639f836613b02'
    assert _digest(tf.nn.softmax_cross_entropy_with_logits(onehot, logits)) == '56a651588fa9012a'
    assert _digest(keras.losses.sparse_categorical_crossentropy(labels, p)) == '54414cff20112854'
    assert _digest(keras.losses.categorical_crossentropy(onehot, p)) == 'a98abe845ee464ba'
    assert _digest(keras.losses.binary_crossentropy(onehot, probabilities)) == '99f2b11c85ec55c5'
    assert _digest(keras.losses.KLDivergence(reduction=None)(tf.nn.softmax(logits * 0.5), p)) == '5d60c06008c823e2'


def test_gradients_through_softmax_probabilities_and_through_logits():
    logits, labels, _, _, _ = _inputs()
    x = tf.constant(logits)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        from_probabilities = tf.reduce_mean(keras.losses.sparse_categorical_crossentropy(labels, tf.nn.softmax(x)))
        from_logits = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels, x))
    assert float(from_probabilities).hex() == float(from_logits).hex() == '0x1.3f154c0000000p+2'
    assert _digest(tape.gradient(from_probabilities, x)) == '01e294dff2640cc0'
    assert _digest(tape.gradient(from_logits, x)) == '8d8b28797a6d894c'


def test_a_digits_classifier_fit_history_is_tensorflows():
    from sklearn.datasets import load_digits
    keras.utils.set_random_seed(1)
    digits = load_digits()
    x, y = (digits.data / 16.0).astype('float32'), digits.target
    model = keras.Sequential([keras.Input((64,)), keras.layers.Dense(32, activation='relu'),
                              keras.layers.Dense(10, activation='softmax')])
    model.compile(optimizer='adam', loss='sparse_categorical_crossentropy', metrics=['accuracy'])
    history = model.fit(x[:512], y[:512], batch_size=64, epochs=3, verbose=0, validation_split=0.25).history
    hexed = {key: [float(v).hex() for v in values] for key, values in history.items()}
    assert hexed == {
        'accuracy': ['0x1.eaaaaa0000000p-4', '0x1.3000000000000p-3', '0x1.9000000000000p-3'],
        'loss': ['0x1.2b362e0000000p+1', '0x1.22d3fe0000000p+1', '0x1.1badfe0000000p+1'],
        'val_accuracy': ['0x1.6000000000000p-3', '0x1.a000000000000p-3', '0x1.7000000000000p-3'],
        'val_loss': ['0x1.2a23d00000000p+1', '0x1.2383fc0000000p+1', '0x1.1dd0100000000p+1']}
