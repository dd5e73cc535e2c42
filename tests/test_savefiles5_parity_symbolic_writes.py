"""A layer's variable writes during a functional model's symbolic call are dropped, as in Keras 3,
whose symbolic call runs in a StatelessScope (backend ``compute_output_spec``); its saved files then
hold the counts Keras's hold.

Expected: TF 2.21 / Keras 3.15 for the counting layer below: 0 after keras.Model(x, layer(x)), then
1, 2, 3, 4 after predict, fit, evaluate and a direct call (each runs the call once).
"""
import numpy as np

from framework import keras


class _Counting(keras.layers.Layer):
    def build(self, input_shape):
        self.counter = self.add_weight(shape=(), initializer='zeros', trainable=False, name='c')

    def call(self, x):
        self.counter.assign_add(1.0)
        return x * 2


def test_a_counting_layer_counts_as_keras(tmp_path):
    layer = _Counting()
    x = keras.Input((3,))
    model = keras.Model(x, layer(x))
    counts = [float(np.asarray(layer.counter))]
    model.compile('adam', 'mse')
    ones = np.ones((4, 3), 'float32')
    model.predict(ones, verbose=0)
    counts.append(float(np.asarray(layer.counter)))
    model.fit(ones, ones, verbose=0)
    counts.append(float(np.asarray(layer.counter)))
    model.evaluate(ones, ones, verbose=0)
    counts.append(float(np.asarray(layer.counter)))
    model(ones[:1])
    counts.append(float(np.asarray(layer.counter)))
    assert counts == [0.0, 1.0, 2.0, 3.0, 4.0]
    model.save_weights(tmp_path / 'w.weights.h5')
    other = keras.Model(x, _Counting()(x))
    other.load_weights(tmp_path / 'w.weights.h5')
    assert float(np.asarray(other.layers[1].counter)) == 4.0


def test_weights_made_in_a_stateless_scope_keep_their_initializers_draw():
    # Keras 3.15 makes them with their initializer when the scope exits: the generator moves to [5, 1] and
    # the kernel holds its draw; the scope's own write (v.assign(5.0)) is dropped
    gen = keras.random.SeedGenerator(5)
    dense = keras.layers.Dense(2, kernel_initializer=keras.initializers.RandomNormal(seed=gen))
    v = keras.Variable(1.0)
    with keras.StatelessScope():
        dense.build((None, 3))
        v.assign(5.0)
    assert gen.state.numpy().tolist() == [5, 1] and float(np.asarray(v)) == 1.0
    np.testing.assert_allclose(np.asarray(dense.kernel)[0], [-0.1028, 0.0579], atol=1e-4)
