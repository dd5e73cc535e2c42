"""ExtensionType specs as TensorFlow 2.21's extension-type guide uses them: tf.type_spec_from_value,
Spec(...) by position, a nested user ``class Spec``, tf.function retracing by spec (Mapping fields
included) and input_signature / get_concrete_function with a Spec; TF's field-conversion text.
Expected outputs were printed by TF 2.21 running the guide's cells."""
from typing import Mapping

import pytest

import framework as tf


class Player(tf.experimental.ExtensionType):
    name: tf.Tensor
    attributes: Mapping[str, tf.Tensor]


class Pastry(tf.experimental.ExtensionType):
    sweetness: tf.Tensor
    chewiness: tf.Tensor


class MaskedTensor(tf.experimental.ExtensionType):
    values: tf.Tensor
    mask: tf.Tensor

    shape = property(lambda self: self.values.shape)
    dtype = property(lambda self: self.values.dtype)

    class Spec:
        def __init__(self, shape, dtype=tf.float32):
            self.values = tf.TensorSpec(shape, dtype)
            self.mask = tf.TensorSpec(shape, tf.bool)

        def __repr__(self):
            return f"MaskedTensor.Spec(shape={self.shape}, dtype={self.dtype})"

        shape = property(lambda self: self.values.shape)
        dtype = property(lambda self: self.values.dtype)


def test_type_spec_from_value_records_field_specs():
    anne = Player('Anne', {'height': 8.3, 'speed': 28.1})
    spec = tf.type_spec_from_value(anne)
    assert isinstance(spec, Player.Spec)
    assert repr(spec.name) == 'TensorSpec(shape=(), dtype=tf.string, name=None)'
    assert repr(spec.attributes) == ("ImmutableDict({'height': TensorSpec(shape=(), dtype=tf.float32, name=None), "
                                     "'speed': TensorSpec(shape=(), dtype=tf.float32, name=None)})")
    explicit = Player.Spec(name=tf.TensorSpec([], tf.float32), attributes={})
    assert repr(explicit.attributes) == 'ImmutableDict({})'


def test_spec_fields_by_position_and_a_user_spec_class():
    spec = Pastry.Spec(tf.TensorSpec([2]), tf.TensorSpec(2))
    assert repr(spec.sweetness) == 'TensorSpec(shape=(2,), dtype=tf.float32, name=None)'
    masked = MaskedTensor.Spec([None, 2], tf.float32)
    assert repr(masked) == 'MaskedTensor.Spec(shape=(None, 2), dtype=<dtype: \'float32\'>)'
    assert repr(masked.mask) == 'TensorSpec(shape=(None, 2), dtype=tf.bool, name=None)'
    assert masked.is_compatible_with(MaskedTensor([[1., 2.]], [[True, False]]))
    with pytest.raises(TypeError, match='^too many positional arguments$'):     # (TF 2.21: signature.bind's)
        Pastry.Spec(tf.TensorSpec([2]), tf.TensorSpec(2), tf.TensorSpec(2))


def test_tf_function_retraces_by_spec_with_mapping_fields():
    @tf.function
    def anonymize_player(player):
        return Player('<anonymous>', player.attributes)
    first = anonymize_player(Player('Anne', {'height': 8.3, 'speed': 28.1}))
    assert first.name.numpy() == b'<anonymous>' and float(first.attributes['speed']) == pytest.approx(28.1)
    anonymize_player(Player('Bart', {'height': 8.1, 'speed': 25.3}))      # same spec: no retrace
    assert anonymize_player.experimental_get_tracing_count() == 1
    anonymize_player(Player('Chuck', {'height': 11.0, 'jump': 5.3}))     # new keys: a new trace
    assert anonymize_player.experimental_get_tracing_count() == 2


def test_input_signature_and_concrete_function_take_a_spec():
    cookie = Pastry(sweetness=[1.2, 0.4], chewiness=[0.8, 0.2])
    pastry_spec = Pastry.Spec(tf.TensorSpec([2]), tf.TensorSpec(2))

    @tf.function(input_signature=[pastry_spec])
    def increase_sweetness(x: Pastry, delta=1.0):
        return Pastry(x.sweetness + delta, x.chewiness)
    assert repr(increase_sweetness(cookie)) == (
        'Pastry(sweetness=<tf.Tensor: shape=(2,), dtype=float32, numpy=array([2.2, 1.4], dtype=float32)>, '
        'chewiness=<tf.Tensor: shape=(2,), dtype=float32, numpy=array([0.8, 0.2], dtype=float32)>)')
    with pytest.raises(TypeError):
        increase_sweetness(Pastry([1., 2., 3.], [1., 2., 3.]))      # another shape does not fit the spec

    @tf.function
    def combine_pastry_features(x: Pastry):
        return (x.sweetness + x.chewiness) / 2
    concrete = combine_pastry_features.get_concrete_function(pastry_spec)
    assert repr(concrete(cookie)) == '<tf.Tensor: shape=(2,), dtype=float32, numpy=array([1. , 0.3], dtype=float32)>'


def test_tensor_field_conversion_errors_name_the_field():
    for bad, kind in ((None, 'NoneType'), (object(), 'object'), ([1, [2]], 'list')):
        with pytest.raises(TypeError, match="^mask: expected a Tensor, got '%s'$" % kind):
            MaskedTensor([1., 2., 3.], bad)
