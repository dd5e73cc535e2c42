"""A Python value that cannot join a tensor's dtype, as "Introduction to tensors" users meet it
(``tf.range(10) * 0.5``, ``x == 'a'``): TensorFlow 2.21 never converts a Python float to an integer
tensor's dtype, not even 2.0, and refuses in one of three ways: ``x + v`` reaches the AddV2 kernel,
``x / v`` fails truediv's dtype check, anything else fails the conversion (TypeError). ``==`` raises
the same way, gives False for None, and a bool tensor False for shapes that do not broadcast.
Expected text: TensorFlow 2.21 (/opt/tfref) running the same expressions."""
import pytest

import framework as tf


def _raised(fn):
    with pytest.raises(Exception) as caught:
        fn()
    return type(caught.value).__name__, str(caught.value)


X = tf.constant([1, 2])


@pytest.mark.parametrize('fn, kind, text', [
    (lambda: X + 1.5, 'InvalidArgumentError', 'cannot compute AddV2 as input #1(zero-based) was expected to be a int32 '
                                              'tensor but is a float tensor [Op:AddV2] name: '),
    (lambda: tf.add(X, 2.0), 'InvalidArgumentError', 'cannot compute AddV2 as input #1(zero-based) was expected to be '
                                                     'a int32 tensor but is a float tensor [Op:AddV2] name: '),
    (lambda: X + 'z', 'InvalidArgumentError', 'cannot compute AddV2 as input #1(zero-based) was expected to be a int32 '
                                              'tensor but is a string tensor [Op:AddV2] name: '),
    (lambda: 1.5 + X, 'TypeError', 'Cannot convert 1.5 to EagerTensor of dtype int32'),
    (lambda: X * 2.0, 'TypeError', 'Cannot convert 2.0 to EagerTensor of dtype int32'),
    (lambda: tf.range(10) * 0.5, 'TypeError', 'Cannot convert 0.5 to EagerTensor of dtype int32'),
    (lambda: X - [1.5], 'TypeError', 'Cannot convert [1.5] to EagerTensor of dtype int32'),
    (lambda: X ** 0.5, 'TypeError', 'Cannot convert 0.5 to EagerTensor of dtype int32'),
    (lambda: tf.maximum(X, 1.5), 'TypeError', 'Cannot convert 1.5 to EagerTensor of dtype int32'),
    (lambda: X < 1.5, 'TypeError', 'Cannot convert 1.5 to EagerTensor of dtype int32'),
    (lambda: X / 1.5, 'TypeError', '`x` and `y` must have the same dtype, got tf.int32 != tf.float32.'),
    (lambda: X / 'z', 'TypeError', '`x` and `y` must have the same dtype, got tf.int32 != tf.string.'),
    (lambda: 1.5 / X, 'TypeError', 'Cannot convert 1.5 to EagerTensor of dtype int32'),
    (lambda: tf.constant('a') + 1, 'InvalidArgumentError', 'cannot compute Add as input #1(zero-based) was expected to '
                                                           'be a string tensor but is a int32 tensor [Op:Add] name: '),
    (lambda: tf.constant('a') * 1, 'TypeError', 'Cannot convert 1 to EagerTensor of dtype string'),
    (lambda: X + object(), 'ValueError', None),
])
def test_refusals_read_as_tensorflows(fn, kind, text):
    name, message = _raised(fn)
    assert name == kind
    if text is not None:
        assert message == text
    else:
        assert message.startswith('Attempt to convert a value (<object object at ') and \
            message.endswith("with an unsupported type (<class 'object'>) to a Tensor.")


@pytest.mark.parametrize('fn, text', [
    (lambda: X == 1.5, 'Cannot convert 1.5 to EagerTensor of dtype int32'),
    (lambda: X != 2.0, 'Cannot convert 2.0 to EagerTensor of dtype int32'),
    (lambda: X == 'a', "Cannot convert 'a' to EagerTensor of dtype int32"),
    (lambda: 1.5 == X, 'Cannot convert 1.5 to EagerTensor of dtype int32'),
    (lambda: tf.constant([1.0]) == 'a', "Cannot convert 'a' to EagerTensor of dtype float"),
    (lambda: tf.constant('a') == 1, 'Cannot convert 1 to EagerTensor of dtype string'),
    (lambda: tf.Variable([1, 2]) == 1.5, 'Cannot convert 1.5 to EagerTensor of dtype int32'),
])
def test_equality_with_an_unconvertible_value_raises(fn, text):
    assert _raised(fn) == ('TypeError', text)


