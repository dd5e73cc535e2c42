"""One sample_weight array given with nested targets: Keras 3's array adapter copies it onto y's structure.

The step then gets weights nested as y (tuples for lists), and Keras's CompileLoss looks each output's
weights up by the output's path in them. So, as in TF 2.21:
- y keyed by output names for a model returning a list: fit / evaluate / validation fail on KeyError 0
  (train_on_batch / test_on_batch copy nothing and score);
- a list y for a model returning a dict: TypeError 'tuple indices must be integers or slices, not str';
- a single-output model given [y] and weights of shape (n, 1): the loss is weighed by the list [w] whole.
tapeflow used to keep the one array and train all three (modelfuzz25 / 27 seed 52).

Goldens: TF 2.21 (tensorflow-cpu, Keras 3) printed them for /work/notes/progs/modelfuzz27/red/gold52.py, the
same in eager and traced steps; the models' weights are fixed, the values plain float32 sums of a few terms.
"""
import numpy as np
import pytest

from framework import keras

X = (np.arange(24, dtype='float32').reshape(8, 3) % 5 - 2) / 4
Y = np.array([0, 1, 2, 1, 0, 2, 2, 1])
Y2 = (np.arange(8, dtype='float32').reshape(8, 1) - 3) / 5
SW = np.array([0.5, 1, 1.5, 2, 0.25, 1, 3, 0.75], 'float32')
LOSSES = {'one': 'sparse_categorical_crossentropy', 'list': ['sparse_categorical_crossentropy', 'mse'],
          'dict': {'out_a': 'sparse_categorical_crossentropy', 'out_b': 'mse'}}


def _model(outputs, run_eagerly):
    inputs = keras.Input(shape=(3,))
    a = keras.layers.Dense(3, name='out_a')(inputs)
    b = keras.layers.Dense(1, name='out_b')(inputs)
    model = keras.Model(inputs, {'one': a, 'list': [a, b], 'dict': {'out_a': a, 'out_b': b}}[outputs])
    weights = [np.linspace(-1, 1, 9, dtype='float32').reshape(3, 3), np.zeros(3, 'float32'),
               np.array([[0.5], [-0.25], [1.0]], 'float32'), np.zeros(1, 'float32')]
    model.set_weights(weights[:2] if outputs == 'one' else weights)
    model.compile(loss=LOSSES[outputs], run_eagerly=run_eagerly)
    return model


def _targets(outputs, kind):
    if outputs == 'one':
        return {'list': [Y], 'tuple': (Y,)}[kind]
    return {'list': [Y, Y2], 'tuple': (Y, Y2), 'dict': {'out_a': Y, 'out_b': Y2}}[kind]


def _hexes(values):
    return [float(v).hex() for v in np.ravel(values)]


BOTH = pytest.mark.parametrize('run_eagerly', [True, False], ids=['eager', 'traced'])
ALL_THREE = ['0x1.043fc20000000p+1', '0x1.74cb5c0000000p+0', '0x1.2768520000000p-1']


@BOTH
@pytest.mark.parametrize('how', ['evaluate', 'fit', 'validation'])
def test_dict_targets_for_list_outputs_fail_on_key_0(run_eagerly, how):
    model = _model('list', run_eagerly)
    y = _targets('list', 'dict')
    with pytest.raises(KeyError) as caught:
        if how == 'evaluate':
            model.evaluate(X, y, sample_weight=SW, batch_size=4, verbose=0)
        elif how == 'fit':
            model.fit(X, y, sample_weight=SW, batch_size=4, verbose=0)
        else:       # training on a list y runs; the validation pass's copied weights fail
            model.fit(X, [Y, Y2], validation_data=(X, y, SW), batch_size=4, verbose=0)
    assert caught.value.args == (0,)


@BOTH
def test_test_on_batch_copies_nothing_and_scores(run_eagerly):
    model = _model('list', run_eagerly)
    assert _hexes(model.test_on_batch(X, _targets('list', 'dict'), sample_weight=SW)) == ALL_THREE


@BOTH
@pytest.mark.parametrize('outputs,kind', [('list', 'list'), ('dict', 'dict')])
def test_alike_targets_score_each_output_with_the_copy(run_eagerly, outputs, kind):
    model = _model(outputs, run_eagerly)
    result = model.evaluate(X, _targets(outputs, kind), sample_weight=SW, batch_size=4, verbose=0)
    assert _hexes(result) == ALL_THREE


@BOTH
@pytest.mark.parametrize('how,kind,weights', [('evaluate', 'list', 'vector'), ('fit', 'tuple', 'column')])
def test_list_targets_for_dict_outputs_fail_on_tuple_indices(run_eagerly, how, kind, weights):
    model = _model('dict', run_eagerly)
    sw = SW if weights == 'vector' else SW[:, None]
    with pytest.raises(TypeError, match='^tuple indices must be integers or slices, not str$'):
        getattr(model, how)(X, _targets('dict', kind), sample_weight=sw, batch_size=4, verbose=0)


@BOTH
@pytest.mark.parametrize('kind,weights,expected', [
    ('list', 'column', '0x1.86ca020000000p+0'),     # the loss weighed by [w] of shape (1, 4, 1) whole
    ('tuple', 'vector', '0x1.74cb5c0000000p+0'),    # [w] of shape (1, 4): each sample's weight still
])
def test_one_output_given_a_target_list_weighs_by_the_copied_list(run_eagerly, kind, weights, expected):
    model = _model('one', run_eagerly)
    sw = SW if weights == 'vector' else SW[:, None]
    result = model.evaluate(X, _targets('one', kind), sample_weight=sw, batch_size=4, verbose=0)
    assert _hexes(result) == [expected]
    # test_on_batch passes the column as it is: each sample's weight
    assert _hexes(model.test_on_batch(X, _targets('one', kind), sample_weight=sw)) == ['0x1.74cb5c0000000p+0']
