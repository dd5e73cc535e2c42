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
