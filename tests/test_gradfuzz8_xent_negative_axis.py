"""tf.nn.softmax_cross_entropy_with_logits with a negative axis other than -1: TF 2.21 moves the class axis
last with math_ops.range(axis) first, whose kernel refuses any axis < -1 (fuzz programs 41 #102, #104); tapeflow
computed the loss. Texts printed by TF 2.21 (progs/gradfuzz8/t_xent_ax.py)."""
import pytest

import framework as tf

LOGITS = [[0.88, 1.33], [1.22, -0.9], [0.37, -1.15]]
LABELS = [[0.217, 0.322], [0.7, 0.399], [0.082, 0.279]]


@pytest.mark.parametrize('axis', [-2, -3])
def test_negative_axis_below_minus_one_is_a_range_error(axis):
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.nn.softmax_cross_entropy_with_logits(labels=tf.constant(LABELS), logits=tf.constant(LOGITS), axis=axis)
    assert str(err.value) == ('{{function_node __wrapped__Range_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                              'Requires start <= limit when delta > 0: 0/%d [Op:Range] name: ' % axis)


def test_the_same_axis_counted_from_the_front_computes():
    loss = tf.nn.softmax_cross_entropy_with_logits(labels=tf.constant(LABELS), logits=tf.constant(LOGITS), axis=0)
    assert loss.numpy().tolist() == [0.9031445384025574, 1.756711483001709]
    loss = tf.nn.softmax_cross_entropy_with_logits(labels=tf.constant(LABELS), logits=tf.constant(LOGITS), axis=-1)
    assert loss.numpy().tolist() == [0.3635111451148987, 0.9704591035842896, 0.4954838156700134]
