"""A single-output model given its target nested in lists (fit(X, [[y]])) fails as Keras 3 does on TF 2.21.

Keras 3's array adapter reads [[y]] as y nested in two lists (numpy would stack it into one (1, n, 1)
array: tapeflow then refused the data's cardinality, 8 vs 1), and its CompileLoss packs the target into the
one output's structure by iterating it, so [[y]] hands the loss the inner list (a tuple in fit) for one
tensor. Values and texts from TF 2.21 (probe /work/notes/progs/modelfuzz15/k2.py).
"""
import numpy as np
import pytest

import framework as tf  # noqa: F401
from framework import keras


def _data():
    rng = np.random.default_rng(0)
    return rng.normal(size=(8, 3)).astype('float32'), rng.normal(size=(8, 1)).astype('float32')


def _model(loss='mse'):
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1, name='dense')])
    model.compile('sgd', loss, metrics=['mae'])
    return model


def _run(model, method, x, y):
    if method == 'fit':
        return model.fit(x, y, epochs=1, verbose=0, batch_size=4).history
    if method == 'evaluate':
        return model.evaluate(x, y, verbose=0)
    return model.train_on_batch(x, y)


@pytest.mark.parametrize('loss', ['mse', ['mse']])
@pytest.mark.parametrize('nest', ['list', 'tuple', 'two'])
def test_target_nested_in_one_item_reaches_the_loss(loss, nest):
    x, y = _data()
    target = {'list': [[y]], 'tuple': ((y,),), 'two': [[y, y]]}[nest]
    # TF 2.21: fit / evaluate see tuples (the adapter's lists_to_tuples), train_on_batch the user's list
    for method, shape, kind in [('fit', '(4, 1)', 'tuple'), ('evaluate', '(None, 1)', 'tuple'),
                                ('train_on_batch', '(8, 1)', 'tuple' if nest == 'tuple' else 'list')]:
        with pytest.raises(ValueError) as info:
            _run(_model(loss), method, x, target)
        text = str(info.value)
        assert text.startswith('Expected an instance of %s, got <tf.Tensor ' % kind), (method, text)
        assert text.endswith("shape=%s dtype=float32>." % shape), (method, text)


def test_two_nested_targets_are_different_structures():
    x, y = _data()
    for method in ['fit', 'evaluate']:
        with pytest.raises(ValueError) as info:
            _run(_model(), method, x, [[y], [y]])
        # TF 2.21: "y_true and y_pred have different structures.\ny_true: (('*',), ('*',))\ny_pred: *\n"
        assert str(info.value) == "y_true and y_pred have different structures.\ny_true: (('*',), ('*',))\ny_pred: *\n"


def test_loss_dict_with_nested_target():
    x, y = _data()
    for method in ['fit', 'evaluate']:
        with pytest.raises(TypeError) as info:
            _run(_model({'dense': 'mse'}), method, x, [[y]])
        assert str(info.value) == "'NoneType' object is not iterable"       # TF 2.21's text


def test_one_item_list_trains_as_the_array():
    x, y = _data()
    history = _run(_model(), 'fit', x, [y])
    # TF 2.21: {'loss': [0.63895183801651], 'mae': [0.6429001688957214]}
    assert history['loss'] == [pytest.approx(0.63895183801651, rel=1e-6)]
    assert history['mae'] == [pytest.approx(0.6429001688957214, rel=1e-6)]
    assert _run(_model(), 'evaluate', x, (y,)) == pytest.approx([0.6384800672531128, 0.6428301334381104], rel=1e-6)



def test_dict_target_with_a_list_for_list_outputs():
    # Keras's array adapter makes every list a tuple, inside a dict of targets too
    x, y = _data()
    keras.utils.set_random_seed(1)
    inputs = keras.Input((3,))
    model = keras.Model(inputs, [keras.layers.Dense(1, name='a')(inputs), keras.layers.Dense(1, name='b')(inputs)])
    model.compile('sgd', ['mse', 'mae'])
    for method, shape in [('fit', '(4, 1)'), ('evaluate', '(None, 1)')]:
        with pytest.raises(ValueError) as info:
            _run(model, method, x, {'a': [y], 'b': y})
        # TF 2.21: "Expected an instance of tuple, got <tf.Tensor 'functional_15_1/a_1/Add:0' shape=(4, 1) ...>."
        text = str(info.value)
        assert text.startswith('Expected an instance of tuple, got <tf.Tensor '), text
        assert text.endswith('shape=%s dtype=float32>.' % shape), text


@pytest.mark.parametrize('method', ['train_on_batch', 'test_on_batch'])
def test_on_batch_structure_error_shows_the_given_lists(method):
    # Keras 3 hands the *_on_batch steps y as given: TF 2.21 shows lists, where fit shows its adapter's tuples
    x, y = _data()
    for target, shown in [([y, y], "['*', '*']"), ([[y], [y]], "[['*'], ['*']]"), ((y, [y]), "('*', ['*'])")]:
        with pytest.raises(ValueError) as info:
            getattr(_model(), method)(x, target)
        assert str(info.value) == 'y_true and y_pred have different structures.\ny_true: %s\ny_pred: *\n' % shown
    with pytest.raises(ValueError) as info:
        _run(_model(), 'fit', x, [y, y])
    assert str(info.value) == "y_true and y_pred have different structures.\ny_true: ('*', '*')\ny_pred: *\n"
