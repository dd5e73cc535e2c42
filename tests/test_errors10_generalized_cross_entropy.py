"""CategoricalGeneralizedCrossEntropy takes and refuses labels and q as Keras 3 on TF 2.21.

Keras one-hot encodes the labels with y_pred's last axis and multiplies: labels that broadcast are taken
((N, 1) labels give an (N, N) product, rank-1 scores count as N classes), others fail with TF's Mul error;
its class checks 0 < q < 1 as a plain comparison (a q that is no number is Python's TypeError) and the
function checks no q. tapeflow refused all of these with its own ValueError (errors10 rows; p/g1.py under
/opt/tfref printed the expected lines: 29 of 32 equal now, the rest are q=None/'a'/[0.5] in the function).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

YP = np.array([[.7, .2, .1], [.2, .5, .3], [.1, .3, .6], [.3, .4, .3]], 'float32')
L = np.array([0, 1, 2, 1])
GCE = keras.losses.CategoricalGeneralizedCrossEntropy


@pytest.mark.parametrize('labels, scores, shapes', [
    (L[:3], YP, '[4,3] vs. [3,3]'), (np.eye(3)[L], YP, '[4,3] vs. [4,3,3]'), (L, YP[:, :, None], '[4,3,1] vs. [4,1]'),
])
def test_labels_that_do_not_broadcast_fail_in_mul(labels, scores, shapes):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        GCE()(labels, scores)
    assert str(info.value) == ('{{function_node __wrapped__Mul_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                               'Incompatible shapes: %s [Op:Mul] name: ' % shapes)


@pytest.mark.parametrize('labels, scores, expected', [
    (L[:, None], YP, 0.874614), (L, YP[:, 0], 0.976342), (L, YP, 0.52459),
])
def test_labels_that_broadcast_are_taken_as_keras_takes_them(labels, scores, expected):
    assert float(GCE()(labels, scores)) == pytest.approx(expected, abs=1e-6)


@pytest.mark.parametrize('q, error, text', [
    (None, TypeError, "'<' not supported between instances of 'int' and 'NoneType'"),
    ('a', TypeError, "'<' not supported between instances of 'int' and 'str'"),
    (1.0, ValueError, 'q must be in the interval (0, 1)'),
    (float('nan'), ValueError, 'q must be in the interval (0, 1)'),
])
def test_the_class_checks_q_in_keras_words(q, error, text):
    with pytest.raises(error) as info:
        GCE(q=q)
    assert str(info.value) == text


def test_the_function_takes_any_q_as_keras():
    got = keras.losses.categorical_generalized_cross_entropy(L, YP, q=1.0)
    np.testing.assert_allclose(np.asarray(got), [0.3, 0.5, 0.4, 0.6], atol=1e-6)
