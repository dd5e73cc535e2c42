"""tf.types.experimental: TensorFlow's abstract types for hints and isinstance checks.

Expected answers are TensorFlow 2.21's, printed by the same program under /opt/tfref/bin/python."""
import inspect
import typing

import numpy as np
import pytest

import framework as tf

E = tf.types.experimental


def test_function_types_answer_isinstance_as_tensorflow():
    @tf.function
    def f(x):
        return x * 2

    assert isinstance(f, E.PolymorphicFunction) and isinstance(f, E.GenericFunction) and isinstance(f, E.Callable)
    concrete = f.get_concrete_function(tf.TensorSpec([2]))
    assert isinstance(concrete, E.ConcreteFunction) and isinstance(concrete, E.Callable)
    assert not isinstance(concrete, E.PolymorphicFunction)
    assert isinstance(tf.TensorSpec([2]), E.TraceType)
    assert not isinstance(lambda x: x, E.Callable)


def test_tensor_like_is_tensorflows_union():
    args = typing.get_args(E.TensorLike)
    assert args[0] is tf.Tensor
    assert args[2:] == (int, float, bool, str, bytes, complex, tuple, list, np.ndarray, np.generic)

    def g(x: E.TensorLike) -> tf.Tensor:
        return tf.convert_to_tensor(x)

    assert typing.get_type_hints(g)['x'] == E.TensorLike
    np.testing.assert_array_equal(g([1, 2]).numpy(), [1, 2])


def test_tensor_protocol_objects_convert_themselves():
    class Celsius:
        def __tf_tensor__(self, dtype=None, name=None):
            return tf.constant(3.0)

    assert isinstance(Celsius(), typing.get_args(E.TensorLike)[1])
    assert tf.convert_to_tensor(Celsius()).numpy() == 3.0
    assert (tf.constant(1.0) + Celsius()).numpy() == 4.0
    assert not isinstance(object(), typing.get_args(E.TensorLike)[1])


@pytest.mark.parametrize('name, text', [
    ('TraceType', 'Can\'t instantiate abstract class TraceType with abstract methods __eq__, __hash__, is_subtype_of, '
                  'most_specific_common_supertype, placeholder_value'),
    ('ConcreteFunction', "Can't instantiate abstract class ConcreteFunction with abstract methods function_type, "
                         "inference_fn"),
    ('GenericFunction', "Can't instantiate abstract class GenericFunction with abstract methods function_type, "
                        "get_concrete_function"),
])
def test_abstract_types_refuse_instances_naming_their_methods(name, text):
    with pytest.raises(TypeError) as info:
        getattr(E, name)()
    assert str(info.value).startswith(text)


def test_subclasses_implementing_the_methods_instantiate():
    class Twice(E.Callable):
        function_type = E.FunctionType([inspect.Parameter('x', inspect.Parameter.POSITIONAL_OR_KEYWORD)])

        def __call__(self, x):
            return 2 * x

    assert Twice()(3) == 6 and str(Twice.function_type) == '(x)'
    assert isinstance(Twice.function_type, inspect.Signature)


def test_supports_tracing_protocol_and_distributed_types():
    class Traced:
        def __tf_tracing_type__(self, context):
            return tf.TensorSpec([])

    assert isinstance(Traced(), E.SupportsTracingProtocol) and not isinstance(3, E.SupportsTracingProtocol)
    assert issubclass(E.distributed.PerReplica, E.distributed.DistributedValues)
    assert issubclass(E.distributed.Mirrored, E.distributed.DistributedValues)
