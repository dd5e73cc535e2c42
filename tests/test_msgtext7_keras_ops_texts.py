"""keras.ops (and tf ops) print TensorFlow's own text for arguments that are no tensor, as Keras 3 on
TF 2.21 lets tf.convert_to_tensor's error through (kopsfuzz rows op|0|None and op|0|ragged,
/work/notes/progs/fuzz6/kout_tf.txt); the op is named in a note."""
import pytest

import framework as tf
from framework import keras

NONE_TEXT = "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."
RAGGED_TEXT = "Can't convert non-rectangular Python sequence to Tensor."


@pytest.mark.parametrize('call, op', [
    (lambda x: keras.ops.abs(x), 'keras.ops.abs'), (lambda x: keras.ops.absolute(x), 'keras.ops.absolute'),
    (lambda x: keras.ops.add(x, 1.0), 'keras.ops.add'), (lambda x: keras.ops.matmul(x, [[1.0]]), 'keras.ops.matmul'),
    (lambda x: tf.abs(x), 'abs')])
@pytest.mark.parametrize('value, text', [(None, NONE_TEXT), ([[1.0, 2.0], [3.0]], RAGGED_TEXT)])
def test_a_value_that_is_no_tensor_prints_tensorflows_text(call, op, value, text):
    with pytest.raises(ValueError) as info:
        call(value)
    assert str(info.value) == text
    assert any(op in note for note in info.value.__notes__)


def test_an_integer_input_to_a_float_activation_prints_tfs_registry_text():
    import numpy as np
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        keras.ops.elu(np.ones((2, 3), np.int32))
    # TF 2.21 (kopsfuzz row elu|0|int32; the log shows the '\n\t' as spaces)
    assert str(info.value) == ("Value for attr 'T' of int32 is not in the list of allowed values: half, bfloat16, "
                               "float, double\n\t; NodeDef: {{node Elu}}; Op<name=Elu; signature=features:T -> "
                               "activations:T; attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]> "
                               "[Op:Elu] name: ")
    assert 'keras.ops.elu' in info.value.__notes__[0]
