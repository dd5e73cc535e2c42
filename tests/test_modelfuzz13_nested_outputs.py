"""Functional models whose outputs nest deeper than one list or dict ({'p': [a, b], 'q': c}, [[a, b], c]):
compiled losses found by their path, History / metrics_names keys named as Keras 3 names them.

Golden values printed by TF 2.21 / Keras 3 (/work/notes/progs/modelfuzz13/g01.py, the same program as
below, with `import tensorflow as tf; from tensorflow import keras`).
"""
import numpy as np
import pytest

from framework import keras


def _approx_each(expected, **tolerance):
    """``expected`` with each value approximate (pytest 9.2's approx refuses a mapping of lists)."""
    return {key: pytest.approx(value, **tolerance) for key, value in expected.items()}


def _data():
    rng = np.random.RandomState(0)
    x = rng.randn(12, 3).astype('float32')
    y1 = rng.randn(12, 2).astype('float32')
    y2 = (rng.rand(12, 1) > 0.5).astype('float32')
    y3 = rng.randn(12, 3).astype('float32')
    s1, s2, s3 = (rng.rand(12).astype('float32') for _ in range(3))
    return x, y1, y2, y3, s1, s2, s3


def _model(kind):
    i = keras.Input((3,))
    a = keras.layers.Dense(2, name='a')(i)
    b = keras.layers.Dense(1, activation='sigmoid', name='b')(i)
    c = keras.layers.Dense(3, name='c')(i)
    outputs = {'dl': {'p': [a, b], 'q': c}, 'ld': [{'u': a, 'v': b}, c], 'll': [[a, b], c]}[kind]
    m = keras.Model(i, outputs)
    w = np.random.RandomState(5)
    m.set_weights([w.uniform(-1, 1, v.shape).astype('float32') for v in m.weights])
    return m


def _rounded(history):
    return {k: [round(v, 6) for v in vals] for k, vals in history.history.items()}


def test_dict_of_lists_losses_weights_and_metrics_by_path():
    x, y1, y2, y3, *_ = _data()
    m = _model('dl')
    m.compile(keras.optimizers.SGD(0.1), loss={'p': ['mse', 'binary_crossentropy'], 'q': 'mse'},
              loss_weights={'p': [0.5, 2.0], 'q': 0.1}, metrics={'p': [['mae'], ['accuracy']], 'q': ['mae']})
    y = {'p': [y1, y2], 'q': y3}
    h = m.fit(x, y, batch_size=4, epochs=2, verbose=0, shuffle=False)
    assert _rounded(h) == _approx_each({
        'a_mae': [1.169984, 1.021456], 'b_accuracy': [0.75, 0.75], 'c_mae': [1.25988, 1.231336],
        'loss': [2.137272, 1.869251], 'p/a_loss': [2.018069, 1.565503], 'p/b_loss': [0.455525, 0.439168],
        'q_loss': [2.171878, 2.081644]}, abs=2e-6)
    assert list(h.history) == ['a_mae', 'b_accuracy', 'c_mae', 'loss', 'p/a_loss', 'p/b_loss', 'q_loss']
    assert m.metrics_names == ['loss', 'compile_metrics', 'p/a_loss', 'p/b_loss', 'q_loss']
    result = m.evaluate(x, y, verbose=0, return_dict=True)
    assert {k: round(v, 6) for k, v in result.items()} == _approx_each({
        'a_mae': 0.938346, 'b_accuracy': 0.75, 'c_mae': 1.207901, 'loss': 1.695478, 'p/a_loss': 1.306651,
        'p/b_loss': 0.420356, 'q_loss': 2.014409}, abs=2e-6)


