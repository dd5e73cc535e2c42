"""Activity-regularizer losses added in a traced step are the trace's graph tensors, as in TF 2.21: Keras 3 adds
``divide_no_nan(regularizer(output), batch)`` inside the layer's name scope, so ``model.losses`` after fit (or
printed inside a tf.function) shows '<tf.Tensor 'net_1/hid_1/div_no_nan:0' ...>'; an eager call leaves values.
TF 2.21 printed every repr below (notes/progs/lead45/act.py)."""
import numpy as np

import framework as tf
from framework import keras

X = np.linspace(-1, 1, 32, dtype='float32').reshape(8, 4)
Y = np.ones((8, 2), 'float32')
NAMES = ["<tf.Tensor 'net_1/hid_1/div_no_nan:0' shape=() dtype=float32>",
         "<tf.Tensor 'net_1/hid2_1/div_no_nan:0' shape=() dtype=float32>"]


def _model():
    inputs = keras.Input((4,))
    hidden = keras.layers.Dense(3, activity_regularizer=keras.regularizers.L1(0.01), name='hid')(inputs)
    hidden = keras.layers.Dense(3, activity_regularizer=keras.regularizers.L1L2(0.01, 0.02), name='hid2')(hidden)
    model = keras.Model(inputs, keras.layers.Dense(2, name='out')(hidden), name='net')
    model.compile('sgd', 'mse')
    return model


def test_fit_and_evaluate_leave_the_traces_graph_tensors_and_an_eager_call_values():
    model = _model()
    assert model.losses == []
    model.fit(X, Y, batch_size=4, epochs=1, verbose=0)
    assert [repr(loss) for loss in model.losses] == NAMES
    model.evaluate(X, Y, batch_size=4, verbose=0)
    assert [repr(loss) for loss in model.losses] == NAMES
    model(X[:2])
    values = [float(loss) for loss in model.losses]
    outputs = [keras.Model(model.input, model.get_layer(name).output)(X[:2]) for name in ('hid', 'hid2')]
    expected = [0.01 * np.abs(outputs[0]).sum() / 2,
                (0.01 * np.abs(outputs[1]).sum() + 0.02 * np.square(outputs[1]).sum()) / 2]
    np.testing.assert_allclose(values, expected, rtol=1e-6)


def test_a_tf_function_sees_its_own_graph_tensors():
    model = _model()
    seen = []

    @tf.function
    def step(x):
        model(x)
        seen.append([repr(loss) for loss in model.losses])
        return 0

    step(X)
    assert seen == [NAMES]
