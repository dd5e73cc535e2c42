"""errors34: a tf.function with an input_signature given a value it cannot convert names the conversion's own error,
as TF 2.21 does (printed by /work/notes/progs/errors34/func1.py, func2.py under /opt/tfref):

    @tf.function(input_signature=[tf.TensorSpec([2], tf.float32)])
    def f(x): ...
    f(None)   # TypeError: Binding inputs to tf.function failed due to `Attempt to convert a value (None) with an
              # unsupported type (<class 'NoneType'>) to a Tensor.`. Received args: (None,) and kwargs: {} for ...

tapeflow said 'Cannot convert None to EagerTensor of dtype float32' for every such value, and 'Can not cast
TensorSpec(...int32...) to TensorSpec(...float32...)' for a variable of another dtype, where TF gives the variable's
'Incompatible type conversion requested ...'. A concrete function's binding error ends its signature with the
output type (' -> TensorSpec(...)') also before its first call."""
import pytest

import framework as tf

_SPEC = tf.TensorSpec([2], tf.float32)
_SIGNATURE = 'for signature: (x: TensorSpec(shape=(2,), dtype=tf.float32, name=None)).'


@tf.function(input_signature=[_SPEC])
def _identity(x):
    return x


def _binding(reason, received):
    return ('Binding inputs to tf.function failed due to `%s`. Received args: (%s,) and kwargs: {} %s'
            % (reason, received, _SIGNATURE))


@pytest.mark.parametrize('value, reason', [
    (None, "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    ({'a': 1.0}, "Attempt to convert a value ({'a': 1.0}) with an unsupported type (<class 'dict'>) to a Tensor."),
    ([1.0, [2.0]], "Can't convert Python sequence with mixed types to Tensor."),
    ('a', "Cannot convert 'a' to EagerTensor of dtype float"),
])
def test_conversion_errors_keep_their_words(value, reason):
    with pytest.raises(TypeError) as caught:
        _identity(value)
    assert str(caught.value) == _binding(reason, repr(value))


def test_a_variable_of_another_dtype_is_refused_in_the_variables_words():
    v = tf.Variable([1, 2])
    with pytest.raises(TypeError) as caught:
        _identity(v)
    shown = "<tf.Variable 'Variable:0' shape=(2,) dtype=int32, numpy=array([1, 2], dtype=int32)>"
    assert str(caught.value) == _binding('Incompatible type conversion requested to type float32 for `tf.Variable '
                                         'of type int32. (Variable: %s)' % shown, shown)


def test_variables_and_tensors_of_the_spec_dtype_still_bind():
    assert _identity(tf.Variable([1.0, 2.0])).numpy().tolist() == [1.0, 2.0]
    with pytest.raises(TypeError, match='Can not cast TensorSpec'):
        _identity(tf.constant([1, 2]))


def test_a_fresh_concrete_function_names_its_output_type():
    concrete = tf.function(lambda x: x * 2).get_concrete_function(_SPEC)
    with pytest.raises(TypeError) as caught:
        concrete(tf.ones(2), tf.ones(2))
    assert ("for signature: (x: TensorSpec(shape=(2,), dtype=tf.float32, name=None)) -> "
            "TensorSpec(shape=(2,), dtype=tf.float32, name=None).\nFallback to flat signature also failed due to: "
            in str(caught.value))
