"""A dict of outputs given too few targets, as Keras 3 on TF 2.21 reads them (probes:
/work/notes/progs/errors40/ystruct.py, ystruct2.py; TF's words printed by TF 2.21 running them).

Keras packs targets that do not match the outputs into the loss's structure by position: with one
loss for every output, a lone target (an array, or a dict of one) stands for all of them, and the
KeyError names the first output of the model's dict, in the model's order; with a loss dict, the
targets go to the outputs that have a loss, in sorted key order, whatever they are keyed."""
import numpy as np
import pytest

from framework import keras

X = np.ones((4, 3), 'float32')
Y1 = np.ones((4, 1), 'float32')


def _dict_model(order):
    keras.backend.clear_session()
    i = keras.Input((3,), name='x')
    return keras.Model(i, {name: keras.layers.Dense(1, name=name)(i) for name in order})


def _path_text(key):
    return "\"The path: (%r,) in the `loss` argument, can't be found in either the model's output " \
           "(`y_pred`) or in the labels (`y_true`).\"" % (key,)


@pytest.mark.parametrize('order, y, first', [
    (('a', 'b'), {'a': Y1}, 'a'),         # TF 2.21 names 'a' though y holds 'a': Keras took y as one leaf
    (('a', 'b'), {'b': Y1}, 'a'),
    (('b', 'a'), {'a': Y1}, 'b'),         # the model's order, not sorted
    (('c', 'a', 'b'), {'b': Y1}, 'c'),
    (('b', 'a'), Y1, 'b'),                # a lone array
    (('c', 'a', 'b'), Y1, 'c'),
    (('b', 'a'), None, 'b'),              # no y at all
])
def test_one_loss_over_a_dict_of_outputs_names_the_first_output(order, y, first):
    model = _dict_model(order)
    model.compile('sgd', 'mse')
    before = [w.numpy().copy() for w in model.weights]
    with pytest.raises(KeyError) as info:
        model.fit(X, y, verbose=0)
    assert str(info.value) == _path_text(first)
    assert all(np.array_equal(a, w.numpy()) for a, w in zip(before, model.weights))
    assert int(model.optimizer.iterations) == 0


@pytest.mark.parametrize('entry', ['evaluate', 'train_on_batch'])
def test_evaluate_and_train_on_batch_name_the_same_path(entry):
    model = _dict_model(('a', 'b'))
    model.compile('sgd', 'mse')
    with pytest.raises(KeyError) as info:
        getattr(model, entry)(X, {'a': Y1}, **({'verbose': 0} if entry == 'evaluate' else {}))
    assert str(info.value) == _path_text('a')


def test_a_loss_dict_takes_the_targets_by_position():
    # TF 2.21: loss={'a': 'mse', 'b': None} with y={'c': 3 * ones} trains 'a' on it, the same history as
    # y={'a': 3 * ones}: {'loss': [5.079742908477783]} on TF (both)
    histories = []
    for key in ('c', 'a', 'b'):
        keras.utils.set_random_seed(1)
        model = _dict_model(('c', 'a', 'b'))
        model.compile('sgd', {'a': 'mse', 'b': None})
        histories.append(model.fit(X, {key: Y1 * 3}, verbose=0).history['loss'])
    assert histories[0] == histories[1] == histories[2]


def test_a_loss_dict_with_two_losses_still_needs_two_targets():
    model = _dict_model(('a', 'b'))
    model.compile('sgd', {'a': 'mse', 'b': 'mse'})
    with pytest.raises(ValueError, match=r"y_true and y_pred have different structures.\ny_true: \{'a': '\*'\}"):
        model.fit(X, {'a': Y1}, verbose=0)
