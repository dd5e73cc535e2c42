"""tf.nest and keras.tree: walks, multi-structure maps, and the errors for structures that differ.

Expected values and messages are TensorFlow 2.21's / Keras 3.15's, printed by the same calls."""
import collections

import pytest

import framework as tf
from framework import keras

P = collections.namedtuple('P', 'x y')
Q = collections.namedtuple('Q', 'x y')
S1 = {'b': [1, 2], 'a': (3, P(4, 5))}
S2 = {'b': [10, 20], 'a': (30, P(40, 50))}


def test_nest_walks_dicts_in_key_order_and_maps_several_structures():
    assert tf.nest.flatten(S1) == [3, 4, 5, 1, 2]
    assert tf.nest.flatten(None) == [None] and tf.nest.flatten('abc') == ['abc']
    assert tf.nest.map_structure(lambda a, b: a + b, S1, S2) == {'b': [11, 22], 'a': (33, P(44, 55))}
    assert tf.nest.map_structure(lambda a, b: (a, b), [1, 2], (3, 4), check_types=False) == [(1, 3), (2, 4)]
    assert tf.nest.map_structure(lambda a, b: a, {'a': 1}, collections.OrderedDict(a=2)) == {'a': 1}
    assert [tf.nest.is_nested(v) for v in (S1, 3, 'ab', None)] == [True, False, False, False]
    assert tf.nest.pack_sequence_as({'b': 0, 'a': 0}, [1, 2]) == {'b': 2, 'a': 1}


@pytest.mark.parametrize('a, b, error, detail', [
    ({'a': 1}, {'b': 1}, ValueError, "The two dictionaries don't have the same set of keys. First structure has "
                                     "keys type=list str=['a'], while second structure has keys type=list str=['b']"),
    (P(1, 2), Q(1, 2), TypeError, "The two namedtuples don't have the same sequence type. First structure "
                                  "type=P str=P(x=1, y=2) has type P, while second structure type=Q str=Q(x=1, y=2) "
                                  "has type Q"),
    (1, [1], ValueError, 'Substructure "type=list str=[1]" is a sequence, while substructure "type=int str=1" is not'),
    ([1, 2], [1, 2, 3], ValueError, "The two structures don't have the same number of elements. First structure: "
                                    "type=list str=[1, 2]. Second structure: type=list str=[1, 2, 3]"),
])
def test_assert_same_structure_says_where_the_structures_part(a, b, error, detail):
    with pytest.raises(error) as info:
        tf.nest.assert_same_structure(a, b)
    assert 'More specifically: %s\n' % detail in str(info.value)


def test_assert_same_structure_draws_both_structures():
    with pytest.raises(ValueError) as info:
        tf.nest.assert_same_structure(S1, {'b': [1, 2], 'a': (3, 4)})
    assert str(info.value).endswith("Entire first structure:\n{'b': [., .], 'a': (., P(x=., y=.))}\n"
                                    "Entire second structure:\n{'b': [., .], 'a': (., .)}")
    tf.nest.assert_same_structure([1, 2], (1, 2), check_types=False)
    tf.nest.assert_same_structure({'a': 1}, collections.OrderedDict(a=1))


def test_nest_refuses_a_wrong_number_of_leaves_and_no_structure():
    with pytest.raises(ValueError, match=r'Structure had 3 atoms, but flat_sequence had 2 items\.  '
                                         r'Structure: \[1, \[2, 3\]\], flat_sequence: \[1, 2\]\.'):
        tf.nest.pack_sequence_as([1, [2, 3]], [1, 2])
    with pytest.raises(ValueError, match='Must provide at least one structure'):
        tf.nest.map_structure(lambda: 1)
    with pytest.raises(ValueError, match="don't have the same number of elements"):
        tf.nest.map_structure(lambda a, b: a, [1, 2], [1])


