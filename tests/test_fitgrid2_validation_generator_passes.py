"""fit's validation_data given as a Python generator, read again every epoch: Keras 3.15 on
TF 2.21 starts its tf.data pipeline over, so each pass begins with the two batches it peeked at
and then reads on in the generator through a prefetch one batch ahead (a batch the pass drops).
tapeflow read on in the generator from where the previous pass stopped."""
import numpy as np

from framework import keras


def val_losses(steps, epochs=4):
    # a model that predicts 0 and never moves: a batch's loss is its target value squared, so the
    # losses name the batches that were read (batch i has targets i)
    x = np.zeros((20, 4), 'float32')
    m = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1, kernel_initializer='zeros')])
    m.compile(keras.optimizers.SGD(0.0), 'mse')

    def numbered():
        i = 0
        while True:
            yield x[:5], np.full((5, 1), float(i), 'float32')
            i += 1

    h = m.fit(x, np.zeros((20, 1), 'float32'), batch_size=64, epochs=epochs, verbose=0,
              validation_data=numbered(), validation_steps=steps)
    return h.history['val_loss']


def test_two_steps_read_the_peeked_batches_every_epoch():
    # TF 2.21: [0.5, 0.5, 0.5, 0.5]
    np.testing.assert_allclose(val_losses(2), [0.5, 0.5, 0.5, 0.5], rtol=1e-6)


def test_four_steps_read_on_past_a_prefetched_batch():
    # TF 2.21: batches 0 1 2 3, then 0 1 5 6, 0 1 8 9, 0 1 11 12
    np.testing.assert_allclose(val_losses(4), [3.5, 15.5, 36.5, 66.5], rtol=1e-6)


def test_finite_generator_keeps_its_peeked_batches():
    # TF 2.21: 5 batches (0..4) in the first epoch, then only the two peeked ones
    x = np.zeros((20, 4), 'float32')
    m = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1, kernel_initializer='zeros')])
    m.compile(keras.optimizers.SGD(0.0), 'mse')

    def five():
        for i in range(5):
            yield x[:5], np.full((5, 1), float(i), 'float32')

    h = m.fit(x, np.zeros((20, 1), 'float32'), batch_size=64, epochs=3, verbose=0, validation_data=five())
    np.testing.assert_allclose(h.history['val_loss'], [6.0, 0.5, 0.5], rtol=1e-6)


def test_each_pass_draws_one_batch_ahead_from_the_generator():
    # TF 2.21, validation_steps=2 over 2 epochs: the generator yields 0 and 1 (peeked), then one
    # more in each pass's prefetch (2, then 3), though every pass uses the peeked two
    drawn = []
    x = np.zeros((20, 4), 'float32')
    m = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
    m.compile('sgd', 'mse')

    def counted():
        i = 0
        while True:
            drawn.append(i)
            yield x[:5], np.zeros((5, 1), 'float32')
            i += 1

    m.fit(x, np.zeros((20, 1), 'float32'), batch_size=20, epochs=2, verbose=0,
          validation_data=counted(), validation_steps=2)
    assert drawn == [0, 1, 2, 3]


def test_validation_generator_is_read_at_the_first_validation():
    # TF 2.21: train_begin, epoch_begin 0, yield 0, yield 1, test_begin, yield 2, ...
    events = []
    x = np.zeros((20, 4), 'float32')
    m = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
    m.compile('sgd', 'mse')

    def counted():
        i = 0
        while True:
            events.append('yield %d' % i)
            yield x[:5], np.zeros((5, 1), 'float32')
            i += 1

    class Hooks(keras.callbacks.Callback):
        def on_train_begin(self, logs=None):
            events.append('train_begin')

        def on_epoch_begin(self, epoch, logs=None):
            events.append('epoch_begin %d' % epoch)

        def on_test_begin(self, logs=None):
            events.append('test_begin')

    m.fit(x, np.zeros((20, 1), 'float32'), batch_size=20, epochs=1, verbose=0,
          validation_data=counted(), validation_steps=2, callbacks=[Hooks()])
    assert events == ['train_begin', 'epoch_begin 0', 'yield 0', 'yield 1', 'test_begin', 'yield 2']


def test_training_generator_is_drawn_one_batch_ahead():
    # TF 2.21, steps_per_epoch=2 over 3 epochs: the generator has been drawn 3, 5, 7 times at the
    # second step's end of each epoch; evaluate(gen, steps=2) afterwards reads batches 7 and 8
    drawn = []
    x = np.zeros((20, 4), 'float32')
    m = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1, kernel_initializer='zeros')])
    m.compile(keras.optimizers.SGD(0.0), 'mse')

    def numbered():
        i = 0
        while True:
            drawn.append(i)
            yield x[:5], np.full((5, 1), float(i), 'float32')
            i += 1

    at_ends = []

    class Count(keras.callbacks.Callback):
        def on_train_batch_end(self, batch, logs=None):
            at_ends.append(len(drawn))

    gen = numbered()
    m.fit(gen, epochs=3, steps_per_epoch=2, verbose=0, callbacks=[Count()])
    assert at_ends == [2, 3, 4, 5, 6, 7]
    np.testing.assert_allclose(m.evaluate(gen, steps=2, verbose=0), 56.5, rtol=1e-6)
    assert len(drawn) == 10
