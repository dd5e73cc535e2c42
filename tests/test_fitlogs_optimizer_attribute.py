"""A model has no ``optimizer`` (nor stop_training) attribute until compile sets it, as in Keras 3.15 (fitlogs).

TF 2.21 printed each text below (/work/notes/progs/fitlogs/p03.py); tapeflow's class default read None,
so ``hasattr(model, 'optimizer')`` was True and ``load_model(compile=False).optimizer`` was None.
"""
import numpy as np
import pytest

from framework import keras


def _sequential():
    return keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])


class _Subclassed(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(1)

    def call(self, x):
        return self.dense(x)


def _functional():
    inputs = keras.Input((3,))
    return keras.Model(inputs, keras.layers.Dense(1)(inputs))


@pytest.mark.parametrize('make, name', [(_sequential, 'Sequential'), (_Subclassed, '_Subclassed'),
                                        (_functional, 'Functional')])
def test_an_uncompiled_model_has_no_optimizer(make, name):
    model = make()
    assert not hasattr(model, 'optimizer')
    assert getattr(model, 'optimizer', 'default') == 'default'
    with pytest.raises(AttributeError) as info:
        model.optimizer
    assert str(info.value) == "'%s' object has no attribute 'optimizer'" % name


@pytest.mark.parametrize('suffix', ['.keras', '.h5'])
def test_a_model_loaded_with_compile_false_has_no_optimizer(tmp_path, suffix):
    model = _sequential()
    model.compile('adam', 'mse')
    model.fit(np.ones((4, 3)), np.ones((4, 2)), verbose=0)
    path = str(tmp_path / ('model' + suffix))
    model.save(path)
    with pytest.raises(AttributeError) as info:
        keras.models.load_model(path, compile=False).optimizer
    assert str(info.value) == "'Sequential' object has no attribute 'optimizer'"
    if suffix == '.keras':           # (Keras 3's .h5 loader refuses the loss name 'mse' unless compile=False)
        assert type(keras.models.load_model(path).optimizer).__name__ == 'Adam'


def test_compile_sets_the_optimizer_even_to_none():
    model = _sequential()
    model.compile(optimizer=None, loss='mse')
    assert model.optimizer is None
    with pytest.raises(AttributeError) as info:      # TF 2.21's text for fit then
        model.fit(np.ones((4, 3)), np.ones((4, 2)), verbose=0)
    assert str(info.value) == "'NoneType' object has no attribute 'apply_gradients'"


def test_an_uncompiled_model_still_saves_summarizes_and_refuses_fit(tmp_path):
    model = _sequential()
    model.summary(print_fn=lambda *a, **k: None)
    model.save(str(tmp_path / 'u.keras'))
    model.save_weights(str(tmp_path / 'u.weights.h5'))
    model.load_weights(str(tmp_path / 'u.weights.h5'))
    assert not hasattr(keras.models.load_model(str(tmp_path / 'u.keras')), 'optimizer')
    with pytest.raises(ValueError) as info:
        model.fit(np.ones((4, 3)), np.ones((4, 2)), verbose=0)
    assert str(info.value) == 'You must call `compile()` before using the model.'
    model.optimizer = keras.optimizers.SGD()        # a user may set one without compile, as in Keras
    assert type(model.optimizer).__name__ == 'SGD'


def _flags(model):
    return [getattr(model, name, 'absent') for name in ('stop_training', 'stop_evaluating', 'stop_predicting')]


def test_stop_flags_exist_once_compile_fit_evaluate_or_predict_set_them():
    # TF 2.21 (p17.py): none on a new model; predict sets stop_predicting, compile stop_training,
    # evaluate (also fit's validation) stop_evaluating
    model = _sequential()
    assert _flags(model) == ['absent', 'absent', 'absent']
    with pytest.raises(AttributeError) as info:
        model.stop_training
    assert str(info.value) == "'Sequential' object has no attribute 'stop_training'"
    model.predict(np.ones((2, 3)), verbose=0)
    assert _flags(model) == ['absent', 'absent', False]
    model.compile('sgd', 'mse')
    assert _flags(model) == [False, 'absent', False]
    fitted = _sequential()
    fitted.compile('sgd', 'mse')
    fitted.fit(np.ones((2, 3)), np.ones((2, 2)), verbose=0)
    assert _flags(fitted) == [False, 'absent', 'absent']
    fitted.fit(np.ones((2, 3)), np.ones((2, 2)), verbose=0, validation_split=0.5)
    assert _flags(fitted) == [False, False, 'absent']
