"""tf.nest rebuilds a collections.defaultdict with its default_factory, as TensorFlow 2.21's nest does.

tapeflow called ``defaultdict(items)`` and raised "TypeError: first argument must be callable or None"
for tf.nest.map_structure / pack_sequence_as (and keras.tree's, which walk the same way) over one.
Goldens from TF 2.21 (progs/kerasio11/d13a.py and /tmp probe in the report).
"""
import collections

import framework as tf
from framework import keras


def test_map_structure_and_pack_keep_the_default_factory():
    counts = collections.defaultdict(int, {'c': 3, 'a': 1})
    scaled = tf.nest.map_structure(lambda v: v * 10, counts)
    assert type(scaled) is collections.defaultdict and scaled.default_factory is int
    assert list(scaled.items()) == [('c', 30), ('a', 10)]        # TF: defaultdict(int, {'c': 30, 'a': 10})
    packed = tf.nest.pack_sequence_as(counts, [7, 8])              # sorted keys take the flat items
    assert list(packed.items()) == [('c', 8), ('a', 7)] and packed['missing'] == 0
    assert keras.tree.map_structure(lambda v: v + 1, counts) == {'c': 4, 'a': 2}


def test_nested_and_other_mappings_unchanged():
    nested = {'x': collections.defaultdict(list, {'k': 1}), 'y': collections.OrderedDict([('b', 2), ('a', 3)])}
    out = tf.nest.map_structure(lambda v: -v, nested)
    assert out['x'].default_factory is list and dict(out['x']) == {'k': -1}
    assert out['y'] == collections.OrderedDict([('b', -2), ('a', -3)]) and type(out['y']) is collections.OrderedDict
