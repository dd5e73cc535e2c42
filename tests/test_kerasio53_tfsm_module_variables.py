"""keras.layers.TFSMLayer of a tf.Module's SavedModel takes as weights the variables its endpoints' concrete
functions use, trainable ones first, as Keras 3's _list_variables_used_by_fns on TF 2.21; tapeflow read the
loaded object's trainable_variables, which a tf.Module's SavedModel does not offer, so the layer had no
weights and a fit around it trained nothing ('The model does not have any trainable weights', loss
[450.0, 450.0]). Keras builds the layer when made, so a saved config holds no build_config for it. The
expected values are TF 2.21's (probes /work/notes/progs/kerasio53/p5.py, p6.py, p8.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


class _M(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable([[1., 2.], [3., 4.], [5., 6.]], name='vv')
        self.n = tf.Variable(2., trainable=False, name='nn')
        self.u = tf.Variable(5., name='unused')

    @tf.function(input_signature=[tf.TensorSpec([None, 3])])
    def f(self, x):
        return tf.matmul(x, self.v) * self.n

    @tf.function
    def g(self, x):
        return x * self.n


@pytest.fixture
def saved(tmp_path):
    m = _M()
    m.g(tf.constant(1.))
    m.g(tf.constant([1., 2.]))
    path = str(tmp_path / 'sm')
    tf.saved_model.save(m, path)
    return path


@pytest.mark.parametrize('endpoint, training_endpoint, names, trainable', [
    ('f', None, ['vv:0', 'nn:0'], [True, False]),
    ('g', None, ['nn:0'], [False]),
    ('serving_default', None, ['vv:0', 'nn:0'], [True, False]),
    ('f', 'g', ['vv:0', 'nn:0'], [True, False]),
])
def test_weights_are_the_endpoint_variables(saved, endpoint, training_endpoint, names, trainable):
    layer = keras.layers.TFSMLayer(saved, call_endpoint=endpoint, call_training_endpoint=training_endpoint)
    assert [w.name for w in layer.weights] == names      # TF 2.21
    assert [w.trainable for w in layer.weights] == trainable


def test_frozen_layer_lists_them_non_trainable(saved):
    layer = keras.layers.TFSMLayer(saved, call_endpoint='f', trainable=False)
    assert [w.name for w in layer.weights] == ['vv:0', 'nn:0']
    assert (len(layer.trainable_weights), len(layer.non_trainable_weights)) == (0, 2)      # TF 2.21


def test_fit_around_the_layer_trains_its_variable(saved):
    layer = keras.layers.TFSMLayer(saved, call_endpoint='f')
    inp = keras.Input((3,))
    model = keras.Model(inp, layer(inp))
    model.compile('sgd', 'mse')
    x = np.ones((2, 3), 'float32')
    history = model.fit(x, np.zeros((2, 2), 'float32'), epochs=2, verbose=0)
    # TF 2.21 gives {'loss': [450.0, 348.47998046875]} and this kernel
    np.testing.assert_allclose(history.history['loss'], [450.0, 348.47998046875], rtol=1e-6)
    np.testing.assert_allclose(layer.weights[0].numpy(), [[0.3232, 1.0976], [2.3232002, 3.0976], [4.3231997, 5.0976]],
                               rtol=1e-6)
    assert float(layer.weights[1].numpy()) == 2.0
    assert 'build_config' not in model.get_config()['layers'][1]
