"""A functional model whose Inputs nest a dict of several Inputs in a list ([{'u': a, 'v': b}, c]): Keras 3
counts and checks the flattened tensors against its InputSpecs, so fit / evaluate / predict / a call on
the same structure of arrays run (tapeflow counted the list's two items against three specs).

Golden values printed by TF 2.21 / Keras 3 (/work/notes/progs/modelfuzz13/g02.py, the same program as
below, with `import tensorflow as tf; from tensorflow import keras`).
"""
import numpy as np
import pytest

from framework import keras


def _approx_each(expected, **tolerance):
    """``expected`` with each value approximate (pytest 9.2's approx refuses a mapping of lists)."""
    return {key: pytest.approx(value, **tolerance) for key, value in expected.items()}


def _model_and_data():
    rng = np.random.RandomState(0)
    xa, xb, xc = (rng.randn(12, n).astype('float32') for n in (3, 2, 4))
    y = rng.randn(12, 1).astype('float32')
    keras.backend.clear_session()       # (the error below names the model 'functional')
    a, b, c = keras.Input((3,), name='a'), keras.Input((2,), name='b'), keras.Input((4,), name='c')
    m = keras.Model([{'u': a, 'v': b}, c], keras.layers.Dense(1, name='o')(keras.layers.Concatenate()([a, b, c])))
    m.set_weights([np.linspace(-1, 1, 9, dtype='float32').reshape(9, 1), np.array([0.5], 'float32')])
    return m, [{'u': xa, 'v': xb}, xc], y


def test_fit_evaluate_predict_on_a_dict_inside_a_list_of_inputs():
    m, x, y = _model_and_data()
    m.compile(keras.optimizers.SGD(0.1), 'mse', metrics=['mae'])
    h = m.fit(x, y, batch_size=4, epochs=2, verbose=0, shuffle=False)
    assert {k: [round(v, 6) for v in vals] for k, vals in h.history.items()} == _approx_each(
        {'loss': [8.24262, 1.019757], 'mae': [2.169932, 0.852261]}, abs=2e-6)
    assert m.evaluate(x, y, verbose=0)[0] == pytest.approx(0.642441, abs=2e-6)
    np.testing.assert_allclose(m.predict(x, verbose=0)[:3].ravel(),
                               [1.7440574169158936, 0.7317109107971191, 0.6605708599090576], rtol=1e-6)


def test_too_many_nested_inputs_count_the_flattened_tensors():
    m, x, _ = _model_and_data()
    with pytest.raises(ValueError) as error:
        m(x + [x[1]])
    assert str(error.value).startswith(
        'Layer "functional" expects 3 named input(s) with keys [\'a\', \'b\', \'c\'], but it received 4 input '
        'tensors. Pass inputs as a dict, e.g. `layer({\'a\': ..., \'b\': ..., \'c\': ...})`.')
