"""interleave's cycle_length / block_length / num_parallel_calls read as TF 2.21 reads them when the dataset
is made: int64 conversion (TypeError / ValueError), then the kernel's checks in its own order.

Goldens printed by TF 2.21 (probes /work/notes/progs/data11/p5.py, p6.py), e.g.
`tf.data.Dataset.range(1, 4).interleave(lambda x: tf.data.Dataset.range(x), cycle_length=2, num_parallel_calls=3)`.
"""
import pytest

import framework as tf

R = tf.data.Dataset.range
_CPU = '_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
V = lambda *v: tf.constant(list(v), tf.int64)


def _interleave(**sizes):
    return R(1, 4).interleave(lambda x: R(x), **sizes)


def _kernel_text(op, text):
    return '{{function_node __wrapped__%s_Targuments_0%s%s [Op:%s] name: ' % (op, _CPU, text, op)


@pytest.mark.parametrize('sizes, text', [
    (dict(cycle_length=2, num_parallel_calls=3),
     'If `cycle_length` is set to a fixed value, `num_parallel_calls` must be either `tf.data.AUTOTUNE` or a value '
     'less than or equal to `cycle_length`. However, `num_parallel_calls` is 3 and `cycle_length` is 2'),
    (dict(cycle_length=0, block_length=0, num_parallel_calls=2), '`block_length` must be > 0'),
    (dict(cycle_length=0, num_parallel_calls=0), 'num_parallel_calls must be greater than zero.'),
    (dict(cycle_length=2, num_parallel_calls=-2), 'num_parallel_calls must be greater than zero.'),
    (dict(num_parallel_calls=-2), 'num_parallel_calls must be greater than zero.'),
    (dict(cycle_length=V(2, 3), block_length=V(1, 2), num_parallel_calls=2), 'block_length must be a scalar'),
    (dict(cycle_length=2, block_length=1, num_parallel_calls=V(1, 2)), 'num_parallel_calls must be a scalar'),
    (dict(cycle_length=V(2, 3), num_parallel_calls=2), 'cycle_length must be a scalar'),
    (dict(cycle_length=True, num_parallel_calls=2),      # True converts to 1
     'If `cycle_length` is set to a fixed value, `num_parallel_calls` must be either `tf.data.AUTOTUNE` or a value '
     'less than or equal to `cycle_length`. However, `num_parallel_calls` is 2 and `cycle_length` is 1'),
])
def test_parallel_interleave_kernel_refuses_when_made(sizes, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        _interleave(**sizes)
    assert str(caught.value) == _kernel_text('ParallelInterleaveDatasetV4', text)


@pytest.mark.parametrize('sizes, text', [
    (dict(cycle_length=V(2, 3), block_length=0), 'cycle_length must be a scalar'),
    (dict(cycle_length=0, block_length=V(1, 2)), 'cycle_length must be greater than zero.'),
    (dict(cycle_length=2, block_length=[1, 2]), 'block_length must be a scalar'),
])
def test_interleave_kernel_reads_cycle_length_first(sizes, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        _interleave(**sizes)
    assert str(caught.value) == _kernel_text('InterleaveDataset', text)


@pytest.mark.parametrize('sizes, error, text', [
    (dict(cycle_length=2.5), TypeError, 'Cannot convert 2.5 to EagerTensor of dtype int64'),
    (dict(cycle_length=2, block_length='2'), TypeError, "Cannot convert '2' to EagerTensor of dtype int64"),
    (dict(cycle_length=2, num_parallel_calls=2.5), TypeError, 'Cannot convert 2.5 to EagerTensor of dtype int64'),
    (dict(cycle_length=2.5, block_length=tf.constant(1, tf.int32)), TypeError,
     'Cannot convert 2.5 to EagerTensor of dtype int64'),
    (dict(cycle_length=2, block_length=2.5, num_parallel_calls='x'), TypeError,
     'Cannot convert 2.5 to EagerTensor of dtype int64'),
    (dict(cycle_length=tf.constant(2, tf.int32)), ValueError,
     'cycle_length: Tensor conversion requested dtype int64 for Tensor with dtype int32: '
     '<tf.Tensor: shape=(), dtype=int32, numpy=2>'),
    (dict(cycle_length=2, num_parallel_calls=tf.constant(2, tf.int32)), ValueError,
     'num_parallel_calls: Tensor conversion requested dtype int64 for Tensor with dtype int32: '
     '<tf.Tensor: shape=(), dtype=int32, numpy=2>'),
])
def test_sizes_convert_to_int64_first(sizes, error, text):
    with pytest.raises(error) as caught:
        _interleave(**sizes)
    assert str(caught.value) == text


@pytest.mark.parametrize('sizes', [
    dict(cycle_length=tf.constant(2, tf.int64), block_length=tf.constant(2, tf.int64),
         num_parallel_calls=tf.constant(2, tf.int64)),
    dict(cycle_length=2, block_length=None), dict(cycle_length=-1, num_parallel_calls=-1),
])
def test_accepted_sizes_still_interleave(sizes):
    assert sorted(int(v) for v in _interleave(**sizes)) == [0, 0, 0, 1, 1, 2]


def test_an_autotuned_cycle_is_checked_when_the_iterator_is_made():
    made = R(3).interleave(lambda x: R(x), num_parallel_calls=10 ** 6)     # more calls than any machine's cores
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'\[Op:MakeIterator\]'):
        list(made)
