"""A tf.function's captured variables hold a Keras seed generator's state only where the trace drew
from it, as TF 2.21's trace captures it (the text-generation tutorial's OneStep.generate_one_step over a
model with a GRU: TF lists the six weights, tapeflow listed the GRU's 'seed_generator_state' too).
Values from TF 2.21 (probe notes progs/tutorials60/probes/seedcap.py)."""
import framework as tf
from framework import keras


def _models():
    keras.utils.set_random_seed(1)
    dense = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2), keras.layers.Dropout(0.5),
                              keras.layers.Dense(1)])
    gru = keras.Sequential([keras.Input((4, 3)), keras.layers.GRU(2)])
    return dense, gru


def _names(cf):
    return sorted(v.name.split('/')[-1].split(':')[0] for v in cf.variables)   # (TF names them 'sequential/kernel:0')


def test_module_attribute_model_inference_and_training():
    dense, gru = _models()

    class Holder(tf.Module):
        def __init__(self):
            self.model, self.gru = dense, gru

        @tf.function
        def infer(self, x):
            return self.model(x)

        @tf.function
        def train(self, x):
            return self.model(x, training=True)

        @tf.function
        def rnn(self, x):
            return self.gru(x)

    h = Holder()
    x, seq = tf.ones((2, 3)), tf.ones((2, 4, 3))
    h.infer(x), h.train(x), h.rnn(seq)
    # TF 2.21 gives 4 / 5 (the Dropout's state, drawn in training) / 3 variables, and as many resource captures
    assert _names(h.infer.get_concrete_function(x)) == ['bias', 'bias', 'kernel', 'kernel']
    assert _names(h.train.get_concrete_function(x)) == ['bias', 'bias', 'kernel', 'kernel', 'seed_generator_state']
    assert _names(h.rnn.get_concrete_function(seq)) == ['bias', 'kernel', 'recurrent_kernel']
    assert str(h.infer.pretty_printed_concrete_signatures()).count('dtype=tf.resource') == 4
    assert str(h.train.pretty_printed_concrete_signatures()).count('dtype=tf.resource') == 5
    assert str(h.rnn.pretty_printed_concrete_signatures()).count('dtype=tf.resource') == 3


def test_global_model_and_nested_function():
    dense, _ = _models()
    x = tf.ones((2, 3))
    train = tf.function(lambda x: dense(x, training=True))
    infer = tf.function(lambda x: dense(x))
    train(x), infer(x)

    @tf.function
    def outer(x):
        return train(x) + 1.0

    outer(x)
    # TF 2.21 gives 5, 4 and 5 (the inner trace's draw is the outer's capture too)
    assert len(train.get_concrete_function(x).variables) == 5
    assert len(infer.get_concrete_function(x).variables) == 4
    assert len(outer.get_concrete_function(x).variables) == 5
