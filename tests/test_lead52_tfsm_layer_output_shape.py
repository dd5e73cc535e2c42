"""TFSMLayer has no compute_output_shape of its own in Keras 3: a direct call raises the base class's
NotImplementedError (TF 2.21), while calls on KerasTensors, compute_output_spec and a Sequential holding it
still find the output shape by running the endpoint, as Keras's compute_output_spec traces the call."""
import numpy as np
import pytest

from framework import keras
from test_missing_tfsm_layer import exported


@pytest.fixture(autouse=True)
def fresh_names():
    # the exported model's layer names reach the TFSMLayer's weight names: leave no counters to later files
    keras.backend.clear_session()
    yield
    keras.backend.clear_session()


def test_direct_compute_output_shape_raises_keras_text():
    layer = keras.layers.TFSMLayer(exported(), call_endpoint='serve')
    with pytest.raises(NotImplementedError) as caught:
        layer.compute_output_shape((None, 3))
    # TF 2.21 gives these words
    assert str(caught.value) == ('Layer TFSMLayer does not have a `compute_output_shape` method implemented. '
                                 'Should implement `def compute_output_shape(self, input_shape)`.')


def test_symbolic_uses_still_find_the_shape():
    layer = keras.layers.TFSMLayer(exported(), call_endpoint='serve')
    assert tuple(layer(keras.Input((3,))).shape) == (None, 2)
    assert tuple(layer.compute_output_spec(keras.KerasTensor((None, 3))).shape) == (None, 2)


def test_sequential_around_it_answers_from_its_layers():
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((3,)), keras.layers.TFSMLayer(exported(), call_endpoint='serve'),
                              keras.layers.Dense(1)])
    # TF 2.21: (None, 1) for both, and the model predicts
    assert tuple(model.compute_output_shape((None, 3))) == (None, 1)
    assert tuple(model.output_shape) == (None, 1)
    assert model.predict(np.ones((2, 3), 'float32'), verbose=0).shape == (2, 1)
