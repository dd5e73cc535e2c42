"""tf.nest with TensorFlow's CustomNestProtocol (__tf_flatten__ / __tf_unflatten__) and
assert_same_structure(check_types=False) across container kinds. Expected values from TF 2.21 running
the same calls (its custom_nest_protocol.py and nest_util.py docstrings, and probes)."""
import collections
import dataclasses

import pytest

import framework as tf


@dataclasses.dataclass
class MaskedTensor:
    mask: bool
    value: object

    def __tf_flatten__(self):
        return (self.mask,), (self.value,)

    @classmethod
    def __tf_unflatten__(cls, metadata, components):
        return MaskedTensor(mask=metadata[0], value=components[0])


@dataclasses.dataclass
class Pair:
    a: object
    b: object

    def __tf_flatten__(self):
        return (), (self.a, self.b)

    @classmethod
    def __tf_unflatten__(cls, metadata, components):
        return Pair(*components)


def test_custom_nests_flatten_pack_and_map():
    mt = MaskedTensor(mask=True, value=tf.constant([1]))
    assert tf.nest.is_nested(mt)
    leaves = tf.nest.flatten(mt)
    assert len(leaves) == 1 and leaves[0] is mt.value
    assert tf.nest.pack_sequence_as(mt, leaves) == mt
    doubled = tf.nest.map_structure(lambda x: x * 2, mt)
    assert type(doubled) is MaskedTensor and doubled.mask is True and doubled.value.numpy().tolist() == [2]
    nested = MaskedTensor(True, [tf.constant(1), {'x': 2}])
    assert tf.nest.flatten(nested)[1] == 2
    assert tf.nest.map_structure(lambda v: v * 10, nested).value[1] == {'x': 20}
    assert tf.nest.pack_sequence_as(Pair(1, 2), [5, 6]) == Pair(5, 6)
    assert tf.nest.flatten([Pair(1, 2), MaskedTensor(False, 3)]) == [1, 2, 3]
    assert tf.nest.map_structure(lambda a, b: a + b, Pair(1, 2), Pair(10, 20)) == Pair(11, 22)
    flat = tf.nest.flatten(Pair(tf.ragged.constant([[1], []]), 2), expand_composites=True)
    assert [f.numpy().tolist() if hasattr(f, 'numpy') else f for f in flat] == [[1], [0, 1, 1], 2]


def test_custom_nests_compare_by_type_and_components():
    tf.nest.assert_same_structure(MaskedTensor(True, tf.constant([1])), MaskedTensor(False, tf.constant([2])))
    with pytest.raises(TypeError, match="don't have the same nested structure"):
        tf.nest.assert_same_structure(MaskedTensor(True, [1, 2]), (1,))
    with pytest.raises(ValueError, match="don't have the same nested structure"):
        tf.nest.assert_same_structure(MaskedTensor(True, [1, 2]), (1,), check_types=False)
    with pytest.raises(ValueError, match="don't have the same nested structure"):
        tf.nest.assert_same_structure(Pair(1, 2), Pair(1, (2, 3)))


def test_components_must_be_a_tuple():
    class Listed(Pair):
        def __tf_flatten__(self):
            return (), [self.a, self.b]
    with pytest.raises(TypeError, match='components a tuple'):
        tf.nest.flatten(Listed(1, 2))


def test_check_types_false_compares_children_only():
    bar = collections.namedtuple('bar', 'a b')
    tf.nest.assert_same_structure(bar(1, 2), {'a': 1, 'b': 2}, check_types=False)
    tf.nest.assert_same_structure({'a': 1}, {'b': 2}, check_types=False)       # keys unchecked, as TF
    tf.nest.assert_same_structure({'a': 1, 'b': 2}, [1, 2], check_types=False)
    with pytest.raises(ValueError, match="don't have the same nested structure"):
        tf.nest.assert_same_structure({'a': 1, 'b': 2}, [1, 2, 3], check_types=False)
    with pytest.raises(ValueError, match="don't have the same nested structure"):
        tf.nest.assert_same_structure([1, [2]], {'a': 1, 'b': 2}, check_types=False)
    with pytest.raises(ValueError, match="don't have the same nested structure"):
        tf.nest.assert_same_structure({'a': 1}, {'b': 2})
