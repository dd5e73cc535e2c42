"""fit / evaluate trace their step again for targets nested otherwise, or sample weights added.

TensorFlow traces Keras's train / test function on the data's element spec, so evaluate(x,
{'a': ya, 'b': yb}) after evaluate(x, [ya, yb]), evaluate(x, [y]) after evaluate(x, y), and a first
sample_weight each run the model's Python again (a print in a layer's call shows; the traces
count towards TensorFlow's retracing warning). tapeflow told traces apart by x's nesting only.
Counts: TF 2.21 / Keras 3.15 (progs/histories/t2.py).
"""
import contextlib
import io

import numpy as np

from framework import keras


class _Shout(keras.layers.Layer):
    def call(self, inputs):
        print('traced')
        return inputs


def _traces(run):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        run()
    return out.getvalue().count('traced')


X = np.ones((12, 4), 'float32')
YA, YB = np.ones((12, 2), 'float32'), np.zeros((12, 1), 'float32')
SW = np.ones(12, 'float32')


def test_targets_nested_otherwise_trace_again():
    inputs = keras.Input((4,))
    hidden = _Shout()(keras.layers.Dense(3)(inputs))
    model = keras.Model(inputs, [keras.layers.Dense(2, name='a')(hidden), keras.layers.Dense(1, name='b')(hidden)])
    model.compile('sgd', ['mse', 'mse'])
    calls = [('fit list', lambda: model.fit(X, [YA, YB], batch_size=4, verbose=0)),
             ('eval list', lambda: model.evaluate(X, [YA, YB], verbose=0)),
             ('eval dict', lambda: model.evaluate(X, {'a': YA, 'b': YB}, verbose=0)),
             ('eval dict again', lambda: model.evaluate(X, {'b': YB, 'a': YA}, verbose=0)),
             ('eval tuple', lambda: model.evaluate(X, (YA, YB), verbose=0)),
             ('eval weighted', lambda: model.evaluate(X, [YA, YB], sample_weight=SW, verbose=0)),
             ('eval weighted list', lambda: model.evaluate(X, [YA, YB], sample_weight=[SW, SW], verbose=0)),
             ('fit dict', lambda: model.fit(X, {'a': YA, 'b': YB}, batch_size=4, verbose=0))]
    assert {name: _traces(run) for name, run in calls} == {
        'fit list': 2, 'eval list': 1, 'eval dict': 1, 'eval dict again': 0, 'eval tuple': 0,
        'eval weighted': 1, 'eval weighted list': 0, 'fit dict': 1}


def test_a_generators_trace_serves_arrays_but_not_a_nested_target():
    model = keras.Sequential([keras.Input((4,)), _Shout(), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')

    def batches():
        while True:
            yield X[:4], YB[:4]
    calls = [('fit gen val', lambda: model.fit(X, YB, batch_size=4, validation_data=batches(), validation_steps=2,
                                                verbose=0)),
             ('eval arrays', lambda: model.evaluate(X, YB, verbose=0)),
             ('eval [y]', lambda: model.evaluate(X, [YB], verbose=0)),
             ('eval y', lambda: model.evaluate(X, YB, verbose=0))]
    assert {name: _traces(run) for name, run in calls} == {
        'fit gen val': 2, 'eval arrays': 0, 'eval [y]': 1, 'eval y': 0}
