"""x[...] indexes as NumPy does once tnp.experimental_enable_numpy_behavior() is on (guide/tf_numpy).

The guide's indexing cell prints ``x[:, (True, False, True)]`` and ``x[1, (0, 0, 1), tnp.asarray([0, 1, 1])]``;
tapeflow kept TensorFlow's plain StridedSlice indexing and raised its TypeError ('Only integers, slices ...').
Expected values were printed by TF 2.21 for the same expressions (probes tn2.py / tn3.py in
/work/notes/progs/tutorials36).
"""
import numpy as np
import pytest

import framework as tf
import framework.experimental.numpy as tnp
from framework import tensor_numpy_methods
from framework.errors import InvalidArgumentError


def _x():
    return tnp.reshape(tnp.arange(24), (2, 3, 4))


def _x4():
    return tnp.reshape(tnp.arange(120), (2, 3, 4, 5))


CASES = [
    # the guide's cell
    (lambda x: x[:, (True, False, True)], (2, 2, 4),
     [[[0, 1, 2, 3], [8, 9, 10, 11]], [[12, 13, 14, 15], [20, 21, 22, 23]]]),
    (lambda x: x[1, (0, 0, 1), tnp.asarray([0, 1, 1])], (3,), [12, 13, 17]),
    # a plain list is one index array (TensorFlow's own indexing reads it as x[1, 0])
    (lambda x: x[[-1, 0], 2], (2, 4), [[20, 21, 22, 23], [8, 9, 10, 11]]),
    (lambda x: x[[0, 1], [1, 2]], (2, 4), [[4, 5, 6, 7], [20, 21, 22, 23]]),
    # advanced axes apart: their result goes first; an int between them is no advanced index (unlike NumPy)
    (lambda x: x[[0, 1], :, [1, 2]], (2, 3), [[1, 5, 9], [14, 18, 22]]),
    (lambda x: x[0, :, [1, 2]], (3, 2), [[1, 2], [5, 6], [9, 10]]),
    (lambda x: x[..., [0, 1], [0, 3]], (2, 2), [[0, 7], [12, 19]]),
    (lambda x: x[None, [1, 0], 1], (1, 2, 4), [[[16, 17, 18, 19], [4, 5, 6, 7]]]),
    (lambda x: x[:, tf.constant([[0, 1], [2, 0]]), 3], (2, 2, 2), [[[3, 7], [11, 3]], [[15, 19], [23, 15]]]),
    (lambda x: x[1, tnp.asarray([True, False, True]), 2], (2,), [14, 22]),
    (lambda x: x[[[0], [1]], [0, 2], 1], (2, 2), [[1, 9], [13, 21]]),
    (lambda x: x[np.array([1, 0], dtype=np.uint8), 0, 0], (2,), [12, 0]),
    (lambda x: x[x > 20], (3,), [21, 22, 23]),
]


@pytest.mark.parametrize('index, shape, expected', CASES)
def test_numpy_indexing_values(numpy_behavior, index, shape, expected):
    result = index(_x())
    assert tuple(result.shape) == shape
    assert result.dtype == tf.int64
    assert result.numpy().tolist() == expected


CASES_4D = [
    (lambda x: x[..., [0, 1], :, [2, 3]], [[[2, 7, 12, 17], [62, 67, 72, 77]], [[23, 28, 33, 38], [83, 88, 93, 98]]]),
    (lambda x: x[[1, 0], ..., [2, 3]][:, 0], [[62, 67, 72, 77], [3, 8, 13, 18]]),
    (lambda x: x[1, [0, 2], 1:3, [4, 0]], [[69, 74], [105, 110]]),
    (lambda x: x[:, :, [3, 3], [-1, 0]][0], [[19, 15], [39, 35], [59, 55]]),
]


@pytest.mark.parametrize('index, expected', CASES_4D)
def test_numpy_indexing_four_dims(numpy_behavior, index, expected):
    assert index(_x4()).numpy().tolist() == expected


def test_errors_are_tnp_words(numpy_behavior):
    with pytest.raises(IndexError, match=r'and integer or boolean arrays are valid indices, got \[0\.5, 1\.0\]'):
        _x()[[0.5, 1.0]]
    with pytest.raises(NotImplementedError, match='Need rank 1 for bool index'):
        _x()[0, np.array([[True, False, True, True]] * 3)]
    with pytest.raises(InvalidArgumentError, match=r'indices\[0\] = 5 is not in \[0, 2\) \[Op:GatherV2\]'):
        _x()[[5]]


def test_gradient_scatters_back(numpy_behavior):
    x = tf.reshape(tf.range(6.), (2, 3))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tnp.sum(x[[1, 1, 0], 2] * tnp.asarray([1., 2., 3.], dtype=tnp.float32))
    assert tape.gradient(y, x).numpy().tolist() == [[0., 0., 3.], [0., 0., 3.]]


def test_variables_and_tf_function(numpy_behavior):
    v = tf.Variable(tf.reshape(tf.range(6.), (2, 3)))
    assert float(v[[1, 0]]) == 3.0          # a variable keeps TensorFlow's indexing: v[1, 0]
    f = tf.function(lambda a: a[[1, 0], 1])
    assert f(tf.reshape(tf.range(6), (2, 3))).numpy().tolist() == [4, 1]


def test_plain_indexing_without_numpy_behavior():
    saved = list(tensor_numpy_methods.ENABLED)
    tensor_numpy_methods.ENABLED[:] = []
    try:
        assert _x()[[1, 0]].numpy().tolist() == [12, 13, 14, 15]
        with pytest.raises(TypeError, match='Only integers, slices'):
            _x()[:, (True, False, True)]
    finally:
        tensor_numpy_methods.ENABLED[:] = saved
