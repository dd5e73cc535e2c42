"""guide/function ("Use the tracing protocol") on TF 2.21: tf.function keys an argument whose class
has ``__tf_tracing_type__(context)`` by the TraceType it returns. Goldens printed by /opt/tfref/bin/python
for /work/notes/progs/tutorials12/probe_tt.py and p02_function.py:
- the guide's FruitTraceType lacks placeholder_value, so the first call raises TypeError "Can't
  instantiate abstract class FruitTraceType with abstract method placeholder_value" (tapeflow ignored the
  protocol and traced by object identity);
- with placeholder_value added, Apple+Mango twice then Mango+Mango: outputs [4 6], [4 6], [6 8] and
  experimental_get_tracing_count() == 2; the context is an InternalTracingContext;
- a protocol returning 5: TypeError 'Expected an instance of TraceType for Tracing Protocol call to
  <...> but got 5'."""
import pytest

import framework as tf


class FruitTraceType(tf.types.experimental.TraceType):
    def __init__(self, fruit_type):
        self.fruit_type = fruit_type

    def is_subtype_of(self, other):
        return type(other) is FruitTraceType and self.fruit_type is other.fruit_type

    def most_specific_common_supertype(self, others):
        return self if all(self == other for other in others) else None

    def placeholder_value(self, placeholder_context):
        return self.fruit_type()

    def __eq__(self, other):
        return type(other) is FruitTraceType and self.fruit_type == other.fruit_type

    def __hash__(self):
        return hash(self.fruit_type)


contexts = []


class Fruit:
    def __tf_tracing_type__(self, context):
        contexts.append(type(context).__name__)
        return FruitTraceType(type(self))


class Apple(Fruit):
    flavor = tf.constant([1, 2])


class Mango(Fruit):
    flavor = tf.constant([3, 4])


def test_objects_of_one_trace_type_share_a_trace():
    @tf.function
    def mixed(a, b):
        return a.flavor + b.flavor

    assert mixed(Apple(), Mango()).numpy().tolist() == [4, 6]
    assert mixed(Apple(), Mango()).numpy().tolist() == [4, 6]     # new objects, same types: no retrace
    assert mixed.experimental_get_tracing_count() == 1
    assert mixed(Mango(), Mango()).numpy().tolist() == [6, 8]
    assert mixed.experimental_get_tracing_count() == 2
    assert set(contexts) == {'InternalTracingContext'}


def test_without_the_protocol_new_objects_retrace():
    class Plain:
        flavor = tf.constant([1, 2])

    @tf.function
    def flavor(a):
        return a.flavor

    flavor(Plain())
    flavor(Plain())
    assert flavor.experimental_get_tracing_count() == 2


def test_an_incomplete_trace_type_fails_at_the_call_as_in_the_guide():
    class HalfTraceType(tf.types.experimental.TraceType):
        def is_subtype_of(self, other):
            return self == other

        def most_specific_common_supertype(self, others):
            return self

        def __eq__(self, other):
            return type(other) is HalfTraceType

        def __hash__(self):
            return 0

    class Kiwi:
        def __tf_tracing_type__(self, context):
            return HalfTraceType()

    with pytest.raises(TypeError, match="Can't instantiate abstract class HalfTraceType with abstract "
                                        "method placeholder_value"):
        tf.function(lambda k: tf.constant(1))(Kiwi())


def test_a_protocol_must_return_a_trace_type():
    class Bad:
        def __tf_tracing_type__(self, context):
            return 5

    with pytest.raises(TypeError, match='Expected an instance of TraceType for Tracing Protocol call to '
                                        '<.*Bad object at .*> but got 5'):
        tf.function(lambda b: tf.constant(1))(Bad())
