"""group_by_window's key_func / window_size_func results (and window_size) checked as TF 2.21's wrappers
convert them: int64 conversion, then a scalar.

Goldens printed by TF 2.21 (probes /work/notes/progs/data11/p7.py, p8.py), e.g.
`tf.data.Dataset.range(6).group_by_window(lambda x: x % 2, lambda k, w: w.batch(9), window_size_func=lambda k: 2.5)`.
TF raises when the dataset is made; tapeflow at the first element (its functions trace then).
"""
import numpy as np
import pytest

import framework as tf

R = tf.data.Dataset.range


def _grouped(key_func=lambda x: x % 2, **sizes):
    return [v.tolist() for v in R(6).group_by_window(key_func, lambda k, w: w.batch(9), **sizes).as_numpy_iterator()]


def _invalid(which, shape):
    return ('Invalid `%s`. `%s` must return a single `tf.int64` scalar tensor but its return type is '
            'TensorSpec(shape=%s, dtype=tf.int64, name=None).' % (which, which, shape))


@pytest.mark.parametrize('result, error, text', [
    (lambda k: tf.cast(k + 1, tf.int32), ValueError,
     "Tensor conversion requested dtype int64 for Tensor with dtype int32: <tf.Tensor 'Cast:0' shape=() dtype=int32>"),
    (lambda k: k > 1, ValueError,
     "Tensor conversion requested dtype int64 for Tensor with dtype bool: <tf.Tensor 'Greater:0' shape=() dtype=bool>"),
    (lambda k: tf.cast(k, tf.uint8) + 2, ValueError,
     "Tensor conversion requested dtype int64 for Tensor with dtype uint8: <tf.Tensor 'add:0' shape=() dtype=uint8>"),
    (lambda k: 2.5, TypeError, "Expected int64, but got 2.5 of type 'float'."),
    (lambda k: '3', TypeError, "Expected int64, but got 3 of type 'str'."),
    (lambda k: None, ValueError, 'None values not supported.'),
    (lambda k: (k, k), ValueError, _invalid('window_size_func', '(2,)')),
    (lambda k: [1, 2], ValueError, _invalid('window_size_func', '(2,)')),
    (lambda k: tf.fill([2], k), ValueError, _invalid('window_size_func', '(2,)')),
    (lambda k: (k + 2,), ValueError, _invalid('window_size_func', '(1,)')),
])
def test_window_size_func_results(result, error, text):
    with pytest.raises(error) as caught:
        _grouped(window_size_func=result)
    assert str(caught.value) == text


@pytest.mark.parametrize('result, error, text', [
    (lambda x: 2.5, TypeError, "Expected int64, but got 2.5 of type 'float'."),
    (lambda x: (x, x), ValueError, _invalid('key_func', '(2,)')),
    (lambda x: tf.reshape(x + 2, [1]), ValueError, _invalid('key_func', '(1,)')),
    (lambda x: None, ValueError, 'None values not supported.'),
    (lambda x: tf.cast(x, tf.float32), ValueError,
     "Tensor conversion requested dtype int64 for Tensor with dtype float32: <tf.Tensor 'Cast:0' shape=() dtype=float32>"),
])
def test_key_func_results(result, error, text):
    with pytest.raises(error) as caught:
        _grouped(result, window_size=2)
    assert str(caught.value) == text


@pytest.mark.parametrize('size, error, text', [
    (2.5, TypeError, "Expected int64, but got 2.5 of type 'float'."),
    ('2', TypeError, "Expected int64, but got 2 of type 'str'."),
    ([2, 3], ValueError, _invalid('window_size_func', '(2,)')),
])
def test_window_size_is_a_constant_window_size_func(size, error, text):
    with pytest.raises(error) as caught:
        _grouped(window_size=size)
    assert str(caught.value) == text


def test_accepted_results_group_as_tf():
    assert _grouped(lambda x: True, window_size=2) == [[0, 1], [2, 3], [4, 5]]
    assert _grouped(window_size_func=lambda k: True) == [[0], [1], [2], [3], [4], [5]]
    assert _grouped(window_size_func=lambda k: np.int32(3)) == [[0, 2, 4], [1, 3, 5]]
    assert _grouped(window_size=np.int32(2)) == [[0, 2], [1, 3], [4], [5]]
    assert _grouped(window_size=tf.constant(2, tf.int64)) == [[0, 2], [1, 3], [4], [5]]
    assert _grouped(window_size_func=lambda k: k + 2) == [[0, 2], [1, 3, 5], [4]]


def test_window_size_func_traces_once_on_a_key_tensor(capsys):
    def size(key):
        print('traced', key)
        return key + 2
    assert _grouped(window_size_func=size) == [[0, 2], [1, 3, 5], [4]]
    assert capsys.readouterr().out == 'traced Tensor("args_0:0", shape=(), dtype=int64)\n'


def test_window_size_func_must_be_callable():
    with pytest.raises(TypeError) as caught:
        R(4).group_by_window(lambda x: x % 2, lambda k, w: w.batch(9), window_size_func=3)
    assert str(caught.value) == "'int' object is not callable"