def test_equality_of_other_dtypes_and_shapes():
    assert _raised(lambda: X == tf.constant([1.0, 2.0])) == (
        'InvalidArgumentError', 'cannot compute Equal as input #1(zero-based) was expected to be a int32 tensor but '
                                'is a float tensor [Op:Equal] name: ')
    assert (X == None) is False and (X != None) is True      # noqa: E711  (the comparison under test)
    unequal = X == tf.constant([1, 2, 3])
    assert isinstance(unequal, tf.Tensor) and unequal.shape == () and not bool(unequal)     # TF: tf.Tensor(False)
    assert bool(X != [1, 2, 3])
    assert (X == [1, 5]).numpy().tolist() == [True, False]
    assert (tf.constant('a') == 'a').numpy()


@pytest.mark.parametrize('op, kernel', [(tf.equal, 'Equal'), (tf.not_equal, 'NotEqual'), (tf.less, 'Less'),
                                        (tf.greater_equal, 'GreaterEqual')])
def test_comparison_ops_refuse_shapes_in_the_kernels_words(op, kernel):
    assert _raised(lambda: op(X, [1, 2, 3])) == (
        'InvalidArgumentError', '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                                'Incompatible shapes: [2] vs. [3] [Op:%s]' % (kernel, kernel))


def test_integers_to_negative_integer_powers():
    assert _raised(lambda: tf.constant(2) ** tf.constant(-1)) == (     # TF 2.21
        'InvalidArgumentError', '{{function_node __wrapped__Pow_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                                'Integers to negative integer powers are not allowed [Op:Pow] name: ')


@pytest.mark.parametrize('fn, kernel', [(lambda: tf.constant(7) // tf.constant(0), 'FloorDiv'),
                                        (lambda: tf.constant(7) % tf.constant(0), 'FloorMod')])
def test_integer_division_by_zero(fn, kernel):
    assert _raised(fn) == (     # TF 2.21
        'InvalidArgumentError', '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                                'Integer division by zero [Op:%s] name: ' % (kernel, kernel))


FILL = '{{function_node __wrapped__Fill_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


@pytest.mark.parametrize('fn, kind, text', [
    (lambda: tf.zeros([-1, 2]), 'InvalidArgumentError', FILL + 'Dimension -1 must be >= 0 [Op:Fill] name: '),
    (lambda: tf.ones([2, -3, -1]), 'InvalidArgumentError', FILL + 'Dimension -3 must be >= 0 [Op:Fill] name: '),
    (lambda: tf.fill([-1], 1.0), 'InvalidArgumentError', FILL + 'Dimension -1 must be >= 0 [Op:Fill]'),
    (lambda: tf.zeros([2.0, 3]), 'TypeError', 'Cannot convert [2.0, 3] to EagerTensor of dtype int32'),
    (lambda: tf.ones([2.5]), 'TypeError', 'Cannot convert [2.5] to EagerTensor of dtype int32'),
    (lambda: tf.zeros(2.0), 'TypeError', 'Cannot convert 2.0 to EagerTensor of dtype int32'),
    (lambda: tf.zeros(['a']), 'TypeError', "Cannot convert ['a'] to EagerTensor of dtype int32"),
    (lambda: tf.range(0, 1, 0), 'InvalidArgumentError', '{{function_node __wrapped__Range_device_/job:localhost/'
                                                        'replica:0/task:0/device:CPU:0}} Requires delta != 0: 0 '
                                                        '[Op:Range] name: '),
])
def test_fill_and_range_refusals(fn, kind, text):
    assert _raised(fn) == (kind, text)      # TF 2.21


@pytest.mark.parametrize('value, kind, text', [
    (lambda: [tf.constant(1.0), tf.constant(2)], 'InvalidArgumentError',
     'cannot compute Pack as input #1(zero-based) was expected to be a float tensor but is a int32 tensor '
     '[Op:Pack] name: packed'),
    (lambda: [tf.constant(1.0), tf.constant(2.0, tf.float64), tf.constant(1)], 'InvalidArgumentError',
     'cannot compute Pack as input #1(zero-based) was expected to be a float tensor but is a double tensor '
     '[Op:Pack] name: packed'),
    (lambda: [[tf.constant(1.0)], [tf.constant(2, tf.int64)]], 'InvalidArgumentError',
     'cannot compute Pack as input #1(zero-based) was expected to be a float tensor but is a int64 tensor '
     '[Op:Pack] name: '),
    (lambda: [tf.constant(1.0), 2, tf.constant(3, tf.int64)], 'TypeError',
     "Cannot convert a list containing a tensor of dtype <dtype: 'int64'> to <dtype: 'float32'> "
     '(Tensor is: <tf.Tensor: shape=(), dtype=int64, numpy=3>)'),
])
def test_lists_of_tensors_of_two_dtypes(value, kind, text):
    assert _raised(lambda: tf.convert_to_tensor(value())) == (kind, text)      # TF 2.21 (tf.Tensor in its repr)
    assert tf.convert_to_tensor([1, tf.constant(2.0)]).numpy().tolist() == [1.0, 2.0]
