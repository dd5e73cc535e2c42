"""Out-of-range row keys: a RaggedTensor's rt[5] and a dense tensor's x[tf.constant(5)].

Goldens: TF 2.21 (tensorflow-cpu) printed them, /work/notes/progs/tutorials67/ragidx.py and denseidx.py
(``print(type(e).__name__, e)`` for each key). TF's eager ragged __getitem__ checks only ``key >= nrows``
('Row key 5 out of bounds', an IndexError that ends iteration); a key below -nrows reaches its slice of the row
starts, whose StridedSlice kernel refuses it. A scalar integer tensor index of a dense tensor is a strided
slice index like an int.
"""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

_SLICE = ('{{function_node __wrapped__StridedSlice_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
          'slice index %d of dimension %d out of bounds. [Op:StridedSlice] name: strided_slice/')


def _ragged():
    return tf.ragged.constant([[1, 2], [3], [4, 5, 6]])


@pytest.mark.parametrize('key, words', [
    (5, 'Row key 5 out of bounds'), (3, 'Row key 3 out of bounds'), (np.int64(7), 'Row key 7 out of bounds'),
    ('t3', 'Row key 3 out of bounds')])
def test_a_row_key_past_the_last_row_is_an_index_error(key, words):
    key = tf.constant(3) if key == 't3' else key
    for index in (key, (key, 0)):
        with pytest.raises(IndexError) as caught:
            _ragged()[index]
        assert str(caught.value) == words


@pytest.mark.parametrize('key, shown', [(-4, -1), ('t-9', -6)])
def test_a_row_key_before_the_first_row_is_the_slice_kernels_error(key, shown):
    key = tf.constant(-9, tf.int64) if key == 't-9' else key
    for index in (key, (key, 0)):
        with pytest.raises(InvalidArgumentError) as caught:
            _ragged()[index]
        assert str(caught.value) == _SLICE % (shown, 0)


def test_rows_in_range_and_iteration_still_work():
    rt = _ragged()
    assert rt[-3].numpy().tolist() == [1, 2] and rt[2, 0].numpy() == 4
    assert [row.numpy().tolist() for row in rt] == [[1, 2], [3], [4, 5, 6]]
    with pytest.raises(IndexError) as caught:       # a ragged rank 2 tensor's rows likewise
        tf.ragged.constant([[[1], [2, 3]], [[4]]])[2]
    assert str(caught.value) == 'Row key 2 out of bounds'


@pytest.mark.parametrize('key, texts', [
    # key: (x[k], m[k], m[1, k], m[:, k]) for x of shape (3,), m of shape (2, 3)
    ('-9', ((-6, 0), (-7, 0), (-6, 1), (-6, 1))),
    ('5', ((5, 0), (5, 0), (5, 1), (5, 1))),
    ('-4', ((-1, 0), (-2, 0), (-1, 1), (-1, 1)))])
def test_a_scalar_tensor_index_out_of_range_is_the_slice_kernels_error(key, texts):
    k = tf.constant(int(key), tf.int64 if key == '-9' else tf.int32)
    x = tf.constant([0, 2, 3], tf.int64)
    m = tf.reshape(tf.range(6), (2, 3))
    for index, (target, where) in zip((k, k, (1, k), (slice(None), k)), zip((x, m, m, m), texts)):
        with pytest.raises(InvalidArgumentError) as caught:
            target[index]
        assert str(caught.value) == _SLICE % where


def test_a_scalar_tensor_index_in_range_and_its_gradient():
    v = tf.Variable([1.0, 2.0, 3.0])
    with tf.GradientTape() as tape:
        y = v[tf.constant(-1)] * 2.0
    assert y.numpy() == 6.0
    assert tape.gradient(y, v).numpy().tolist() == [0.0, 0.0, 2.0]
    with pytest.raises(InvalidArgumentError) as caught:
        v[tf.constant(3)]
    assert str(caught.value) == _SLICE % (3, 0)
