"""What a print in a layer's call, build or train_step shows while Keras 3 would trace it.

Expected lines are TF 2.21 / Keras 3.15's output for the same programs (run under
/opt/tfref, with ``tf.`` in place of ``tapeflow.``): Keras runs ``call`` on placeholders while
it builds a functional model and inside tf.function traces for fit / evaluate / predict, so
shapes carry None where the trace leaves the batch open, and the tensors print as graph
tensors ('Placeholder:0', 'data:0'). A first train trace that creates variables (Adam's
slots, a subclassed model's weights) is traced twice by TensorFlow, so its prints show twice.
"""
import numpy as np

import framework as tf
from framework import keras


class ShowingLayer(keras.layers.Layer):
    def build(self, input_shape):
        print('build', input_shape)
        self.w = self.add_weight(shape=(input_shape[-1], 2))

    def call(self, x, training=None):
        print('call', x.shape, type(x.shape).__name__, x.shape[0], training)
        print(' str', x)
        print(' repr', repr(x))
        return tf.matmul(x, self.w)


def _lines(capsys):
    return capsys.readouterr().out.replace('tapeflow.', 'tf.').splitlines()


def test_functional_build_shows_placeholders(capsys):
    inputs = keras.Input((4,))
    keras.Model(inputs, ShowingLayer()(inputs))
    assert _lines(capsys) == [
        'build (None, 4)',
        'call (None, 4) TensorShape None None',
        ' str Tensor("Placeholder:0", shape=(None, 4), dtype=float32)',
        " repr <tf.Tensor 'Placeholder:0' shape=(None, 4) dtype=float32>",
    ]


def test_steps_show_data_placeholders_and_adam_traces_twice(capsys):
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((4,)), ShowingLayer()])
    model.compile('adam', 'mse')
    x, y = np.ones((10, 4), 'float32'), np.ones((10, 2), 'float32')
    capsys.readouterr()
    model.fit(x, y, batch_size=4, epochs=2, verbose=0)
    traced = ['call (None, 4) TensorShape None True',
              ' str Tensor("data:0", shape=(None, 4), dtype=float32)',
              " repr <tf.Tensor 'data:0' shape=(None, 4) dtype=float32>"]
    assert _lines(capsys) == traced * 2        # Adam's slots are made in the first trace
    model.predict(x, verbose=0)                # one batch of 10: traced on its own shape
    assert _lines(capsys)[:2] == ['call (10, 4) TensorShape 10 False',
                                  ' str Tensor("data:0", shape=(10, 4), dtype=float32)']
    model.evaluate(x, y, verbose=0)
    assert _lines(capsys)[0] == 'call (None, 4) TensorShape None False'
    model(x[:2])                               # eager: the values themselves
    assert _lines(capsys)[0] == 'call (2, 4) TensorShape 2 None'


def test_sgd_without_slots_traces_once_and_fixed_batches_keep_their_size(capsys):
    model = keras.Sequential([keras.Input((4,)), ShowingLayer()])
    model.compile('sgd', 'mse')
    capsys.readouterr()
    model.fit(np.ones((8, 4)), np.ones((8, 2)), batch_size=4, epochs=2, verbose=0)
    assert [line for line in _lines(capsys) if line.startswith('call')] == ['call (4, 4) TensorShape 4 True']


class Sub(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = keras.layers.Dense(2)

    def build(self, input_shape):
        print('sub build', input_shape)
        super().build(input_shape)

    def call(self, x, training=None):
        print('sub call', x.shape, training, x)
        return self.d(x)

    def train_step(self, data):
        print('train_step', data)
        return super().train_step(data)

    def predict_step(self, data):
        print('predict_step', data)
        return super().predict_step(data)


def test_subclassed_model_built_in_its_first_step_traces_twice(capsys):
    model = Sub()
    model.compile('sgd', 'mse')
    model.fit(np.ones((10, 4), 'float32'), np.ones((10, 2), 'float32'), batch_size=4, verbose=0)
    step = ("train_step (<tf.Tensor 'data:0' shape=(None, 4) dtype=float32>, "
            "<tf.Tensor 'data_1:0' shape=(None, 2) dtype=float32>)")
    call = 'sub call (None, 4) True Tensor("data:0", shape=(None, 4), dtype=float32)'
    assert _lines(capsys) == [step, 'sub build (None, 4)', call, step, call]
    model.predict(np.ones((10, 4), 'float32'), batch_size=4, verbose=0)
    assert _lines(capsys) == [      # the partial batch retraces with the batch axis free
        'predict_step Tensor("data:0", shape=(4, 4), dtype=float32)',
        'sub call (4, 4) False Tensor("data:0", shape=(4, 4), dtype=float32)',
        'predict_step Tensor("data:0", shape=(None, 4), dtype=float32)',
        'sub call (None, 4) False Tensor("data:0", shape=(None, 4), dtype=float32)',
    ]


class Show(keras.layers.Layer):
    def call(self, x):
        print('show', x.shape)
        return x


class Outer(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.d = keras.layers.Dense(3, activation='relu')

    def call(self, x):
        h = self.d(x)
        print('outer h', h.shape)
        return h


def test_layer_outputs_carry_the_open_batch_axis(capsys):
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3), Show(), Outer(), Show()])
    model.compile('sgd', 'mse')
    capsys.readouterr()
    model.fit(np.ones((10, 4), 'float32'), np.ones((10, 3), 'float32'), batch_size=4, verbose=0)
    assert _lines(capsys) == ['show (None, 3)', 'outer h (None, 3)', 'show (None, 3)']


