"""Values that cannot become tensors, and the bit operators, as the "Introduction to Tensors" guide
prints them: ``print(f"{type(e).__name__}: {e}")`` reads TensorFlow's class and words. Expected text is
TensorFlow 2.21's (run under /opt/tfref, 2026-12-02)."""
import pytest

import framework as tf


@pytest.mark.parametrize('value, text', [
    ([[0, 1, 2, 3], [4, 5], [6, 7, 8], [9]], "Can't convert non-rectangular Python sequence to Tensor."),
    ([['a', 'b'], ['c']], "Can't convert non-rectangular Python sequence to Tensor."),
    ([1, 'a'], "Can't convert Python sequence with mixed types to Tensor."),
    (['a', 1.0], "Can't convert Python sequence with mixed types to Tensor."),
    (2 ** 70, "Can't convert Python sequence with out-of-range integer to Tensor."),
    (None, "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    ({'a': 1}, "Attempt to convert a value ({'a': 1}) with an unsupported type (<class 'dict'>) to a Tensor."),
])
@pytest.mark.parametrize('convert', [tf.constant, tf.convert_to_tensor], ids=['constant', 'convert_to_tensor'])
def test_unconvertible_values_print_as_tensorflows_value_error(convert, value, text):
    with pytest.raises(ValueError) as caught:
        convert(value)
    assert '%s: %s' % (type(caught.value).__name__, caught.value) == 'ValueError: ' + text


def test_a_fraction_for_an_integer_dtype_is_tensorflows_type_error():
    with pytest.raises(TypeError) as caught:
        tf.constant(1.5, dtype=tf.int32)
    assert str(caught.value) == 'Cannot convert 1.5 to EagerTensor of dtype int32'


def test_and_or_xor_invert_are_bitwise_on_integers_and_logical_on_bools():
    assert (tf.constant([3]) & tf.constant([5])).numpy().tolist() == [1]      # TF: [1] int32
    assert (tf.constant([3]) | 4).numpy().tolist() == [7]
    assert (6 ^ tf.constant([3])).numpy().tolist() == [5]
    assert (~tf.constant([3])).numpy().tolist() == [-4]
    assert (tf.constant([True, False]) & tf.constant([True, True])).numpy().tolist() == [True, False]
    assert (~tf.constant([True, False])).numpy().tolist() == [False, True]
