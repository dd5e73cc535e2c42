"""tf.nn.conv2d of int32 tensors computes, as TF 2.21's Eigen Conv2D does (tapeflow refused: 'conv2d: expected a
floating-point tensor'); sums wrap as int32 arithmetic does. Values printed by TF 2.21
(/work/notes/progs/errors43/iconv_standalone.py)."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError, UnimplementedError

RS = np.random.RandomState(0)
X = RS.randint(-50, 50, (2, 5, 6, 3))
F = RS.randint(-50, 50, (3, 2, 3, 4))


@pytest.mark.parametrize('kwargs, shape, head', [
    (dict(strides=1, padding='SAME'), (2, 5, 6, 4), [-3300, -1088, -1408, -59, -869]),
    (dict(strides=2, padding='VALID'), (2, 2, 3, 4), [4880, 4281, 428, -58, 1676]),
    (dict(strides=1, padding='VALID', dilations=2), (2, 1, 4, 4), [-383, 647, 1007, 1058, -83]),
])
def test_int32_convolution(kwargs, shape, head):
    for x in (tf.constant(X, 'int32'), X.astype('int32')):
        out = tf.nn.conv2d(x, tf.constant(F, 'int32'), **kwargs)
        assert out.dtype == tf.int32 and out.shape == shape and out.numpy().ravel()[:5].tolist() == head
    if kwargs['padding'] == 'SAME':
        assert int(tf.reduce_sum(tf.cast(out, 'int64'))) == 43458


def test_int32_sums_wrap():
    big = tf.constant(np.full((1, 3, 3, 1), 2 ** 20), 'int32')
    assert tf.nn.conv2d(big, tf.constant(np.full((3, 3, 1, 1), 2 ** 12), 'int32'), 1, 'VALID').numpy().ravel() == [0]


def test_refusals():
    with pytest.raises(InvalidArgumentError) as caught:
        tf.nn.conv2d(tf.constant(X, 'int32'), tf.constant(F, 'float32'), 1, 'VALID')
    assert str(caught.value) == ('cannot compute Conv2D as input #1(zero-based) was expected to be a int32 tensor but '
                                 'is a float tensor [Op:Conv2D] name: ')
    with pytest.raises(UnimplementedError, match='only supports the NHWC tensor format on the CPU'):
        tf.nn.conv2d(tf.constant(np.transpose(X, (0, 3, 1, 2)), 'int32'), tf.constant(F, 'int32'), 1, 'VALID',
                     data_format='NCHW')
