"""A Keras metric updated inside a trace with a sample_weight of more axes than its values (keras.io DeiT's train_step
updating every metric, the compile loss tracker too, with (y, predictions)) is refused by TF 2.21's graph as Keras 3's
ops.broadcast_to node is added: ValueError "Shape must be at most rank 1 but is rank 2 for '{{node BroadcastTo}} =
BroadcastTo[T=DT_FLOAT, Tidx=DT_INT32](truediv, BroadcastTo/shape)' with input shapes: [4,3], [1]."; tapeflow raised
the eager kernel's InvalidArgumentError 'Rank of input (2) must be no greater than rank of output shape (1).'.
Texts printed by TF 2.21 (notes progs/kerasexamples11/p8.py, p8b.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def test_traced_mean_with_weights_of_another_rank_is_the_graphs_value_error():
    m = keras.metrics.Mean()

    @tf.function
    def update(y, p):
        m.update_state(y, p / 2)
        return m.result()
    with pytest.raises(ValueError) as info:
        update(tf.ones((4,)), tf.ones((4, 3)))
    text = str(info.value)          # TF 2.21: 'in user code:', the frame, then the graph's words
    assert text.startswith('in user code:')
    assert text.strip().split('\n')[-1].strip() == (
        "ValueError: Shape must be at most rank 1 but is rank 2 for '{{node BroadcastTo}} = BroadcastTo[T=DT_FLOAT, "
        "Tidx=DT_INT32](truediv, BroadcastTo/shape)' with input shapes: [4,3], [1].")


def test_eagerly_the_kernels_error_stays():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'Rank of input \(2\) must be no greater than rank of '
                                                            r'output shape \(1\)\. \[Op:BroadcastTo\]'):
        keras.metrics.Mean().update_state(tf.ones((4,)), tf.ones((4, 3)))


class Distilled(keras.Model):
    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            logits = self(x, training=True)
            loss = self.compute_loss(x, y, logits)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        predictions = (logits + logits) / 2
        for metric in self.metrics:         # the loss tracker too: Mean(y, predictions as weights)
            metric.update_state(y, predictions)
        return {m.name: m.result() for m in self.metrics}


def test_a_custom_train_step_updating_the_loss_tracker_with_predictions():
    inputs = keras.Input((3,))
    model = Distilled(inputs, keras.layers.Dense(5)(inputs))
    model.compile(optimizer='adam', loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    x, y = np.ones((8, 3), 'float32'), np.arange(8) % 5
    with pytest.raises(ValueError) as info:
        model.fit(x, y, batch_size=4, epochs=1, verbose=0)
    # TF 2.21 (notes progs/kerasexamples11/p8c_tf.py): the half of (logits + logits) is 'truediv' in the step's graph
    assert str(info.value) == ("Shape must be at most rank 1 but is rank 2 for '{{node BroadcastTo}} = BroadcastTo["
                               "T=DT_FLOAT, Tidx=DT_INT32](truediv, BroadcastTo/shape)' with input shapes: [4,5], [1].")
