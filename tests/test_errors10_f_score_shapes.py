"""F1Score / FBetaScore take and refuse batches and arguments as Keras 3 on TF 2.21 does.

Keras checks rank 2 only when it builds (its 'FBetaScore expects 2D inputs' ValueError, for F1Score too),
then computes y_pred * y_true (* expand_dims(sample_weight, 1)), sums over the samples, adds the sum to the
per-class variables and assigns: shapes fail in TF's Mul or AddV2 kernels or in Keras's assign check, and
a sum that broadcasts is taken (one weight for the batch, a rank-1 batch after the first). tapeflow raised
its own ValueError where TF raises these, refused what TF takes, and took (N, 1) weights that TF refuses
(errors10 fuzzer rows; p/f1.py under /opt/tfref printed every expected line below: 37 of 37 equal now).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

YT = np.eye(3, dtype='float32')[[0, 1, 2, 1]]
YP = np.array([[.7, .2, .1], [.2, .5, .3], [.1, .3, .6], [.3, .4, .3]], 'float32')
WRAP = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
ASSIGN = ('The shape of the target variable and the shape of the target value in `variable.assign(value)` must match. '
          'variable.shape=%s, Received: value.shape=%s. Target variable: <Variable path=f1_score/true_positives, '
          'shape=%s, dtype=float32, value=%s>')


def scores(metric, *batches):
    for batch in batches:
        metric.update_state(*batch)
    return np.round(np.asarray(metric.result()), 6).tolist()


@pytest.mark.parametrize('batch, error, text', [
    ((YT[:, 0], YP), ValueError, 'FBetaScore expects 2D inputs with shape (batch_size, output_dim). Received input shapes: '
                                 'y_pred.shape=(4, 3) and y_true.shape=(4,).'),
    ((YT, YP[:, :, None]), ValueError, 'FBetaScore expects 2D inputs with shape (batch_size, output_dim). Received input '
                                       'shapes: y_pred.shape=(4, 3, 1) and y_true.shape=(4, 3).'),
    ((YT[:, :2], YP), tf.errors.InvalidArgumentError, WRAP % 'Mul' + 'Incompatible shapes: [4,3] vs. [4,2] [Op:Mul] name: '),
    ((YT, YP[:3]), tf.errors.InvalidArgumentError, WRAP % 'Mul' + 'Incompatible shapes: [3,3] vs. [4,3] [Op:Mul] name: '),
    ((YT, YP, np.ones(3)), tf.errors.InvalidArgumentError,
     WRAP % 'Mul' + 'Incompatible shapes: [4,3] vs. [3,1] [Op:Mul] name: '),
    ((YT, YP, np.ones((4, 1))), ValueError, ASSIGN % ((3,), (4, 3), (3,), '[0. 0. 0.]')),
    ((YT, YP[:, :1]), ValueError, ASSIGN % ((1,), (3,), (1,), '[0.]')),
    ((YT, YP, 2.0), ValueError, 'axis 1 is out of bounds for an array with dimension 1.'),
    ((YT, YP[:0]), tf.errors.InvalidArgumentError, 'Cannot compute the max of an empty tensor.\nCondition x > y did not '
                                                   'hold.\nFirst 1 elements of x:\n[0]\nFirst 1 elements of y:\n[0]'),
])
def test_batches_keras_refuses_fail_in_its_words(batch, error, text):
    metric = keras.metrics.F1Score()
    with pytest.raises(error) as info:
        metric.update_state(*batch)
    assert str(info.value) == text


def test_a_batch_of_other_classes_after_the_first_fails_in_add():
    metric = keras.metrics.F1Score()
    metric.update_state(YT, YP)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        metric.update_state(YT[:, :2], YP[:, :2])
    assert str(info.value) == WRAP % 'AddV2' + 'Incompatible shapes: [3] vs. [2] [Op:AddV2] name: '
    assert scores(metric) == [1.0, 1.0, 1.0]            # a refused batch changes nothing


@pytest.mark.parametrize('make, batches, expected', [
    (keras.metrics.F1Score, [(YT[:1], YP)], [0.4, 0.0, 0.0]),                       # one label row broadcasts
    (keras.metrics.F1Score, [(YT, YP, np.ones(1) * 2)], [1.0, 1.0, 1.0]),           # one weight for the batch
    (lambda: keras.metrics.F1Score(average='micro'), [(YT, YP, np.ones((4, 1)))], 1.0),
    (keras.metrics.F1Score, [(YT, YP), (YT[:, 0], YP[:, 0])], [1.0, 1.0, 1.0]),     # rank 1 once built
    (lambda: keras.metrics.FBetaScore(beta=2.0, average='weighted', threshold=0.35), [(YT, YP, [1., 2., .5, 1.])], 1.0),
    (lambda: keras.metrics.FBetaScore(beta=float('nan')), [(YT, YP)], [None, None, None]),
    (lambda: keras.metrics.F1Score(threshold=float('nan')), [(YT, YP)], [0.0, 0.0, 0.0]),
])
def test_batches_and_arguments_keras_takes_are_scored_as_there(make, batches, expected):
    got = scores(make(), *batches)
    if expected == [None, None, None]:
        assert np.isnan(got).all()
    else:
        assert got == np.round(np.float32(expected), 6).tolist()


@pytest.mark.parametrize('options, text', [
    (dict(average='foo'), "Invalid `average` argument value. Expected one of: {None, 'micro', 'macro', 'weighted'}. "
                          'Received: average=foo'),
    (dict(beta=2), "Invalid `beta` argument value. It should be a Python float. Received: beta=2 of type '<class 'int'>'"),
    (dict(beta=-0.1), 'Invalid `beta` argument value. It should be > 0. Received: beta=-0.1'),
    (dict(threshold=1), "Invalid `threshold` argument value. It should be a Python float. Received: threshold=1 of type "
                        "'<class 'int'>'"),
    (dict(threshold=1.5), 'Invalid `threshold` argument value. It should verify 0 < threshold <= 1. Received: threshold=1.5'),
])
def test_constructor_checks_raise_keras_words(options, text):
    with pytest.raises(ValueError) as info:
        keras.metrics.FBetaScore(**options)
    assert str(info.value) == text
