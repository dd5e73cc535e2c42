"""tf.gather with batch_dims and an axis, tf.stack of nothing, tf.reshape of no values with a 0 and a -1,
as TensorFlow 2.21 runs them: its Python
gather drops batch_dims where the axis it was given is 0 (a plain row gather), the GatherV2 kernel refuses
batch_dims beyond another axis in its words; tf.stack([]) reads values[0] for a nonzero axis; Reshape
fills a -1 beside a 0 with the input's nonzero sizes over the shape's. Values and
texts printed by TF 2.21 (/work/notes/progs/errors28/j2.py)."""
import pytest

import framework as tf

P = tf.reshape(tf.range(6.0), (3, 2))


@pytest.mark.parametrize('batch_dims', [1, -1])
def test_gather_along_a_given_axis_0_ignores_batch_dims(batch_dims):
    out = tf.gather(P, [[0], [1], [0]], axis=0, batch_dims=batch_dims)
    assert out.numpy().tolist() == [[[0.0, 1.0]], [[2.0, 3.0]], [[0.0, 1.0]]]
    p3 = tf.reshape(tf.range(12.0), (3, 2, 2))
    assert tf.gather(p3, [[0, 1], [1, 0], [0, 0]], axis=0, batch_dims=1).shape.as_list() == [3, 2, 2, 2]


def test_gather_batch_dims_without_axis_still_batches():
    assert tf.gather(P, [[0], [1], [0]], batch_dims=-1).numpy().tolist() == [[0.0], [3.0], [4.0]]


def test_gather_batch_dims_beyond_a_negative_axis_is_the_kernels_error():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.gather(P, [[0], [1], [0]], axis=-2, batch_dims=1)
    assert str(info.value) == ('{{function_node __wrapped__GatherV2_device_/job:localhost/replica:0/task:0/device:'
                               'CPU:0}} batch_dims (1) must be less than or equal to axis (0). [Op:GatherV2]')


def test_stack_of_nothing():
    assert tf.stack([]).shape.as_list() == [0]
    with pytest.raises(IndexError) as info:
        tf.stack([], axis=1)
    assert str(info.value) == 'list index out of range'


@pytest.mark.parametrize('shape, new, expected', [
    ((0, 3), (-1, 0), [3, 0]), ((0, 3), (2, -1, 0), [2, 1, 0]), ((2, 0, 3), (0, -1), [0, 6]),
    ((2, 0, 3), (-1, 0, 5), [1, 0, 5]), ((0, 3), (-1, 0, 4), [0, 0, 4]), ((0, 3), (-1, 3), [0, 3]),
    ((0,), (0, -1), [0, 1]), ((0, 0), (-1, 0), [1, 0])])
def test_reshape_of_no_values_fills_the_unknown_size_as_tf(shape, new, expected):
    assert tf.reshape(tf.zeros(shape), new).shape.as_list() == expected


@pytest.mark.parametrize('indexing, shown', [('foo', "'foo'"), ('XY', "'XY'"), (None, "'None'")])
def test_meshgrid_indexing_refusal_is_tfs_value_error(indexing, shown):
    with pytest.raises(ValueError) as info:
        tf.meshgrid(tf.ones(2), tf.ones(3), indexing=indexing)
    assert str(info.value) == "Argument `indexing` parameter must be either 'xy' or 'ij', got %s" % shown
