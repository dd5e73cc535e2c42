"""A concrete function's structured_input_signature lists an ExtensionType argument as its Spec, as TF 2.21.

tapeflow showed its internal trace key: ``((<class 'MaskedTensor'>, (<object object at 0x..>, (3,),
dtype('float32')), ...), 3)``. Printed by TF 2.21 (probes ex4.py, ex6.py in /work/notes/progs/tutorials36).
"""
from typing import Mapping, Tuple

import framework as tf


class MaskedTensor(tf.experimental.ExtensionType):
    values: tf.Tensor
    mask: tf.Tensor


class Player(tf.experimental.ExtensionType):
    name: tf.Tensor
    attributes: Mapping[str, tf.Tensor]


class Team(tf.experimental.ExtensionType):
    label: str
    players: Tuple[Player, ...]


def test_value_arguments():
    fn = tf.function(lambda x, y: x)
    cf = fn.get_concrete_function(MaskedTensor([1., 2, 3], [True, False, True]), 3)
    assert repr(cf.structured_input_signature) == (
        "((MaskedTensor.Spec(values=TensorSpec(shape=(3,), dtype=tf.float32, name=None), "
        "mask=TensorSpec(shape=(3,), dtype=tf.bool, name=None)), 3), {})")


def test_nested_and_mapping_fields():
    g = tf.function(lambda p, t: p.name)
    cf = g.get_concrete_function(Player('Ann', {'h': 1.5}), Team('x', (Player('Bo', {'s': 2.0}),)))
    assert repr(cf.structured_input_signature) == (
        "((Player.Spec(name=TensorSpec(shape=(), dtype=tf.string, name=None), attributes={'h': "
        "TensorSpec(shape=(), dtype=tf.float32, name=None)}), Team.Spec(label='x', players=(Player.Spec("
        "name=TensorSpec(shape=(), dtype=tf.string, name=None), attributes={'s': TensorSpec(shape=(), "
        "dtype=tf.float32, name=None)}),))), {})")


def test_spec_arguments():
    fn = tf.function(lambda x, y: x)
    cf = fn.get_concrete_function(MaskedTensor.Spec(tf.TensorSpec([None], tf.float32), tf.TensorSpec([None], tf.bool)),
                                  tf.TensorSpec([]))
    assert repr(cf.structured_input_signature) == (
        "((MaskedTensor.Spec(values=TensorSpec(shape=(None,), dtype=tf.float32, name=None), "
        "mask=TensorSpec(shape=(None,), dtype=tf.bool, name=None)), "
        "TensorSpec(shape=(), dtype=tf.float32, name='y')), {})")
