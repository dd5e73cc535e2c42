"""tf.math.igamma / igammac / zeta / polygamma of a float tensor and a tensor of integers, bools or strings: TF
2.21's kernel takes T from the first and refuses the second at its input #1 check ('cannot compute Zeta as input
#1(zero-based) was expected to be a float tensor but is a int32 tensor [Op:Zeta] name: NM'; in a tf.function
op_def_library's "Input 'q' of 'Zeta' Op has type int32 that does not match type float32 of argument 'x'."), where
tapeflow gave the registry's error for the second's dtype. Probe: /work/notes/progs/errors56/ig.py."""
import pytest

import framework as tf

OPS = [('igamma', 'Igamma', 'x', 'a'), ('igammac', 'Igammac', 'x', 'a'), ('zeta', 'Zeta', 'q', 'x'),
       ('polygamma', 'Polygamma', 'x', 'a')]


@pytest.mark.parametrize('op, kernel, second, first', OPS)
@pytest.mark.parametrize('other, dtype', [(lambda: tf.constant([1, 2]), 'int32'),
                                          (lambda: tf.constant(['a', 'b']), 'string'),
                                          (lambda: tf.constant([True, False]), 'bool')])
def test_a_second_tensor_of_no_float_is_input_1s_mismatch(op, kernel, second, first, other, dtype):
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        getattr(tf.math, op)(tf.constant([1., 2.]), other(), name='NM')
    assert str(err.value) == ('cannot compute %s as input #1(zero-based) was expected to be a float tensor but is a '
                              '%s tensor [Op:%s] name: NM' % (kernel, dtype, kernel))      # TF 2.21's


@pytest.mark.parametrize('op, kernel, second, first', OPS)
def test_in_a_tf_function_op_def_library_names_both_inputs(op, kernel, second, first):
    fn = getattr(tf.math, op)

    @tf.function
    def f(x, y):
        return fn(x, y)

    with pytest.raises(TypeError) as err:
        f(tf.constant([1., 2.]), tf.constant([1, 2]))
    # TF 2.21's text
    assert ("TypeError: Input '%s' of '%s' Op has type int32 that does not match type float32 of argument '%s'."
            % (second, kernel, first)) in str(err.value)


@pytest.mark.parametrize('op, kernel, second, first', OPS)
def test_an_integer_first_tensor_is_still_the_registrys_error(op, kernel, second, first):
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        getattr(tf.math, op)(tf.constant([1, 2]), tf.constant([1., 2.]))
    assert str(err.value).startswith("Value for attr 'T' of int32 is not in the list of allowed values")    # TF's
