"""The autodiff guide's GradientTape argument errors in TensorFlow 2.21's classes and words (printed
by TF, notes/progs/tftutorials3/ad.py); tapeflow's explanations ride in notes."""
import pytest

import framework as tf

X = tf.Variable(1.0)


def _outcome(fn):
    try:
        fn()
    except Exception as error:      # noqa: BLE001  (the class is what is compared)
        return '%s: %s' % (type(error).__name__, error)
    return 'no error'


def _gradient(**kwargs):
    with tf.GradientTape() as tape:
        y = tf.constant([1., 2.]) * X
    return lambda: tape.gradient(y, kwargs.pop('sources', X), **kwargs)


@pytest.mark.parametrize('fn, expected', [
    (_gradient(unconnected_gradients='foo'), "ValueError: Unknown value for unconnected_gradients: 'foo'"),
    (_gradient(sources=None), 'TypeError: Cannot convert the argument `type_value`: None to a TensorFlow DType.'),
    (_gradient(sources=[X, None]), 'TypeError: Cannot convert the argument `type_value`: None to a TensorFlow '
                                   'DType.'),
    (_gradient(output_gradients=tf.constant([3., 1., 1.])),
     'InvalidArgumentError: {{function_node __wrapped__Mul_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Incompatible shapes: [2] vs. [3] [Op:Mul] name: '),
])
def test_gradient_argument_errors(fn, expected):
    assert _outcome(fn) == expected


def test_batch_jacobian_shape_errors():
    x = tf.ones((2, 3))
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * 2.
    assert _outcome(lambda: tape.batch_jacobian(tf.reduce_sum(y), x)) == 'IndexError: list index out of range'
    assert _outcome(lambda: tape.batch_jacobian(y[:1], x)) == (
        'ValueError: Need first dimension of target shape ((1, 3)) and source shape ((2, 3)) to match.')
    assert tape.batch_jacobian(y, x).shape == (2, 3, 3)
