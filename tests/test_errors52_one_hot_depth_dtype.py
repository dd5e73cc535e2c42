"""tf.one_hot checks a depth tensor's dtype before its shape on TF 2.21's eager fast path (tensor indices): a float /
int64 / bool depth is OneHot's 'cannot compute OneHot as input #1(zero-based) was expected to be a int32 tensor but
is a float tensor [Op:OneHot] name: ', an int32 vector its 'depth must be a scalar' with the ' name: ' tail; tapeflow
raised the shape error without the tail, or the conversion's ValueError for scalars."""
import pytest

import framework as tf

KERNEL = '{{function_node __wrapped__OneHot_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


@pytest.mark.parametrize('depth,shown', [
    (lambda: tf.constant([1., 2.]), 'float'), (lambda: tf.constant(2.), 'float'),
    (lambda: tf.constant(2, tf.int64), 'int64'), (lambda: tf.constant(True), 'bool')],
    ids=['float_vector', 'float', 'int64', 'bool'])
def test_depth_dtype(depth, shown):
    # TF 2.21 gives InvalidArgumentError 'cannot compute OneHot as input #1(zero-based) was expected to be a int32
    # tensor but is a float tensor [Op:OneHot] name: '
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.one_hot(tf.constant([0, 1]), depth())
    assert str(info.value) == ('cannot compute OneHot as input #1(zero-based) was expected to be a int32 tensor but '
                               'is a %s tensor [Op:OneHot] name: ' % shown)


def test_int32_vector_depth_has_the_tail():
    # TF 2.21 gives '... depth must be a scalar, but got: [2] [Op:OneHot] name: '
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.one_hot(tf.constant([0, 1]), tf.constant([1, 2]))
    assert str(info.value) == KERNEL + 'depth must be a scalar, but got: [2] [Op:OneHot] name: '


def test_int32_depth_still_encodes():
    # TF 2.21: one_hot([0, 1], 2) is [[1, 0], [0, 1]]
    assert tf.one_hot(tf.constant([0, 1]), tf.constant(2)).numpy().tolist() == [[1., 0.], [0., 1.]]
    assert tf.one_hot([0, 1], 2).numpy().tolist() == [[1., 0.], [0., 1.]]
