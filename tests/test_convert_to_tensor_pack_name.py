"""convert_to_tensor names the Pack of a list of tensors after its ``name`` (clip_by_norm converts with
name='t'), as TF 2.21's errors show; an inner list keeps its index, a mixed list the empty name.
Texts printed by TF 2.21 (the snippet in each case)."""
import pytest

import framework as tf

SHAPES = 'Shapes of all inputs must match: values[0].shape = [2] != values[1].shape = [3] [Op:Pack] name: '


@pytest.mark.parametrize('make, name', [
    (lambda: tf.clip_by_norm([tf.ones([2]), tf.ones([3])], 1.0), 't'),
    (lambda: tf.convert_to_tensor([tf.ones([2]), tf.ones([3])], name='t'), 't'),
    (lambda: tf.convert_to_tensor([[tf.ones([2]), tf.ones([3])]], name='q'), '0'),
    (lambda: tf.convert_to_tensor([tf.ones([2]), [1., 2., 3.]], name='q'), ''),
    (lambda: tf.convert_to_tensor([tf.ones([2]), tf.ones([3])]), 'packed'),
])
def test_pack_error_names(make, name):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        make()
    assert str(info.value).endswith(SHAPES + name)


def test_clip_by_norm_of_a_list_of_tensors():
    clipped = tf.clip_by_norm([tf.ones([2]), tf.ones([2]) * 3], 1.0)
    assert clipped.numpy().ravel().tolist() == pytest.approx([0.2236068, 0.2236068, 0.67082036, 0.67082036])
