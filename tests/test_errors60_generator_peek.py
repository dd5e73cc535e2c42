"""A generator's first two batches, refused as Keras 3.15 refuses them when it reads their spec (TF 2.21).

Keras peeks at two batches and builds one spec from them with ``tree.map_structure(..., none_is_leaf=False)``
(optree): batches of different structures get optree's words, and a leaf with no shape (a Python number or
string, the items of a Python list) is read through np.array, so it is of rank 0 and refused. tapeflow
trained on (x, y) then (x, y, w) and ran Python scalars into the model. Texts printed by TF 2.21 for the
same programs (/work/notes/progs/errors60/gen2.py, gen3.py); keras.tree's dictionary text from optree.
"""
import numpy as np
import pytest

from framework import keras

X = np.arange(12, dtype='float32').reshape(4, 3)
Y = np.arange(4, dtype='float32').reshape(4, 1)
XY = (X, Y)


def _fit(batches):
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    with pytest.raises(ValueError) as info:
        model.fit((batch for batch in batches), verbose=0)
    return str(info.value)


@pytest.mark.parametrize('batches, expected', [
    ([XY, (X, Y, Y[:, 0])], 'tuple arity mismatch; expected: 2, got: 3; tuple: %r.' % ((X, Y, Y[:, 0]),)),
    ([(X, Y, Y[:, 0]), XY], 'tuple arity mismatch; expected: 3, got: 2; tuple: %r.' % (XY,)),
    ([XY, (X,)], 'tuple arity mismatch; expected: 2, got: 1; tuple: %r.' % ((X,),)),
    ([XY, (X, [Y])], "Structures don't have the same nested structure."),
    ([(X, [Y]), XY], 'Expected an instance of list, got %r.' % (Y,)),
    ([({'a': X}, Y), ({'b': X}, Y)], "dictionary key mismatch; expected key(s): ['a'], got key(s): ['b'], missing "
                                     "key(s): ['a'], extra key(s): ['b']; dict: %r." % ({'b': X},)),
    ([(X, None), XY], 'Expected None, got %r.' % (Y,)),
    ([XY, (X, None)], "Structures don't have the same nested structure."),
])
def test_peeked_batches_of_other_structures_get_optrees_words(batches, expected):
    assert _fit(batches) == expected


RANK_0 = 'When passing a dataset to a Keras model, the arrays must be at least rank 1. Received: %s of rank 0.'


@pytest.mark.parametrize('batches, received', [
    ([('a', 'b')], 'a'),
    ([(1.0, 2.0)], '1.0'),
    ([([[1.0, 2.0, 3.0]], [[1.0]])], '1.0'),       # (a list is a structure: its items are the leaves)
    ([(X, 1.0)], '1.0'),
    ([(X, 1.0), XY], '1.0'),
])
def test_leaves_with_no_shape_are_refused_as_rank_0(batches, received):
    assert _fit(batches) == RANK_0 % received


def test_a_list_of_arrays_still_gets_from_generators_type_error():
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    with pytest.raises(TypeError, match='must contain objects that are subclass of `tf.TypeSpec`'):
        model.fit((b for b in [(X, [Y])]), verbose=0)


def test_a_refused_leaf_leaves_the_names_of_the_leaves_before_it_taken():
    # TF 2.21 (gen3.py, gen4.py): Keras made x's KerasTensor before refusing y = 1.0 or y = None; a node's
    # structure error makes none; from_generator refuses a list after the spec's two
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    counts = []
    for batches in ([(X, 1.0)], [XY, (X,)], [(1.0, Y)], [XY, (X, None)], [(X, [Y])]):
        before = int(keras.Input((1,)).name.rsplit('_', 1)[1])
        with pytest.raises((ValueError, TypeError)):
            model.fit((b for b in batches), verbose=0)
        counts.append(int(keras.Input((1,)).name.rsplit('_', 1)[1]) - before - 1)
    assert counts == [1, 0, 0, 1, 2]


def test_good_generators_still_train():
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    history = model.fit((b for b in [XY, (X[:2], Y[:2]), XY]), verbose=0)
    assert np.isfinite(history.history['loss'][0])


@pytest.mark.parametrize('a, b, expected', [
    ({'i': 1, 'j': 2}, {'i': 1}, "dictionary key mismatch; expected key(s): ['i', 'j'], got key(s): ['i'], "
                                 "missing key(s): ['j']; dict: {'i': 1}."),
    ({'i': 1}, {'i': 1, 'k': 2}, "dictionary key mismatch; expected key(s): ['i'], got key(s): ['i', 'k'], "
                                 "extra key(s): ['k']; dict: {'i': 1, 'k': 2}."),
])
def test_keras_tree_names_only_the_sides_that_differ(a, b, expected):
    with pytest.raises(ValueError) as info:
        keras.tree.assert_same_structure(a, b)
    assert str(info.value) == expected
    with pytest.raises(ValueError) as info:
        keras.tree.map_structure(lambda *leaves: 0, a, b)
    assert str(info.value) == expected
