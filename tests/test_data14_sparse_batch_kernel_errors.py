"""Dataset.sparse_batch refuses an element larger than (or of another rank than) row_shape as TF 2.21's
DenseToSparseBatchDataset kernel does: from the iterator's IteratorGetNext, in the kernel's words
(probe /work/notes/progs/data14/p9.py)."""
import pytest

import framework as tf

_NEXT = ('{{function_node __wrapped__IteratorGetNext_output_types_1_device_/job:localhost/replica:0/task:0/'
         'device:CPU:0}} %s [Op:IteratorGetNext] name: ')


def _lengths(spec):
    return tf.data.Dataset.from_generator(lambda: ([1] * n for n in [3, 1, 2, 5]), output_signature=spec)


@pytest.mark.parametrize('spec', [tf.TensorSpec([None], tf.int32), tf.TensorSpec(None, tf.int32)])
def test_element_larger_than_row_shape(spec):
    with pytest.raises(tf.errors.DataLossError) as caught:
        list(_lengths(spec).sparse_batch(2, [2]))
    # TF 2.21's text
    assert str(caught.value) == _NEXT % 'Input element had shape ([3]) that is larger than the row shape ([2]).'


@pytest.mark.parametrize('spec', [tf.TensorSpec([None], tf.int32), tf.TensorSpec(None, tf.int32)])
def test_element_of_another_rank(spec):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        list(_lengths(spec).sparse_batch(2, [6, 2]))
    assert str(caught.value) == _NEXT % 'Input element had shape ([3]) that is incompatible with the row shape ([6,2]).'


def test_reduce_names_its_kernel():
    with pytest.raises(tf.errors.DataLossError) as caught:
        _lengths(tf.TensorSpec([None], tf.int32)).sparse_batch(2, [2]).reduce(0, lambda a, b: a)
    assert str(caught.value) == (
        '{{function_node __wrapped__ReduceDataset_Targuments_0_Tstate_1_output_types_1_device_/job:localhost/'
        'replica:0/task:0/device:CPU:0}} Input element had shape ([3]) that is larger than the row shape ([2]). '
        '[Op:ReduceDataset] name: ')


def test_fitting_elements_batch():
    batches = [s.indices.numpy().tolist() for s in _lengths(tf.TensorSpec([None], tf.int32)).sparse_batch(2, [6])]
    assert batches == [[[0, 0], [0, 1], [0, 2], [1, 0]], [[0, 0], [0, 1], [1, 0], [1, 1], [1, 2], [1, 3], [1, 4]]]
