"""fit on a model without trainable weights warns 'The model does not have any trainable weights.'
where TF 2.21 does: once per traced train function (its Python runs only while tracing), and every step
when run eagerly. tapeflow warned every step.

Counts printed by TF 2.21 with warnings.simplefilter('always') (progs/errors38/lead.py notrainable*):
fit(epochs=3) then fit(epochs=2): 1; then train_on_batch twice: 1 more; recompile and fit: 1 more;
run_eagerly=True, 2 epochs of 2 steps: 4.
"""
import warnings

import numpy as np

from framework import keras

TEXT = 'The model does not have any trainable weights.'


def _frozen_model(**compile_kwargs):
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.trainable = False
    model.compile('sgd', 'mse', **compile_kwargs)
    return model


def _count(run):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        run()
    return sum(str(w.message) == TEXT for w in caught)


def test_traced_fit_warns_once_per_train_function():
    model = _frozen_model()
    x, y = np.ones((5, 2)), np.ones((5, 1))
    assert _count(lambda: model.fit(x, y, epochs=3, batch_size=2, verbose=0)) == 1
    assert _count(lambda: model.fit(x, y, epochs=2, verbose=0)) == 0
    assert _count(lambda: [model.train_on_batch(x, y) for _ in range(2)]) == 1
    model.compile('sgd', 'mse')
    assert _count(lambda: model.fit(x, y, epochs=2, verbose=0)) == 1


def test_eager_fit_warns_every_step():
    model = _frozen_model(run_eagerly=True)
    assert _count(lambda: model.fit(np.ones((4, 2)), np.ones((4, 1)), epochs=2, batch_size=2, verbose=0)) == 4
