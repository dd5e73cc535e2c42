"""keras.tree walks an OrderedDict in its own key order and other dicts sorted, as Keras 3.15's optree backend
(TF 2.21 + Keras 3.15 print these); tf.nest sorts every dict."""
import collections

import framework as tf
from framework import keras


def test_ordered_dicts_keep_their_order():
    od = collections.OrderedDict([('b', 1), ('a', 2), ('c', 3)])
    assert keras.tree.flatten(od) == [1, 2, 3]
    assert keras.tree.flatten({'b': 1, 'a': 2, 'c': 3}) == [2, 1, 3]
    assert keras.tree.pack_sequence_as(od, [7, 8, 9]) == collections.OrderedDict([('b', 7), ('a', 8), ('c', 9)])
    assert keras.tree.flatten({'x': od, 'a': [1, 2]}) == [1, 2, 1, 2, 3]
    assert keras.tree.flatten_with_path(od) == [(('b',), 1), (('a',), 2), (('c',), 3)]
    assert keras.tree.map_structure(lambda x: x * 10, od) == collections.OrderedDict([('b', 10), ('a', 20),
                                                                                       ('c', 30)])
    assert keras.tree.map_structure_up_to(od, lambda x: x, od) == od
    assert tf.nest.flatten(od) == [2, 1, 3]
