"""PiecewiseConstantDecay keeps its boundaries and values as given, and serializing a schedule
serializes its config's values, as Keras 3.15 does (values from TF 2.21 / Keras 3.15).

Tuples stay tuples in get_config; arrays stay arrays, and in a serialized schedule (an optimizer's
get_config, model.save) they become Keras's '__numpy__' entries. tapeflow turned both into lists,
and model.save of such a schedule failed with 'Object of type int64 is not JSON serializable'.
"""
import numpy as np
import pytest

from framework import keras

Piecewise = keras.optimizers.schedules.PiecewiseConstantDecay


def test_tuples_stay_tuples():
    config = Piecewise((2, 4), (0.1, 0.2, 0.3)).get_config()
    assert config == {'boundaries': (2, 4), 'values': (0.1, 0.2, 0.3), 'name': 'PiecewiseConstant'}
    assert type(config['boundaries']) is tuple and type(config['values']) is tuple


def test_arrays_stay_arrays_and_serialize_as_numpy_entries():
    schedule = Piecewise(np.array([2, 4]), np.array([0.1, 0.2, 0.3]))
    assert isinstance(schedule.get_config()['boundaries'], np.ndarray)
    assert float(schedule(3)) == 0.2
    assert keras.optimizers.schedules.serialize(schedule) == {
        'module': 'keras.optimizers.schedules', 'class_name': 'PiecewiseConstantDecay',
        'config': {'boundaries': {'class_name': '__numpy__', 'config': {'value': [2, 4], 'dtype': 'int64'}},
                   'values': {'class_name': '__numpy__', 'config': {'value': [0.1, 0.2, 0.3], 'dtype': 'float64'}},
                   'name': 'PiecewiseConstant'},
        'registered_name': None}


def test_optimizer_config_reload_fails_as_in_keras():
    # Keras 3.15 hands the '__numpy__' entries to the constructor unconverted: its length check refuses them
    config = keras.optimizers.SGD(Piecewise(np.array([2, 4]), np.array([0.1, 0.2, 0.3]))).get_config()
    with pytest.raises(ValueError, match=r"^The length of boundaries should be 1 less than the length of values. "
                                         r"Received: boundaries=\{'class_name': '__numpy__'"):
        keras.optimizers.SGD.from_config(config)
