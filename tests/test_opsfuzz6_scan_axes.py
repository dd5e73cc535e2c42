"""The axis of tf.cumsum / tf.math.cumprod / tf.math.cumulative_logsumexp and the segment ops' segment_ids rank,
in TF 2.21's kernel words. Golden values printed by TF 2.21 (/work/notes/progs/opsfuzz6/p02_cum_seg.py and the
t8 / t9 / t10 snippets quoted here)."""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

_KERNEL = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s [Op:%s]'
X = [[1., 2., 3.], [4., 5., 6.]]


def _error(fn):
    with pytest.raises(InvalidArgumentError) as caught:
        fn()
    return str(caught.value)


@pytest.mark.parametrize('op, kernel', [(tf.cumsum, 'Cumsum'), (tf.math.cumprod, 'Cumprod'),
                                        (tf.math.cumulative_logsumexp, 'CumulativeLogsumexp')])
def test_a_list_axis_is_the_scans_scalar_check(op, kernel):
    x = tf.constant(X)
    # TF 2.21: tf.cumsum(x, axis=[1]) -> '... ScanOp: axis must be a scalar, not [1] [Op:Cumsum]' (a list: no tail)
    assert _error(lambda: op(x, axis=[1])) == _KERNEL % (kernel, 'ScanOp: axis must be a scalar, not [1]', kernel)
    # axis=tf.constant([1]) -> '... not [1] [Op:Cumsum] name: '; axis=[[1]] -> 'not [1,1]'; axis=[] -> 'not [0]'
    assert _error(lambda: op(x, axis=tf.constant([1]))) == \
        _KERNEL % (kernel, 'ScanOp: axis must be a scalar, not [1]', kernel) + ' name: '
    assert _error(lambda: op(x, axis=[[1]])) == _KERNEL % (kernel, 'ScanOp: axis must be a scalar, not [1,1]', kernel)
    assert _error(lambda: op(x, axis=[])) == _KERNEL % (kernel, 'ScanOp: axis must be a scalar, not [0]', kernel)
    # axis=tf.constant(1, tf.int64) computes: cumsum -> [[1, 3, 6], [4, 9, 15]]
    assert op(x, axis=tf.constant(1, tf.int64)).shape == (2, 3)


def test_scan_axis_strings_and_float_tensors_are_the_tidx_registry_error():
    x = tf.constant(X)
    # TF 2.21: tf.cumsum(x, axis=tf.constant(1.)) -> "Value for attr 'Tidx' of float is not in the list of allowed
    # values: int32, int64\n\t; NodeDef: {{node Cumsum}}; ... [Op:Cumsum] name: "; axis='1': '... of string ...' no tail
    text = _error(lambda: tf.cumsum(x, axis=tf.constant(1.)))
    assert text.startswith("Value for attr 'Tidx' of float is not in the list of allowed values: int32, int64\n\t; "
                           "NodeDef: {{node Cumsum}}; Op<name=Cumsum; signature=x:T, axis:Tidx -> out:T; ")
    assert text.endswith('[Op:Cumsum] name: ')
    text = _error(lambda: tf.cumsum(x, axis='1'))
    assert text.startswith("Value for attr 'Tidx' of string is not") and text.endswith('[Op:Cumsum]')


def test_cumulative_logsumexp_axis_range_is_the_scans_words():
    # TF 2.21: tf.math.cumulative_logsumexp(tf.constant(1.)) -> '... ScanOp: Expected scan axis in the range [0, 0),
    # but got 0 [Op:CumulativeLogsumexp] name: '; axis=-3 of a matrix: '... [-2, 2), but got -1 ...'
    kernel = 'CumulativeLogsumexp'
    assert _error(lambda: tf.math.cumulative_logsumexp(tf.constant(1.))) == \
        _KERNEL % (kernel, 'ScanOp: Expected scan axis in the range [0, 0), but got 0', kernel) + ' name: '
    assert _error(lambda: tf.math.cumulative_logsumexp(tf.constant(X), axis=-3)) == \
        _KERNEL % (kernel, 'ScanOp: Expected scan axis in the range [-2, 2), but got -1', kernel) + ' name: '


@pytest.mark.parametrize('name, kernel', [('sum', 'SegmentSum'), ('mean', 'SegmentMean'), ('max', 'SegmentMax'),
                                          ('min', 'SegmentMin'), ('prod', 'SegmentProd')])
def test_segment_ids_of_rank_two_are_the_kernels_vector_check(name, kernel):
    # TF 2.21: tf.math.segment_max(tf.reshape(tf.range(6.), [3, 2]), [[0, 0], [1, 1], [1, 2]])
    #   -> '{{function_node __wrapped__SegmentMax_device_...}} segment_ids should be a vector. [Op:SegmentMax]'
    data = tf.reshape(tf.range(6.), [3, 2])
    op = getattr(tf.math, 'segment_' + name)
    assert _error(lambda: op(data, [[0, 0], [1, 1], [1, 2]])) == \
        _KERNEL % (kernel, 'segment_ids should be a vector.', kernel)
    assert _error(lambda: op(data, tf.constant([[0, 0], [1, 1], [1, 2]]))) == \
        _KERNEL % (kernel, 'segment_ids should be a vector.', kernel) + ' name: '
