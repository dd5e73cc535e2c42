"""Automatic names handed out by Python that TensorFlow traces twice or replays, as in TF 2.21.

keras.io's deep neural decision forest builds its trees' decisions with
``layers.concatenate([decisions, 1 - decisions], axis=2)`` inside ``call``: a new Concatenate
layer each time the Python runs. On TensorFlow that Python runs when Keras traces it (twice for a
first call that made variables: the symbolic build of a subclassed layer, fit's first train step),
never when a step replays the graph. tapeflow runs every step's Python and repeats a first trace's
prints: it counted each replayed step's layer ('concatenate_20' after 18 steps) and the second
trace's not at all, so the next model's summary named its own concatenate 'concatenate_21' where
TF 2.21 prints 'concatenate_6'. Goldens: /work/notes/progs/kerasexamples7/p3.py, p4.py (TF 2.21; the
bodies pass there too).
"""
import numpy as np

import framework as tf
from framework import keras

layers = keras.layers
ops = keras.ops


class Halves(layers.Layer):
    """Makes a layer in call, as the example's tree does."""

    def build(self, input_shape):
        self.dense = layers.Dense(2, kernel_initializer='ones')
        self.dense.build(input_shape)

    def call(self, x):
        d = self.dense(x)
        return layers.concatenate([d, 1 - d], axis=-1)


def _model():
    inputs = keras.Input((3,))
    return keras.Model(inputs, Halves()(inputs))


def _data():
    rng = np.random.default_rng(0)
    return rng.random((12, 3)).astype('float32'), rng.random((12, 4)).astype('float32')


def _next_name():
    return layers.Concatenate().name


def test_build_fit_evaluate_predict_hand_out_names_as_their_traces():
    keras.backend.clear_session()
    model = _model()                                        # the layer has a build: one symbolic call
    seen = [_next_name()]
    x, y = _data()
    model.compile('sgd', 'mse')
    model.fit(x, y, batch_size=4, epochs=3, verbose=0)      # 9 steps: two traces (slots made), 7 replays
    seen.append(_next_name())
    model.evaluate(x, y, batch_size=4, verbose=0)           # one trace
    seen.append(_next_name())
    model.predict(x, batch_size=4, verbose=0)               # one trace
    seen.append(_next_name())
    model.fit(x, y, batch_size=4, epochs=2, verbose=0)      # the train function's trace serves
    seen.append(_next_name())
    # TF 2.21 gives these names (tapeflow counted every replayed step: concatenate_11, _15, _19, _26)
    assert seen == ['concatenate_1', 'concatenate_3', 'concatenate_5', 'concatenate_7', 'concatenate_8']


def test_predict_retraces_and_on_batch_methods():
    keras.backend.clear_session()
    model = _model()
    x, y = _data()
    model.compile('sgd', 'mse')
    seen = []
    for run in [lambda: model.predict(x[:5], batch_size=5, verbose=0),
                lambda: model.predict(x[:5], batch_size=5, verbose=0),      # the same shapes: replayed
                lambda: model.predict(x[:6], batch_size=6, verbose=0),      # a retrace
                lambda: model.evaluate(x[:6], y[:6], batch_size=6, verbose=0),
                lambda: model.train_on_batch(x[:4], y[:4]),
                lambda: model.train_on_batch(x[:4], y[:4]),
                lambda: model.predict_on_batch(x[:4]),
                lambda: model(x[:2])]:                                      # eager: runs its Python
        run()
        seen.append(_next_name())
    # TF 2.21 gives these names
    assert seen == ['concatenate_2', 'concatenate_3', 'concatenate_5', 'concatenate_7', 'concatenate_9',
                    'concatenate_10', 'concatenate_12', 'concatenate_14']