def test_list_of_dicts_one_loss_and_nested_sample_weights():
    x, y1, y2, y3, s1, s2, s3 = _data()
    m = _model('ld')
    m.compile(keras.optimizers.SGD(0.1), loss='mse', weighted_metrics=[{'u': 'mae', 'v': ['mse']}, ['mae']])
    h = m.fit(x, [{'u': y1, 'v': y2}, y3], sample_weight=[{'u': s1, 'v': s2}, s3], batch_size=4, epochs=2,
              verbose=0, shuffle=False)
    # the last list index gives way to the output layer's name ('c_loss'); a dict key stays ('0/u_loss')
    assert _rounded(h) == _approx_each({
        '0/u_loss': [1.305244, 0.959633], '0/v_loss': [0.089742, 0.088897], 'a_mae': [1.162216, 0.998296],
        'b_mse': [0.156603, 0.155128], 'c_loss': [1.029934, 0.865489], 'c_mae': [1.214456, 1.111373],
        'loss': [2.424921, 1.914019]}, abs=2e-6)


def test_list_of_lists_takes_a_flat_list_of_losses():
    x, y1, y2, y3, *_ = _data()
    m = _model('ll')
    m.compile(keras.optimizers.SGD(0.1), loss=['mse', 'binary_crossentropy', 'mae'])
    h = m.fit(x, [[y1, y2], y3], batch_size=4, epochs=1, verbose=0, shuffle=False)
    assert _rounded(h) == _approx_each({'0/a_loss': [1.955552], '0/b_loss': [0.452209], 'c_loss': [1.251774],
                                         'loss': [3.659535]}, abs=2e-6)
    predicted = m.predict(x, verbose=0)
    assert [[p.shape for p in predicted[0]], predicted[1].shape] == [[(12, 2), (12, 1)], (12, 3)]


@pytest.mark.parametrize('kind, metrics, text', [
    ('ll', {'a': 'mae', 'b': 'mse', 'c': 'mae'},
     "Expected an instance of tuple, got {'a': 'mae', 'b': 'mse', 'c': 'mae'}.\nInvalid `metrics`. `metrics` should "
     "contain metrics objects and either be a dict or a list matching the output names of the functional model "
     "['a', 'b', 'c'] or match the output structure of the model: [['X', 'X'], 'X'].\n"
     "Received: metrics={'a': 'mae', 'b': 'mse', 'c': 'mae'}"),
    ('dl', {'p': ['mae'], 'q': ['mae']},
     "tuple arity mismatch; expected: 2, got: 1; tuple: ('mae',).\nInvalid `metrics`. `metrics` should contain "
     "metrics objects and either be a dict or a list matching the output names of the functional model "
     "['a', 'b', 'c'] or match the output structure of the model: {'p': ['X', 'X'], 'q': 'X'}.\n"
     "Received: metrics={'p': ['mae'], 'q': ['mae']}"),
])
def test_metrics_nested_otherwise_than_the_outputs(kind, metrics, text):
    x, y1, y2, y3, *_ = _data()
    m = _model(kind)
    m.compile('sgd', loss='mse', metrics=metrics)
    y = [[y1, y2], y3] if kind == 'll' else {'p': [y1, y2], 'q': y3}
    with pytest.raises(ValueError) as error:
        m.fit(x, y, verbose=0)
    assert str(error.value) == text


def test_targets_only_for_the_outputs_with_a_loss():
    # loss={'p': [...]} with y={'p': [...]}: Keras packs the targets in the loss's tree ('q' has neither)
    x, y1, y2, *_ = _data()
    m = _model('dl')
    m.compile(keras.optimizers.SGD(0.1), loss={'p': ['mse', 'binary_crossentropy']})
    with pytest.warns(UserWarning, match=r"Gradients do not exist for variables \['c/kernel', 'c/bias'\]"):
        h = m.fit(x, {'p': [y1, y2]}, batch_size=4, epochs=1, verbose=0, shuffle=False)
    assert _rounded(h) == _approx_each({'loss': [2.407762], 'p/a_loss': [1.955552], 'p/b_loss': [0.452209]},
                                        abs=2e-6)
