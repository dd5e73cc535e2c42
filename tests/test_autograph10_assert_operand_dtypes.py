"""tf.debugging's binary checks given operands of two dtypes (an int tensor and a Python float, a float tensor
and an int32 one or a Python int): TF 2.21 converts x and y each on its own, so its comparison kernel refuses
them, eagerly with InvalidArgumentError and in a tf.function with op_def_library's TypeError.

tapeflow before: a Python y took x's dtype ('Cannot convert 0.0 to EagerTensor of dtype int32', and a float
x checked against 5 in a tf.function passed), two tensors its own 'x and y must have the same dtype' text;
assert_near's refusal of a tensor y lacked TF's 'y: '. Each text was printed by TF 2.21 for the same call
(/work/notes/progs/autograph10/p11.py, p11b.py)."""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError


@pytest.mark.parametrize('check, kernel', [(tf.debugging.assert_greater, 'Greater'),
                                           (tf.debugging.assert_equal, 'Equal'),
                                           (tf.debugging.assert_less_equal, 'LessEqual')])
def test_eagerly_the_comparison_kernels_error(check, kernel):
    with pytest.raises(InvalidArgumentError) as caught:
        check(tf.constant([1, 2]), 0.0)
    assert str(caught.value) == ('cannot compute %s as input #1(zero-based) was expected to be a int32 tensor but '
                                 'is a float tensor [Op:%s] name: ' % (kernel, kernel))
    with pytest.raises(InvalidArgumentError) as caught:
        check(tf.constant([1., 2.]), tf.constant(0, tf.int32))
    assert str(caught.value) == ('cannot compute %s as input #1(zero-based) was expected to be a float tensor but '
                                 'is a int32 tensor [Op:%s] name: ' % (kernel, kernel))


def test_in_a_tf_function_op_def_librarys_type_error():
    @tf.function
    def checked(x, y):
        tf.debugging.assert_less(x, y)
        return x
    texts = []
    for x, y in ((tf.constant([1, 2]), 5.0), (tf.constant([1., 2.]), tf.constant(5)), (tf.constant([1., 2.]), 5)):
        with pytest.raises(TypeError) as caught:
            checked(x, y)
        texts.append(str(caught.value).strip().split('\n')[-1].strip())
    assert texts == [
        "TypeError: Input 'y' of 'Less' Op has type float32 that does not match type int32 of argument 'x'.",
        "TypeError: Input 'y' of 'Less' Op has type int32 that does not match type float32 of argument 'x'.",
        "TypeError: Input 'y' of 'Less' Op has type int32 that does not match type float32 of argument 'x'."]
    assert checked(tf.constant([1., 2.]), 5.0).numpy().tolist() == [1.0, 2.0]


def test_assert_near_converts_y_to_xs_dtype_by_name():
    with pytest.raises(TypeError, match='^Cannot convert 0.0 to EagerTensor of dtype int32$'):
        tf.debugging.assert_near(tf.constant([1, 2]), 0.0)
    with pytest.raises(ValueError) as caught:
        tf.debugging.assert_near(tf.constant([1., 2.]), tf.constant(0, tf.int32))
    assert str(caught.value) == ('y: Tensor conversion requested dtype float32 for Tensor with dtype int32: '
                                 '<tf.Tensor: shape=(), dtype=int32, numpy=0>')
