"""Batching elements of different shapes, as TF 2.21 words it: a batch right after a map is one fused
MapAndBatch kernel (map_and_batch_fusion, on by default), which checks each element's size, not its
shape ('Cannot add tensor to the batch: number of elements does not match ...', and an element of the
first's size is copied in the first's shape); a map that hands its argument back is dropped first
(noop elimination), so its batch keeps BatchDataset's 'Cannot batch tensors with different shapes',
whose shapes TF writes without spaces ([2,1]). Literals: TF 2.21's output of
/work/notes/progs/errors30/p_mapbatch.py and p_batchshapes.py."""
import numpy as np
import pytest

import framework as tf

_HEAD = ('{{function_node __wrapped__IteratorGetNext_output_types_%d_device_/job:localhost/replica:0/task:0/device:'
         'CPU:0}} ')


def _generated(*shapes):
    def gen():
        for s in shapes:
            yield np.arange(int(np.prod(s)), dtype='float32').reshape(s)
    return tf.data.Dataset.from_generator(gen, output_signature=tf.TensorSpec(None, tf.float32))


def test_variable_length_sequences_mapped_then_batched():
    ds = tf.data.Dataset.range(1, 4).map(lambda x: tf.range(x))
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        list(ds.batch(3))
    assert str(info.value) == _HEAD % 1 + ('Cannot add tensor to the batch: number of elements does not match. '
                                           'Shapes are: [tensor]: [2], [batch]: [1] [Op:IteratorGetNext] name: ')


@pytest.mark.parametrize('kwargs', [{}, {'drop_remainder': True}])
def test_fused_batch_of_a_tuple_component(kwargs):
    ds = _generated((2, 3), (2, 2)).map(lambda x: (1, x))
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        list(ds.batch(2, **kwargs))
    assert str(info.value) == _HEAD % 2 + ('Cannot add tensor to the batch: number of elements does not match. '
                                           'Shapes are: [tensor]: [2,2], [batch]: [2,3] [Op:IteratorGetNext] name: ')


def test_fused_batch_copies_an_element_of_the_same_size_in_the_first_shape():
    ds = _generated((2, 3), (3, 2)).map(lambda x: (1, x), num_parallel_calls=2)
    (ones, rows), = [(a.numpy().tolist(), b.numpy().tolist()) for a, b in ds.batch(2)]
    assert ones == [1, 1]
    assert rows == [[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]], [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]]


@pytest.mark.parametrize('make', [lambda ds: ds, lambda ds: ds.map(lambda x: x),
                                  lambda ds: ds.map(lambda x: x * 2).take(5)])
def test_unfused_batch_names_both_shapes(make):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        list(make(_generated((2, 3), (3, 2))).batch(2))
    assert str(info.value) == _HEAD % 1 + ('Cannot batch tensors with different shapes in component 0. First element '
                                           'had shape [2,3] and element 1 had shape [3,2]. [Op:IteratorGetNext] name: ')
