"""Arguments TF 2.21 converts to a tensor of a fixed dtype, which tapeflow used to take as they came:
hann/hamming_window's periodic (a bool scalar), strings.to_number's out_type (the kernel's list),
RaggedTensor.to_tensor's default_value (the values' dtype) and shape (a TensorShape).

Golden texts and values: /work/notes/progs/errors9/p/w1.py and r1.py run under TensorFlow 2.21."""
import numpy as np
import pytest

import framework as tf

RT = tf.ragged.constant([[1, 2], [3], [4, 5, 6]])
RF = tf.ragged.constant([[1.0], [2.0, 3.0]])


@pytest.mark.parametrize('periodic, cls, text', [
    (None, ValueError, "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    ('a', TypeError, "Cannot convert 'a' to EagerTensor of dtype bool"),
    (2, TypeError, 'Cannot convert 2 to EagerTensor of dtype bool'),
    (0, TypeError, 'Cannot convert 0 to EagerTensor of dtype bool'),
    (1.5, TypeError, 'Cannot convert 1.5 to EagerTensor of dtype bool'),
    ([True], ValueError, 'Shape (1,) must have rank 0'),
    ((True, False), ValueError, 'Shape (2,) must have rank 0'),
    (tf.constant(1), ValueError, 'periodic: Tensor conversion requested dtype bool for Tensor with dtype int32: '
     '<tf.Tensor: shape=(), dtype=int32, numpy=1>'),
])
@pytest.mark.parametrize('window', [tf.signal.hann_window, tf.signal.hamming_window])
def test_window_periodic_must_be_a_bool_scalar(window, periodic, cls, text):
    with pytest.raises(cls) as err:
        window(8, periodic=periodic)
    assert str(err.value) == text and err.value.__notes__
    assert window(1, periodic=periodic).shape == (1,)      # TF returns [1.] before it reads periodic


@pytest.mark.parametrize('periodic', [True, np.bool_(False), tf.constant(True)])
def test_window_periodic_takes_bools(periodic):
    assert tf.signal.hann_window(8, periodic=periodic).shape == (8,)


@pytest.mark.parametrize('dtype, shown', [(tf.string, 'string'), (tf.bool, 'bool'), (tf.complex64, 'complex64'),
                                          (tf.float16, 'half'), (tf.bfloat16, 'bfloat16'), (tf.int8, 'int8')])
def test_to_number_out_type_outside_the_kernels_list(dtype, shown):
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.strings.to_number(tf.constant(['1', '2']), out_type=dtype)
    assert str(err.value) == (
        "Value for attr 'out_type' of %s is not in the list of allowed values: float, double, int32, int64, uint32, "
        "uint64\n\t; NodeDef: {{node StringToNumber}}; Op<name=StringToNumber; signature=string_tensor:string -> "
        "output:out_type; attr=out_type:type,default=DT_FLOAT,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT64, "
        "DT_UINT32, DT_UINT64]> [Op:StringToNumber] name: " % shown)
    assert tf.strings.to_number(tf.constant(['1', '2']), out_type=tf.uint32).dtype == tf.uint32


@pytest.mark.parametrize('rt, default, text', [
    (RT, 0.0, 'Cannot convert 0.0 to EagerTensor of dtype int32'),
    (RT, -1.0, 'Cannot convert -1.0 to EagerTensor of dtype int32'),
    (RT, 1j, 'Cannot convert 1j to EagerTensor of dtype int32'),
    (RT, 'a', "Cannot convert 'a' to EagerTensor of dtype int32"),
    (RF, 1j, 'Cannot convert 1j to EagerTensor of dtype float'),
    (RF, 'a', "Cannot convert 'a' to EagerTensor of dtype float"),
])
def test_ragged_to_tensor_default_must_convert_to_the_values_dtype(rt, default, text):
    with pytest.raises(TypeError) as err:
        rt.to_tensor(default_value=default)
    assert str(err.value) == text


def test_ragged_to_tensor_defaults_tensorflow_takes():
    assert RT.to_tensor(default_value=np.float32(1.5)).numpy().tolist() == [[1, 2, 1], [3, 1, 1], [4, 5, 6]]
    assert RT.to_tensor(default_value=True).numpy().tolist() == [[1, 2, 1], [3, 1, 1], [4, 5, 6]]
    assert RF.to_tensor(default_value=1).numpy().tolist() == [[1.0, 1.0], [2.0, 3.0]]


@pytest.mark.parametrize('shape, shown', [([2.5, 3], '2.5'), ([2, 3.0], '3.0')])
def test_ragged_to_tensor_shape_must_hold_integers(shape, shown):
    with pytest.raises(TypeError) as err:
        RT.to_tensor(shape=shape)
    assert str(err.value) == ("Dimension value must be integer or None or have an __index__ method, got value '%s' "
                              "with type '<class 'float'>'" % shown)
