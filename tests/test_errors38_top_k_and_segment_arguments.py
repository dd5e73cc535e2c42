"""tf.math.top_k's k / sorted, the unsorted segment reductions' num_segments and keras.ops.segment_*'s
inputs are converted and refused as TF 2.21 / Keras 3 do.

Golden texts printed by TF 2.21 (progs/errors38 and /tmp probes copied here), e.g.
    tf.math.top_k(tf.constant([1., 2.]), None)      -> ValueError: Attempt to convert a value (None) ...
    tf.math.top_k(tf.constant([1., 2.]), 1, sorted='a')  -> TypeError: Expected bool for argument 'sorted' not 'a'.
    tf.math.top_k(tf.constant([1., 2.]), [1])
                                        -> InvalidArgumentError: ... k must be scalar, got shape [1] [Op:TopKV2]
    tf.math.unsorted_segment_sum(x, ids, 2.0)        -> TypeError: Cannot convert 2.0 to EagerTensor of dtype int32
    tf.math.unsorted_segment_sum(x, ids, np.float32(2.5))  -> two segments (int32 conversion truncates)
    tf.math.unsorted_segment_mean(x, ids, 2.0)       -> InvalidArgumentError: Value for attr 'Tnumsegments' of float ...
    keras.ops.segment_sum([1., 2.], tf.constant([0, 1]))  -> AttributeError: 'list' object has no attribute 'shape'
    keras.ops.segment_sum(tf.constant(1.), tf.constant([0]))  -> IndexError: tuple index out of range
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import InvalidArgumentError

X = tf.constant([1., 2.])
IDS = tf.constant([0, 1])
TOPK_SIGNATURE = ("\n\t; NodeDef: {{node TopKV2}}; Op<name=TopKV2; signature=input:T, k:Tk -> values:T, "
                  "indices:index_type; attr=sorted:bool,default=true; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, "
                  "DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, "
                  "DT_UINT64]; attr=Tk:type,default=DT_INT32,allowed=[DT_INT16, DT_INT32, DT_INT64]; "
                  "attr=index_type:type,default=DT_INT32,allowed=[DT_INT16, DT_INT32, DT_INT64]> [Op:TopKV2]")
KERNEL = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


@pytest.mark.parametrize('k, sorted_, error, text', [
    (None, True, ValueError, "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
                             "Tensor."),
    (1.5, 'a', TypeError, "Expected bool for argument 'sorted' not 'a'."),
    (1, 0, TypeError, "Expected bool for argument 'sorted' not 0."),
    (1.5, True, TypeError, 'Cannot convert 1.5 to EagerTensor of dtype int32'),
    ('1', True, InvalidArgumentError, "Value for attr 'Tk' of string is not in the list of allowed values: int16, "
                                      "int32, int64" + TOPK_SIGNATURE),
    (tf.constant(1.0), True, InvalidArgumentError, "Value for attr 'Tk' of float is not in the list of allowed "
                                                   "values: int16, int32, int64" + TOPK_SIGNATURE + ' name: '),
    ([1], True, InvalidArgumentError, KERNEL % 'TopKV2' + 'k must be scalar, got shape [1] [Op:TopKV2]'),
    ((), True, InvalidArgumentError, KERNEL % 'TopKV2' + 'k must be scalar, got shape [0] [Op:TopKV2]'),
    (tf.constant([1, 2]), True, InvalidArgumentError,
     KERNEL % 'TopKV2' + 'k must be scalar, got shape [2] [Op:TopKV2] name: '),
])
def test_top_k_converts_k_and_sorted_as_tf(k, sorted_, error, text):
    with pytest.raises(error) as info:
        tf.math.top_k(X, k, sorted=sorted_)
    assert type(info.value) is error and str(info.value) == text


@pytest.mark.parametrize('k', [np.float32(1.0), tf.constant(1, tf.int64), True, np.int64(1)])
def test_top_k_takes_what_tf_converts(k):
    assert tf.math.top_k(X, k).values.numpy().tolist() == [2.0]
    assert keras.ops.top_k(X, k)[0].numpy().tolist() == [2.0]


def test_keras_top_k_passes_k_on_as_tf_does():
    with pytest.raises(TypeError) as info:
        keras.ops.top_k(X, 1.5)
    assert str(info.value) == 'Cannot convert 1.5 to EagerTensor of dtype int32'
    with pytest.raises(ValueError, match=r'^Attempt to convert a value \(None\)'):
        keras.ops.top_k(X, None)


@pytest.mark.parametrize('op, kernel', [('unsorted_segment_sum', 'UnsortedSegmentSum'),
                                        ('unsorted_segment_max', 'UnsortedSegmentMax'),
                                        ('unsorted_segment_prod', 'UnsortedSegmentProd')])
def test_unsorted_segment_num_segments_as_tf_converts_it(op, kernel):
    fn = getattr(tf.math, op)
    for given in (2.0, 2.5):
        with pytest.raises(TypeError) as info:
            fn(X, IDS, given)
        assert str(info.value) == 'Cannot convert %r to EagerTensor of dtype int32' % given
    assert fn(X, IDS, np.float32(2.5)).numpy().tolist() == [1.0, 2.0]      # int32 conversion truncates
    with pytest.raises(InvalidArgumentError) as info:
        fn(X, IDS, True)        # one segment: id 1 is out of range
    assert str(info.value) == KERNEL % kernel + 'segment_ids[1] = 1 is out of range [0, 1) [Op:%s] name: ' % kernel
    for given, shown, tail in ((tf.constant(2.0), 'float', ' name: '), (tf.constant(2, tf.int16), 'int16', ' name: '),
                               ('2', 'string', '')):
        with pytest.raises(InvalidArgumentError) as info:
            fn(X, IDS, given)
        text = str(info.value)
        assert text.startswith("Value for attr 'Tnumsegments' of %s is not in the list of allowed values: int32, "
                               "int64\n\t; NodeDef: {{node %s}}; Op<name=%s; signature=data:T"
                               % (shown, kernel, kernel))
        assert text.endswith('allowed=[DT_INT32, DT_INT64]> [Op:%s]%s' % (kernel, tail))


@pytest.mark.parametrize('given, shown', [(2.0, 'float'), (np.float32(2.0), 'float'), (True, 'bool'), ('2', 'string')])
def test_unsorted_mean_converts_num_segments_as_given(given, shown):
    with pytest.raises(InvalidArgumentError) as info:
        tf.math.unsorted_segment_mean(X, IDS, given)
    assert str(info.value).startswith("Value for attr 'Tnumsegments' of %s is not" % shown)
    assert str(info.value).endswith('[Op:UnsortedSegmentSum] name: ')


@pytest.mark.parametrize('data, ids, error, text', [
    ([1., 2.], IDS, AttributeError, "'list' object has no attribute 'shape'"),
    (X, [0, 1], AttributeError, "'list' object has no attribute 'shape'"),
    (1.5, np.array([0, 0]), AttributeError, "'float' object has no attribute 'shape'"),
    (tf.constant(1.), tf.constant([0]), IndexError, 'tuple index out of range'),
    (tf.constant([1.]), tf.constant(0), IndexError, 'tuple index out of range'),
])
@pytest.mark.parametrize('op', ['segment_sum', 'segment_max'])
def test_keras_segment_ops_read_shapes_as_keras(op, data, ids, error, text):
    with pytest.raises(error) as info:
        getattr(keras.ops, op)(data, ids)
    assert type(info.value) is error and str(info.value) == text
    assert any('keras.ops.%s' % op in note for note in info.value.__notes__)
