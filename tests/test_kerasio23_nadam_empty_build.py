"""Nadam built for no variables (as a legacy .h5 load of a nested model builds it), pinned to Keras 3.15."""
import numpy as np
import pytest

from framework import keras


def test_nadam_builds_for_an_empty_variable_list():
    # TF 2.21: [('nadam/iteration', 'int64', 0), ('nadam/learning_rate', 'float32', 0.001), ('variable', 'float32', 1.0)]
    keras.backend.clear_session()       # a fresh program's name: 'nadam', not 'nadam_2' after other tests' Nadams
    opt = keras.optimizers.Nadam()
    opt.build([])
    assert [(v.path, v.dtype) for v in opt.variables][:2] == [('nadam/iteration', 'int64'),
                                                              ('nadam/learning_rate', 'float32')]
    assert len(opt.variables) == 3
    assert opt.variables[2].dtype == 'float32' and float(opt.variables[2].numpy()) == 1.0


def test_nested_model_with_nadam_loads_from_legacy_h5(tmp_path):
    keras.utils.set_random_seed(0)
    inner = keras.Sequential([keras.Input((2,)), keras.layers.Dense(2)], name='inner')
    i = keras.Input((2,))
    model = keras.Model(i, keras.layers.Dense(1)(inner(i)))
    model.compile(keras.optimizers.Nadam(0.01), 'mean_squared_error')
    x = np.array([[1., 2.], [3., 4.]], 'float32')
    y = np.array([[1.], [0.]], 'float32')
    model.fit(x, y, epochs=2, verbose=0)
    model.save(tmp_path / 'm.h5')
    loaded = keras.models.load_model(tmp_path / 'm.h5')      # tapeflow raised IndexError here
    # TF 2.21: iterations 2, the optimizer holds iteration, learning_rate and the float32 product only
    assert int(loaded.optimizer.iterations.numpy()) == 2
    assert [v.dtype for v in loaded.optimizer.variables] == ['int64', 'float32', 'float32']
    np.testing.assert_allclose(loaded.predict(x, verbose=0), model.predict(x, verbose=0))
    with pytest.raises(ValueError, match=r'Unknown variable: <Variable path=inner/dense(_\d+)?/kernel'):
        loaded.fit(x, y, epochs=1, verbose=0)
