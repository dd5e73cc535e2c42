"""tf.data.IteratorSpec and tf.OptionalSpec (TF 2.21's iterator_ops.py / optional_ops.py docstrings):
reprs, type_spec_from_value, compatibility, and tf.function input signatures that take an iterator or
an Optional. Golden values printed by TF 2.21 (tensorflow-cpu): /work/notes/progs/tfdocB/itspec.py."""
import pytest

import framework as tf

INT = tf.TensorSpec(shape=(), dtype=tf.int32, name=None)


def test_reprs_and_specs_of_values():
    spec = tf.data.IteratorSpec(INT)
    assert repr(spec) == 'IteratorSpec(TensorSpec(shape=(), dtype=tf.int32, name=None),)'
    assert repr(tf.OptionalSpec(INT)) == 'OptionalSpec(TensorSpec(shape=(), dtype=tf.int32, name=None),)'
    iterator = iter(tf.data.Dataset.from_tensors(5))
    assert repr(tf.type_spec_from_value(iterator)) == repr(spec)
    assert tf.data.IteratorSpec.from_value(iterator) == spec
    assert spec.is_compatible_with(iterator)
    assert not spec.is_compatible_with(iter(tf.data.Dataset.from_tensors(5.0)))
    optional = tf.experimental.Optional.from_value(3)
    assert repr(tf.type_spec_from_value(optional)) == 'OptionalSpec(TensorSpec(shape=(), dtype=tf.int32, name=None),)'
    assert tf.OptionalSpec.from_value(optional) == tf.OptionalSpec(INT)
    assert isinstance(spec, tf.TypeSpec)


def test_tf_function_takes_iterators_and_optionals():
    @tf.function(input_signature=[tf.data.IteratorSpec(INT)])
    def square(iterator):
        x = iterator.get_next()
        return x * x
    assert square(iter(tf.data.Dataset.from_tensors(5))).numpy() == 25
    with pytest.raises((TypeError, tf.errors.InvalidArgumentError)):      # TF: at IteratorGetNext; here at binding
        square(iter(tf.data.Dataset.from_tensors(5.0)))

    @tf.function(input_signature=[tf.OptionalSpec(INT)])
    def maybe_square(optional):
        if optional.has_value():
            x = optional.get_value()
            return x * x
        return -1
    assert maybe_square(tf.experimental.Optional.from_value(5)).numpy() == 25
    assert maybe_square(tf.experimental.Optional.empty(INT)).numpy() == -1