def test_free_inner_axes_print_once_with_none(capsys):
    seq = keras.Input((None, 5))
    Show()(keras.layers.Dense(2)(seq))
    assert _lines(capsys) == ['show (None, None, 2)']


def test_two_inputs_are_numbered_placeholders(capsys):
    class Two(keras.layers.Layer):
        def call(self, inputs):
            print('two', inputs)
            return tf.concat(inputs, -1)
    Two()([keras.Input((3,)), keras.Input((2,))])
    assert _lines(capsys) == ["two [<tf.Tensor 'Placeholder:0' shape=(None, 3) dtype=float32>, "
                              "<tf.Tensor 'Placeholder_1:0' shape=(None, 2) dtype=float32>]"]


def test_input_signature_shape_is_seen_inside_tf_function(capsys):
    @tf.function(input_signature=[tf.TensorSpec((None, 4))])
    def f(x):
        print('f', x.shape, x.get_shape())
        return x * 2
    f(tf.ones((3, 4)))
    assert _lines(capsys) == ['f (None, 4) (None, 4)']


def test_tapeflow_code_keeps_the_array_shape_during_a_trace():
    # Flatten and the loss read x.shape themselves: the numbers are those of an eager step.
    keras.utils.set_random_seed(3)
    model = keras.Sequential([keras.Input((2, 2)), keras.layers.Flatten(), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    x = np.arange(24, dtype='float32').reshape(6, 2, 2) / 24
    loss = model.fit(x, np.ones((6, 1)), batch_size=4, verbose=0).history['loss'][0]
    keras.utils.set_random_seed(3)
    eager = keras.Sequential([keras.Input((2, 2)), keras.layers.Flatten(), keras.layers.Dense(1)])
    eager.compile('sgd', 'mse', run_eagerly=True)
    assert eager.fit(x, np.ones((6, 1)), batch_size=4, verbose=0).history['loss'][0] == loss


def test_layer_built_by_running_its_call_prints_twice(capsys):
    # Keras 3 builds a layer without build() whose sublayers are unbuilt by running call once more
    class Around(keras.layers.Layer):
        def __init__(self):
            super().__init__()
            self.d = keras.layers.Dense(3)

        def call(self, x):
            print('around', x.shape, self.d(x).shape)
            return self.d(x)
    Around()(np.ones((2, 4), 'float32'))
    Around()(keras.Input((4,)))
    built = Around()
    built.d.build((None, 4))
    built(keras.Input((4,)))
    assert _lines(capsys) == ['around (2, 4) (2, 3)'] * 2 + ['around (None, 4) (None, 3)'] * 3


def test_padded_batches_open_their_spec_axes_and_predict_relaxes_step_by_step(capsys):
    class Mean(keras.layers.Layer):
        def call(self, x):
            print('show', x.shape)
            return tf.reduce_mean(x, axis=1)

    def gen():
        for n in [3, 5, 2, 4, 6]:
            yield np.ones((n, 2), 'float32'), np.ones((2,), 'float32')
    ds = tf.data.Dataset.from_generator(gen, output_signature=(tf.TensorSpec((None, 2)), tf.TensorSpec((2,))))
    ds = ds.padded_batch(2)         # batches (2, 5, 2), (2, 4, 2), (1, 6, 2)
    model = keras.Sequential([keras.Input((None, 2)), Mean()])
    model.compile('sgd', 'mse')
    model.fit(ds, verbose=0)
    model.evaluate(ds, verbose=0)
    model.predict(ds, verbose=0)
    assert _lines(capsys) == ['show (None, None, 2)'] * 3 + ['show (2, 5, 2)', 'show (2, None, 2)',
                                                             'show (None, None, 2)']


def test_layer_outputs_inside_a_tf_function_are_graph_tensors(capsys):
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3), Show()])
    capsys.readouterr()

    @tf.function(input_signature=[tf.TensorSpec((None, 4))])
    def run(x):
        pred = model(x)
        print('pred', pred.shape)
        return pred
    run(tf.ones((5, 4)))
    assert _lines(capsys) == ['show (None, 3)', 'pred (None, 3)']

    @tf.function
    def fixed(x):
        return model(x)
    fixed(tf.ones((5, 4)))
    assert _lines(capsys) == ['show (5, 3)']
