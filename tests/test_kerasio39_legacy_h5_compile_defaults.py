"""load_model of a legacy .h5 compiles with the optimizer, loss, metrics, weighted_metrics and
loss_weights only (Keras 3's compile_args_from_training_config): run_eagerly, steps_per_execution
and jit_compile stay compile's defaults though the file's training_config holds them. TF 2.21
(notes progs/kerasio39/p25.py, p24.py): compile(..., run_eagerly=True, steps_per_execution=3) saved
as 'm.h5' loads with run_eagerly False, steps_per_execution 1 ('m.keras': True, 3); a custom
compile(self, optimizer='adam', **kw) is called with ['loss', 'loss_weights', 'metrics',
'weighted_metrics']."""
import framework as tf  # noqa: F401
from framework import keras

L = keras.layers
SEEN = []


class CM(keras.Model):
    def compile(self, optimizer='adam', **kwargs):
        SEEN.append(sorted(kwargs))
        super().compile(optimizer=optimizer, **kwargs)


def _model(cls=keras.Model):
    inputs = keras.Input((3,))
    return cls(inputs, L.Dense(2)(inputs))


def test_legacy_h5_loads_with_compile_defaults(tmp_path):
    model = _model()
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss=keras.losses.MeanSquaredError(), run_eagerly=True,
                  steps_per_execution=3)
    flags = {}
    for name in ('m.h5', 'm.keras'):
        model.save(tmp_path / name)
        loaded = keras.models.load_model(tmp_path / name)
        flags[name] = (loaded.run_eagerly, loaded.steps_per_execution, loaded.jit_compile)
    assert flags == {'m.h5': (False, 1, False), 'm.keras': (True, 3, False)}


def test_legacy_h5_calls_a_custom_compile_with_keras_arguments(tmp_path):
    model = _model(CM)
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss=keras.losses.MeanSquaredError())
    model.save(tmp_path / 'cm.h5')
    SEEN.clear()
    loaded = keras.models.load_model(tmp_path / 'cm.h5', custom_objects={'CM': CM})
    assert SEEN == [['loss', 'loss_weights', 'metrics', 'weighted_metrics']]
    assert type(loaded.optimizer).__name__ == 'SGD'
