"""TF 2.21's eager fast path refuses a Python string, list or numpy scalar input: the op runs down the slow
path, whose kernel errors end at '[Op:...]' with no ' name: ' tail (a given name dropped too); tensors, arrays
and Python numbers keep it. Goldens: TF 2.21 printed them (notes/progs/errors58/strtail3.py)."""
import numpy as np
import pytest

import framework as tf

KERNEL = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s [Op:%s]%s'
SLOW = [('str', 'abc', 0), ('list', [1, 2, 3], 1), ('np0', np.float32(2), 0)]
FAST = [('np', np.array([1, 2, 3]), 1), ('tensor', tf.constant([1, 2, 3]), 1), ('float', 1.5, 0)]


def _text(call):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call()
    return str(info.value)


@pytest.mark.parametrize('label, given, rank', SLOW + FAST)
def test_expand_dims(label, given, rank):
    words = 'Tried to expand dim index 5 for tensor with %d dimensions.' % rank
    fast = (label, given, rank) in FAST
    assert _text(lambda: tf.expand_dims(given, 5)) == KERNEL % ('ExpandDims', words, 'ExpandDims',
                                                                ' name: ' if fast else '')
    assert _text(lambda: tf.expand_dims(given, 5, name='ed')) == KERNEL % ('ExpandDims', words, 'ExpandDims',
                                                                           ' name: ed' if fast else '')


@pytest.mark.parametrize('label, given, rank', SLOW + FAST)
def test_reshape(label, given, rank):
    size = int(np.size(given)) if label != 'str' else 1
    tail = ' name: ' if (label, given, rank) in FAST else ''
    for shape in (tf.constant([2]), np.array([2])):
        assert _text(lambda: tf.reshape(given, shape)) == KERNEL % (
            'Reshape', 'Input to reshape is a tensor with %d values, but the requested shape has 2' % size, 'Reshape',
            tail)
    assert _text(lambda: tf.reshape(given, tf.constant([-2]))) == KERNEL % (
        'Reshape', 'Size 0 must be non-negative, not -2', 'Reshape', tail)
