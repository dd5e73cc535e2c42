"""errors23: the ' name: ' tail of list-kernel and attribute errors, as TF 2.21's eager paths print it
(/work/notes/progs/errors23/p_listtail.py, p_listtail_tf.txt).

- tf.concat / tf.stack with a Python list among the values: the slow path's words end at '[Op:ConcatV2]' /
  '[Op:Pack]' (tapeflow added ' name: concat' / ' name: stack').
- tf.stack along axis 0 of tensors mixed with lists, arrays or numpy scalars: TF packs them in a name scope,
  ' name: ' with no name; tensors alone or arrays alone keep ' name: stack'.
- tf.split(x, -2): no tail (a count of 0 keeps ' name: split'); tf.gather(x, 'a'): no tail."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

T = tf.ones((2,))


def _tail(call):
    with pytest.raises(InvalidArgumentError) as caught:
        call()
    text = str(caught.value)
    return text[text.index('[Op:'):]


@pytest.mark.parametrize('call, tail', [
    (lambda: tf.concat([[1.0, 2.0], [[3.0]]], 0), '[Op:ConcatV2]'),
    (lambda: tf.concat([T, [[3.0]]], 0), '[Op:ConcatV2]'),
    (lambda: tf.concat([[[1.0]], [[1.0], [2.0]]], 1), '[Op:ConcatV2]'),
    (lambda: tf.concat([T, np.ones((2, 1), 'float32')], 0), '[Op:ConcatV2] name: concat'),
    (lambda: tf.concat([T, tf.ones((2, 1))], 0, name='x'), '[Op:ConcatV2] name: x'),
    (lambda: tf.stack([[1, 2], [3]]), '[Op:Pack]'),
    (lambda: tf.stack([T, tf.ones(3)]), '[Op:Pack] name: stack'),
    (lambda: tf.stack([T, tf.ones(3)], name='y'), '[Op:Pack] name: y'),
    (lambda: tf.stack([np.ones(2, 'float32'), np.ones(3, 'float32')]), '[Op:Pack] name: stack'),
    (lambda: tf.stack([T, [1.0, 2.0, 3.0]]), '[Op:Pack] name: '),
    (lambda: tf.stack([T, np.ones(3, 'float32')]), '[Op:Pack] name: '),
    (lambda: tf.stack([T, np.float32(1.0)]), '[Op:Pack] name: '),
    (lambda: tf.split(tf.ones((4, 3)), -2), '[Op:Split]'),
    (lambda: tf.split(tf.ones((4, 3)), 0), '[Op:Split] name: split'),
    (lambda: tf.gather(tf.ones(3), 'a'), '[Op:GatherV2]'),
    (lambda: tf.gather(tf.ones(3), tf.constant('a')), '[Op:GatherV2] name: '),
])
def test_error_tail_as_tf(call, tail):
    assert _tail(call) == tail


@pytest.mark.parametrize('parts, shown', [
    (2.0, '2.0'), (4 / 2, '2.0'), (np.float32(2), '2.0'), (np.array(2), '2'),
    (tf.constant(2), 'tf.Tensor(2, shape=(), dtype=int32)'),
])
def test_split_into_a_scalar_that_is_no_int_is_tf_value_error(parts, shown):
    # TF 2.21 (p_split.py, p_split_tf.txt); tapeflow raised "object of type 'float' has no len()"
    with pytest.raises(ValueError) as caught:
        tf.split(tf.ones((4, 3)), parts)
    assert str(caught.value) == ('Rank-0 tensors are not supported as the num_or_size_splits argument to split. '
                                 'Argument provided: ' + shown)


def test_split_into_numpy_int_and_size_tensor_still_splits():
    assert [t.shape.as_list() for t in tf.split(tf.ones((4, 3)), np.int64(2))] == [[2, 3], [2, 3]]
    assert [t.shape.as_list() for t in tf.split(tf.ones((4, 3)), tf.constant([2, 2]))] == [[2, 3], [2, 3]]
