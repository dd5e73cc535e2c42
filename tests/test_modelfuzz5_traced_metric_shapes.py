"""Compiled metrics given labels that do not fit a 3-class softmax (class indices), in a fit step TF traces on
batches of unknown size (19 samples in batches of 6): the step's graph leaves the batch axis None.

Printed by TF 2.21 (Keras 3.15), notes/progs/modelfuzz5/p35.py:
    m = Sequential([Input((4,)), Dense(3, activation='softmax')])
    m.compile(SGD(0.1), 'sparse_categorical_crossentropy', metrics=[metric])
    m.fit(x[:19], y[:19], batch_size=6)
  'precision' / 'recall' / 'TruePositives' -> InvalidArgumentError ... 'Incompatible shapes: [1,18] vs. [1,6]'
      (grappler sorts the commutative LogicalAnd's inputs by node name, Greater before Tile_2: the
      predictions' tile comes first; eagerly, and with fixed-size batches, the labels' does)
  R2Score() -> ValueError 'R2Score expects 2D inputs with shape (batch_size, output_dim). Received input
      shapes: y_pred.shape=(None, 3) and y_true.shape=(None,).' (18 samples: (6, 3) and (6,))
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

RNG = np.random.RandomState(35)
X = RNG.randn(19, 4).astype('float32')
Y = RNG.randint(0, 3, (19,))


def fit(metric, count):
    keras.utils.set_random_seed(35)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, activation='softmax')])
    model.compile(keras.optimizers.SGD(0.1), 'sparse_categorical_crossentropy', metrics=[metric])
    model.fit(X[:count], Y[:count], batch_size=6, epochs=1, verbose=0)


@pytest.mark.parametrize('metric', ['precision', 'recall', 'TruePositives'])
def test_threshold_metrics_name_the_sorted_operands(metric):
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'Incompatible shapes: \[1,18\] vs\. \[1,6\] \[Op:LogicalAnd\]'):
        fit(metric, 19)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'Incompatible shapes: \[1,6\] vs\. \[1,18\]'):
        keras.metrics.get(metric).update_state(Y[:6], RNG.rand(6, 3))


def test_r2_score_words_the_traced_shapes():
    with pytest.raises(ValueError, match=r'Received input shapes: y_pred\.shape=\(None, 3\) and y_true\.shape=\(None,\)\.'):
        fit(keras.metrics.R2Score(), 19)
    with pytest.raises(ValueError, match=r'Received input shapes: y_pred\.shape=\(6, 3\) and y_true\.shape=\(6,\)\.'):
        fit(keras.metrics.R2Score(), 18)