def test_datasets_and_validation_data():
    keras.backend.clear_session()
    x, y = _data()
    ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(4)
    model = _model()
    model.compile('adam', 'mse')
    model.fit(ds, epochs=2, verbose=0)
    first = _next_name()
    model.fit(ds.map(lambda a, b: (a, b)), epochs=1, verbose=0, validation_data=ds)
    # TF 2.21 gives concatenate_3 and concatenate_5 (tapeflow gave concatenate_7 and concatenate_14)
    assert (first, _next_name()) == ('concatenate_3', 'concatenate_5')


def test_tf_function_replays_hand_out_no_names():
    keras.backend.clear_session()

    @tf.function
    def f(x):
        return layers.Concatenate()([x, x])

    for _ in range(4):
        f(tf.ones((2, 1)))
    assert layers.Concatenate().name == 'concatenate_1'     # TF 2.21: one trace, one name
    f(tf.ones((3, 2)))                                      # a new shape: traced again
    assert layers.Concatenate().name == 'concatenate_3'     # TF 2.21 gives concatenate_3


def test_run_eagerly_names_every_step():
    keras.backend.clear_session()
    model = _model()
    x, y = _data()
    model.compile('sgd', 'mse', run_eagerly=True)
    model.fit(x, y, batch_size=4, epochs=1, verbose=0)      # three eager steps, three names
    assert _next_name() == 'concatenate_4'                  # TF 2.21 gives concatenate_4


def test_the_forest_summary_names_the_next_model_as_tf():
    keras.backend.clear_session()
    np.random.seed(0)

    class Tree(keras.Model):
        def __init__(self):
            super().__init__()
            self.pi = self.add_weight(initializer='ones', shape=[4, 3], trainable=True)
            self.decision_fn = layers.Dense(units=4, activation='sigmoid', name='decision')

        def call(self, features):
            batch_size = ops.shape(features)[0]
            decisions = ops.expand_dims(self.decision_fn(features), axis=2)
            decisions = layers.concatenate([decisions, 1 - decisions], axis=2)
            mu = ops.ones([batch_size, 1, 1])
            mu = ops.tile(mu, (1, 1, 2)) * decisions[:, 1:3, :]
            mu = ops.reshape(mu, [batch_size, 4])
            return ops.matmul(mu, keras.activations.softmax(self.pi))

    def tree_model():
        inputs = {n: layers.Input(name=n, shape=(), dtype='float32') for n in 'ab'}
        features = layers.concatenate([ops.expand_dims(inputs[n], -1) for n in 'ab'])
        return keras.Model(inputs, Tree()(layers.BatchNormalization()(features)))

    rng = np.random.default_rng(1)
    data = {n: rng.random(20).astype('float32') for n in 'ab'}
    labels = rng.integers(0, 3, 20)
    model = tree_model()
    model.compile('adam', 'sparse_categorical_crossentropy')
    model.fit(data, labels, batch_size=8, epochs=2, verbose=0)
    model.evaluate(data, labels, verbose=0)
    second = tree_model()
    assert [layer.name for layer in second.layers if isinstance(layer, layers.Concatenate)] == ['concatenate_6']


def test_an_optimizer_built_in_a_first_trace_names_its_variables_once():
    # TF 2.21 (/tmp/nn.py of session 47): the second trace of a first call finds the optimizer built, so
    # Nadam's unnamed momentum product takes one automatic name: 'variable', 'variable_2', 'variable_4'
    import numpy as np
    a = keras.Variable(1.0)
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile(keras.optimizers.Nadam(), 'mse')
    model.fit(np.ones((4, 2)), np.ones((4, 1)), verbose=0)
    b = keras.Variable(1.0)
    opt = keras.optimizers.Nadam()
    w = tf.Variable([1.0])

    @tf.function
    def step():
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(w * w)
        opt.apply_gradients([(tape.gradient(loss, w), w)])
    step()
    step()
    c = keras.Variable(1.0)
    first = int(a.path.rpartition('_')[2]) if '_' in a.path else 0
    assert [b.path, c.path, opt.variables[-1].path.rpartition('/')[2]] == [
        'variable_%d' % (first + 2), 'variable_%d' % (first + 4), 'variable_%d' % (first + 3)]
