"""The softmax-over-one-class warning names the shape the trace gives the tensor, as Keras 3 on TF 2.21.

keras.io's endpoint layer pattern returns ``ops.softmax(logits)`` of a (None, 1) logit. predict on 40
rows in batches of 32 traces (32, 1), then, for the last 8 rows, (None, 1) (reduce_retracing): TF 2.21
warns with those shapes, so under the default filter the second warning repeats one already shown;
tapeflow named the batch's own (8, 1), a warning of its own. And the endpoint layer's model warns as it
is made (Keras runs a user layer's call on placeholders, whose unknown lengths stay None), where
tapeflow kept its run on zeros silent and warned at the first fit step instead. Goldens:
/work/notes/progs/kerasexamples7/p9.py, p10.py and the bodies below, run on TF 2.21.
"""
import warnings

import numpy as np

import framework as tf
from framework import keras

ops = keras.ops


def _softmax_shapes(run):
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter('always')
        run()
    return [str(w.message).split('tensor of shape ')[1].split('.')[0] for w in seen
            if 'softmax over axis' in str(w.message)]


def _model():
    inputs = keras.Input((3,))
    logits = keras.layers.Dense(1, kernel_initializer='ones')(inputs)
    return keras.Model(inputs, keras.layers.Lambda(lambda t: ops.softmax(t))(logits))


def test_predict_retrace_on_a_shorter_batch_names_the_open_batch():
    model = _model()
    x = np.ones((40, 3), 'float32')
    # TF 2.21 gives ['(32, 1)', '(None, 1)']
    assert _softmax_shapes(lambda: model.predict(x, batch_size=32, verbose=0)) == ['(32, 1)', '(None, 1)']


def test_tf_function_with_an_open_signature():
    @tf.function(input_signature=[tf.TensorSpec([None, 1])])
    def f(x):
        return ops.softmax(x)

    # TF 2.21 gives ['(None, 1)'] (its one trace)
    assert _softmax_shapes(lambda: f(tf.ones((4, 1)))) == ['(None, 1)']


def test_eager_calls_name_their_own_shape():
    # TF 2.21 gives ['(4, 1)']
    assert _softmax_shapes(lambda: ops.softmax(tf.ones((4, 1)))) == ['(4, 1)']


class LogisticEndpoint(keras.layers.Layer):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.loss_fn = keras.losses.BinaryCrossentropy(from_logits=True)

    def call(self, targets, logits, sample_weights=None):
        self.add_loss(self.loss_fn(targets, logits, sample_weights))
        return ops.softmax(logits)


class SoftmaxLast(keras.layers.Layer):
    def call(self, x):
        return ops.softmax(x)


class SoftmaxLastShaped(SoftmaxLast):
    def compute_output_shape(self, input_shape):
        return input_shape


class SoftmaxFirst(keras.layers.Layer):
    def call(self, x):
        return ops.softmax(x, axis=0)


def test_a_user_layer_warns_as_the_model_is_made():
    def make():
        inputs = keras.Input((12,), name='inputs')
        logits = keras.layers.Dense(1)(inputs)
        targets = keras.Input((1,), name='targets')
        sample_weight = keras.Input((1,), name='sample_weight')
        return LogisticEndpoint()(logits, targets, sample_weight)

    # TF 2.21 gives ['(None, 1)'] (the endpoint layer pattern's model)
    assert _softmax_shapes(make) == ['(None, 1)']
    # TF 2.21 gives ['(None, None, 1)'] and ['(None, 5, 1)']: open lengths stay None
    assert _softmax_shapes(lambda: SoftmaxLast()(keras.Input((None, 1)))) == ['(None, None, 1)']
    assert _softmax_shapes(lambda: SoftmaxLast()(keras.Input((5, 1)))) == ['(None, 5, 1)']


def test_no_warning_where_keras_reads_an_output_shape_or_the_axis_is_open():
    # TF 2.21 gives [] for each: Keras reads these layers' output shapes, and a None batch is no size 1
    for make in [lambda: SoftmaxLastShaped()(keras.Input((1,))),
                 lambda: keras.layers.Dense(1, activation='softmax')(keras.Input((3,))),
                 lambda: keras.layers.Softmax()(keras.Input((1,))),
                 lambda: keras.layers.Activation('softmax')(keras.Input((1,))),
                 lambda: SoftmaxFirst()(keras.Input((4,)))]:
        assert _softmax_shapes(make) == []
    # TF 2.21 gives ['(1, 4)'] for a batch of 1
    assert _softmax_shapes(lambda: SoftmaxFirst()(keras.Input((4,), batch_size=1))) == ['(1, 4)']
