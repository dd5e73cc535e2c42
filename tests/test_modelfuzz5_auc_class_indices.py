"""AUC (and the other bucketed confusion metrics) compiled on a softmax model trained on class indices:
the labels (N,) and the flattened predictions (N * classes,) do not pair up. Keras 3's segment_sum
checks the lengths when it knows them (eager, or a step traced on batches of a fixed size): ValueError.
In a step traced on batches of unknown size (a partial last batch, validation_split) both are None
there, and TF's UnsortedSegmentSum kernel refuses them as the step runs: InvalidArgumentError.

Printed by TF 2.21 (Keras 3.15), notes/progs/modelfuzz5/p34.py:
    m = Sequential([Input((4,)), Dense(3, activation='softmax')])
    m.compile(SGD(0.1), 'sparse_categorical_crossentropy', metrics=['auc'])
    m.fit(x[:19], y[:19], batch_size=6)   -> InvalidArgumentError: Graph execution error: ...
                                             data.shape = [6] does not start with segment_ids.shape = [18]
    m.fit(x[:18], y[:18], batch_size=6)   -> ValueError: Argument `segment_ids` and `data` should have same
                                             leading dimension. Got (18,) v.s. (6,).
    m.evaluate(x[:19], y[:19], batch_size=5) -> InvalidArgumentError ... data.shape = [5] does not start
                                             with segment_ids.shape = [15]
(tapeflow words the kernel error as the eager kernel does; TF's graph traceback is not reproduced.)
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

RNG = np.random.RandomState(32)
X = RNG.randn(19, 4).astype('float32')
Y = RNG.randint(0, 3, (19,))


def compiled():
    keras.utils.set_random_seed(32)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, activation='softmax')])
    model.compile(keras.optimizers.SGD(0.1), 'sparse_categorical_crossentropy', metrics=['auc'])
    return model


@pytest.mark.parametrize('count, extra', [(19, {}), (18, {'validation_split': 0.25}),
                                          (19, {'sample_weight': np.ones(19, 'float32')})])
def test_fit_on_batches_of_unknown_size_fails_in_the_kernel(count, extra):
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'data\.shape = \[6\] does not start with '
                                                             r'segment_ids\.shape = \[18\] \[Op:UnsortedSegmentSum\]'):
        compiled().fit(X[:count], Y[:count], batch_size=6, epochs=1, verbose=0, **extra)


def test_evaluate_on_a_partial_batch_fails_in_the_kernel():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'data\.shape = \[5\] does not start with '
                                                             r'segment_ids\.shape = \[15\]'):
        compiled().evaluate(X, Y, batch_size=5, verbose=0)


def test_fixed_batches_and_eager_updates_keep_keras_check():
    text = r'^Argument `segment_ids` and `data` should have same leading dimension\. Got \(18,\) v\.s\. \(6,\)\.'
    with pytest.raises(ValueError, match=text):
        compiled().fit(X[:18], Y[:18], batch_size=6, epochs=1, verbose=0)
    with pytest.raises(ValueError, match=text):
        keras.metrics.AUC().update_state(Y[:6], RNG.rand(6, 3))
