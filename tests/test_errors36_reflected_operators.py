"""A tensor's binary operator hands an operand it cannot convert to that operand's reflected operator, as
TensorFlow 2.21's binary_op_wrapper does; values and texts printed by TF 2.21 (progs/errors36/rop.py, dunder.py,
npstr.py):

    class R:
        def __radd__(self, o): return 'radd'
    print(tf.constant(1.) + R())          # radd
    print(tf.constant(2) * 'a')           # aa
    tf.constant(2.) * 'a'                 # AttributeError: 'numpy.float32' object has no attribute '__index__'
    tf.constant(1.) + np.array(['a'])     # InvalidArgumentError: cannot compute AddV2 as input #1(zero-based) ...
"""
import numpy as np
import pytest

import framework as tf


class Reflecting:
    """An object that knows how to stand on the right of any operator."""
    def __radd__(self, other): return 'radd'
    def __rsub__(self, other): return 'rsub'
    def __rmul__(self, other): return 'rmul'
    def __rtruediv__(self, other): return 'rtruediv'
    def __rfloordiv__(self, other): return 'rfloordiv'
    def __rmod__(self, other): return 'rmod'
    def __rpow__(self, other): return 'rpow'
    def __rmatmul__(self, other): return 'rmatmul'
    def __rand__(self, other): return 'rand'
    def __ror__(self, other): return 'ror'
    def __rxor__(self, other): return 'rxor'


@pytest.mark.parametrize('operator, expected', [
    (lambda x, r: x + r, 'radd'), (lambda x, r: x - r, 'rsub'), (lambda x, r: x * r, 'rmul'),
    (lambda x, r: x / r, 'rtruediv'), (lambda x, r: x // r, 'rfloordiv'), (lambda x, r: x % r, 'rmod'),
    (lambda x, r: x ** r, 'rpow')])
def test_an_object_with_a_reflected_operator_answers(operator, expected):
    assert operator(tf.constant(1.), Reflecting()) == expected
    assert operator(tf.Variable(1.), Reflecting()) == expected


def test_reflected_matmul_and_logical_operators():
    assert tf.constant([[1.]]) @ Reflecting() == 'rmatmul'
    truth = tf.constant(True)
    assert (truth & Reflecting(), truth | Reflecting(), truth ^ Reflecting()) == ('rand', 'ror', 'rxor')


def test_a_refusing_reflected_operator_leaves_the_conversion_error():
    class Declines:
        def __radd__(self, other): return NotImplemented

    class Fails:
        def __radd__(self, other): raise TypeError('mine')

    for value in (Declines(), Fails()):
        with pytest.raises(ValueError, match=r'^Attempt to convert a value \(<.*>\) with an unsupported type'):
            tf.constant(1.) + value


def test_other_errors_of_the_reflected_operator_propagate():
    class Broken:
        def __radd__(self, other): raise KeyError('k')

    with pytest.raises(KeyError, match='k'):
        tf.constant(1.) + Broken()


def test_sequences_repeat_by_an_integer_scalar_tensor():
    assert tf.constant(2) * 'a' == 'aa'
    assert tf.Variable(2) * 'ab' == 'abab'
    assert tf.constant(2, tf.int64) * b'ab' == b'abab'
    assert tf.constant(2) * ('a',) == ('a', 'a')
    assert tf.constant(2) * [[1], [1, 2]] == [[1], [1, 2], [1], [1, 2]]
    assert tf.constant(-1) * 'a' == ''


def test_sequences_by_a_float_tensor_fail_in_index():
    with pytest.raises(AttributeError, match="^'numpy.float32' object has no attribute '__index__'$"):
        tf.constant(2.) * 'a'
    with pytest.raises(AttributeError, match="^'numpy.float32' object has no attribute '__index__'$"):
        tf.constant(2.) * [[1], [1, 2]]


def test_sequences_by_a_vector_keep_the_conversion_error():
    with pytest.raises(TypeError, match=r"^Cannot convert 'a' to EagerTensor of dtype int32\n"):
        tf.constant([2]) * 'a'
    with pytest.raises(TypeError, match=r"^Cannot convert 'a' to EagerTensor of dtype float\n"):
        tf.constant(1.) - 'a'       # str has no __rsub__


def test_kernel_errors_are_not_handed_over():
    with pytest.raises(tf.errors.InvalidArgumentError, match='Incompatible shapes'):
        tf.ones([2]) + np.ones(3)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'expected to be a int32 tensor but is a float'):
        tf.constant(1) + tf.constant(1.)


def test_an_object_array_hands_its_items_over():
    assert tf.constant(1.) + np.array([Reflecting()], dtype=object) == np.array(['radd'], dtype=object)


def test_add_of_a_numpy_string_array_is_the_kernels_refusal():
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r'^cannot compute AddV2 as input #1\(zero-based\) was expected to be a float tensor but '
                             r'is a string tensor \[Op:AddV2\] name: '):
        tf.constant(1.) + np.array(['a'])
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'^cannot compute AddV2 as input #1'):
        tf.add(tf.constant([1.]), np.array(['a']))
    # other ops convert to the tensor's dtype: numpy's own ValueError, as in TF
    with pytest.raises(ValueError, match=r"^could not convert string to float: np.str_\('a'\)\n"):
        tf.maximum(tf.constant([1.]), np.array(['a']))
