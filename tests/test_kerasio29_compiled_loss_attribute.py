"""model.loss and compile_from_config as TF 2.21 shows them.

- Keras 3 compiles with its tracking off, so TensorFlow's own tracking wraps a list or dict
  loss: ``print(model.loss)`` gives ListWrapper(['mse']) / DictWrapper({'d': 'mse'}) (tapeflow:
  a plain list / dict). A string or a Loss object stays itself.
- compile_from_config hands every key of the dict to compile: an unknown one raises compile's
  TypeError "Trainer.compile() got an unexpected keyword argument 'foo'" (tapeflow ignored it).

Values: TF 2.21 / Keras 3.15 (/work/notes/progs/kerasio29/t18_compile_cfg.py, t18b_listwrapper.py).
"""
import json

import pytest

from framework import keras


def _model():
    return keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name='d')], name='s')


def test_list_and_dict_losses_print_as_tensorflow_wrappers():
    model = _model()
    model.compile(optimizer='adam', loss=['mse'], metrics=[['mae']])
    assert repr(model.loss) == "ListWrapper(['mse'])" and type(model.loss).__name__ == 'ListWrapper'
    assert model.loss == ['mse'] and json.dumps(model.loss) == '["mse"]'
    model.compile(optimizer='adam', loss={'d': 'mse'})
    assert repr(model.loss) == "DictWrapper({'d': 'mse'})" and type(model.loss).__name__ == '_DictWrapper'
    model.compile(optimizer='adam', loss='mse')
    assert model.loss == 'mse'


def test_compile_from_config_list_loss_and_training():
    model = _model()
    model.compile(optimizer='rmsprop', loss=['mse'], metrics=[['mae']])
    other = _model()
    other.compile_from_config(model.get_compile_config())
    assert repr(other.loss) == "ListWrapper(['mse'])"
    assert type(other.optimizer).__name__ == 'RMSprop' and other.optimizer.built


def test_compile_from_config_passes_every_key_to_compile():
    with pytest.raises(TypeError) as info:
        _model().compile_from_config({'optimizer': 'adam', 'loss': 'mse', 'foo': 1})
    assert str(info.value) == "Trainer.compile() got an unexpected keyword argument 'foo'"
    model = _model()
    model.compile_from_config({'optimizer': 'adam', 'loss': 'mse', 'auto_scale_loss': False})
    assert model.compiled and model.loss == 'mse'
