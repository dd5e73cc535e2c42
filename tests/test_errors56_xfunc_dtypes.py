"""tf.math.xdivy / xlogy / xlog1py of tensors of two dtypes: TF 2.21's kernels check input #1 against the first
tensor's dtype ('cannot compute Xdivy as input #1(zero-based) was expected to be a float tensor but is a int32
tensor'; in a tf.function op_def_library's "Input 'y' of 'Xdivy' Op has type int32 that does not match type float32
of argument 'x'."), where tapeflow cast the second tensor and computed. Probe: /work/notes/progs/errors56/xd.py."""
import numpy as np
import pytest

import framework as tf

OPS = [('xdivy', 'Xdivy', ''), ('xlogy', 'Xlogy', 'NM'), ('xlog1py', 'Xlog1py', '')]     # (xlogy passes its name)


@pytest.mark.parametrize('op, kernel, tail', OPS)
@pytest.mark.parametrize('x, y, expected, got', [
    (lambda: tf.constant([1., 2.]), lambda: tf.constant([1, 2]), 'float', 'int32'),
    (lambda: tf.constant([1., 2.]), lambda: tf.constant([1., 2.], tf.float64), 'float', 'double'),
    (lambda: tf.constant([1., 2.], tf.float64), lambda: tf.constant([1., 2.]), 'double', 'float'),
])
def test_a_second_tensor_of_another_dtype_is_input_1s_mismatch(op, kernel, tail, x, y, expected, got):
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        getattr(tf.math, op)(x(), y(), name='NM')
    assert str(err.value) == ('cannot compute %s as input #1(zero-based) was expected to be a %s tensor but is a %s '
                              'tensor [Op:%s] name: %s' % (kernel, expected, got, kernel, tail))     # TF 2.21's


@pytest.mark.parametrize('op, kernel, tail', OPS)
def test_in_a_tf_function_op_def_library_refuses_it(op, kernel, tail):
    fn = getattr(tf.math, op)

    @tf.function
    def f(x, y):
        return fn(x, y)

    with pytest.raises(TypeError) as err:
        f(tf.constant([1., 2.]), tf.constant([1, 2]))
    # TF 2.21's text
    assert ("TypeError: Input 'y' of '%s' Op has type int32 that does not match type float32 of argument 'x'."
            % kernel) in str(err.value)


@pytest.mark.parametrize('op', ['xdivy', 'xlogy', 'xlog1py'])
def test_python_and_numpy_operands_still_take_the_tensors_dtype(op):
    fn = getattr(tf.math, op)
    for y in (np.array([1., 2.]), [1, 2]):
        out = fn(tf.constant([1., 2.]), y)
        assert out.dtype == tf.float32         # TF 2.21: float32
    out = fn(np.array([1., 2.]), tf.constant([1., 2.]))
    assert out.dtype == tf.float32
