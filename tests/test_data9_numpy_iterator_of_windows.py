"""as_numpy_iterator of a dataset whose elements hold datasets (window's): TF 2.21 raises TypeError
(printed by TF 2.21 with /work/notes/progs/data9/p4.py, `list(tf.data.Dataset.range(5).window(2).as_numpy_iterator())`):
"`tf.data.Dataset.as_numpy_iterator()` is not supported for datasets that produce values of type
<class 'tensorflow.python.data.ops.dataset_ops.DatasetV2'>"; tapeflow handed out the window datasets."""
import pytest

import framework as tf

TEXT = ("`tf.data.Dataset.as_numpy_iterator()` is not supported for datasets that produce values of type "
        "<class 'tensorflow.python.data.ops.dataset_ops.DatasetV2'>")


@pytest.mark.parametrize('make', [
    lambda: tf.data.Dataset.range(5).window(2),
    lambda: tf.data.Dataset.from_tensor_slices({'a': [1, 2]}).window(2),
    lambda: tf.data.Dataset.from_tensor_slices(([1, 2, 3], [1., 2., 3.])).window(2, 1, 2),
])
def test_windows_are_refused(make):
    with pytest.raises(TypeError) as caught:
        list(make().as_numpy_iterator())
    assert str(caught.value) == TEXT


def test_flat_mapped_windows_still_iterate():
    # TF 2.21: [array([0, 1, 2]), array([2, 3, 4]), array([4, 5, 6])]
    ds = tf.data.Dataset.range(7).window(3, shift=2, drop_remainder=True).flat_map(lambda w: w.batch(3))
    assert [b.tolist() for b in ds.as_numpy_iterator()] == [[0, 1, 2], [2, 3, 4], [4, 5, 6]]
