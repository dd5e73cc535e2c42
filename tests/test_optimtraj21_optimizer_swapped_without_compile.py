"""``model.optimizer = other`` without compiling again: the traced step keeps the optimizer it captured.

Keras 3 caches the train function it traced (compile resets it), and the trace captured the optimizer object,
so TF 2.21's next fits / train_on_batch calls go on applying the old optimizer: the new one stays unbuilt with
0 iterations, and a callback acting on model.optimizer (ReduceLROnPlateau) changes nothing. With
run_eagerly=True, or after compile, the new one trains. tapeflow applied the new optimizer at once
(progs/optimtraj21/p13_swap.py, p14_swap2.py: TF's losses 0x1.c0de6cp-1, 0x1.43dec2p-1 after the swap,
tapeflow's 0x1.a8f62cp-1, 0x1.229456p-1).
"""
import numpy as np
import pytest

from framework import keras


def data():
    r = np.random.RandomState(3)
    x = r.randn(30, 4).astype('float32')
    y = r.randn(30, 1).astype('float32')
    w0 = [(r.randn(4, 1) * 0.5).astype('float32'), np.full(1, 0.1, 'float32')]
    return x, y, w0


def model(w0, optimizer, **compile_kw):
    m = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
    m.set_weights(w0)
    m.compile(optimizer, 'mse', **compile_kw)
    return m


FIT = dict(batch_size=8, shuffle=False, verbose=0)


@pytest.mark.parametrize('steps_per_execution', [1, 3])
def test_fit_keeps_the_traced_optimizer(steps_per_execution):
    x, y, w0 = data()
    old = keras.optimizers.Adam(0.05)
    m = model(w0, old, steps_per_execution=steps_per_execution)
    m.fit(x, y, epochs=1, **FIT)
    new = keras.optimizers.SGD(0.1, momentum=0.5)
    m.optimizer = new
    history = m.fit(x, y, epochs=2, callbacks=[keras.callbacks.ReduceLROnPlateau('loss', factor=0.5, patience=0,
                                                                                  min_delta=10)], **FIT)
    # TF 2.21 gives: new.built False, new.iterations 0, old.iterations 12 (3 epochs of 4 batches), the history's
    # learning_rate [0.1, 0.1] (ReduceLROnPlateau reduced the unused optimizer, to 0.05 at the second epoch's end)
    assert m.optimizer is new
    assert not new.built and int(new.iterations) == 0
    assert int(old.iterations) == 12
    np.testing.assert_allclose(history.history['learning_rate'], [0.1, 0.1])
    np.testing.assert_allclose(float(new.learning_rate), 0.05)
    # the same trajectory as three epochs with the old optimizer alone
    reference = model(w0, keras.optimizers.Adam(0.05), steps_per_execution=steps_per_execution)
    reference.fit(x, y, epochs=1, **FIT)
    expected = reference.fit(x, y, epochs=2, **FIT)
    assert history.history['loss'] == expected.history['loss']
    for got, want in zip(m.get_weights(), reference.get_weights()):
        np.testing.assert_array_equal(got, want)
    # TF 2.21's losses of those two epochs (0x1.a7fe5ap-1, 0x1.5e8b76p-1), within float32 rounding
    np.testing.assert_allclose(history.history['loss'], [0.8281124234199524, 0.6846577525138855], rtol=1e-6)

    # another batch size is served by the same trace (a free batch axis): still the old optimizer
    m.fit(x, y, epochs=1, batch_size=7, shuffle=False, verbose=0)
    assert not new.built and int(old.iterations) == 17
    # compile again: the new optimizer trains
    m.compile(m.optimizer, 'mse')
    m.fit(x, y, epochs=1, **FIT)
    assert new.built and int(new.iterations) == 4 and int(old.iterations) == 17


def test_train_on_batch_keeps_the_traced_optimizer():
    x, y, w0 = data()
    old = keras.optimizers.Adam(0.05)
    m = model(w0, old)
    m.train_on_batch(x[:8], y[:8])
    new = keras.optimizers.SGD(0.1)
    m.optimizer = new
    m.train_on_batch(x[8:16], y[8:16])
    m.train_on_batch(x[16:24], y[16:24])
    # TF 2.21: 3 iterations of the old one, the new one unbuilt; a batch of 5 rows traces again (train_on_batch's
    # function is traced on the batch's shapes) and that trace captures the new optimizer
    assert int(old.iterations) == 3 and not new.built
    m.train_on_batch(x[:5], y[:5])
    assert int(old.iterations) == 3 and int(new.iterations) == 1


def test_run_eagerly_applies_the_new_optimizer():
    x, y, w0 = data()
    old = keras.optimizers.Adam(0.05)
    m = model(w0, old, run_eagerly=True)
    m.fit(x, y, epochs=1, **FIT)
    new = keras.optimizers.SGD(0.1)
    m.optimizer = new
    m.fit(x, y, epochs=1, **FIT)
    assert int(old.iterations) == 4 and int(new.iterations) == 4
