"""keras.tree.map_structure_up_to and assert_same_structure raise what Keras 3.15 raises.

Keras 3.15's tree backend is optree: a structure must repeat the shallow structure's node
types and arities (optree's messages), and Keras's own leaf check refuses a None in the
shallow structure, so the map_structure_up_to docstring's examples raise ValueError.
Golden texts: the same calls under TF 2.21 + Keras 3.15.
"""
import collections

import pytest

from framework import keras

Foo = collections.namedtuple('Foo', ['a', 'b'])
AlsoFoo = collections.namedtuple('Foo', ['a', 'b'])
Bar = collections.namedtuple('Bar', ['a', 'b'])
up_to = keras.tree.map_structure_up_to
NOT_SAME = "Structures don't have the same nested structure."


@pytest.mark.parametrize('call, want', [
    (lambda: up_to([0, 0], len, [[1, 1], [2, 2]]), [2, 2]),
    (lambda: up_to([0, [0, 0]], str, [[1, 1], [2, 2]]), ['[1, 1]', ['2', '2']]),
    (lambda: up_to(0, len, [1, 2]), 2),
    (lambda: up_to({'a': 0, 'b': 0}, lambda x: x, {'a': [1], 'b': (2,)}), {'a': [1], 'b': (2,)}),
    (lambda: up_to([0, 0], lambda a, b: (a, b), [1, 2], [3, 4]), [(1, 3), (2, 4)]),
])
def test_map_structure_up_to_values(call, want):
    assert call() == want


@pytest.mark.parametrize('call, text', [
    # the docstring's own examples: None in the shallow structure
    (lambda: up_to([None, None], len, [[1, 1], [2, 2]]), NOT_SAME),
    (lambda: up_to([None, [None, None]], str, [[1, 1], [2, 2]]), NOT_SAME),
    (lambda: up_to(None, len, [1, 2]), NOT_SAME),
    (lambda: up_to({'a': None}, lambda x: x, {'a': [1]}), NOT_SAME),
    (lambda: up_to([0, 0, 0], len, [[1], [2]]), 'list arity mismatch; expected: 3, got: 2; list: [[1], [2]].'),
    (lambda: up_to([0, [0]], len, [[1], 2]), 'Expected an instance of list, got 2.'),
    (lambda: up_to((0, 0), len, [[1], [2]]), 'Expected an instance of tuple, got [[1], [2]].'),
    (lambda: up_to([0, 0], len, ([1], [2])), 'Expected an instance of list, got ([1], [2]).'),
    (lambda: up_to([0], lambda x: x), 'Must provide at least one structure'),
])
def test_map_structure_up_to_errors(call, text):
    with pytest.raises(ValueError) as info:
        call()
    assert str(info.value) == text


@pytest.mark.parametrize('a, b, text', [
    (Foo(0, 1), AlsoFoo(2, 3), "namedtuple type mismatch; expected type: %r, got type: %r; tuple: Foo(a=2, b=3)."
     % (Foo, AlsoFoo)),
    (Foo(0, 1), Bar(2, 3), "namedtuple type mismatch; expected type: %r, got type: %r; tuple: Bar(a=2, b=3)."
     % (Foo, Bar)),
    (Foo(0, 1), (2, 3), 'Expected an instance of collections.namedtuple, got (2, 3).'),
    ({'a': 1}, [1], 'Expected an instance of dict, collections.OrderedDict, or collections.defaultdict, got [1].'),
    ([0, 1], [2, 3, 4], 'list arity mismatch; expected: 2, got: 3; list: [2, 3, 4].'),
    ([1, 2], [1, [2]], NOT_SAME),
])
def test_assert_same_structure_texts(a, b, text):
    with pytest.raises(ValueError) as info:
        keras.tree.assert_same_structure(a, b)
    assert str(info.value) == text


def test_matching_structures_pass():
    keras.tree.assert_same_structure(collections.OrderedDict(a=1), {'a': 2})
    keras.tree.assert_same_structure(Foo(0, [1]), Foo(2, [3]))
