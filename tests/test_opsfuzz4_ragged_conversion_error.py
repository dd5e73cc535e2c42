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
