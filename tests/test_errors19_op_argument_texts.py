"""errors19: more tf.* ops refuse bad arguments as TF 2.21 does: class, words and the ' name: ' tail of its eager
fast path (texts printed by TF 2.21, /work/notes/progs/errors19/q9.py)."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError
from tests.helpers_error_texts import assert_raises_exactly

_NONE = "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."
_NODE = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s [Op:%s]'
_SEED = _NODE % ('StatelessRandomGetKeyCounter', 'seed must have shape [2], not [%s]', 'StatelessRandomGetKeyCounter')


@pytest.mark.parametrize('call, error, text', [
    (lambda: tf.linspace(0., 1., None), ValueError, _NONE),
    (lambda: tf.expand_dims(tf.ones(2), None), ValueError, _NONE),
    (lambda: tf.add_n(None), TypeError, "'NoneType' object is not iterable"),
    (lambda: tf.add_n([tf.ones(2), None]), ValueError,
     'Inputs must be an iterable of at least one Tensor/IndexedSlices with the same dtype and shape.'),
    (lambda: tf.stack(tf.ones((2, 3)), axis=5), ValueError, 'Argument `axis` = 5 not in range [-2, 2)'),
    (lambda: tf.random.stateless_uniform((2,), seed=[1, 2], dtype=tf.int32), ValueError,
     "For integer `dtype` argument <dtype: 'int32'>, argument `minval` and `maxval` must be both None or not None. "
     "Got `minval`=0 and `maxval`=None."),
    (lambda: tf.reduce_any([1., 2.]), TypeError, 'Cannot convert [1.0, 2.0] to EagerTensor of dtype bool'),
    (lambda: tf.reduce_any(tf.ones(2)), InvalidArgumentError, 'cannot compute Any as input #0(zero-based) was '
                                                              'expected to be a bool tensor but is a float tensor '
                                                              '[Op:Any] name: '),
    (lambda: tf.reduce_all(tf.constant([1, 2])), InvalidArgumentError, 'cannot compute All as input #0(zero-based) '
                                                                       'was expected to be a bool tensor but is a '
                                                                       'int32 tensor [Op:All] name: '),
    (lambda: tf.random.uniform((2,), maxval=5, dtype=tf.int32, minval=5), InvalidArgumentError,
     _NODE % ('RandomUniformInt', 'Need minval < maxval, got 5 >= 5', 'RandomUniformInt') + ' name: '),
    (lambda: tf.bitcast(tf.ones(3), tf.int64), InvalidArgumentError,
     _NODE % ('Bitcast', 'Cannot bitcast from 1 to 9', 'Bitcast') + ' name: '),
    (lambda: tf.bitcast(np.ones(3, 'float32'), tf.int64), InvalidArgumentError,
     _NODE % ('Bitcast', 'Cannot bitcast from 1 to 9', 'Bitcast') + ' name: '),
    (lambda: tf.random.stateless_normal((2,), seed=1), InvalidArgumentError, _SEED % '' + ' name: '),
    (lambda: tf.random.stateless_normal((2,), seed=np.array([1, 2, 3])), InvalidArgumentError, _SEED % '3' + ' name: '),
    (lambda: tf.random.stateless_normal((2,), seed=[1, 2, 3]), InvalidArgumentError, _SEED % '3'),
])
def test_op_argument_texts(call, error, text):
    assert_raises_exactly(call, error, text)


def test_shuffle_of_none_keeps_tfs_conversion_text():
    # tapeflow prefixed it with 'random.shuffle: '; that is now a note
    with pytest.raises(ValueError) as caught:
        tf.random.shuffle(None)
    assert str(caught.value) == _NONE


@pytest.mark.parametrize('call, tail', [
    (lambda: tf.gather(tf.ones(3), [1.5]), False), (lambda: tf.gather(tf.ones(3), tf.constant([1.5])), True),
    (lambda: tf.gather(tf.ones(3), np.array([1.5], 'float32')), True),
    (lambda: tf.gather([1., 2.], tf.constant([1.5])), False), (lambda: tf.gather_nd(tf.ones(3), [[1.5]]), False),
    (lambda: tf.one_hot([0., 1.], 3), False), (lambda: tf.one_hot(['a'], 3), False),
    (lambda: tf.one_hot(tf.constant([0., 1.]), 3), True),
])
def test_index_dtype_refusals_name_tail(call, tail):
    # the registry's Tindices / TI error ends in ' name: ' only on TF's fast path (no Python list operand)
    with pytest.raises(InvalidArgumentError) as caught:
        call()
    assert str(caught.value).endswith(' name: ') is tail


def test_ones_of_strings_and_matmul_of_strings():
    # tapeflow: its own 'string tensors have no ones' / 'no arithmetic' sentences (now notes)
    assert_raises_exactly(lambda: tf.ones((2, 3), tf.string), TypeError, 'Cannot convert 1 to EagerTensor of dtype '
                                                                         'string')
    with pytest.raises(InvalidArgumentError) as caught:
        tf.ones_like(tf.constant(['a']))
    assert str(caught.value).startswith("Value for attr 'T' of string is not in the list of allowed values: bfloat16")
    assert str(caught.value).endswith('DT_BOOL]> [Op:OnesLike] name: ')
    for a, b in (('a', 'b'), ([['a']], [['b']])):
        with pytest.raises(InvalidArgumentError) as caught:
            tf.matmul(a, b)
        assert str(caught.value).startswith("Value for attr 'T' of string is not in the list of allowed values: "
                                            "bfloat16, half, float, double, int32, int64, uint8")
        assert str(caught.value).endswith('attr=grad_b:bool,default=false> [Op:MatMul] name: ')
