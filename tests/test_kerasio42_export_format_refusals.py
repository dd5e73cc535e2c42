"""model.export(format=...) for the formats tapeflow cannot write: Keras 3.15's argument checks, then
the error TF 2.21's reference install raises.

Golden texts printed by TF 2.21 (/work/notes/progs/kerasio42/p21.py, p22.py), for
    m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)]); m.predict(np.ones((1, 3)))
    m.export('e_openvino', format='openvino')  -> ValueError "The OpenVINO export requires the filepath to end
                                                   with '.xml'. Got: filepath=e_openvino"
    m.export('e.xml', format='openvino')       -> ModuleNotFoundError "No module named 'openvino'"
    m.export('e_litert', format='litert')      -> ValueError "The LiteRT export requires the filepath to end
                                                   with '.tflite'. Got: e_litert"
    m.export('e2', format='onnx')              -> ModuleNotFoundError "No module named 'onnx'"
    unbuilt subclassed model, format='onnx'    -> ValueError "The model provided has not yet been built. It must
                                                   be built before export."
    format='ONNX' -> ValueError "Unrecognized format=ONNX. Supported formats are: ['tf_saved_model', 'onnx',
                     'openvino', 'litert', 'torch']."
"""
import os

import numpy as np
import pytest

from framework import keras


def _model():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.predict(np.ones((1, 3)), verbose=0)
    return model


@pytest.mark.parametrize('name, format, error, text', [
    ('e_openvino', 'openvino', ValueError,
     "The OpenVINO export requires the filepath to end with '.xml'. Got: filepath=e_openvino"),
    ('e.xml', 'openvino', ModuleNotFoundError, "No module named 'openvino'"),
    ('e_litert', 'litert', ValueError, "The LiteRT export requires the filepath to end with '.tflite'. Got: e_litert"),
    ('e2', 'onnx', ModuleNotFoundError, "No module named 'onnx'"),
    ('e3', 'ONNX', ValueError, "Unrecognized format=ONNX. Supported formats are: ['tf_saved_model', 'onnx', "
                               "'openvino', 'litert', 'torch']."),
    ('e4', 'torch', ValueError, 'Torch export requires PyTorch backend.'),
])
def test_refusals_in_keras_order(tmp_path, monkeypatch, name, format, error, text):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(error) as caught:
        _model().export(name, format=format, verbose=False)
    assert str(caught.value) == text
    assert os.listdir('.') == []


def test_unbuilt_model_to_onnx_is_refused_as_unbuilt():
    class Sub(keras.Model):
        def __init__(self):
            super().__init__()
            self.d = keras.layers.Dense(2)

        def call(self, x):
            return self.d(x)

    with pytest.raises(ValueError) as caught:
        Sub().export('e5', format='onnx')
    assert str(caught.value) == 'The model provided has not yet been built. It must be built before export.'


def test_litert_with_its_suffix_is_refused_without_a_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match="format='litert' needs TensorFlow Lite's converter"):
        _model().export('e.tflite', format='litert', verbose=False)
    assert os.listdir('.') == []
