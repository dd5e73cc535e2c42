"""guide/extension_type's specs as TF 2.21 prints and refuses them.

- ``print(tf.type_spec_from_value(anne))`` for a Mapping field shows the field as a plain dict (TF prints the
  spec's serialization); tapeflow printed ``attributes=ImmutableDict({...})``.
- ``MaskedTensor.Spec(shape=None, dtype=tf.float32)`` before the guide gives MaskedTensor its own Spec class
  is TF's TypeError "missing a required argument: 'values'" (its Spec binds a signature of every field, none
  with a default); tapeflow accepted it and failed later, at the tf.function call.
Expected texts were printed by TF 2.21 (probes ex2.py / ex3.py in /work/notes/progs/tutorials36).
"""
from typing import Mapping

import pytest

import framework as tf


class Player(tf.experimental.ExtensionType):
    name: tf.Tensor
    attributes: Mapping[str, tf.Tensor]


class MaskedTensor(tf.experimental.ExtensionType):
    values: tf.Tensor
    mask: tf.Tensor


class Pencil(tf.experimental.ExtensionType):
    color: str = 'black'
    length: tf.Tensor = 1.0


def test_mapping_field_prints_as_dict_in_spec():
    spec = tf.type_spec_from_value(Player('Anne', {'height': 8.3, 'speed': 28.1}))
    assert repr(spec) == ("Player.Spec(name=TensorSpec(shape=(), dtype=tf.string, name=None), "
                          "attributes={'height': TensorSpec(shape=(), dtype=tf.float32, name=None), "
                          "'speed': TensorSpec(shape=(), dtype=tf.float32, name=None)})")
    # the field itself stays an ImmutableDict
    assert repr(spec.attributes).startswith("ImmutableDict({'height'")


@pytest.mark.parametrize('make, message', [
    (lambda: MaskedTensor.Spec(shape=None, dtype=tf.float32), "missing a required argument: 'values'"),
    (lambda: MaskedTensor.Spec(tf.TensorSpec([2])), "missing a required argument: 'mask'"),
    (lambda: MaskedTensor.Spec(tf.TensorSpec([2]), values=tf.TensorSpec([2])), "multiple values for argument 'values'"),
    (lambda: Pencil.Spec(), "missing a required argument: 'color'"),
    (lambda: Pencil.Spec(color='red'), "missing a required argument: 'length'"),
])
def test_spec_binds_every_field(make, message):
    with pytest.raises(TypeError) as caught:
        make()
    assert str(caught.value) == message


def test_spec_by_position_and_name():
    expected = ('MaskedTensor.Spec(values=TensorSpec(shape=(2,), dtype=tf.float32, name=None), '
                'mask=TensorSpec(shape=(2,), dtype=tf.bool, name=None))')
    assert repr(MaskedTensor.Spec(tf.TensorSpec([2]), tf.TensorSpec([2], tf.bool))) == expected
    assert repr(MaskedTensor.Spec(values=tf.TensorSpec([2]), mask=tf.TensorSpec([2], tf.bool))) == expected
    assert repr(Pencil.Spec('red', tf.TensorSpec([]))) == \
        "Pencil.Spec(color='red', length=TensorSpec(shape=(), dtype=tf.float32, name=None))"
