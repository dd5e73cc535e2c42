"""A bad reduction axis raises TF 2.21's kernel error ('Invalid reduction dimension (1 for input with 1
dimension(s)', 'Axes contains duplicate dimension: 0'), naming the kernel behind the op ([Op:Max] for
reduce_logsumexp, [Op:Mean] for reduce_variance and keras.ops.average); tapeflow's sentence is a note.
TF's eager fast path adds ' name: ' for an int, array or tensor axis, not for a Python list/tuple or a
numpy scalar (the fallback path). kdocA found it in keras.ops.average's docstring. Texts printed by TF 2.21."""
import numpy as np
import pytest

import framework as tf
from framework import keras

CPU = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
X = tf.constant([1., 2.])
M = tf.constant([[1., 2.], [3., 4.]])
B = tf.constant([True, False])
BAD_1 = 'Invalid reduction dimension (1 for input with 1 dimension(s) [Op:%s] name: '

CASES = [
    (lambda: tf.reduce_sum(X, axis=1), 'Sum', BAD_1 % 'Sum'),
    (lambda: tf.reduce_sum(X, axis=-2), 'Sum', 'Invalid reduction dimension (-2 for input with 1 dimension(s) '
                                               '[Op:Sum] name: '),
    (lambda: tf.reduce_sum(M, axis=[0, 2]), 'Sum', 'Invalid reduction dimension (2 for input with 2 dimension(s) '
                                                   '[Op:Sum]'),
    (lambda: tf.reduce_sum(M, axis=(0, 2)), 'Sum', 'Invalid reduction dimension (2 for input with 2 dimension(s) '
                                                   '[Op:Sum]'),
    (lambda: tf.reduce_sum(M, axis=np.int64(2)), 'Sum', 'Invalid reduction dimension (2 for input with 2 '
                                                        'dimension(s) [Op:Sum]'),
    (lambda: tf.reduce_sum(M, axis=np.array([0, 2])), 'Sum', 'Invalid reduction dimension (2 for input with 2 '
                                                             'dimension(s) [Op:Sum] name: '),
    (lambda: tf.reduce_sum(M, axis=tf.constant([0, 2])), 'Sum', 'Invalid reduction dimension (2 for input with 2 '
                                                                'dimension(s) [Op:Sum] name: '),
    (lambda: tf.reduce_sum(tf.constant(5.), axis=0), 'Sum', 'Invalid reduction dimension (0 for input with 0 '
                                                            'dimension(s) [Op:Sum] name: '),
    (lambda: tf.reduce_mean(M, axis=3), 'Mean', 'Invalid reduction dimension (3 for input with 2 dimension(s) '
                                                '[Op:Mean] name: '),
    (lambda: tf.reduce_max(X, axis=1), 'Max', BAD_1 % 'Max'),
    (lambda: tf.reduce_min(X, axis=1), 'Min', BAD_1 % 'Min'),
    (lambda: tf.reduce_prod(X, axis=1), 'Prod', BAD_1 % 'Prod'),
    (lambda: tf.reduce_all(B, axis=1), 'All', BAD_1 % 'All'),
    (lambda: tf.reduce_any(B, axis=1), 'Any', BAD_1 % 'Any'),
    (lambda: tf.reduce_logsumexp(X, axis=1), 'Max', BAD_1 % 'Max'),
    (lambda: tf.math.reduce_variance(X, axis=1), 'Mean', BAD_1 % 'Mean'),
    (lambda: tf.math.reduce_std(X, axis=1), 'Mean', BAD_1 % 'Mean'),
    (lambda: tf.math.reduce_euclidean_norm(X, axis=1), 'EuclideanNorm', BAD_1 % 'EuclideanNorm'),
    (lambda: tf.math.count_nonzero(X, axis=1), 'Sum', BAD_1 % 'Sum'),
    (lambda: tf.reduce_sum(tf.constant([1, 2]), axis=1), 'Sum', BAD_1 % 'Sum'),
    (lambda: tf.reduce_sum(M, axis=[0, 0]), 'Sum', 'Invalid reduction arguments: Axes contains duplicate '
                                                   'dimension: 0 [Op:Sum]'),
    (lambda: tf.reduce_sum(M, axis=[0, -2]), 'Sum', 'Invalid reduction arguments: Axes contains duplicate '
                                                    'dimension: 0 [Op:Sum]'),
    (lambda: tf.reduce_sum(M, axis=[0, 0, 5]), 'Sum', 'Invalid reduction arguments: Axes contains duplicate '
                                                      'dimension: 0 [Op:Sum]'),
    (lambda: tf.reduce_sum(M, axis=np.array([1, 1])), 'Sum', 'Invalid reduction arguments: Axes contains '
                                                             'duplicate dimension: 1 [Op:Sum] name: '),
    (lambda: keras.ops.sum(X, axis=1), 'Sum', BAD_1 % 'Sum'),
    (lambda: keras.ops.average(X, axis=1), 'Mean', BAD_1 % 'Mean'),
    (lambda: keras.ops.prod(X, axis=1), 'Prod', BAD_1 % 'Prod'),
    (lambda: keras.ops.any(B, axis=1), 'Any', BAD_1 % 'Any'),
]


@pytest.mark.parametrize('call, kernel, text', CASES)
def test_reduction_axis_error_is_the_kernels(call, kernel, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        call()
    assert str(err.value) == CPU % kernel + text
    assert 'axis' in err.value.__notes__[0]          # tapeflow's sentence names the op and the axes


def test_other_ops_keep_their_axis_errors():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'\}\} axis 5 is out of range \[Op:Roll\] name: '):
        tf.roll(M, 1, 5)
