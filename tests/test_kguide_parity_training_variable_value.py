"""``variable.value``: a method on a tf.Variable, a property on a Keras 3 variable.

The Keras guide "Training & evaluation with the built-in methods" writes a metric whose
``result()`` returns ``self.true_positives.value``; on TF that is the variable's value and fit logs
its number, where tapeflow logged a bound method (the same object every epoch). Goldens: the
program /work/notes/progs/kguides_training/tvalue.py run under TF 2.21 / Keras 3.
"""
import numpy as np

import framework as tf
from framework import keras
from framework.keras import ops


class CategoricalTruePositives(keras.metrics.Metric):
    """The guide's metric, as written there."""

    def __init__(self, name="categorical_true_positives", **kwargs):
        super().__init__(name=name, **kwargs)
        self.true_positives = self.add_variable(shape=(), name="ctp", initializer="zeros")

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_pred = ops.reshape(ops.argmax(y_pred, axis=1), (-1, 1))
        values = ops.cast(ops.cast(y_true, "int32") == ops.cast(y_pred, "int32"), "float32")
        if sample_weight is not None:
            values = ops.multiply(values, ops.cast(sample_weight, "float32"))
        self.true_positives.assign_add(ops.sum(values))

    def result(self):
        return self.true_positives.value

    def reset_state(self):
        self.true_positives.assign(0.0)


def test_a_metric_returning_its_variables_value_is_logged_per_epoch():
    keras.utils.set_random_seed(7)
    x = np.random.rand(40, 8).astype('float32')
    y = np.random.randint(0, 3, size=(40, 1))
    model = keras.Sequential([keras.Input((8,)), keras.layers.Dense(3, activation='softmax')])
    model.compile(optimizer=keras.optimizers.RMSprop(1e-2), loss='sparse_categorical_crossentropy',
                  metrics=[CategoricalTruePositives()])
    history = model.fit(x, y, batch_size=16, epochs=3, verbose=0).history
    assert history['categorical_true_positives'] == [15.0, 17.0, 17.0]
    np.testing.assert_allclose(history['loss'], [1.0942904949188232, 1.0685991048812866, 1.0578950643539429],
                               rtol=1e-6)


def test_keras_value_is_the_live_variable_and_gradients_reach_it():
    metric = CategoricalTruePositives()
    value = metric.result()
    metric.true_positives.assign(4.0)
    assert float(value) == 4.0                      # read live, as Keras's backend variable
    assert float(metric.true_positives.value + 1) == 5.0
    dense = keras.layers.Dense(2)
    dense.build((None, 3))
    with tf.GradientTape() as tape:
        total = ops.sum(dense.kernel.value * 2.0)
    assert float(ops.sum(tape.gradient(total, dense.kernel))) == 12.0


def test_tf_variable_value_is_a_method_and_differentiable():
    w = tf.Variable(2.0)
    with tf.GradientTape(persistent=True) as tape:
        a = w.value() * 3.0
        b = w.read_value() * 5.0
    assert float(tape.gradient(a, w)) == 3.0        # TF 2.21: 3.0 and 5.0 (tapeflow gave None)
    assert float(tape.gradient(b, w)) == 5.0
    snapshot = w.value()
    w.assign(7.0)
    assert float(snapshot) == 2.0                   # a value, not a view of the variable
