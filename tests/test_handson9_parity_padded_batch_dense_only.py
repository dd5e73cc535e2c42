"""Dataset.padded_batch pads dense components only, as tf.data: a ragged or sparse component (padded_batch
on from_tensor_slices of a RaggedTensor) or nested datasets (a window) raise TF 2.21's TypeError when
the dataset is made; tapeflow padded ragged rows. Texts printed by TF 2.21 (/opt/tfref)."""
import numpy as np
import pytest

import framework as tf

_slices = tf.data.Dataset.from_tensor_slices


@pytest.mark.parametrize('make, text', [
    (lambda: _slices(tf.ragged.constant([[1], [2, 3], [4, 5, 6]])),
     'type spec of elements in the input dataset is not a subclass of TensorSpec: '
     '`RaggedTensorSpec(TensorShape([None]), tf.int32, 0, tf.int64)`.'),
    (lambda: _slices(tf.sparse.from_dense(np.eye(3))),
     'type spec of elements in the input dataset is not a subclass of TensorSpec: '
     '`SparseTensorSpec(TensorShape([3]), tf.float64)`.'),
    (lambda: tf.data.Dataset.range(6).window(2), '`padded_batch` is not supported for datasets of datasets'),
])
def test_padded_batch_refuses_what_tf_does_not_pad(make, text):
    # (tf.data pads dense components only; ragged rows are batched by ragged_batch)
    with pytest.raises(TypeError) as info:
        make().padded_batch(2)
    assert str(info.value).endswith(text)


def test_padded_batch_of_dense_rows():
    got = list(tf.data.Dataset.range(1, 4).map(lambda x: tf.fill([x], x)).padded_batch(2).as_numpy_iterator())
    assert [a.tolist() for a in got] == [[[1, 0], [2, 2]], [[3, 3, 3]]]
