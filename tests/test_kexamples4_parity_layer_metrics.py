"""Metrics held by layers show in Model.metrics and fit's logs, as in Keras 3: keras.io's endpoint
layer pattern keeps a BinaryAccuracy on a layer and updates it in call; tapeflow had no
``Layer.metrics`` and its models listed only their own metric attributes, so fit logged no
'accuracy'. Values derived from TF 2.21 + Keras 3 (kexamples4's d18.py and p9.py)."""
import numpy as np

import framework as tf
from framework import keras
from framework.keras import ops


class Inner(keras.layers.Layer):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.dense = keras.layers.Dense(1)
        self.total = keras.metrics.Sum(name='inner_sum')
        self.pair = [keras.metrics.Mean(name='listed_mean'), keras.metrics.Mean(name='listed_max')]

    def call(self, x):
        y = self.dense(x)
        self.total.update_state(ops.sum(y))
        self.pair[0].update_state(y)
        self.pair[1].update_state(ops.max(y))
        return y


class Outer(keras.layers.Layer):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.inner = Inner()
        self.count = keras.metrics.Mean(name='outer_mean')

    def call(self, x):
        self.count.update_state(ops.mean(x))
        return self.inner(x)


def _names(metrics):
    return [m.name for m in metrics]


def _data():
    return (np.random.RandomState(0).rand(8, 3).astype('float32'),
            np.random.RandomState(1).rand(8, 1).astype('float32'))


def test_layer_metrics_own_then_sublayers():
    # TF 2.21: attributes (also in lists) first, then each sublayer's
    assert keras.layers.Dense(2).metrics == []
    assert _names(Outer().metrics) == ['outer_mean', 'inner_sum', 'listed_mean', 'listed_max']


def test_model_lists_every_layers_metrics_as_keras():
    keras.utils.set_random_seed(2)
    keras.layers.Dense(2), Outer()      # as in d18.py: each unseeded initializer draws its seed when made
    inp = keras.Input((3,))
    model = keras.Model(inp, Outer()(inp))
    # Keras 3 asks every layer below for its metrics, which include its sublayers': listed twice
    twice = ['inner_sum', 'listed_mean', 'listed_max'] * 2
    assert _names(model.metrics) == ['outer_mean'] + twice
    model.compile(optimizer='sgd', loss='mse', metrics=['mae'])
    assert model.metrics_names == ['loss', 'compile_metrics', 'outer_mean'] + twice
    x, y = _data()
    history = model.fit(x, y, batch_size=4, epochs=2, verbose=0).history
    got = {k: [round(float(a), 6) for a in v] for k, v in history.items()}
    assert got == {'inner_sum': [6.192679, 5.842199], 'listed_max': [1.07278, 1.020151],
                   'listed_mean': [0.774085, 0.730275], 'loss': [0.362231, 0.317626],
                   'mae': [0.497996, 0.46416], 'outer_mean': [0.610453, 0.610453]}
    assert [round(float(v), 6) for v in model.evaluate(x, y, verbose=0)] == [
        0.288101, 0.439378, 0.610453, 5.616091, 0.702011, 1.036412, 5.616091, 0.702011, 1.036412]


def test_subclassed_model_and_nested_compiled_model():
    keras.utils.set_random_seed(2)

    class Sub(keras.Model):
        def __init__(self):
            super().__init__()
            self.outer = Outer()
            self.tracker = keras.metrics.Mean(name='own_tracker')

        def call(self, x):
            return self.outer(x)

    x, y = _data()
    model = Sub()
    model(x)
    twice = ['inner_sum', 'listed_mean', 'listed_max'] * 2
    assert _names(model.metrics) == ['own_tracker', 'outer_mean'] + twice
    model.compile(optimizer='sgd', loss='mse')
    assert _names(model.metrics) == ['loss', 'own_tracker', 'outer_mean'] + twice
    assert sorted(model.fit(x, y, batch_size=4, epochs=1, verbose=0).history) == [
        'inner_sum', 'listed_max', 'listed_mean', 'loss', 'outer_mean', 'own_tracker']
    # a nested Model's own (compiled) metrics are its fit's, not the outer model's
    inner_model = keras.Sequential([keras.Input((3,)), Inner()])
    inner_model.compile(loss='mse')
    inp = keras.Input((3,))
    wrapper = keras.Model(inp, inner_model(inp))
    assert _names(wrapper.metrics) == ['inner_sum', 'listed_mean', 'listed_max']
    wrapper.compile(loss='mse', optimizer='sgd')
    assert _names(wrapper.metrics) == ['loss', 'inner_sum', 'listed_mean', 'listed_max']


def test_metrics_added_later_are_listed():
    layer = Outer()
    inp = keras.Input((3,))
    model = keras.Model(inp, layer(inp))
    before = _names(model.metrics)
    layer.extra = keras.metrics.Mean(name='late')
    layer.inner.pair.append(keras.metrics.Sum(name='appended'))
    after = _names(model.metrics)
    assert before != after and after.count('late') == 1 and after.count('appended') == 2


class LogisticEndpoint(keras.layers.Layer):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.loss_fn = keras.losses.BinaryCrossentropy(from_logits=True)
        self.accuracy_fn = keras.metrics.BinaryAccuracy(name='accuracy')

    def call(self, logits, targets=None, sample_weight=None):
        if targets is not None:
            self.add_loss(self.loss_fn(targets, logits, sample_weight))
            self.accuracy_fn.update_state(targets, logits, sample_weight)
        return tf.nn.softmax(logits)


def test_endpoint_layer_pattern_logs_its_accuracy():
    keras.utils.set_random_seed(2)
    inputs = keras.Input((5,), name='inputs')
    logits = keras.layers.Dense(1)(inputs)
    targets = keras.Input((1,), name='targets')
    sample_weight = keras.Input((1,), name='sample_weight')
    preds = LogisticEndpoint()(logits, targets, sample_weight)
    model = keras.Model([inputs, targets, sample_weight], preds)
    rng = np.random.RandomState(0)
    data = {'inputs': rng.random((12, 5)).astype('float32'),
            'targets': rng.randint(0, 2, size=(12, 1)).astype('float32'),
            'sample_weight': rng.random((12, 1)).astype('float32')}
    model.compile(keras.optimizers.Adam(1e-3))
    history = model.fit(data, epochs=3, batch_size=4, verbose=0).history
    # TF 2.21 (keras.io's endpoint layer example on this data)
    assert {k: [repr(float(a)) for a in v] for k, v in history.items()} == {
        'accuracy': ['0.3230833113193512', '0.3230833113193512', '0.44506773352622986'],
        'loss': ['0.30639204382896423', '0.30519619584083557', '0.3040025532245636']}
    assert model.metrics_names == ['loss', 'accuracy']
