"""model.metrics[1] (Keras 3's CompileMetrics) answers dtype and get_config as in TF 2.21 / Keras 3.15
(/work/notes/progs/metrics5/cmattrs.py, fit8.py, cm64.py):

    m.compile(optimizer='sgd', loss='mse', metrics=['mae']); m.fit(...)
    [x.dtype for x in m.metrics]      # ['float32', 'float32'], also under mixed_float16
    m.metrics[1].get_config()         # NotImplementedError (empty text)
"""
import numpy as np
import pytest

from framework import keras


def _fitted_model():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.compile(optimizer='sgd', loss='mse', metrics=['mae'])
    model.fit(np.zeros((4, 3), 'float32'), np.zeros((4, 2), 'float32'), verbose=0)
    return model


def test_compile_metrics_dtype_is_floatx_under_a_mixed_policy():
    keras.mixed_precision.set_global_policy('mixed_float16')
    try:
        model = _fitted_model()
    finally:
        keras.mixed_precision.set_global_policy('float32')
    assert [m.dtype for m in model.metrics] == ['float32', 'float32']


def test_compile_metrics_dtype_is_the_floatx_of_compile_time():
    keras.backend.set_floatx('float64')
    try:
        model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
        model.compile(optimizer='sgd', loss='mse', metrics=['mae'])
    finally:
        keras.backend.set_floatx('float32')
    model.fit(np.zeros((4, 3)), np.zeros((4, 2)), verbose=0)
    # TF 2.21: ['float64', 'float64'] for the trackers, 'float32' for the mae made at the first step
    assert [m.dtype for m in model.metrics] == ['float64', 'float64']
    assert [m.dtype for m in model.metrics[1].metrics] == ['float32']


def test_compile_metrics_get_config_raises_keras_bare_not_implemented_error():
    with pytest.raises(NotImplementedError) as info:
        _fitted_model().metrics[1].get_config()
    assert str(info.value) == ''
