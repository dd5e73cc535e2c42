"""concatenate of elements whose components cannot meet (ragged ranks, ragged vs dense) raises TF 2.21's
TypeError naming both whole element specs (tapeflow named the components, or its own 'incompatible ragged
components' text). Golden texts printed by TF 2.21 with /work/notes/progs/data9/p11.py."""
import pytest

import framework as tf

RAGGED_0 = "({'r': RaggedTensorSpec(TensorShape([None]), tf.int32, 0, tf.int64)}, TensorSpec(shape=(), dtype=tf.int32, name=None))"


def _sliced(r, labels=(1, 2)):
    return tf.data.Dataset.from_tensor_slices(({'r': r}, list(labels)))


@pytest.mark.parametrize('other, other_text', [
    (lambda: tf.ragged.constant([[[1]], [[2, 3]]]),
     "({'r': RaggedTensorSpec(TensorShape([None, None]), tf.int32, 1, tf.int64)}, TensorSpec(shape=(), dtype=tf.int32, name=None))"),
    (lambda: [[1], [2]],
     "({'r': TensorSpec(shape=(1,), dtype=tf.int32, name=None)}, TensorSpec(shape=(), dtype=tf.int32, name=None))"),
])
def test_incompatible_components_name_whole_specs(other, other_text):
    with pytest.raises(TypeError) as caught:
        _sliced(tf.ragged.constant([[1], [2, 3]])).concatenate(_sliced(other()))
    assert str(caught.value) == 'Incompatible dataset elements:\n  %s vs.   %s' % (RAGGED_0, other_text)


def test_same_ragged_rank_still_concatenates():
    both = _sliced(tf.ragged.constant([[1], [2, 3]])).concatenate(_sliced(tf.ragged.constant([[4, 5, 6]]), [3]))
    assert [e[0]['r'].tolist() for e in both.as_numpy_iterator()] == [[1], [2, 3], [4, 5, 6]]
