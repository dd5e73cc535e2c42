"""An op TF 2.21 does not dispatch to RaggedTensor converts it and fails with TF's ValueError
"TypeError: object of type 'RaggedTensor' has no len()\\n" (printed by TF 2.21 for tf.argmax(rt, axis=1),
tf.boolean_mask(rt, mask), tf.convert_to_tensor(rt), tf.sort(rt)); the ops TF dispatches still run."""
import pytest

import framework as tf

TEXT = "TypeError: object of type 'RaggedTensor' has no len()\n"


@pytest.mark.parametrize('make', [
    lambda r: tf.argmax(r, axis=1),
    lambda r: tf.boolean_mask(r, [True, False]),
    lambda r: tf.convert_to_tensor(r),
    lambda r: tf.constant(r),
    lambda r: tf.sort(r),
    lambda r: tf.linalg.det(r),
], ids=['argmax', 'boolean_mask', 'convert_to_tensor', 'constant', 'sort', 'det'])
def test_undispatched_ops_raise_tfs_value_error(make):
    r = tf.ragged.constant([[1., 2.], [3.]])
    with pytest.raises(ValueError) as info:
        make(r)
    assert type(info.value).__name__ == 'ValueError'
    assert str(info.value) == TEXT
    assert any('to_tensor()' in note for note in info.value.__notes__)     # how to densify, as a note


def test_dispatched_ops_still_run():
    r = tf.ragged.constant([[1., 2.5], [], [3.25, 4., 5.]])
    # TF 2.21: <tf.RaggedTensor [[[1, 2], [3]]]> and tf.Tensor([0.75 nan 0.7168594] ...)
    assert str(tf.expand_dims(tf.ragged.constant([[1, 2], [3]]), 0)) == '<tf.RaggedTensor [[[1, 2], [3]]]>'
    assert tf.math.reduce_std(r, axis=1).numpy()[0] == 0.75
    assert tf.one_hot(tf.ragged.constant([[0, 1], [2]]), 3).to_list() == [[[1., 0., 0.], [0., 1., 0.]], [[0., 0., 1.]]]


def test_ragged_squeeze_as_tfs_dispatch():
    r3 = tf.ragged.constant([[[1], [2]], [[3]]])
    # TF 2.21: <tf.RaggedTensor [[1, 2], [3]]> for axis=2, -1 and [2]
    for axis in (2, -1, [2]):
        assert str(tf.squeeze(r3, axis=axis)) == '<tf.RaggedTensor [[1, 2], [3]]>'
    # tf.Tensor([1 3], shape=(2,), dtype=int32) and <tf.RaggedTensor [[1, 2]]>
    assert str(tf.squeeze(tf.ragged.constant([[1], [3]]), axis=1)) == 'tf.Tensor([1 3], shape=(2,), dtype=int32)'
    assert str(tf.squeeze(tf.ragged.constant([[[1, 2]]]), axis=0)) == '<tf.RaggedTensor [[1, 2]]>'
    assert tf.squeeze(tf.ragged.constant([[[1]], [[3]]]), axis=[1, 2]).numpy().tolist() == [1, 3]
    with pytest.raises(ValueError, match='^Ragged.squeeze must have an axis argument.$'):
        tf.squeeze(r3)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.squeeze(tf.ragged.constant([[1, 2], [3]]), axis=1)
    assert str(info.value) == ("Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized data: "
                               "b'the given axis (axis = 1) is not squeezable!'")
    assert tf.squeeze(tf.zeros([1, 2, 1])).shape == (2,)
