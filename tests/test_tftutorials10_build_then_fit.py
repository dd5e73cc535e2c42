"""The SNGP tutorial (tensorflow.org, understanding/sngp) calls ``resnet_model.build((None, 2))`` on a
subclassed DeepResNet without a build() of its own: Keras 3 warns that build() left unbuilt state and
marks the model built, and fit then trains it, the optimizer building on the first step's variables.
tapeflow built the optimizer before the first batch (the model said built, and a subclassed model's
check looked at no sublayer), with no variable, and the first update raised 'Unknown variable'.

Golden history printed by TF 2.21 (/opt/tfref) for the same program
(/work/notes/progs/tftutorials10/p03_sngp.py: two-moons data, 64 per class, noise 0.1, seed 0)."""
import warnings

import numpy as np

import framework as tf
from framework import keras


class DeepResNet(keras.Model):
    def __init__(self):
        super().__init__()
        self.input_layer = keras.layers.Dense(16, trainable=False)
        self.dense_layers = [keras.layers.Dense(16, activation='relu') for _ in range(3)]
        self.classifier = keras.layers.Dense(2)
        self.dropout = keras.layers.Dropout(0.1)

    def call(self, inputs):
        hidden = self.input_layer(inputs)
        for layer in self.dense_layers:
            hidden += self.dropout(layer(hidden))
        return self.classifier(hidden)


def _moons():
    rng = np.random.RandomState(0)
    t = rng.uniform(0, np.pi, 64)
    a = np.stack([np.cos(t), np.sin(t)], 1)
    b = np.stack([1 - np.cos(t), 0.5 - np.sin(t)], 1)
    x = np.concatenate([a, b]) + rng.normal(scale=0.1, size=(128, 2))
    return x.astype('float32'), np.concatenate([np.zeros(64), np.ones(64)]).astype('int32')



def teardown_function():
    tf.random.set_seed(None)


def test_fit_after_build_of_a_model_with_unbuilt_sublayers_trains_as_tf():
    keras.utils.set_random_seed(5)
    x, y = _moons()
    model = DeepResNet()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        model.build((None, 2))
    assert any('does not have a `build()` method' in str(w.message) for w in caught)
    model.compile(loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=[keras.metrics.SparseCategoricalAccuracy()], optimizer=keras.optimizers.Adam(1e-2))
    history = model.fit(x, y, batch_size=32, epochs=4, verbose=0).history
    assert [round(v, 6) for v in history['loss']] == [1.298495, 0.50607, 0.369209, 0.300071]
    assert [round(v, 6) for v in history['sparse_categorical_accuracy']] == [0.257812, 0.773438, 0.789062, 0.828125]
    assert len(model.optimizer.variables) == 2 + 2 * 8      # iterations, learning rate, Adam's m and v of 8