def test_keras_tree_helpers():
    tree = keras.tree
    assert tree.flatten_with_path(S1) == [(('a', 0), 3), (('a', 1, 0), 4), (('a', 1, 1), 5), (('b', 0), 1),
                                          (('b', 1), 2)]
    assert tree.map_structure(lambda a, b: a * b, S1, S2) == {'b': [10, 40], 'a': (90, P(160, 250))}
    assert tree.map_structure_up_to([1, (2, 3)], lambda a, b: (a, b), [[1, 2], ([3], 4)], [5, (6, 7)]) == \
        [([1, 2], 5), (([3], 6), (4, 7))]
    assert tree.traverse(lambda x: x * 10 if isinstance(x, int) else None, [1, [2]]) == [10, [20]]
    assert tree.traverse(lambda x: x * 10 if isinstance(x, int) else None, [1, [2]], top_down=False) == [10, [20]]
    assert tree.lists_to_tuples({'a': [1, [2]]}) == {'a': (1, (2,))}
    assert tree.map_shape_structure(lambda s: s, {'a': (1, 2), 'b': [None, 3]}) == {'a': (1, 2), 'b': [None, 3]}
    assert tree.flatten([1, (2, {'z': 3, 'y': None})]) == [1, 2, None, 3]
    assert (tree.is_nested('abc'), tree.is_nested(())) == (False, True)
    tree.assert_same_paths([1, 2], (3, 4))


@pytest.mark.parametrize('a, b, message', [
    ([1, 2], (1, 2), 'Expected an instance of list, got (1, 2).'),
    ([1, 2], [1], 'list arity mismatch; expected: 2, got: 1; list: [1].'),
    ({'a': 1}, {'b': 1}, "dictionary key mismatch; expected key(s): ['a'], got key(s): ['b'], missing key(s): "
                         "['a'], extra key(s): ['b']; dict: {'b': 1}."),
    (1, [1], "Structures don't have the same nested structure."),
])
def test_keras_tree_mismatch_messages(a, b, message):
    with pytest.raises(ValueError) as info:
        keras.tree.assert_same_structure(a, b)
    assert str(info.value) == message


def test_keras_tree_errors_for_paths_and_leaf_counts():
    with pytest.raises(ValueError, match=r"Paths in `a` missing in `b`:\n\{\('a',\)\}\nPaths in `b` missing in "
                                         r"`a`:\n\{\('b',\)\}"):
        keras.tree.assert_same_paths({'a': 1}, {'b': 1})
    with pytest.raises(ValueError, match='Too few leaves for PyTreeSpec; expected: 2, got: 1.'):
        keras.tree.pack_sequence_as([1, 2], [1])


def test_keras_top_level_names():
    assert keras.Loss is keras.losses.Loss and keras.Metric is keras.metrics.Metric
    assert keras.Optimizer is keras.optimizers.Optimizer and keras.Initializer is keras.initializers.Initializer
    assert keras.Regularizer is keras.regularizers.Regularizer and keras.InputSpec is keras.layers.InputSpec
    assert keras.version() == keras.__version__
    with keras.device('cpu:0'):
        assert float(tf.constant(1.0) + 1) == 2.0


def test_keras_name_scope_prefixes_variable_and_weight_paths():
    # TF 2.21 / Keras 3.15: ['outer/sequential/dense/kernel', ...] outer/t:0 outer/inner/k k,
    # ['blk/dense_1/kernel', ...] and, inside a layer's build, 'ell/w' (the scope opened there does
    # not count for add_weight) and 'ell/v'.
    with keras.name_scope('outer'):
        model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name='dense')])
        tv = tf.Variable(1.0, name='t')
        with keras.name_scope('inner'):
            kv = keras.Variable(2.0, name='k')
    assert [w.path for w in model.weights] == ['outer/%s/dense/kernel' % model.name, 'outer/%s/dense/bias' % model.name]
    assert (tv.name, kv.path, kv.name) == ('outer/t:0', 'outer/inner/k', 'k')
    dense = keras.layers.Dense(2, name='d')
    with keras.name_scope('blk'):
        dense.build((None, 3))
    assert [w.path for w in dense.weights] == ['blk/d/kernel', 'blk/d/bias']

    class L(keras.layers.Layer):
        def build(self, shape):
            with keras.name_scope('sub'):
                self.w = self.add_weight(shape=(2,), name='w')
            self.v = keras.Variable(1.0, name='v')

        def call(self, x):          # (Keras 3's base Layer has none: it raises NotImplementedError)
            return x

    layer = L(name='ell')
    layer(tf.ones((1, 2)))
    assert (layer.w.path, layer.v.path) == ('ell/w', 'ell/v')
