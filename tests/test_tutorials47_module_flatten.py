"""tf.Module._flatten (TF's private generator that Sonnet-style code calls with a predicate).

Printed by TF 2.21 (/tmp/t47_fl_tf.py in reports48/tutorials47.md, the module below):
paths with a variable predicate [('extra', 's'), ('layers', 0, 'w'), ('layers', 1, 'w')]; all values with paths, less
TF's own private attributes: ('extra', 'k'), ('extra', 's'), ('layers', 0), ('layers', 1), ('z',), then the
sub-modules' ('layers', 0, 'w'), ('layers', 1, 'w'); recursive=False gives the module's own variable; a reversed-name
traversal key puts 'layers' first... ('Variable:0', 'w:0', 'w:0') in TF's order; the call returns a generator.
"""
import types

import framework as tf


class _D(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable(1.0, name='w')


class _S(tf.Module):
    def __init__(self):
        super().__init__()
        self.layers = [_D(), _D()]
        self.extra = {'s': tf.Variable(2.0), 'k': 5}
        self.z = 'text'


def _is_variable(value):
    return isinstance(value, tf.Variable)


def test_flatten_paths_and_predicates_as_tensorflow():
    m = _S()
    assert isinstance(m._flatten(), types.GeneratorType)
    assert [p for p, _ in m._flatten(with_path=True, predicate=_is_variable)] == [
        ('extra', 's'), ('layers', 0, 'w'), ('layers', 1, 'w')]
    assert [p for p, _ in m._flatten(with_path=True)] == [
        ('extra', 'k'), ('extra', 's'), ('layers', 0), ('layers', 1), ('z',), ('layers', 0, 'w'), ('layers', 1, 'w')]
    assert [type(v).__name__ for v in m._flatten()] == ['int', 'ResourceVariable', '_D', '_D', 'str',
                                                        'ResourceVariable', 'ResourceVariable']
    assert [v.name for v in m._flatten(predicate=_is_variable, recursive=False)] == ['Variable:0']
    assert [v.name for v in m._flatten(predicate=_is_variable, attribute_traversal_key=lambda k: k[::-1])] == [
        'Variable:0', 'w:0', 'w:0']
    assert list(m._flatten(predicate=_is_variable)) == list(m.variables)


def test_flatten_keeps_a_leaf_once_without_paths_and_stops_at_cycles():
    m = _S()
    m.again = m.layers[0].w
    m.me = m            # a cycle: TF stops recursing
    assert len(list(m._flatten(predicate=_is_variable))) == 3
    # TF 2.21: the cycle is walked once more without recursing further
    assert [p for p, _ in m._flatten(predicate=_is_variable, with_path=True)] == [
        ('again',), ('extra', 's'), ('layers', 0, 'w'), ('layers', 1, 'w'), ('me', 'again'), ('me', 'extra', 's')]
