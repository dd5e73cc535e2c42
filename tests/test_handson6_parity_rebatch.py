"""tf.data's unbatch / rebatch of scalar elements fail when the dataset is made, with TensorFlow's
words (tapeflow failed when the elements were read, in its own words). Texts printed by TF 2.21."""
import pytest

import framework as tf


@pytest.mark.parametrize('make, text', [
    (lambda: tf.data.Dataset.range(7).unbatch(), 'Cannot unbatch an input with scalar components.'),
    (lambda: tf.data.Dataset.range(7).rebatch(3),
     'Invalid `batch_sizes`. Expected dataset with rank of >= 1 but found a dataset with scalar elements. '
     'Fix the issue by adding the `batch` transformation to the dataset.'),
    (lambda: tf.data.Dataset.from_tensor_slices(([1, 2], [[1], [2]])).rebatch(2),
     'Invalid `batch_sizes`. Expected dataset with rank of >= 1 but found a dataset with scalar elements. '
     'Fix the issue by adding the `batch` transformation to the dataset.'),
])
def test_scalar_elements_are_refused_when_the_dataset_is_made(make, text):
    with pytest.raises(ValueError) as info:
        make()
    assert str(info.value) == text


def test_batched_elements_rebatch():
    ds = tf.data.Dataset.range(7).batch(2).rebatch(3)
    assert ds.element_spec == tf.TensorSpec(shape=(None,), dtype=tf.int64)
    assert [b.tolist() for b in ds.as_numpy_iterator()] == [[0, 1, 2], [3, 4, 5], [6]]
