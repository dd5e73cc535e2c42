"""tf.transpose's refused permutations and tf.math.squared_difference's refused shapes print
TensorFlow 2.21's kernel text (the Transpose kernel's checks in its order; SquaredDifference's own
name, not Sub's). Expected strings: TensorFlow 2.21 (/opt/tfref) running the same calls."""
import pytest

import framework as tf

WRAPPED = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


@pytest.mark.parametrize('shape, perm, text', [
    ([2, 3], [0, 0], '1 is missing from {0,0}.'),
    ([2, 3], [1, 1], '0 is missing from {1,1}.'),
    ([2, 3], [-2, 0], '1 is missing from {0,0}.'),
    ([2, 3], [-3, 0], '-1 is out of range [0 .. 2)'),
    ([2, 3], [5, 0], '5 is out of range [0 .. 2)'),
    ([2, 3], [0], 'transpose expects a vector of size 2. But input(1) is a vector of size 1'),
    ([2, 3], [2, 0, 1], 'transpose expects a vector of size 2. But input(1) is a vector of size 3'),
    ([2], [1], '1 is out of range [0 .. 1)'),
    ([2, 3, 4], [0, 0, 0], '1 is missing from {0,0,0}.'),
    ([], [0], 'transpose expects a vector of size 0. But input(1) is a vector of size 1'),
])
def test_transpose_refusals_read_as_the_kernels(shape, perm, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.transpose(tf.ones(shape), perm)
    assert str(caught.value) == WRAPPED % 'Transpose' + text + ' [Op:Transpose]'


def test_negative_axes_count_from_the_end():
    assert tf.transpose(tf.reshape(tf.range(6), [2, 3]), [-1, 0]).numpy().tolist() == [[0, 3], [1, 4], [2, 5]]
    x = tf.Variable(tf.ones([2, 3]))
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.transpose(x, [-1, -2]) * tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]))
    assert tape.gradient(y, x).numpy().tolist() == [[1.0, 3.0, 5.0], [2.0, 4.0, 6.0]]


def test_squared_difference_names_its_own_kernel():
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.math.squared_difference(tf.ones([2]), tf.ones([3]))
    assert str(caught.value) == WRAPPED % 'SquaredDifference' + \
        'Incompatible shapes: [2] vs. [3] [Op:SquaredDifference] name: '
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.math.squared_difference(tf.ones([2]), tf.ones([2], tf.float64))
    assert str(caught.value) == ('cannot compute SquaredDifference as input #1(zero-based) was expected to be a float '
                                 'tensor but is a double tensor [Op:SquaredDifference] name: ')
