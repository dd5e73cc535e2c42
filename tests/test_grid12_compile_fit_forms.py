"""loss_weights and missing targets on several outputs, as Keras 3 takes them.

Golden classes/texts from TF 2.21 + Keras 3 (grid12 lw.py, errs2.py, noy.py: the same programs under both).
tapeflow accepted int loss_weights and one float for a loss per output (Keras: a ValueError at compile /
a TypeError from len() at the first step), and said 'None values not supported.' for a model of several outputs
fit without y (Keras: its structure error, or KeyError for one loss spread over the outputs).
"""
import numpy as np
import pytest

from framework import keras

L = keras.layers
X = np.ones((8, 5), 'float32')
Y = np.ones((8, 1), 'float32')


def _one():
    a = keras.Input((5,), name='a')
    return keras.Model(a, L.Dense(1, kernel_initializer='ones', name='reg')(a))


def _two(dict_outputs=False):
    a = keras.Input((5,), name='a')
    r = L.Dense(1, kernel_initializer='ones', name='reg')(a)
    c = L.Dense(1, kernel_initializer='ones', name='cls')(a)
    return keras.Model(a, {'reg': r, 'cls': c} if dict_outputs else [r, c])


@pytest.mark.parametrize('weights', [2, 1, True, np.float32(0.5)])
def test_loss_weights_other_than_float_list_dict_are_refused_at_compile(weights):
    with pytest.raises(ValueError, match=r'^Expected `loss_weights` argument to be a float \(single output case\) '
                                         r'or a list, tuple, or dict \(multiple output case\)\. Received instead: '):
        _one().compile('sgd', 'mse', loss_weights=weights)


@pytest.mark.parametrize('weights, loss', [(0, 0.0), (0.5, 8.0), (np.float64(0.5), 8.0), ([0.5], 8.0)])
def test_single_output_weights_that_keras_takes(weights, loss):
    model = _one()          # mse of (5 - 1)^2 = 16, weighted
    model.compile('sgd', 'mse', loss_weights=weights)
    assert model.evaluate(X, Y, verbose=0) == loss


@pytest.mark.parametrize('weights, name', [(0.5, 'float'), (0.0, 'float'), (np.float64(0.5), 'numpy.float64')])
def test_one_weight_for_a_loss_per_output_fails_on_len(weights, name):
    model = _two()
    model.compile('sgd', ['mse', 'mse'], loss_weights=weights)
    with pytest.raises(TypeError, match=r"^object of type '%s' has no len\(\)$" % name):
        model.evaluate(X, [Y, Y], verbose=0)


def test_one_weight_for_one_loss_over_every_output_weighs_each():
    model = _two()
    model.compile('sgd', 'mse', loss_weights=0.5)
    assert model.evaluate(X, [Y, Y], verbose=0) == [16.0, 16.0, 16.0]


@pytest.mark.parametrize('dict_outputs, stars', [(False, "['*', '*']"), (True, "{'reg': '*', 'cls': '*'}")])
@pytest.mark.parametrize('run', ['fit', 'evaluate', 'train_on_batch', 'test_on_batch'])
def test_no_targets_for_a_loss_per_output_is_the_structure_error(dict_outputs, stars, run):
    model = _two(dict_outputs)
    model.compile('sgd', {'reg': 'mse', 'cls': 'mse'} if dict_outputs else ['mse', 'mse'])
    call = getattr(model, run)
    with pytest.raises(ValueError) as caught:
        call(X, verbose=0) if run in ('fit', 'evaluate') else call(X)
    assert str(caught.value) == 'y_true and y_pred have different structures.\ny_true: *\ny_pred: %s\n' % stars


def test_no_targets_for_one_loss_over_every_output_is_a_key_error():
    model = _two()
    model.compile('sgd', 'mse')
    # str() quoted, as KeyError's (TF 2.21 prints '"The path: ...'; errors26)
    with pytest.raises(KeyError, match=r"^\"The path: \(0,\) in the `loss` argument, can't be found in either the "
                                       r"model's output \(`y_pred`\) or in the labels \(`y_true`\)\."):
        model.fit(X, verbose=0)


@pytest.mark.parametrize('dict_outputs, loss, key', [
    (False, ['mse', 'mse', 'mse'], '(2,)'), (True, {'reg': 'mse', 'x': 'mse'}, "('x',)")])
def test_a_loss_path_without_an_output_is_kerass_key_error_text(dict_outputs, loss, key):
    # TF 2.21 (grid12 errs.py): str(error) is the sentence alone; tapeflow's count rides as a note
    model = _two(dict_outputs)
    model.compile('sgd', loss)
    with pytest.raises(KeyError) as caught:
        model.fit(X, {'reg': Y, 'cls': Y} if dict_outputs else [Y, Y], verbose=0)
    assert caught.value.args[0] == ("The path: %s in the `loss` argument, can't be found in either the model's "
                                    'output (`y_pred`) or in the labels (`y_true`).' % key)


def test_loss_weights_of_another_count_is_kerass_text():
    model = _two()
    model.compile('sgd', ['mse', 'mse'], loss_weights=[1.0, 2.0, 3.0])
    with pytest.raises(ValueError) as caught:
        model.fit(X, [Y, Y], verbose=0)
    assert str(caught.value) == '`loss_weights` must match the number of losses, got 2 losses and 3 weights.'
