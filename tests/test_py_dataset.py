"""keras.utils.PyDataset / Sequence in fit, evaluate and predict, as Keras 3 reads them.

The histories below were printed by Keras 3.15 (TensorFlow 2.21, /opt/tfref) running the
same script on the same starting weights (numpy default_rng(0)), and are written as literals.
"""
import warnings

import numpy as np
import pytest

from framework import keras


def data():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((40, 3)).astype('float32')
    y = (x @ np.array([[1.0], [-2.0], [0.5]], 'float32') + 0.1).astype('float32')
    return rng, x, y


def model(rng):
    m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation='relu'), keras.layers.Dense(1)])
    m.set_weights([rng.standard_normal(w.shape).astype('float32') * 0.3 for w in m.get_weights()])
    m.compile(optimizer=keras.optimizers.SGD(0.05), loss='mse', metrics=['mae'])
    return m


class Batches(keras.utils.PyDataset):
    """Consecutive slices of (x, y); logs every index read and every on_epoch_end."""

    def __init__(self, x, y, batch_size, **kwargs):
        super().__init__(**kwargs)
        self.x, self.y, self.batch_size, self.log = x, y, batch_size, []

    def __len__(self):
        return -(-len(self.x) // self.batch_size)

    def __getitem__(self, i):
        self.log.append(i)
        part = slice(i * self.batch_size, (i + 1) * self.batch_size)
        return self.x[part], self.y[part]

    def on_epoch_end(self):
        self.log.append('end')


def close(history, expected):
    assert sorted(history) == sorted(expected)
    for key, values in expected.items():
        np.testing.assert_allclose(history[key], values, rtol=2e-6)


def test_fit_with_validation_pydataset_matches_keras():
    rng, x, y = data()
    train, val = Batches(x[:32], y[:32], 8), Batches(x[32:], y[32:], 4)
    history = model(rng).fit(train, validation_data=val, epochs=3, shuffle=False, verbose=0).history
    close(history, {'loss': [4.091122627258301, 3.2674779891967773, 2.4017045497894287],
                    'mae': [1.5885047912597656, 1.4229512214660645, 1.2256542444229126],
                    'val_loss': [3.236940860748291, 2.4026846885681152, 1.5750830173492432],
                    'val_mae': [1.4394183158874512, 1.2498435974121094, 1.0196802616119385]})
    # Keras's TF backend first reads batches 0 and 1 once (the tf.data signature), then resets the
    # source once before training and before each evaluation (one on_epoch_end each); logs printed by TF 2.21.
    assert train.log == [0, 1, 'end'] + [0, 1, 2, 3, 'end'] * 3
    assert val.log == [0, 1, 'end', 0, 1, 'end', 'end', 0, 1, 'end', 'end', 0, 1, 'end']


def test_steps_per_epoch_reads_on_across_epochs_as_keras():
    rng, x, y = data()
    batches = Batches(x, y, 8)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        history = model(rng).fit(batches, epochs=3, steps_per_epoch=3, shuffle=False, verbose=0).history
    close(history, {'loss': [3.1860392093658447, 5.0216569900512695, 2.287977457046509],
                    'mae': [1.3808091878890991, 1.825505018234253, 1.1937183141708374]})
    # TF 2.21 logs [0, 1, 'end', 0, 1, 2, 3, 'end', 4, 'end', 0, 1, 2, 3, 'end']: its tf.data prefetch
    # reads the next epoch's first batch before on_epoch_end; the batches trained on are the same.
    assert batches.log == [0, 1, 'end', 0, 1, 2, 'end', 3, 4, 'end', 0, 1, 2, 'end']
    assert any('ran out of data' in str(w.message) for w in caught)     # epoch 2 stops after 2 steps, as Keras


def test_shuffle_draws_the_batch_order_from_python_random_like_keras():
    rng, x, y = data()
    m, batches = model(rng), Batches(x, y, 8, workers=2, use_multiprocessing=False)
    keras.utils.set_random_seed(123)
    history = m.fit(batches, epochs=2, verbose=0).history
    close(history, {'loss': [3.8452038764953613, 2.7432310581207275],
                    'mae': [1.5220372676849365, 1.2929528951644897]})
    assert batches.log == [0, 1, 'end', 3, 1, 4, 2, 0, 'end', 4, 1, 3, 0, 2, 'end']   # TF 2.21's, seed 123
    np.testing.assert_allclose(m.evaluate(Batches(x, y, 16), verbose=0), [2.034005641937256, 1.118215560913086],
                               rtol=2e-6)
    np.testing.assert_allclose(m.predict(Batches(x[:5], y[:5], 2), verbose=0).ravel(),
                               [0.6226525902748108, 0.8873898983001709, 0.3201358914375305,
                                -0.21783998608589172, -1.1566710472106934], rtol=2e-6)


def test_sequence_is_pydataset_and_class_weight_applies_per_batch():
    assert keras.utils.Sequence is keras.utils.PyDataset
    rng, x, y = data()
    labels = (y > 0).astype('float32')
    weights = np.where(labels[:, 0] > 0, 3.0, 1.0).astype('float32')
    expected = model(data()[0]).fit(x, labels, sample_weight=weights, batch_size=8, epochs=2, shuffle=False,
                                    verbose=0).history
    history = model(rng).fit(Batches(x, labels, 8), class_weight={0: 1.0, 1: 3.0}, epochs=2, shuffle=False,
                             verbose=0).history
    close(history, expected)


class Broken(keras.utils.PyDataset):
    def __init__(self, make):
        super().__init__()
        self.make = make

    def __len__(self):
        return 3

    def __getitem__(self, i):
        return self.make(i)


@pytest.mark.parametrize('make, message', [
    (lambda i: (np.ones((2, 3)),) * 4, r'PyDataset.__getitem__\(\) must return a tuple or a dict'),     # Keras's words
    (lambda i: (np.ones((2, 3)), np.ones((3, 1))), r'Broken\[0\].*different numbers of samples.*\(2, 3\), \(3, 1\)'),
    (lambda i: (np.ones((2, 3 + i)), np.ones((2, 1))), r'fit: Broken\[1\].*first batch had'),
])
def test_inconsistent_batches_are_named(make, message):
    with pytest.raises(ValueError, match=message):
        model(data()[0]).fit(Broken(make), epochs=1, shuffle=False, verbose=0)


def test_pydataset_argument_errors():
    rng, x, y = data()
    with pytest.raises(ValueError, match='When providing `x` as a PyDataset, `y` should not be passed'):
        model(rng).fit(Batches(x, y, 8), y, verbose=0)

    class NoLength(keras.utils.PyDataset):
        def __getitem__(self, i):
            return x, y
    # Keras 3's NotImplementedErrors (its text for num_batches, an empty one for __getitem__); tapeflow's words as notes
    with pytest.raises(NotImplementedError, match='You need to implement the `num_batches` property') as info:
        NoLength().num_batches
    assert 'NoLength must define __len__' in info.value.__notes__[0]
    with pytest.raises(NotImplementedError) as info:
        keras.utils.PyDataset()[0]
    assert str(info.value) == '' and 'must define __getitem__' in info.value.__notes__[0]
