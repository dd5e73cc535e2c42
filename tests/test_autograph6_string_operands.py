"""A Python string meeting a numeric tensor inside a tf.function is refused while TF 2.21 builds the op,
in op_def_library's / make_tensor_proto's words (TypeError); tapeflow raised AutoGraph's StagingError
around 'ValueError: Expected float32, but got a of type 'str'.'. Texts printed by TF 2.21 (/tmp/ag6_str.py
of autograph6's notes: each function below, called with tf.constant(1.0) or tf.constant(1))."""
import pytest

import framework as tf


@tf.function
def _times(x):
    return x * 'a'


@tf.function
def _plus(x):
    return x + 'a'


@tf.function
def _add_bytes(x):
    return tf.add(x, b'a')


@tf.function
def _reflected(x):
    return 'a' - x


@tf.function
def _minus(x):
    return x - 'a'


@pytest.mark.parametrize('function, value, text', [
    (_times, 1.0, "Expected float32 passed to parameter 'y' of op 'Mul', got 'a' of type 'str' instead. "
                  "Error: Expected float32, but got a of type 'str'."),
    (_times, 1, "Expected int32 passed to parameter 'y' of op 'Mul', got 'a' of type 'str' instead. "
                "Error: Expected int32, but got a of type 'str'."),
    (_minus, 1.0, "Expected float32 passed to parameter 'y' of op 'Sub', got 'a' of type 'str' instead. "
                  "Error: Expected float32, but got a of type 'str'."),
    (_plus, 1.0, "Input 'y' of 'AddV2' Op has type string that does not match type float32 of argument 'x'."),
    (_add_bytes, 1.0, "Input 'y' of 'AddV2' Op has type string that does not match type float32 of argument 'x'."),
    (_reflected, 1.0, "Expected float32, but got a of type 'str'."),
])
def test_string_operand_in_a_trace(function, value, text):
    with pytest.raises(TypeError) as caught:
        function(tf.constant(value))
    assert str(caught.value).strip().split('\n')[-1].strip() == 'TypeError: ' + text


def test_eager_string_operand_keeps_its_words():
    # TF 2.21 eagerly: the AddV2 kernel's dtype error; 'a' - x: 'Cannot convert 'a' to EagerTensor of dtype float'
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'^cannot compute AddV2 as input #1\(zero-based\) was '
                       'expected to be a float tensor but is a string tensor'):
        tf.constant(1.0) + 'a'
    with pytest.raises(TypeError, match="^Cannot convert 'a' to EagerTensor of dtype float"):
        'a' - tf.constant(1.0)
